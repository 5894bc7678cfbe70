import A11yKB
import ArgumentParser
import Foundation

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Everything about one component, in MagentaA11y's acceptance-criteria shapes.",
        discussion: """
            Formats:
              markdown   the whole component in today's MagentaA11y layout:
                         general notes, Condensed, Gherkin, then each platform's
                         developer notes aspect by aspect in source order,
                         frameworks as bold bullets, nesting kept, gaps marked.
              condensed  the tester's checklist: "How to test a ...", numbered
                         test groups, "Label: expectation".
              gherkin    GIVEN / WHEN / THEN: the source's own Gherkin when it
                         wrote one, else one scenario per criteria group.
              json       every fact with its line, guidance as a tree.

            A source that wrote its own Condensed or Gherkin section gets it back as written: its group lines and lead-ins, its bullets, its own "Full information" link, nothing added. Otherwise Condensed (and Gherkin) is rebuilt from the stored criteria, so it exists for every component that has criteria, even when its source held only front matter. Code marked as a bad example is shown under "Bad example" (JSON: "quality": "bad").

            Examples:
              a11ykb show reorder-data-row
              a11ykb show reorder-data-row --format gherkin
              a11ykb show "Table row button" --format condensed | pbcopy
              a11ykb show native/expandable-region --format json --output expandable-region.json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The component: its slug, family/slug, or title.")
    var component: String

    @Option(help: "markdown, condensed, gherkin or json.")
    var format: Format = .markdown

    @Option(help: "Only look among components of this family (native or web).")
    var family: Family?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file (atomically) instead of stdout.", valueName: "file"))
    var output: String?

    enum Format: String, ExpressibleByArgument, CaseIterable { case markdown, condensed, gherkin, json }

    func run() throws {
        do {
            let facts = try database.open().component(component, family: family)
            let text: String
            switch format {
            case .markdown: text = AcceptanceCriteria.markdown(facts)
            case .condensed: text = AcceptanceCriteria.condensed(facts)
            case .gherkin: text = AcceptanceCriteria.gherkin(facts)
            case .json: text = AcceptanceCriteria.json(facts).rendered() + "\n"
            }
            try A11yKBCLI.emit(Data(text.utf8), to: output)
        } catch {
            Self.fail(error)
        }
    }
}

