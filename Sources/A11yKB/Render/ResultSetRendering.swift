import Foundation

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
