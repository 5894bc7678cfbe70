import Foundation
import KBSearch
import KBQuery

/// Every result set (`sql`, `list`, `export TABLE`) printed one way: an aligned table for the
/// terminal, RFC 4180 CSV, or JSON with one object per row and values typed as SQLite stores them.
public enum ResultSetRendering {
    public static func table(_ result: ResultSet, maxColumnWidth: Int = 60) -> String {
        TextTable.render(header: result.columns, rows: result.rows.map { $0.map(text) }, maxColumnWidth: maxColumnWidth)
    }

    public static func csv(_ result: ResultSet, byteOrderMark: Bool = false) -> String {
        CSV.document(header: result.columns, rows: result.rows.map { $0.map(text) }, byteOrderMark: byteOrderMark)
    }

    public static func json(_ result: ResultSet) -> JSONValue {
        .array(result.rows.map { row in .object(zip(result.columns, row).map { ($0, json($1)) }) })
    }

    /// The same three, stopping with `QueryError.timedOut` once `deadline` passes (checked at
    /// every row): the SQL time limit covers the printing of what the query returned.
    public static func table(_ result: ResultSet, maxColumnWidth: Int = 60, deadline: Deadline) throws -> String {
        TextTable.render(header: result.columns, rows: try texts(result, deadline), maxColumnWidth: maxColumnWidth)
    }

    public static func csv(_ result: ResultSet, byteOrderMark: Bool = false, deadline: Deadline) throws -> String {
        CSV.document(header: result.columns, rows: try texts(result, deadline), byteOrderMark: byteOrderMark)
    }

    public static func json(_ result: ResultSet, deadline: Deadline) throws -> String {
        var out = "["
        for (i, row) in result.rows.enumerated() {
            try deadline.check()
            out += (i == 0 ? "\n  " : ",\n  ")
            let object = JSONValue.object(zip(result.columns, row).map { ($0, json($1)) })
            out += object.rendered().replacingOccurrences(of: "\n", with: "\n  ")
        }
        try deadline.check()
        return out + (result.rows.isEmpty ? "]\n" : "\n]\n")
    }

    private static func texts(_ result: ResultSet, _ deadline: Deadline) throws -> [[String]] {
        try result.rows.map { row in
            try deadline.check()
            return row.map(text)
        }
    }

    /// A value as a table or CSV shows it: NULL as nothing, a blob as base64.
    public static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let i): String(i)
        case .real(let d): String(d)
        case .text(let s): s
        case .blob(let bytes): Data(bytes).base64EncodedString()
        }
    }

    public static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let i): .int(i)
        case .real(let d): .double(d)
        case .text(let s): .string(s)
        case .blob(let bytes): .string(Data(bytes).base64EncodedString())
        }
    }
}
