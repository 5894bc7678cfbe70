import GRDB
import KBModel
import KBStore

/// Rows per table, components per family, facts per platform: the knowledge base's statistics.
public struct Stats: Sendable {
    public var tables: [(name: String, rows: Int)]
    public var families: [(family: Family, components: Int)]
    /// Facts (criteria, guidance, announcements) per platform, those written for every platform
    /// (nil) first.
    public var platforms: [(platform: Platform?, criteria: Int, guidance: Int, announcements: Int)]

    package static func collect(_ db: Database) throws -> Stats {
        do {
            let tables = try KnowledgeBase.tables.map { ($0, try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0) }
            let families = try Row.fetchAll(db, sql: "SELECT family, count(*) AS n FROM components GROUP BY family ORDER BY family")
                .map { (try $0.family(), $0["n"] as Int) }
            // One pass over each fact table (GROUP BY), not one per platform.
            let platforms = try Row.fetchAll(db, sql: """
                WITH p(id, slug, ord) AS (SELECT id, slug, id FROM platforms UNION ALL SELECT NULL, NULL, 0),
                     cr(platform_id, n) AS MATERIALIZED (SELECT platform_id, count(*) FROM criteria GROUP BY platform_id),
                     g(platform_id, n) AS MATERIALIZED (SELECT platform_id, count(*) FROM guidance GROUP BY platform_id),
                     a(platform_id, n) AS MATERIALIZED (SELECT platform_id, count(*) FROM announcements GROUP BY platform_id)
                SELECT p.slug,
                       coalesce((SELECT n FROM cr WHERE platform_id IS p.id), 0) AS criteria,
                       coalesce((SELECT n FROM g WHERE platform_id IS p.id), 0) AS guidance,
                       coalesce((SELECT n FROM a WHERE platform_id IS p.id), 0) AS announcements
                FROM p ORDER BY p.ord
                """).map { (try $0.platform("slug"), $0["criteria"] as Int, $0["guidance"] as Int, $0["announcements"] as Int) }
            return Stats(tables: tables, families: families, platforms: platforms)
        }
    }
}
