import A11yKB
import ArgumentParser

struct GapsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gaps",
        abstract: "What the criteria still leave open: placeholders, empty sections, template tokens.",
        discussion: """
            One row per gap, with the file and line to fix:
              placeholder     an empty bullet, "For collapsed: Set...", "Expanded:" with nothing after it
              empty-section   a heading or framework bullet with nothing under it
              template-token  the template's "_component" left in a note

            Examples:
              a11ykb gaps
              a11ykb gaps --component expandable-region --platform android
              a11ykb gaps --format csv --output gaps.csv
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Only this component (slug, family/slug or title).", completion: Completion.components)
    var component: String?

    @Option(name: [.customShort("p"), .long], help: "Only this platform (ios, android, web).", completion: Completion.platforms)
    var platform: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let kb = try database.open()
        let platform = try reading({ try self.platform.map { try Platform(typed: $0) } }, namesFirst: {
            if let component { _ = try kb.component(component, context: self.platform.map { [$0] } ?? [], codeExamples: false) }
        })
        let gaps = try kb.gaps(component: component, platform: platform, context: self.platform.map { [$0] })
        let format = output.format ?? .table
        try output.emit(output.render(gaps.tabular, as: format, maxColumnWidth: 50)
                        + (format == .table ? "\(gaps.count) gap\(gaps.count == 1 ? "" : "s")\n" : ""), from: kb)
    }
}
