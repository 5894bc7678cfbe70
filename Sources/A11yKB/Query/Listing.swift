import GRDB

/// `a11ykb list`: components, platforms and frameworks with how many facts each holds.
public enum Listing {
    public enum Subject: String, Sendable, CaseIterable { case components, platforms, frameworks }

    public struct Table: Sendable {
        public var columns: [String]
        /// Cells as text; numbers as decimal strings.
        public var rows: [[String]]
        /// Which columns hold numbers (for JSON).
        public var numeric: Set<String>

        public var json: JSONValue {
            .array(rows.map { row in
                .object(zip(columns, row).map { column, value in
                    (column, numeric.contains(column) ? .int(Int64(value) ?? 0) : (value.isEmpty ? .null : .string(value)))
                })
            })
        }
    }

    public static func table(_ db: Database, _ subject: Subject, family: String? = nil) throws -> Table {
        let sql: String
        let numeric: Set<String>
        var arguments: StatementArguments = []
        switch subject {
        case .components:
            sql = """
                SELECT c.slug AS component, c.family, coalesce(c.category, '') AS category, c.title,
                       (SELECT count(*) FROM criteria x WHERE x.component_id = c.id) AS criteria,
                       (SELECT count(*) FROM guidance x WHERE x.component_id = c.id) AS guidance,
                       (SELECT count(*) FROM announcements x WHERE x.component_id = c.id) AS announcements,
                       (SELECT count(*) FROM gaps x WHERE x.component_id = c.id) AS gaps
                FROM components c \(family == nil ? "" : "WHERE c.family = ?") ORDER BY c.family, c.slug
                """
            if let family { arguments = [family] }
            numeric = ["criteria", "guidance", "announcements", "gaps"]
        case .platforms:
            sql = """
                SELECT p.slug AS platform, p.name, coalesce(p.screen_reader, '') AS screen_reader,
                       (SELECT count(DISTINCT component_id) FROM (
                            SELECT component_id FROM criteria WHERE platform_id = p.id UNION ALL
                            SELECT component_id FROM guidance WHERE platform_id = p.id UNION ALL
                            SELECT component_id FROM announcements WHERE platform_id = p.id)) AS components,
                       (SELECT count(*) FROM criteria x WHERE x.platform_id = p.id) AS criteria,
                       (SELECT count(*) FROM guidance x WHERE x.platform_id = p.id) AS guidance,
                       (SELECT count(*) FROM announcements x WHERE x.platform_id = p.id) AS announcements,
                       (SELECT count(*) FROM gaps x WHERE x.platform_id = p.id) AS gaps
                FROM platforms p ORDER BY p.id
                """
            numeric = ["components", "criteria", "guidance", "announcements", "gaps"]
        case .frameworks:
            sql = """
                SELECT f.slug AS framework, f.name, p.slug AS platform,
                       (SELECT count(DISTINCT component_id) FROM guidance x WHERE x.framework_id = f.id) AS components,
                       (SELECT count(*) FROM guidance x WHERE x.framework_id = f.id) AS guidance,
                       (SELECT count(*) FROM code_examples x WHERE x.framework_id = f.id) AS code_examples,
                       (SELECT count(*) FROM gaps x WHERE x.framework_id = f.id) AS gaps
                FROM frameworks f JOIN platforms p ON p.id = f.platform_id ORDER BY f.id
                """
            numeric = ["components", "guidance", "code_examples", "gaps"]
        }
        let statement = try db.makeStatement(sql: sql)
        let rows = try Row.fetchAll(statement, arguments: arguments).map { row in
            Array(row.databaseValues).map { value -> String in
                switch value.storage {
                case .null: ""
                case .int64(let i): String(i)
                case .double(let d): String(d)
                case .string(let s): s
                case .blob: ""
                }
            }
        }
        return Table(columns: statement.columnNames, rows: rows, numeric: numeric)
    }
}
