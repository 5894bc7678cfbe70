import GRDB
import GRDBSQLite

/// A column of integers read by stepping a cached statement by hand: for the statements that
/// return thousands of ids per question at the bench's sizes, where a cursor's decoding of each
/// row cost several times SQLite's own step.
enum RawColumn {
    /// The first column of every row `sql` returns with `argument` bound, as integers.
    static func int64s(_ db: Database, _ sql: String, _ argument: String) throws -> [Int64] {
        let statement = try db.cachedStatement(sql: sql)
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        func failure(_ code: Int32) -> DatabaseError {
            DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        let bound = argument.withCString { sqlite3_bind_text(handle, 1, $0, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
        guard bound == SQLITE_OK else { throw failure(bound) }
        var values: [Int64] = []
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return values }
            guard code == SQLITE_ROW else { throw failure(code) }
            values.append(sqlite3_column_int64(handle, 0))
        }
    }
}
