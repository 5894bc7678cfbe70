import Foundation
import GRDB
import GRDBSQLite
import KBSearch

/// Rows of a table or query as the user gets them from `sql`, `list` and `export TABLE`: column
/// names, and values typed as SQLite stores them. KBRender makes it a `Tabular`, which the one
/// list renderer prints as a table, CSV, JSON or JSON Lines.
public struct ResultSet: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[SQLValue]]

    public init(columns: [String], rows: [[SQLValue]]) {
        self.columns = columns
        self.rows = rows
    }

    /// Bytes the rows of several statements may hold together in memory (0: no limit): each
    /// value's own bytes, and what holding a row and a value costs besides, so that a million rows
    /// of NULL weigh what they take (64 MB of them once took 820 MB uncounted).
    struct Budget {
        let maxBytes: Int
        var used = 0

        static let rowCost = 64
        static let valueCost = 24

        /// Counts the current row of `statement` from the sizes SQLite reports, before any value is
        /// copied out: `zeroblob(900000000)` is 900 MB only once it is read, three times over.
        mutating func spend(rowOf statement: Statement) throws {
            guard maxBytes > 0 else { return }
            let handle = statement.sqliteStatement
            let count = Int(sqlite3_column_count(handle))
            used += Budget.rowCost + count * Budget.valueCost
            for column in 0..<Int32(count) {
                switch sqlite3_column_type(handle, column) {
                case SQLITE_TEXT, SQLITE_BLOB: used += Int(sqlite3_column_bytes(handle, column))
                case SQLITE_NULL: break
                default: used += 8
                }
            }
            if used > maxBytes { throw QueryError.outputTooLarge(maxBytes: maxBytes) }
        }
    }

    /// Every row `statement` yields, stopping with a refusal past `maxRows` rows or past the
    /// budget's bytes: the cap holds while rows arrive, before they fill the memory.
    static func fetch(_ statement: Statement, arguments: StatementArguments = [], maxRows: Int = .max) throws -> ResultSet {
        var budget = Budget(maxBytes: 0)
        return try fetch(statement, arguments: arguments, maxRows: maxRows, budget: &budget)
    }

    static func fetch(_ statement: Statement, arguments: StatementArguments = [], maxRows: Int = .max,
                      budget: inout Budget) throws -> ResultSet {
        try fetch(statement, arguments: arguments, maxRows: maxRows, budget: &budget, keeping: .max).shown
    }

    /// The first `keeping` rows, and how many there were: the rows past them are counted, not
    /// held, so they weigh nothing against the budget.
    static func fetch(_ statement: Statement, arguments: StatementArguments = [], maxRows: Int = .max,
                      budget: inout Budget, keeping: Int) throws -> ShownRows {
        var rows: [[SQLValue]] = []
        var total = 0
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try cursor.next() {
            if total == maxRows {
                throw QueryError.refused("query stopped after \(maxRows) rows; add a LIMIT or an aggregate")
            }
            total += 1
            guard rows.count < keeping else { continue }
            try budget.spend(rowOf: statement)
            let values: [SQLValue] = Array(row.databaseValues.map(SQLValue.init))
            rows.append(values)
        }
        return ShownRows(shown: ResultSet(columns: statement.columnNames, rows: rows), total: total)
    }
}

/// One value of a result set.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let i): self = .integer(i)
        case .double(let d): self = .real(d)
        case .string(let s): self = .text(s)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }
}
