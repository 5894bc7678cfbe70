import KBFiles

/// Writes a `Tabular`'s rows in one of the list formats, a chunk of rows at a time: CSV, JSON and
/// JSON Lines are written as the rows come (an export of any size holds one chunk); a table needs
/// every row to size its columns, so it is written by `finish`.
///
///     table   slug   title        CSV     slug,title\r\n          JSON   [
///             -----  ------                button,Button\r\n               {
///             button Button                                                 "slug": "button",
///                                   JSONL   {"slug":"button",...}           ...
public struct TabularWriter {
    public struct Options: Sendable {
        /// CSV starts with a UTF-8 byte order mark (for spreadsheet programs).
        public var byteOrderMark: Bool
        /// CSV for a spreadsheet: formula-leading cells written as text (`DocumentOptions.forSpreadsheet`).
        public var forSpreadsheet: Bool
        /// A table cuts a cell longer than this with `…`, except in columns kept whole.
        public var maxColumnWidth: Int
        /// JSON written as an element nested this deep in a document (`sql`'s array of result
        /// sets); 0 for a document of its own, which ends with a line break.
        public var jsonLevel: Int

        public init(byteOrderMark: Bool = false, forSpreadsheet: Bool? = nil, maxColumnWidth: Int = 60, jsonLevel: Int = 0) {
            self.byteOrderMark = byteOrderMark
            self.forSpreadsheet = forSpreadsheet ?? byteOrderMark
            self.maxColumnWidth = maxColumnWidth
            self.jsonLevel = jsonLevel
        }
    }

    public let format: TabularFormat
    public let columns: [Tabular.Column]
    public let options: Options
    private var started = false
    private var rowsWritten = 0
    /// A table's rows, kept until `finish` (as cell text: the values are not needed again).
    private var tableRows: [[String]] = []
    /// In a table, each path column followed by its line column (they show as one).
    private let joined: Set<Int>

    public init(_ format: TabularFormat, columns: [Tabular.Column], options: Options = .init()) {
        self.format = format
        self.columns = columns
        self.options = options
        joined = Set(columns.indices.dropLast().filter { columns[$0].role == .path && columns[$0 + 1].role == .line })
    }

    public mutating func write(_ rows: [[Tabular.Value]], to sink: ByteSink) throws {
        try sink.append { write(rows, into: &$0) }
    }

    public mutating func finish(to sink: ByteSink) throws {
        try sink.append { finish(into: &$0) }
    }

    public mutating func write(_ rows: [[Tabular.Value]], into out: inout [UInt8]) {
        begin(into: &out)
        for row in rows { write(row, into: &out) }
    }

    /// Writes what comes after the last row (the whole table, JSON's closing bracket).
    public mutating func finish(into out: inout [UInt8]) {
        begin(into: &out)
        switch format {
        case .table:
            out += TextTable.render(header: tableColumns.map(\.name), rows: tableRows, maxColumnWidth: options.maxColumnWidth,
                                    whole: tableColumns.map { $0.role != .plain }).utf8
            tableRows = []
        case .csv, .jsonl: break
        case .json:
            if rowsWritten > 0 { newline(options.jsonLevel, into: &out) }
            out.append(UInt8(ascii: "]"))
            if options.jsonLevel == 0 { out.append(0x0A) }
        }
    }

    private mutating func begin(into out: inout [UInt8]) {
        guard !started else { return }
        started = true
        switch format {
        case .csv:
            if options.byteOrderMark { out += [0xEF, 0xBB, 0xBF] }
            CSV.appendRecord(columns.map(\.name), to: &out, forSpreadsheet: options.forSpreadsheet)
        case .json: out.append(UInt8(ascii: "["))
        case .table, .jsonl: break
        }
    }

    private mutating func write(_ row: [Tabular.Value], into out: inout [UInt8]) {
        switch format {
        case .table: tableRows.append(tableCells(row))
        case .csv:
            // Field by field into the bytes: an export writes millions of them.
            for (c, value) in row.enumerated() {
                if c > 0 { out.append(0x2C) }
                switch value {
                case .null: break
                case .int(let i): out += String(i).utf8
                case .text(let s): CSV.appendField(s.utf8, to: &out, forSpreadsheet: options.forSpreadsheet)
                default: CSV.appendField(value.text.utf8, to: &out, forSpreadsheet: options.forSpreadsheet)
                }
            }
            out += [0x0D, 0x0A]
        case .json:
            if rowsWritten > 0 { out.append(UInt8(ascii: ",")) }
            newline(options.jsonLevel + 1, into: &out)
            out += Tabular.object(columns, row).rendered(level: options.jsonLevel + 1).utf8
        case .jsonl:
            out += Tabular.object(columns, row).rendered(pretty: false).utf8
            out.append(0x0A)
        }
        rowsWritten += 1
    }


    /// The table's columns: a path and its line as one `where` column.
    private var tableColumns: [Tabular.Column] {
        var out: [Tabular.Column] = []
        for (c, column) in columns.enumerated() where !joined.contains(c - 1) {
            out.append(joined.contains(c) ? Tabular.Column("where", .path) : column)
        }
        return out
    }

    private func tableCells(_ row: [Tabular.Value]) -> [String] {
        var out: [String] = []
        for (c, value) in row.enumerated() where !joined.contains(c - 1) {
            if joined.contains(c), c + 1 < row.count, row[c + 1] != .null {
                out.append(value.text + ":" + row[c + 1].text)
            } else {
                out.append(value.text)
            }
        }
        return out
    }

    private func newline(_ level: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        for _ in 0..<level { out += [0x20, 0x20] }
    }
}
