/// The matrix as people and programs read it: string records, RFC 4180 CSV bytes, JSON.
import KBFiles
import KBQuery

/// The matrix is a document written a chunk of rows at a time (`KnowledgeBase.matrix(_:chunks:)`):
/// CSV or a JSON array, its cells as `DocumentOptions.cells` says.
extension Matrix: StreamingDocument {
    public static let formats: [DocumentFormat] = [.csv, .json]

    public static func makeWriter(_ format: DocumentFormat, options: DocumentOptions) -> Writer {
        Writer(format, options: options)
    }
}

extension Matrix {
    public var header: [String] { Matrix.leadingColumns + columns.map(\.name) }

    /// The rows as strings, leading columns then cells in `mode`.
    public func records(_ mode: CellMode) -> [[String]] {
        rows.map { row in
            [row.component.slug, row.component.family.rawValue, row.component.category ?? "", row.component.title]
                + row.cells.map { cell in
                    switch mode {
                    case .text: cell.isEmpty ? "" : cell.plainText
                    case .count: String(cell.factCount)
                    case .presence: cell.presence
                    }
                }
        }
    }

    /// The matrix as RFC 4180 CSV bytes, written straight from the cells.
    public func csv(_ mode: CellMode, byteOrderMark: Bool = false) -> [UInt8] {
        whole(.csv, DocumentOptions(byteOrderMark: byteOrderMark, cells: mode))
    }

    public func json(_ mode: CellMode) -> JSONValue {
        .array(rows.map { json($0, mode) })
    }

    /// What `Writer` writes for the whole matrix.
    func whole(_ format: DocumentFormat, _ options: DocumentOptions) -> [UInt8] {
        var writer = Writer(format, options: options)
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * columns.count * 64)
        writer.append(self, to: &out)
        writer.finish(to: &out)
        return out
    }

    func json(_ row: Row, _ mode: CellMode) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("component", .string(row.component.slug)), ("family", .string(row.component.family.rawValue)),
            ("category", .optional(row.component.category)), ("title", .string(row.component.title)),
        ]
        for (column, cell) in zip(columns, row.cells) {
            switch mode {
            case .text: pairs.append((column.name, cell.isEmpty ? .null : .string(cell.plainText)))
            case .count: pairs.append((column.name, .int(Int64(cell.factCount))))
            case .presence: pairs.append((column.name, .string(cell.presence)))
            }
        }
        return .object(pairs)
    }

    /// Writes a matrix handed over in chunks (`KnowledgeBase.matrix(_:chunks:)`), each chunk's
    /// rows as they arrive: the CSV header or the JSON array's opening with the first chunk, the
    /// array's end at `finish`.
    /// JSON is a pretty array of objects, as `json(_:)` renders it, and a final newline.
    public struct Writer: ChunkWriter {
        let format: DocumentFormat
        let options: DocumentOptions
        private var started = false
        private var rowsWritten = 0
        private var scratch: [UInt8] = []

        /// `format` is one of `Matrix.formats` (CSV otherwise); the cells are `options.cells`.
        public init(_ format: DocumentFormat, options: DocumentOptions = DocumentOptions()) {
            self.format = format
            self.options = options
        }

        public mutating func append(_ chunk: Matrix, to out: inout [UInt8]) {
            let mode = options.cells
            switch format {
            case .json:
                if !started { out.append(UInt8(ascii: "[")) }
                for row in chunk.rows {
                    out += (rowsWritten > 0 ? ",\n  " : "\n  ").utf8
                    out += chunk.json(row, mode).rendered(level: 1).utf8
                    rowsWritten += 1
                }
            default:
                if !started {
                    if options.byteOrderMark { out += [0xEF, 0xBB, 0xBF] }
                    CSV.appendRecord(chunk.header, to: &out, forSpreadsheet: options.forSpreadsheet)
                }
                for row in chunk.rows { appendCSV(row, mode, forSpreadsheet: options.forSpreadsheet, to: &out) }
            }
            started = true
        }

        public mutating func finish(to out: inout [UInt8]) {
            if format == .json { out += (rowsWritten > 0 ? "\n]\n" : "]\n").utf8 }
        }

        private mutating func appendCSV(_ row: Row, _ mode: CellMode, forSpreadsheet: Bool, to out: inout [UInt8]) {
            for (i, field) in [row.component.slug, row.component.family.rawValue, row.component.category ?? "", row.component.title].enumerated() {
                if i > 0 { out.append(0x2C) }
                CSV.appendField(field.utf8, to: &out, forSpreadsheet: forSpreadsheet)
            }
            for cell in row.cells {
                out.append(0x2C)
                switch mode {
                case .text:
                    guard !cell.isEmpty else { continue }
                    scratch.removeAll(keepingCapacity: true)
                    cell.appendPlainText(to: &scratch)
                    CSV.appendField(scratch, to: &out, forSpreadsheet: forSpreadsheet)
                case .count: out.append(contentsOf: String(cell.factCount).utf8)
                case .presence: out.append(contentsOf: cell.presence.utf8)
                }
            }
            out.append(0x0D)
            out.append(0x0A)
        }
    }
}
