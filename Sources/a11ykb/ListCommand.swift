import A11yKB
import ArgumentParser

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List components, platforms or frameworks, with how many facts each holds.",
        discussion: """
            components: slug, family, category, title, and counts of criteria, guidance notes, announcements and gaps. platforms and frameworks: the components they appear in and their facts.

            Examples:
              a11ykb list components
              a11ykb list components --family native --format csv
              a11ykb list frameworks --format json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "components, platforms or frameworks.")
    var subject: Listing.Subject = .components

    @Option(help: "Components: only this family (native or web).")
    var family: Family?

    @Option(help: "table, csv or json.")
    var format: OutputFormat = .table

    @OptionGroup var output: OutputOptions

    func run() throws {
        let kb = try database.open()
        let table = try kb.list(subject, family: family)
        switch format {
        case .table: try output.emit(ResultSetRendering.table(table), from: kb)
        case .csv: try output.emit(ResultSetRendering.csv(table, byteOrderMark: output.bom), from: kb)
        case .json: try output.emit(ResultSetRendering.json(table).rendered() + "\n", from: kb)
        }
    }
}
