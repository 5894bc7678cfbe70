/// `a11ykb gaps`: one row per gap with the file and line to fix, as a table, CSV or JSON.
import KBQuery

public enum GapsRendering {
    public static let columns = ["component", "family", "platform", "framework", "aspect", "problem", "excerpt", "source", "line"]

    public static func table(_ gaps: [Gap]) -> String {
        let rows = gaps.map { g in
            [g.component, g.platform ?? "", g.framework ?? "", g.aspect ?? "", g.problem.rawValue, g.excerpt ?? "", "\(g.source):\(g.line)"]
        }
        return TextTable.render(header: ["component", "platform", "framework", "aspect", "problem", "excerpt", "where"],
                                rows: rows, maxColumnWidth: 50)
            + "\(gaps.count) gap\(gaps.count == 1 ? "" : "s")\n"
    }

    public static func records(_ gaps: [Gap]) -> [[String]] {
        gaps.map { [$0.component, $0.family.rawValue, $0.platform ?? "", $0.framework ?? "", $0.aspect ?? "", $0.problem.rawValue,
                    $0.excerpt ?? "", $0.source, String($0.line)] }
    }

    public static func csv(_ gaps: [Gap], byteOrderMark: Bool = false) -> String {
        CSV.document(header: columns, rows: records(gaps), byteOrderMark: byteOrderMark)
    }

    public static func json(_ gaps: [Gap]) -> JSONValue {
        .array(gaps.map {
            .object([("component", .string($0.component)), ("family", .string($0.family.rawValue)), ("platform", .optional($0.platform)),
                     ("framework", .optional($0.framework)), ("aspect", .optional($0.aspect)), ("problem", .string($0.problem.rawValue)),
                     ("excerpt", .optional($0.excerpt)), ("source", .string($0.source)), ("line", .int(Int64($0.line)))])
        })
    }
}
