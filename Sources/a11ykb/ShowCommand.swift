import A11yKB
import ArgumentParser
import Foundation

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Everything about one component, or several in one document, in MagentaA11y's acceptance-criteria shapes.",
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

            Several components (the tester's checklist, as MagentaA11y's My Criteria page copies them into one ticket): name them, or choose a --category or a --family. They come in the order named (a category or family in list order), each once, separated by a line "---"; JSON is then an array. One unknown name fails the whole command.

            Examples:
              a11ykb show reorder-data-row
              a11ykb show button checkbox switch --platform ios -f condensed | pbcopy
              a11ykb show --category notifications -f gherkin -o notifications.md
              a11ykb show reorder-data-row --format gherkin
              a11ykb show native/button --platform ios --framework swiftui
              a11ykb show "Table row button" --format condensed | pbcopy
              a11ykb show native/expandable-region -f json -o expandable-region.json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The components: slugs, family/slug, or titles.", valueName: "component"),
              completion: Completion.components)
    var components: [String] = []

    @Option(name: [.short, .long], help: FormatOption<AcceptanceCriteriaDocument>.help())
    var format = FormatOption<AcceptanceCriteriaDocument>(.markdown)

    @Option(help: "Every component of this category (controls, notifications, patterns, component, page-level...).",
            completion: Completion.categories)
    var category: String?

    @Option(help: "Only look among components of this family (native, web or how-to-test); alone, every component of the family.")
    var family: Family?

    @OptionGroup var stackOptions: StackOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file (atomically) instead of stdout.", valueName: "file"))
    var output: String?

    func validate() throws {
        if components.isEmpty && category == nil && family == nil {
            throw ValidationError("name a COMPONENT (or several), or choose --category or --family")
        }
        if !components.isEmpty && category != nil {
            throw ValidationError("name components or choose a --category, not both")
        }
    }

    func run() throws {
        let kb = try database.open()
        let stack = try stackOptions.stack
        let text: String
        // The platform or framework chosen settles native or web for every name (`switch --platform ios`).
        let context = [stackOptions.platform, stackOptions.framework].compactMap { $0 }
        if components.count == 1 {
            text = try AcceptanceCriteriaDocument(try kb.component(components[0], family: family, context: context).keeping(stack))
                .rendered(format.format)
        } else {
            let chosen = components.isEmpty ? try kb.components(category: category, family: family)
                                            : try kb.components(components, family: family, context: context)
            if chosen.isEmpty {
                Output.error("no \(family.map { "\($0.rawValue) " } ?? "")components\(category.map { " in category \($0)" } ?? "") in the knowledge base")
                throw ExitStatus.incomplete
            }
            text = try AcceptanceCriteriaDocument(bundle: chosen.map { $0.keeping(stack) }).rendered(format.format)
        }
        try A11yKBCLI.emit(Data(text.utf8), to: output, from: kb)
    }
}
