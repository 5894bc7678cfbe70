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

    @Option(help: "Only this component (slug, family/slug or title).")
    var component: String?

    @Option(help: "Only this platform (ios, android, web).")
    var platform: String?

    @Option(help: "table, csv or json.")
    var format: OutputFormat = .table

    @OptionGroup var output: OutputOptions

    func run() throws {
        do {
            let kb = try database.open()
            let gaps = try kb.reader.read { db -> [Gaps.Gap] in
                let id = try component.map { try ComponentLookup.resolve(db, $0) }
                let slug = try platform.map { try Compare.platforms([$0])[0] }
                return try Gaps.list(db, componentID: id, platform: slug)
            }
            switch format {
            case .table:
                let rows = gaps.map { g in
                    [g.component, g.platform ?? "", g.framework ?? "", g.aspect ?? "", g.problem, g.excerpt ?? "", "\(g.source):\(g.line)"]
                }
                try output.emit(TextTable.render(header: ["component", "platform", "framework", "aspect", "problem", "excerpt", "where"],
                                                 rows: rows, maxColumnWidth: 50)
                                + "\(gaps.count) gap\(gaps.count == 1 ? "" : "s")\n")
            case .csv: try output.emit(CSV.document(header: Gaps.columns, rows: Gaps.records(gaps), byteOrderMark: output.bom))
            case .json: try output.emit(Gaps.json(gaps).rendered() + "\n")
            }
        } catch {
            Self.fail(error)
        }
    }
}
