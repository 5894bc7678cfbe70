import A11yKB
import ArgumentParser
import Foundation

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Put the platforms side by side: one row per aspect, one column per platform.",
        discussion: """
            With a COMPONENT: one row per aspect (name, role, group, state, focus, custom-action, general, then any other heading the source used), then the criteria kinds (keyboard, gesture, screenreader, settings) and the announcements; one column per platform.
            Without one: the aspects chosen with --aspect for every component, one row per component: the cross-component view. It is written as it is read, a few hundred components at a time, so that it needs little memory at any size; the text table's columns are sized to fit the first 256 components (longer lines further down wrap).

            Inside a cell, notes are grouped by framework (UIKit, SwiftUI; Android Views, Jetpack Compose) under a "UIKit:" heading, nested bullets stay indented, and a gap the source left open (a placeholder, an empty section, a template token) is shown where it sits as "⚠ gap: ... (line N)". A cell with nothing in it says "no guidance written".

            Criteria written for every platform appear in each platform's column. Guidance written for every platform goes in a "general" column of its own, before the platform columns, so that what is shared reads apart from what differs; --general spread repeats it in every platform column instead.

            Examples:
              a11ykb compare expandable-region
              a11ykb compare expandable-region --aspect state --platforms ios,android
              a11ykb compare table-row-button --format markdown > table-row-button.md
              a11ykb compare expandable-region -f csv -o expandable-region.csv
              a11ykb compare --aspect state              # state across every component
              a11ykb compare --aspect focus,name --family native --format json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The component: its slug (expandable-region), family/slug, or title. Omit it to compare every component.",
              completion: Completion.components)
    var component: String?

    @Option(name: .long, help: ArgumentHelp("Rows to show: aspects, criteria kinds or announcements, comma-separated.", valueName: "aspect"))
    var aspect: [String] = []

    @Option(name: [.customShort("p"), .long], help: ArgumentHelp("Platform columns, comma-separated (default: every platform the component has).", valueName: "platforms"),
            completion: Completion.platforms)
    var platforms: [String] = []

    @Option(help: "Guidance for every platform: 'column' (a general column) or 'spread' (in every platform column).")
    var general: GeneralPlacement = .column

    @Option(help: "Only components of this family (native, web or how-to-test).")
    var family: Family?

    @Option(name: [.short, .long], help: FormatOption<Comparison>.help("text fits the terminal; markdown is a GitHub table."))
    var format = FormatOption<Comparison>(.text)

    @Option(help: "Width of the text table (default: the terminal's, else $COLUMNS, else 100).")
    var width: Int?

    @OptionGroup var output: DocumentOutputOptions

    func validate() throws {
        if component == nil && aspect.isEmpty {
            throw ValidationError("name a COMPONENT, or choose rows with --aspect to compare every component (a11ykb compare --aspect state)")
        }
    }

    func run() throws {
        let kb = try database.open()
        let words = commaList(platforms)
        let platforms = try reading({ try Platform.typed(words) }, namesFirst: {
            if let component { _ = try kb.component(component, family: family, context: words, codeExamples: false) }
        })
        var writer = try Comparison.writer(format.format, options: writerOptions)
        try output.stream(from: kb) { sink in
            if let component {
                try writer.write(kb.compare(component, aspects: commaList(aspect), platforms: platforms,
                                            general: general, family: family, context: words), to: sink)
            } else {
                try kb.compareAcross(aspects: commaList(aspect), platforms: platforms, general: general,
                                     family: family) { chunk in try writer.write(chunk, to: sink) }
            }
            try writer.finish(to: sink)
        }
    }

    var writerOptions: DocumentOptions {
        DocumentOptions(byteOrderMark: output.bom, width: width ?? Terminal.width, decoration: output.toTerminal ? Terminal.decoration : .none)
    }
}
