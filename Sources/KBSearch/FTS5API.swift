import Foundation
import GRDB
import GRDBSQLite

/// The connection's FTS5 registration API (`fts5_api`): how search reaches SQLite's own tokenizers
/// (`IndexTokenizer`) and adds its auxiliary function (`EvidenceFunction`).
enum FTS5API {
    /// The pointer type's name must outlive the statement (SQLite keeps the pointer, not a copy),
    /// so it is one C string for the life of the process rather than a bridged temporary.
    nonisolated(unsafe) private static let pointerType: UnsafePointer<CChar> = UnsafePointer(strdup("fts5_api_ptr")!)

    /// The fts5_api of the connection (`SELECT fts5(?1)` with a pointer bound, as FTS5 documents),
    /// by the connection's cached statement: a question makes three tokenizers, and preparing the
    /// statement for each cost more than the rules' search.
    static func of(_ db: Database) -> UnsafeMutablePointer<fts5_api>? {
        guard let statement = (try? db.cachedStatement(sql: "SELECT fts5(?1)"))?.sqliteStatement else { return nil }
        // Left as found: reset, and the pointer bound to the local here unbound.
        defer { sqlite3_reset(statement); sqlite3_clear_bindings(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            _ = sqlite3_bind_pointer(statement, 1, pointer, pointerType, nil)
            _ = sqlite3_step(statement)
        }
        return api
    }
}
