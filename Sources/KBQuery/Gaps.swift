import GRDB
import KBModel
import KBStore

/// What the knowledge base knows is still missing where it sits: a placeholder, an empty section
/// or a template token, with the component, file and line. The gaps listing shows them; `show` and
/// `compare` place each in its component.
public struct Gap: Sendable, Equatable, RowDecodable {
    public var component: String
    public var family: Family
    /// Nil: every platform of the family.
    public var platform: Platform?
    public var framework: Framework?
    /// A guidance aspect, a criteria kind (`Aspect(kind)`, read back by `criterionKind`), or
    /// `announcements`.
    public var aspect: Aspect?
    public var problem: GapProblem
    public var excerpt: String?
    public var source: String
    public var line: Int

    init(row: Row) throws {
        component = row["component"]
        family = try row.family()
        platform = try row.platform()
        framework = try row.framework()
        aspect = row["aspect"]
        problem = row["problem"]
        excerpt = row["excerpt"]
        source = row["source"]
        line = row["line"]
    }

    /// The gaps `condition` picks, with their component's and source's names.
    static func sql(where condition: String, orderBy order: String) -> String {
        """
        SELECT g.component_id, c.slug AS component, c.family, p.slug AS platform, f.slug AS framework, g.aspect, g.problem,
               g.excerpt, s.path AS source, g.line
        FROM gaps g JOIN components c ON c.id = g.component_id LEFT JOIN platforms p ON p.id = g.platform_id
        LEFT JOIN frameworks f ON f.id = g.framework_id JOIN sources s ON s.id = g.source_id
        WHERE \(condition) ORDER BY \(order)
        """
    }

    /// Whether it sits under one of the criteria kinds `show` numbers (`RowKey.standardKinds`): a
    /// gap of the criteria, not of the developer notes.
    package var isUnderStandardKind: Bool { aspect.map { RowKey.standardKinds.contains($0.criterionKind) } ?? false }

    /// Gaps in component, source line order. `componentID` and `platform` narrow the list.
    package static func list(_ db: Database, componentID: Int64? = nil, platform: Platform? = nil,
                             problem: GapProblem? = nil) throws -> [Gap] {
        var filters = SQLFilters()
        if let problem { filters.add("g.problem = ?", problem.rawValue) }
        if let componentID { filters.add("g.component_id = ?", componentID) }
        if let platform { filters.add("p.slug = ?", platform.rawValue) }
        return try Gap.fetchAll(db, sql: sql(where: filters.sql, orderBy: "c.family, c.slug, g.line, g.id"), arguments: filters.arguments)
    }
}
