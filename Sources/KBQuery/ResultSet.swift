import Foundation
import GRDB
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

    /// Bytes of values the rows of several statements may hold together (0: no limit).
    struct Budget {
        let maxBytes: Int
        var used = 0

        mutating func spend(_ values: [SQLValue]) throws {
            guard maxBytes > 0 else { return }
            for value in values { used += value.byteCount }
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
            let values: [SQLValue] = Array(row.databaseValues.map(SQLValue.init))
            try budget.spend(values)
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

    /// What the value weighs in output: its text's or blob's bytes, 8 for a number.
    var byteCount: Int {
        switch self {
        case .null: 0
        case .integer, .real: 8
        case .text(let s): s.utf8.count
        case .blob(let bytes): bytes.count
        }
    }

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
