import GRDB
import GRDBSQLite

/// A prepared INSERT bound and stepped through SQLite's C API. An import runs these a million
/// times; GRDB's `execute(arguments:)` boxes every value and validates every call, which made it
/// the writer thread's largest cost. Statements still come from GRDB's cache and run inside its
/// transaction. Every fact table is written through this one mechanism.
struct RowInsert {
    private let statement: Statement
    private var handle: OpaquePointer { statement.sqliteStatement }
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: Database, _ sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    /// Binds `values` to the statement's parameters, in order.
    func bind(_ values: [RowValue]) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .int(let value): sqlite3_bind_int64(handle, index, value)
            case .text(var value):
                value.withUTF8 { bytes in
                    _ = bytes.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), RowInsert.transient)
                    }
                }
            }
        }
    }

    /// Binds `values`, steps the statement once and resets it for the next row.
    func run(_ db: Database, _ values: [RowValue]) throws {
        bind(values)
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                sql: statement.sql)
        }
    }
}

/// A value bound to an INSERT: what the fact tables hold.
enum RowValue {
    case null
    case int(Int64)
    case text(String)

    static func of(_ value: Int64?) -> RowValue { value.map(RowValue.int) ?? .null }
    static func of(_ value: Int?) -> RowValue { value.map { .int(Int64($0)) } ?? .null }
    static func of(_ value: String?) -> RowValue { value.map(RowValue.text) ?? .null }
}
