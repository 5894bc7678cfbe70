import A11yKB
import ArgumentParser

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Rows per table, components per family, facts per platform.")

    @OptionGroup var database: DatabaseOptions

    @Option(help: "table, csv or json.")
    var format: OutputFormat = .table

    func run() throws {
        let stats: Stats
        do {
            stats = try Stats.collect(try database.open())
        } catch {
            Self.fail(error)
        }
        switch format {
        case .json:
            write(JSONValue.object([
                ("database", .string(database.path)),
                ("tables", .object(stats.tables.map { ($0.name, .int(Int64($0.rows))) })),
                ("families", .object(stats.families.map { ($0.family, .int(Int64($0.components))) })),
                ("platforms", .array(stats.platforms.map {
                    .object([("platform", .string($0.platform)), ("criteria", .int(Int64($0.criteria))),
                             ("guidance", .int(Int64($0.guidance))), ("announcements", .int(Int64($0.announcements)))])
                })),
            ]).rendered() + "\n")
        case .csv:
            write(CSV.document(header: ["section", "name", "rows"],
                               rows: stats.tables.map { ["table", $0.name, String($0.rows)] }
                                   + stats.families.map { ["family", $0.family, String($0.components)] }
                                   + stats.platforms.flatMap { p in
                                       [["platform:criteria", p.platform, String(p.criteria)],
                                        ["platform:guidance", p.platform, String(p.guidance)],
                                        ["platform:announcements", p.platform, String(p.announcements)]]
                                   }))
        case .table:
            write("knowledge base: \(database.path)\n\n")
            write(TextTable.render(header: ["table", "rows"], rows: stats.tables.map { [$0.name, String($0.rows)] }))
            write("\n")
            write(TextTable.render(header: ["family", "components"], rows: stats.families.map { [$0.family, String($0.components)] }))
            write("\n")
            write(TextTable.render(header: ["platform", "criteria", "guidance", "announcements"],
                                   rows: stats.platforms.map { [$0.platform, String($0.criteria), String($0.guidance), String($0.announcements)] }))
        }
    }
}
