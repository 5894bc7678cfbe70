/// A comparison as a terminal table, a GitHub markdown table, CSV and JSON.
public enum ComparisonRendering {
    public static func title(_ comparison: Comparison) -> String? {
        guard let c = comparison.component else { return nil }
        return "\(c.slug): \(c.title) (\(c.family.rawValue)\(c.category.map { ", \($0)" } ?? ""); from \(c.source))"
    }

    public static func text(_ comparison: Comparison, width: Int, decoration: ColumnTable.Decoration = .none) -> String {
        let header = [comparison.rowHeader] + comparison.columns.map(\.title)
        let rows = comparison.rows.map { row -> [[ColumnTable.Line]] in
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
        var out = title(comparison).map { decoration.header($0) + "\n\n" } ?? ""
        out += ColumnTable.render(header: header, rows: rows, width: width, decoration: decoration)
        return out
    }

    public static func markdown(_ comparison: Comparison) -> String {
        var out = title(comparison).map { "**\(MarkdownTable.cell($0))**\n\n" } ?? ""
        out += MarkdownTable.render(header: [comparison.rowHeader] + comparison.columns.map(\.title),
                                    rows: comparison.rows.map { row in [row.label] + row.cells.map(\.plainText) })
        return out
    }

    /// Header: the row header, then the column keys (`general`, `ios`, `android`); one record per row.
    public static func csv(_ comparison: Comparison, byteOrderMark: Bool = false) -> String {
        CSV.document(header: [comparison.rowHeader] + comparison.columns.map(\.key),
                     rows: comparison.rows.map { row in [row.label] + row.cells.map(\.plainText) },
                     byteOrderMark: byteOrderMark)
    }

    public static func json(_ comparison: Comparison) -> JSONValue {
        .object([
            ("component", comparison.component.map { c in
                .object([("slug", .string(c.slug)), ("title", .string(c.title)), ("family", .string(c.family.rawValue)),
                         ("category", .optional(c.category)), ("source", .string(c.source))])
            } ?? .null),
            ("columns", .array(comparison.columns.map { .string($0.key) })),
            ("rows", .array(comparison.rows.map { row in
                .object([
                    ("component", .string(row.component.slug)),
                    ("row", .string(row.key.key)),
                    ("kind", .string(row.key.kind.rawValue)),
                    ("cells", .object(zip(comparison.columns, row.cells).map { column, cell in (column.key, json(cell)) })),
                ])
            })),
        ])
    }

    public static func json(_ cell: Cell) -> JSONValue {
        .object([
            ("facts", .int(Int64(cell.factCount))),
            ("gaps", .int(Int64(cell.gapCount))),
            ("text", .string(cell.plainText)),
            ("groups", .array(cell.groups.map { group in
                .object([
                    ("framework", .optional(group.framework)),
                    ("entries", .array(group.items.map { e in
                        var pairs: [(String, JSONValue)] = [("kind", .string(e.kindName)), ("depth", .int(Int64(e.depth))),
                                                            ("text", .string(e.text)), ("line", .int(Int64(e.line))),
                                                            ("platform", .optional(e.platform))]
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
