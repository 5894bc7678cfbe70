import GRDB
import KBModel

/// The `equivalents` table is a copy of the built-in vocabulary (vocabulary/equivalents.tsv): every
/// import and the migration that made the table write it again, so a knowledge base always holds
/// the vocabulary of the a11ykb that last wrote it. A few hundred rows: rewriting costs nothing.
package enum EquivalentsTable {
    package static func load(_ db: Database, _ equivalents: [Equivalent] = Equivalent.builtIn) throws {
        try db.execute(sql: "DELETE FROM equivalents")
        let insert = try db.makeStatement(sql: "INSERT INTO equivalents (concept, platform, term, note) VALUES (?, ?, ?, ?)")
        for equivalent in equivalents {
            try insert.execute(arguments: [equivalent.concept, equivalent.platform, equivalent.term, equivalent.note])
        }
    }
}
