import Foundation
import GRDB
import GRDBSQLite

/// The connection's FTS5 registration API (`fts5_api`): how search reaches SQLite's own tokenizers
/// (`IndexTokenizer`) and adds its auxiliary function (`EvidenceFunction`).
enum FTS5API {
    /// The pointer type's name must outlive the statement (SQLite keeps the pointer, not a copy),
    /// so it is one C string for the life of the process rather than a bridged temporary.
    nonisolated(unsafe) private static let pointerType: UnsafePointer<CChar> = UnsafePointer(strdup("fts5_api_ptr")!)

    /// The fts5_api of the connection (`SELECT fts5(?1)` with a pointer bound, as FTS5 documents).
    static func of(_ db: Database) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db.sqliteConnection, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            _ = sqlite3_bind_pointer(statement, 1, pointer, pointerType, nil)
            _ = sqlite3_step(statement)
        }
        return api
    }
}
