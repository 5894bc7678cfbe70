import GRDB

/// Everything the knowledge base holds about one component, read in one go, in source order.
/// Compare, Matrix and AcceptanceCriteria work from this value, never from SQL of their own.
public struct ComponentFacts: Sendable {
    public struct Component: Sendable, Equatable {
        public var id: Int64
        public var slug: String
        public var title: String
        public var family: String
        public var category: String?
        public var source: String
    }

    public struct Criterion: Sendable, Equatable {
        public var platform: String?
        public var kind: String
        public var label: String?
        public var expectation: String
        public var line: Int
    }

    public struct Guidance: Sendable, Equatable {
        public var id: Int64
        public var platform: String?
        public var framework: String?
        public var aspect: String
        public var parentID: Int64?
        public var text: String
        public var line: Int
    }

    public struct Announcement: Sendable, Equatable {
        public var platform: String?
        public var text: String
        public var context: String?
        public var origin: String
        public var screenReader: String?
        public var line: Int
        public var source: String
    }

    public struct Gap: Sendable, Equatable {
        public var platform: String?
        public var framework: String?
        public var aspect: String?
        public var problem: String
        public var excerpt: String?
        public var line: Int
        public var source: String
    }

    public struct CodeExample: Sendable, Equatable {
        public var platform: String?
        public var framework: String?
        public var aspect: String?
        public var language: String?
        public var code: String
        public var line: Int
    }

    /// A line of the source's own Gherkin (`gherkin_steps`).
    public struct GherkinLine: Sendable, Equatable {
        public var scenario: String?
        public var depth: Int
        public var text: String
        public var line: Int
    }

    public var component: Component
    /// In source order (`position`).
    public var criteria: [Criterion]
    /// In source order; a child always follows its parent.
    public var guidance: [Guidance]
    /// Examples from the notes first (source order), then transcripts.
    public var announcements: [Announcement]
    public var gaps: [Gap]
    public var codeExamples: [CodeExample]
    /// The Gherkin the source wrote out, if it did; empty otherwise.
    public var gherkin: [GherkinLine] = []

    /// Platforms any fact names, in the platforms table's order; when no fact names one, the
    /// family's platforms (`ios`, `android` for native, `web` for web).
    public var platforms: [String] {
        var named = Set<String>()
        criteria.compactMap(\.platform).forEach { named.insert($0) }
        guidance.compactMap(\.platform).forEach { named.insert($0) }
        announcements.compactMap(\.platform).forEach { named.insert($0) }
        gaps.compactMap(\.platform).forEach { named.insert($0) }
        if named.isEmpty { return ComponentFacts.familyPlatforms(component.family) }
        return Vocabulary.platforms.map(\.slug).filter(named.contains)
    }

    public static func familyPlatforms(_ family: String) -> [String] {
        family == "web" ? ["web"] : ["ios", "android"]
    }

    public static func load(_ db: Database, componentID: Int64) throws -> ComponentFacts {
        try loadAll(db, where: "c.id = ?", arguments: [componentID]).first!
    }

    /// Every component (of `family`, when given), ordered by family then slug.
    public static func loadAll(_ db: Database, family: String? = nil) throws -> [ComponentFacts] {
        if let family { return try loadAll(db, where: "c.family = ?", arguments: [family]) }
        return try loadAll(db, where: "1", arguments: [])
    }

    static func loadAll(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [ComponentFacts] {
        let components = try Row.fetchAll(db, sql: """
            SELECT c.id, c.slug, c.title, c.family, c.category, s.path FROM components c JOIN sources s ON s.id = c.source_id
            WHERE \(condition) ORDER BY c.family, c.slug
            """, arguments: arguments)
        guard !components.isEmpty else { return [] }
        let ids = components.map { $0["id"] as Int64 }
        let idList = ids.map(String.init).joined(separator: ",")
        var facts: [Int64: ComponentFacts] = [:]
        for row in components {
            let component = Component(id: row["id"], slug: row["slug"], title: row["title"], family: row["family"],
                                      category: row["category"], source: row["path"])
            facts[component.id] = ComponentFacts(component: component, criteria: [], guidance: [], announcements: [],
                                                 gaps: [], codeExamples: [])
        }
        try eachRow(db, """
            SELECT x.component_id, p.slug AS platform, x.kind, x.label, x.expectation, x.line FROM criteria x
            LEFT JOIN platforms p ON p.id = x.platform_id WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { row in
            facts[row[0]]?.criteria.append(Criterion(platform: row[1], kind: row[2], label: row[3], expectation: row[4], line: row[5]))
        }
        try eachRow(db, """
            SELECT x.component_id, x.id, p.slug AS platform, f.slug AS framework, x.aspect, x.parent_id, x.text, x.line FROM guidance x
            LEFT JOIN platforms p ON p.id = x.platform_id LEFT JOIN frameworks f ON f.id = x.framework_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { row in
            facts[row[0]]?.guidance.append(Guidance(id: row[1], platform: row[2], framework: row[3], aspect: row[4],
                                                    parentID: row[5], text: row[6], line: row[7]))
        }
        try eachRow(db, """
            SELECT x.component_id, p.slug AS platform, x.text, x.context, x.origin, x.screen_reader, x.line, s.path FROM announcements x
            LEFT JOIN platforms p ON p.id = x.platform_id JOIN sources s ON s.id = x.source_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.origin = 'transcript', x.position
            """) { row in
            facts[row[0]]?.announcements.append(Announcement(platform: row[1], text: row[2], context: row[3], origin: row[4],
                                                             screenReader: row[5], line: row[6], source: row[7]))
        }
        try eachRow(db, """
            SELECT x.component_id, p.slug AS platform, f.slug AS framework, x.aspect, x.problem, x.excerpt, x.line, s.path FROM gaps x
            LEFT JOIN platforms p ON p.id = x.platform_id LEFT JOIN frameworks f ON f.id = x.framework_id
            JOIN sources s ON s.id = x.source_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.line, x.id
            """) { row in
            facts[row[0]]?.gaps.append(Gap(platform: row[1], framework: row[2], aspect: row[3], problem: row[4], excerpt: row[5],
                                           line: row[6], source: row[7]))
        }
        try eachRow(db, """
            SELECT x.component_id, p.slug AS platform, f.slug AS framework, x.aspect, x.language, x.code, x.line FROM code_examples x
            LEFT JOIN platforms p ON p.id = x.platform_id LEFT JOIN frameworks f ON f.id = x.framework_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { row in
            facts[row[0]]?.codeExamples.append(CodeExample(platform: row[1], framework: row[2], aspect: row[3], language: row[4],
                                                           code: row[5], line: row[6]))
        }
        try eachRow(db, """
            SELECT x.component_id, x.scenario, x.depth, x.text, x.line FROM gherkin_steps x
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { row in
            facts[row[0]]?.gherkin.append(GherkinLine(scenario: row[1], depth: row[2], text: row[3], line: row[4]))
        }
        return ids.compactMap { facts[$0] }
    }

    /// Runs `body` on each row of `sql` without copying rows into an array.
    static func eachRow(_ db: Database, _ sql: String, _ body: (Row) throws -> Void) throws {
        let cursor = try Row.fetchCursor(db, sql: sql)
        while let row = try cursor.next() { try body(row) }
    }

    /// Nesting depth of each guidance row (0 for a top-level bullet), by id.
    public var guidanceDepths: [Int64: Int] {
        var depth: [Int64: Int] = [:]
        for g in guidance {
            depth[g.id] = g.parentID.flatMap { depth[$0].map { $0 + 1 } } ?? 0
        }
        return depth
    }
}
