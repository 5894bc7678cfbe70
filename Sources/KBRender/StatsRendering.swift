/// `a11ykb stats` as a table for people, CSV or JSON.
import KBQuery

public enum StatsRendering {
    public static func table(_ stats: Stats, path: String) -> String {
        "knowledge base: \(path)\n\n"
            + TextTable.render(header: ["table", "rows"], rows: stats.tables.map { [$0.name, String($0.rows)] }) + "\n"
            + TextTable.render(header: ["family", "components"], rows: stats.families.map { [$0.family, String($0.components)] }) + "\n"
            + TextTable.render(header: ["platform", "criteria", "guidance", "announcements"],
                               rows: stats.platforms.map { [$0.platform, String($0.criteria), String($0.guidance), String($0.announcements)] })
    }

    public static func csv(_ stats: Stats) -> String {
        CSV.document(header: ["section", "name", "rows"],
                     rows: stats.tables.map { ["table", $0.name, String($0.rows)] }
                         + stats.families.map { ["family", $0.family, String($0.components)] }
                         + stats.platforms.flatMap { p in
                             [["platform:criteria", p.platform, String(p.criteria)],
                              ["platform:guidance", p.platform, String(p.guidance)],
                              ["platform:announcements", p.platform, String(p.announcements)]]
                         })
    }

    public static func json(_ stats: Stats, path: String) -> JSONValue {
        .object([
            ("database", .string(path)),
            ("tables", .object(stats.tables.map { ($0.name, .int(Int64($0.rows))) })),
            ("families", .object(stats.families.map { ($0.family, .int(Int64($0.components))) })),
            ("platforms", .array(stats.platforms.map {
                .object([("platform", .string($0.platform)), ("criteria", .int(Int64($0.criteria))),
                         ("guidance", .int(Int64($0.guidance))), ("announcements", .int(Int64($0.announcements)))])
            })),
        ])
    }
}
