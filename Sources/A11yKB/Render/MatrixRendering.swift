/// The matrix as people and programs read it: string records, RFC 4180 CSV bytes, JSON.
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
        var out: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        out.reserveCapacity(rows.count * columns.count * 64)
        CSV.appendRecord(header, to: &out)
        var scratch: [UInt8] = []
        for row in rows {
            for (i, field) in [row.component.slug, row.component.family.rawValue, row.component.category ?? "", row.component.title].enumerated() {
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
        })
    }
}
