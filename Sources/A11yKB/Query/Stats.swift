import GRDB

/// Rows per table, components per family, facts per platform: what `a11ykb stats` prints.
public struct Stats: Sendable {
    public var tables: [(name: String, rows: Int)]
    public var families: [(family: String, components: Int)]
    /// Facts (criteria, guidance, announcements) per platform; "(all)" for facts of every platform.
    public var platforms: [(platform: String, criteria: Int, guidance: Int, announcements: Int)]

    public static func collect(_ kb: KnowledgeBase) throws -> Stats {
        try kb.reader.read { db in
            let tables = try KnowledgeBase.factTables.map { ($0, try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0) }
            let families = try Row.fetchAll(db, sql: "SELECT family, count(*) FROM components GROUP BY family ORDER BY family")
                .map { ($0[0] as String, $0[1] as Int) }
            let platforms = try Row.fetchAll(db, sql: """
                WITH p(id, slug, ord) AS (SELECT id, slug, id FROM platforms UNION ALL SELECT NULL, '(all)', 0)
                SELECT p.slug,
                       (SELECT count(*) FROM criteria WHERE platform_id IS p.id),
                       (SELECT count(*) FROM guidance WHERE platform_id IS p.id),
                       (SELECT count(*) FROM announcements WHERE platform_id IS p.id)
                FROM p ORDER BY p.ord
                """).map { ($0[0] as String, $0[1] as Int, $0[2] as Int, $0[3] as Int) }
            return Stats(tables: tables, families: families, platforms: platforms)
        }
    }
}
