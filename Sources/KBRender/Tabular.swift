import Foundation
import KBModel

/// A list-shaped answer as columns and rows of typed values: what every list the skins print
/// becomes before `TabularWriter` writes it as a table, CSV, JSON or JSON Lines. Documents
/// (`show`, `compare`, the matrix) have renderers of their own.
public struct Tabular: Sendable {
    public struct Column: Sendable, Equatable {
        public enum Role: Sendable, Equatable {
            case plain
            /// A path: a table never cuts it (the column takes its width).
            case path
            /// The line number of the path column just before it: a table shows the two as one
            /// `where` column, `path:line`, never cut.
            case line
        }

        public var name: String
        public var role: Role

        public init(_ name: String, _ role: Role = .plain) {
            self.name = name
            self.role = role
        }

        /// A column of a result set known only by its name (`sql`, `list`): the names the schema
        /// gives paths are kept whole.
        public static func named(_ name: String) -> Column {
            let lower = name.lowercased()
            let path = ["source", "path", "file", "where", "location"].contains(lower)
                || ["_source", "_path", "_file"].contains { lower.hasSuffix($0) }
            return Column(name, path ? .path : .plain)
        }
    }

    /// A cell, typed as JSON gives it.
    public enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case int(Int64)
        case double(Double)
        case text(String)
        /// Words, a JSON array of strings; one space between them in a table or CSV.
        case texts([String])
        /// Structure that only JSON can carry (a component's facts); compact JSON in a table or CSV.
        case json(JSONValue)

        public static func optional(_ value: String?) -> Value { value.map(Value.text) ?? .null }
        public static func optional(_ value: Int?) -> Value { value.map { .int(Int64($0)) } ?? .null }
        public static func int(_ value: Int) -> Value { .int(Int64(value)) }

        /// As a table or CSV shows it: null as nothing.
        public var text: String {
            switch self {
            case .null: ""
            case .bool(let b): b ? "true" : "false"
            case .int(let i): String(i)
            case .double(let d): String(d)
            case .text(let s): s
            case .texts(let words): words.joined(separator: " ")
            case .json(let value): value.rendered(pretty: false)
            }
        }

        /// `json` written where it goes, as its tree would be written: a list of words without
        /// making its array of values; a scalar by the tree's own writer.
        func writeJSON(into out: inout [UInt8], indent: Int?) {
            switch self {
            case .texts(let words):
                JSONValue.writeArray(words.count, into: &out, indent: indent) { index, out, _ in JSONString.quote(words[index], into: &out) }
            case .json(let value): value.write(into: &out, indent: indent)
            default: json.write(into: &out, indent: indent)
            }
        }

        public var json: JSONValue {
            switch self {
            case .null: .null
            case .bool(let b): .bool(b)
            case .int(let i): .int(i)
            case .double(let d): .double(d)
            case .text(let s): .string(s)
            case .texts(let words): .array(words.map(JSONValue.string))
            case .json(let value): value
            }
        }
    }

    public var columns: [Column]
    public var rows: [[Value]]

    public init(columns: [Column], rows: [[Value]] = []) {
        self.columns = columns
        self.rows = rows
    }

    public var columnNames: [String] { columns.map(\.name) }

    /// One row as a JSON object, keys in column order.
    public func object(_ row: [Value]) -> JSONValue { Tabular.object(columns, row) }

    static func object(_ columns: [Column], _ row: [Value]) -> JSONValue {
        // A loop into an array of the size needed: a zip's map grew its array as it went (a
        // search's JSON makes an object of every fact shown).
        var pairs: [(String, JSONValue)] = []
        pairs.reserveCapacity(min(columns.count, row.count))
        for index in 0..<min(columns.count, row.count) { pairs.append((columns[index].name, row[index].json)) }
        return .object(pairs)
    }

    /// The rows as a JSON array of objects, as the JSON format prints them.
    public var json: JSONValue { .array(rows.map(object)) }

    /// The whole result in `format`, as text.
    public func rendered(_ format: TabularFormat, options: TabularWriter.Options = .init()) -> String {
        var writer = TabularWriter(format, columns: columns, options: options)
        var out: [UInt8] = []
        writer.write(rows, into: &out)
        writer.finish(into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// The output formats of every list.
public enum TabularFormat: String, Sendable, CaseIterable {
    /// Aligned columns for people.
    case table
    /// RFC 4180.
    case csv
    /// One array of objects.
    case json
    /// One compact object per line (JSON Lines).
    case jsonl
}
