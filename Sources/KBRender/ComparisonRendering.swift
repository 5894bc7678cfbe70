/// A comparison as a terminal table, a GitHub markdown table, CSV and JSON.
import KBFiles
import KBQuery

/// A comparison is a document written a chunk at a time (`KnowledgeBase.compareAcross`): a
/// terminal table (`text`, `DocumentOptions.width` and `decoration`), a markdown table, CSV, JSON.
extension Comparison: StreamingDocument {
    public static let formats: [DocumentFormat] = [.text, .markdown, .csv, .json]

    public static func makeWriter(_ format: DocumentFormat, options: DocumentOptions) -> ComparisonRendering.Writer {
        ComparisonRendering.Writer(format, options: options)
    }
}

extension Comparison: StructuredDocument {
    public var json: JSONValue { ComparisonRendering.json(self) }
}

/// The comparison as an outline rather than a table, for an assistant (`ComparisonRendering.outline`),
/// and as data.
public struct ComparisonOutlineDocument: MarkdownStructuredDocument, Sendable {
    public var comparison: Comparison

    public init(_ comparison: Comparison) { self.comparison = comparison }

    public var json: JSONValue { comparison.json }

    public var markdown: String { ComparisonRendering.outline(comparison) }
}

public enum ComparisonRendering {
    public static func title(_ comparison: Comparison) -> String? {
        guard let c = comparison.component else { return nil }
        return "\(c.slug): \(c.title) (\(c.family.rawValue)\(c.category.map { ", \($0)" } ?? ""); from \(c.source))"
    }

    public static func text(_ comparison: Comparison, width: Int, decoration: ColumnTable.Decoration = .none) -> String {
        comparison.render(.text, options: DocumentOptions(width: width, decoration: decoration))
    }

    public static func markdown(_ comparison: Comparison) -> String { comparison.render(.markdown, options: DocumentOptions()) }

    /// The comparison as an outline rather than a table (for an assistant, where wide cells do not
    /// read): a `## row` heading per row, a `### column` heading per column with the cell's lines
    /// under it, each fact ending with its source line.
    public static func outline(_ comparison: Comparison) -> String {
        var out = title(comparison).map { "**\($0)**\n" } ?? ""
        for row in comparison.rows {
            out += "\n## \(row.label)\n"
            if comparison.component == nil { out += "(from \(row.component.source))\n" }
            for (column, cell) in zip(comparison.columns, row.cells) {
                out += "\n### \(column.title)\n\n"
                out += cell.lines(citing: true).map { $0.indented + "\n" }.joined()
            }
        }
        return out
    }

    /// Header: the row header, then the column keys (`general`, `ios`, `android`); one record per row.
    public static func csv(_ comparison: Comparison, byteOrderMark: Bool = false) -> String {
        comparison.render(.csv, options: DocumentOptions(byteOrderMark: byteOrderMark))
    }

    /// Writes a comparison handed over in chunks (`KnowledgeBase.compareAcross`), each chunk as it
    /// arrives: the title and header with the first, the end of the document at `finish`. A
    /// terminal table's columns are sized by the first chunk.
    /// JSON is pretty, as `json(_:)` renders it, with a final newline.
    public struct Writer: ChunkWriter {
        let format: DocumentFormat
        let options: DocumentOptions
        private var layout: ColumnTable.Layout?
        private var started = false
        private var rowsWritten = 0

        /// `format` is one of `Comparison.formats` (a text table otherwise).
        public init(_ format: DocumentFormat, options: DocumentOptions = DocumentOptions()) {
            self.format = format
            self.options = options
        }

        public mutating func append(_ chunk: Comparison, to out: inout [UInt8]) {
            if !started {
                started = true
                start(chunk, to: &out)
            }
            for row in chunk.rows {
                switch format {
                case .markdown:
                    out += MarkdownTable.row([row.label] + row.cells.map(\.plainText)).utf8
                case .csv:
                    CSV.appendRecord([row.label] + row.cells.map(\.plainText), to: &out, forSpreadsheet: options.forSpreadsheet)
                case .json:
                    out += (rowsWritten > 0 ? ",\n    " : "\n    ").utf8
                    out += ComparisonRendering.json(row, columns: chunk.columns).rendered(level: 2).utf8
                default:
                    if rowsWritten > 0 { out += layout!.separator.utf8 }
                    out += layout!.record(ComparisonRendering.lines(row)).utf8
                }
                rowsWritten += 1
            }
        }

