import GRDB
import KBSearch

/// A table's export: a whole table or view of the schema, every column, in id order.
package enum TableExport {
    /// Tables and views a user may export: the schema's own, not SQLite's, GRDB's or FTS shadow tables.
    static func exportable(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type IN ('table', 'view')
              AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
              AND name NOT IN (SELECT name || suffix FROM sqlite_master, (SELECT '_data' AS suffix UNION ALL SELECT '_idx'
                  UNION ALL SELECT '_content' UNION ALL SELECT '_docsize' UNION ALL SELECT '_config') WHERE sql LIKE 'CREATE VIRTUAL TABLE%')
            ORDER BY type, name
            """)
    }

    package static func read(_ db: Database, table: String) throws -> ResultSet {
        let known = try exportable(db)
        guard known.contains(table) else { throw QueryError.unknownTable(table, known: known) }
        let hasID = try db.columns(in: table).contains { $0.name == "id" }
        return try ResultSet.fetch(db.makeStatement(sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)\(hasID ? " ORDER BY id" : "")"))
    }
}
