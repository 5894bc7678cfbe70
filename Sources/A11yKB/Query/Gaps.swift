import GRDB

/// What the knowledge base knows is still missing: placeholders, empty sections and template
/// tokens, with the file and line where each sits.
public enum Gaps {
    public struct Gap: Sendable, Equatable {
        public var component: String
        public var family: String
        public var platform: String?
        public var framework: String?
        public var aspect: String?
        public var problem: String
        public var excerpt: String?
        public var source: String
        public var line: Int
    }

    public static let columns = ["component", "family", "platform", "framework", "aspect", "problem", "excerpt", "source", "line"]

    /// Gaps in component, source line order. `componentID` and `platform` narrow the list.
    public static func list(_ db: Database, componentID: Int64? = nil, platform: String? = nil) throws -> [Gap] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let componentID {
            conditions.append("g.component_id = ?")
            _ = arguments.append(contentsOf: [componentID])
        }
        if let platform {
            conditions.append("p.slug = ?")
            _ = arguments.append(contentsOf: [platform])
        }
        let sql = """
            SELECT c.slug, c.family, p.slug AS platform, f.slug AS framework, g.aspect, g.problem, g.excerpt, s.path, g.line
            FROM gaps g JOIN components c ON c.id = g.component_id LEFT JOIN platforms p ON p.id = g.platform_id
            LEFT JOIN frameworks f ON f.id = g.framework_id JOIN sources s ON s.id = g.source_id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY c.family, c.slug, g.line, g.id
            """
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map {
            Gap(component: $0[0], family: $0[1], platform: $0[2], framework: $0[3], aspect: $0[4], problem: $0[5],
                excerpt: $0[6], source: $0[7], line: $0[8])
        }
    }

    public static func records(_ gaps: [Gap]) -> [[String]] {
        gaps.map { [$0.component, $0.family, $0.platform ?? "", $0.framework ?? "", $0.aspect ?? "", $0.problem, $0.excerpt ?? "", $0.source, String($0.line)] }
    }

    public static func json(_ gaps: [Gap]) -> JSONValue {
        .array(gaps.map {
            .object([("component", .string($0.component)), ("family", .string($0.family)), ("platform", .optional($0.platform)),
                     ("framework", .optional($0.framework)), ("aspect", .optional($0.aspect)), ("problem", .string($0.problem)),
                     ("excerpt", .optional($0.excerpt)), ("source", .string($0.source)), ("line", .int(Int64($0.line)))])
        })
    }
}