        private mutating func start(_ chunk: Comparison, to out: inout [UInt8]) {
            switch format {
            case .markdown:
                out += (ComparisonRendering.title(chunk).map { "**\(MarkdownTable.cell($0))**\n\n" } ?? "").utf8
                out += MarkdownTable.head([chunk.rowHeader] + chunk.columns.map(\.title)).utf8
            case .csv:
                if options.byteOrderMark { out += [0xEF, 0xBB, 0xBF] }
                CSV.appendRecord([chunk.rowHeader] + chunk.columns.map(\.key), to: &out, forSpreadsheet: options.forSpreadsheet)
            case .json:
                out += "{\n  \"component\": ".utf8
                out += ComparisonRendering.json(component: chunk.component).rendered(level: 1).utf8
                out += ",\n  \"columns\": ".utf8
                out += JSONValue.array(chunk.columns.map { .string($0.key) }).rendered(level: 1).utf8
                out += ",\n  \"rows\": [".utf8
            default:
                let (width, decoration) = (options.width, options.decoration)
                let header = [chunk.rowHeader] + chunk.columns.map(\.title)
                let layout = ColumnTable.Layout(header: header, rows: chunk.rows.map(ComparisonRendering.lines), width: width,
                                                decoration: decoration)
                self.layout = layout
                out += (ComparisonRendering.title(chunk).map { decoration.header(TerminalText.clean($0)) + "\n\n" } ?? "").utf8
                out += layout.header(header).utf8
            }
        }

        public mutating func finish(to out: inout [UInt8]) {
            if format == .json { out += (rowsWritten > 0 ? "\n  ]\n}\n" : "]\n}\n").utf8 }
        }
    }

    /// A row's cells as terminal lines, the row's label first.
    static func lines(_ row: Comparison.Row) -> [[ColumnTable.Line]] {
        [[ColumnTable.Line(row.label, .heading)]] + row.cells.map { cell in
            cell.lines.map { line in
                let style: ColumnTable.Line.Style = switch line.style {
                case .text: .plain
                case .heading: .heading
                case .gap: .gap
                case .empty: .empty
                }
                return ColumnTable.Line(line.indented, style)
            }
        }
    }

    public static func json(_ comparison: Comparison) -> JSONValue {
        .object([
            ("component", json(component: comparison.component)),
            ("columns", .array(comparison.columns.map { .string($0.key) })),
            ("rows", .array(comparison.rows.map { json($0, columns: comparison.columns) })),
        ])
    }

    static func json(component: ComponentFacts.Component?) -> JSONValue { JSONValue(encoding: component) }

    static func json(_ row: Comparison.Row, columns: [Comparison.Column]) -> JSONValue {
        .object([
            ("component", .string(row.component.slug)),
            ("source", .string(row.component.source)),
            ("row", .string(row.key.key)),
            ("kind", .string(row.key.kind.rawValue)),
            ("cells", .object(zip(columns, row.cells).map { column, cell in (column.key, json(cell)) })),
        ])
    }

    public static func json(_ cell: Cell) -> JSONValue {
        .object([
            ("facts", .int(Int64(cell.factCount))),
            ("gaps", .int(Int64(cell.gapCount))),
            ("text", .string(cell.plainText)),
            ("groups", .array(cell.groups.map { group in
                .object([
                    ("framework", .optional(group.framework?.rawValue)),
                    ("entries", .array(group.items.map { e in
                        var pairs: [(String, JSONValue)] = [("kind", .string(e.kindName)), ("depth", .int(Int64(e.depth))),
                                                            ("text", .string(e.text)), ("line", .int(Int64(e.line))),
                                                            ("platform", .optional(e.platform?.rawValue))]
                        switch e.content {
                        case .criterion(let label?, _): pairs.append(("label", .string(label)))
                        case let .code(language, _, bad):
                            if let language { pairs.append(("label", .string(language))) }
                            pairs.append(("quality", .string(bad ? "bad" : "good")))
                        case .announcement(_, let context?): pairs.append(("context", .string(context)))
                        case let .gap(problem, excerpt):
                            pairs.append(("problem", .string(problem.rawValue)))
                            pairs.append(("excerpt", .optional(excerpt)))
                        default: break
                        }
                        return .object(pairs)
                    })),
                ])
            })),
        ])
    }
}
