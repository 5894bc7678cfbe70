/// The spreadsheet view of the knowledge base: one row per component, one column per platform ×
/// row key (aspects, criteria kinds, announcements), each cell the joined text, a count of facts,
/// or a presence marker.
public struct Matrix: Sendable {
    public enum CellMode: String, Sendable, CaseIterable {
        /// The cell's text, one fact per line, nesting indented, gaps marked `⚠ gap: ...`.
        case text
        /// How many facts (criteria, notes, code examples, announcements) the cell holds; gaps not counted.
        case count
        /// `gap` when the cell holds a gap, else `yes` when it holds facts, else `empty`.
        case presence
    }

    public struct Column: Sendable, Equatable {
        /// `general`, `ios`...
        public var platform: String
        public var row: RowKey
        /// `ios:state`, `general:name`, `android:keyboard`.
        public var name: String { "\(platform):\(row.key)" }
    }

    public struct Row: Sendable {
        public var component: ComponentFacts.Component
        public var cells: [Cell]
    }

    /// `component`, `family`, `category`, `title` come before the cells.
    public static let leadingColumns = ["component", "family", "category", "title"]

    public var columns: [Column]
    public var rows: [Row]

    public static func build(_ components: [ComponentFacts], platforms: [String]? = nil, general: GeneralPlacement = .column) -> Matrix {
        let platforms = platforms ?? Vocabulary.platforms.map(\.slug).filter { slug in components.contains { $0.platforms.contains(slug) } }
        let keys = RowKey.rows(for: components)
        var columns: [Column] = []
        if general == .column {
            let generalKeys = keys.filter { key in
                key.kind != .criteria && components.contains { !Compare.generalCell($0, row: key).isEmpty }
            }
            columns += generalKeys.map { Column(platform: "general", row: $0) }
        }
        for platform in platforms {
            columns += keys.map { Column(platform: platform, row: $0) }
        }
        let rows = components.map { facts in
            Row(component: facts.component, cells: columns.map { column in
                column.platform == "general"
                    ? Compare.generalCell(facts, row: column.row)
                    : CellBuilder.cell(facts, row: column.row, platform: column.platform, includeAllPlatforms: general == .spread)
            })
        }
        return Matrix(columns: columns, rows: rows)
    }

    public var header: [String] { Matrix.leadingColumns + columns.map(\.name) }

    /// The rows as strings, leading columns then cells in `mode`.
    public func records(_ mode: CellMode) -> [[String]] {
        rows.map { row in
            [row.component.slug, row.component.family, row.component.category ?? "", row.component.title]
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
        var out: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        out.reserveCapacity(rows.count * columns.count * 64)
        CSV.appendRecord(header, to: &out)
        var scratch: [UInt8] = []
        for row in rows {
            for (i, field) in [row.component.slug, row.component.family, row.component.category ?? "", row.component.title].enumerated() {
                if i > 0 { out.append(0x2C) }
                CSV.appendField(field.utf8, to: &out)
            }
            for cell in row.cells {
                out.append(0x2C)
                switch mode {
                case .text:
                    guard !cell.isEmpty else { continue }
                    scratch.removeAll(keepingCapacity: true)
                    cell.appendPlainText(to: &scratch)
                    CSV.appendField(scratch, to: &out)
                case .count: out.append(contentsOf: String(cell.factCount).utf8)
                case .presence: out.append(contentsOf: cell.presence.utf8)
                }
            }
            out.append(0x0D)
            out.append(0x0A)
        }
        return out
    }

    public func json(_ mode: CellMode) -> JSONValue {
        .array(rows.map { row in
            var pairs: [(String, JSONValue)] = [
                ("component", .string(row.component.slug)), ("family", .string(row.component.family)),
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
        })
    }
}
