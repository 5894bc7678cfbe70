import Foundation
import GRDB

/// Rows of a table or query as the user gets them from `sql`, `list` and `export TABLE`: column
/// names, and values typed as SQLite stores them. One renderer (`Render/ResultSetRendering.swift`)
/// prints every result set as a table, CSV or JSON.
public struct ResultSet: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[SQLValue]]

    public init(columns: [String], rows: [[SQLValue]]) {
        self.columns = columns
        self.rows = rows
    }

    /// Every row `statement` yields, stopping with a refusal past `maxRows`.
    static func fetch(_ statement: Statement, arguments: StatementArguments = [], maxRows: Int = .max) throws -> ResultSet {
        var rows: [[SQLValue]] = []
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try cursor.next() {
            if rows.count == maxRows {
                throw QueryError.refused("query stopped after \(maxRows) rows; add a LIMIT or an aggregate")
            }
            rows.append(row.databaseValues.map(SQLValue.init))
        }
        return ResultSet(columns: statement.columnNames, rows: rows)
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
