import GRDB
import KBModel
import KBStore

/// Everything the knowledge base holds about one component, read in one go, in source order.
/// Compare, Matrix and `show` work from this value, never from SQL of their own.
public struct ComponentFacts: Sendable {
    /// As data: who the component is and where its facts come from (`CodingKeys`).
    public struct Component: Sendable, Equatable, RowDecodable, Encodable {
        public var id: Int64
        public var slug: String
        public var title: String
        public var family: Family
        public var category: String?
        public var source: String
        /// The source's own "Full information" link, as written.
        public var pageLink: String?
        /// The lines around the criteria and steps of the source's own Condensed and Gherkin
        /// sections (`### #a11y - ...`, `How to test ...`, `Full information: ...`), one per line.
        public var condensedFrame: String?
        public var gherkinFrame: String?

        enum CodingKeys: String, CodingKey { case slug, title, family, category, source }

        /// No component: what an empty cell is built from.
        static let none = Component(id: 0, slug: "", title: "", family: .native, category: nil, source: "")

        init(id: Int64, slug: String, title: String, family: Family, category: String?, source: String) {
            (self.id, self.slug, self.title, self.family, self.category, self.source) = (id, slug, title, family, category, source)
        }

        init(row: Row) throws {
            id = row["id"]
            slug = row["slug"]
            title = row["title"]
            family = try row.family()
            category = row["category"]
            source = row["source"]
            pageLink = row["page_link"]
            condensedFrame = row["condensed_frame"]
            gherkinFrame = row["gherkin_frame"]
        }
    }

    /// As data: what kind, the label and expectation, the platform, the line (`CodingKeys`).
    public struct Criterion: Sendable, Equatable, RowDecodable, Encodable {
        /// The row's id in `criteria`: what its success-criterion links point at.
        public var id: Int64
        /// Nil: every platform of the component's family.
        public var platform: Platform?
        public var kind: CriterionKind
        public var label: String?
        public var expectation: String
        public var line: Int
        /// The Condensed group line it was written under, as written; nil from front matter.
        public var group: String?

        enum CodingKeys: String, CodingKey { case kind, label, expectation, platform, line }

        init(row: Row) throws {
            id = row["id"]
            platform = try row.platform()
            kind = row["kind"]
            label = row["label"]
            expectation = row["expectation"]
            line = row["line"]
            group = row["group_title"]
        }
    }

    public struct Guidance: Sendable, Equatable, RowDecodable {
        public var id: Int64
        public var platform: Platform?
        public var framework: Framework?
        public var aspect: Aspect
        public var parentID: Int64?
        public var text: String
        public var line: Int
        /// In a guide's numbered step: the headings inside the step above the note
        /// (`Manual testing › Getting started`).
        public var headingPath: String?

        init(row: Row) throws {
            id = row["id"]
            platform = try row.platform()
            framework = try row.framework()
            aspect = row["aspect"]
            parentID = row["parent_id"]
            text = row["text"]
            line = row["line"]
            headingPath = row["heading_path"]
        }
    }

    /// As data: the keys of `CodingKeys`, the source and line last.
    public struct Announcement: Sendable, Equatable, RowDecodable, Encodable {
        public var platform: Platform?
        public var text: String
        public var context: String?
        public var origin: AnnouncementOrigin
        public var screenReader: String?
        public var line: Int
        public var source: String

        enum CodingKeys: String, CodingKey {
            case platform, text, context, origin, screenReader = "screen_reader", source, line
        }

        init(row: Row) throws {
            platform = try row.platform()
            text = row["text"]
            context = row["context"]
            origin = row["origin"]
            screenReader = row["screen_reader"]
            line = row["line"]
            source = row["source"]
        }
    }

    /// As data: where it stands, the code and whether it is a bad example, the line (`CodingKeys`).
    public struct CodeExample: Sendable, Equatable, RowDecodable, Encodable {
        public var platform: Platform?
        public var framework: Framework?
        public var aspect: Aspect?
        public var language: String?
        public var code: String
        public var line: Int
        /// `bad`: under a "Bad example" marker, how not to do it.
        public var quality: CodeQuality
        /// The caption heading over it in a "Code examples" section, as written.
        public var caption: String?

        enum CodingKeys: String, CodingKey { case platform, framework, aspect, language, code, quality, line, caption }

        init(row: Row) throws {
            platform = try row.platform()
            framework = try row.framework()
            aspect = row["aspect"]
            language = row["language"]
            code = row["code"]
            line = row["line"]
            quality = CodeQuality(rawValue: row["quality"] ?? "good") ?? .good
            caption = row["caption"]
        }
    }

    /// A line of the source's own Gherkin (`gherkin_steps`).
    public struct GherkinLine: Sendable, Equatable, RowDecodable, Encodable {
        public var scenario: String?
        public var depth: Int
        public var text: String
        public var line: Int

        init(row: Row) throws {
            scenario = row["scenario"]
            depth = row["depth"]
            text = row["text"]
            line = row["line"]
        }
    }

    public var component: Component
    /// In source order (`position`).
    public var criteria: [Criterion] = []
    /// In source order; a child always follows its parent.
    public var guidance: [Guidance] = []
    /// Examples from the notes first (source order), then transcripts.
    public var announcements: [Announcement] = []
    public var gaps: [Gap] = []
    public var codeExamples: [CodeExample] = []
    /// The Gherkin the source wrote out, if it did; empty otherwise.
    public var gherkin: [GherkinLine] = []

    /// Platforms any fact names, in the platforms table's order; when no fact names one, the
    /// family's platforms (`ios`, `android` for native, `web` for web).
    public var platforms: [Platform] {
        var named = Set<Platform>()
        criteria.compactMap(\.platform).forEach { named.insert($0) }
        guidance.compactMap(\.platform).forEach { named.insert($0) }
        announcements.compactMap(\.platform).forEach { named.insert($0) }
        gaps.compactMap(\.platform).forEach { named.insert($0) }
        if named.isEmpty { return component.family.platforms }
        return Platform.allCases.filter(named.contains)
    }

    /// Nesting depth of each guidance row (0 for a top-level bullet), by id.
    public var guidanceDepths: [Int64: Int] {
        var depth: [Int64: Int] = [:]
        for g in guidance {
            depth[g.id] = g.parentID.flatMap { depth[$0].map { $0 + 1 } } ?? 0
        }
        return depth
    }

    /// A numbered group of `show`'s checklist: the criteria of one kind, and its gaps.
    public struct CriteriaGroup: Sendable, Equatable {
        public var kind: CriterionKind
        public var criteria: [Criterion]
        public var gaps: [Gap]
    }

    /// Criteria grouped by kind: keyboard, gesture, screenreader, settings, then any other kind in
    /// source order. Kinds without criteria or gaps are left out.
    public var criteriaGroups: [CriteriaGroup] {
        var kinds = RowKey.standardKinds
        for c in criteria where !kinds.contains(c.kind) { kinds.append(c.kind) }
        return kinds.compactMap { kind in
            let group = CriteriaGroup(kind: kind, criteria: criteria.filter { $0.kind == kind },
                                      gaps: gaps.filter { $0.aspect == Aspect(kind) })
            return group.criteria.isEmpty && group.gaps.isEmpty ? nil : group
        }
    }

    package static func load(_ db: Database, componentID: Int64) throws -> ComponentFacts {
        try loadAll(db, where: "c.id = ?", arguments: [componentID]).first!
    }

    /// Every component (of `family`, when given), ordered by family then slug.
    package static func loadAll(_ db: Database, family: Family? = nil) throws -> [ComponentFacts] {
        if let family { return try loadAll(db, where: "c.family = ?", arguments: [family.rawValue]) }
        return try loadAll(db, where: "1", arguments: [])
    }

    /// Calls `body` with every component (of `family`) in chunks of `size`, ordered by family
    /// then slug: each chunk is read (a query per fact table, by the components' ids) only when
    /// the previous one is done with, so memory holds one chunk.
    static func forEachChunk(_ db: Database, family: Family?, size: Int, _ body: ([ComponentFacts]) throws -> Void) throws {
        var after: (family: String, slug: String)?
        while true {
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let family {
                conditions.append("c.family = ?")
                _ = arguments.append(contentsOf: [family.rawValue])
            }
            if let after {
                // Keyset paging on UNIQUE (family, slug): each chunk starts where the last ended.
                conditions.append("(c.family, c.slug) > (?, ?)")
                _ = arguments.append(contentsOf: [after.family, after.slug])
            }
            let chunk = try loadAll(db, where: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "),
                                    arguments: arguments, limit: size)
            guard let last = chunk.last else { return }
            try body(chunk)
            if chunk.count < size { return }
            after = (last.component.family.rawValue, last.component.slug)
        }
    }

    static func loadAll(_ db: Database, where condition: String, arguments: StatementArguments,
                        limit: Int? = nil) throws -> [ComponentFacts] {
        let components = try Component.fetchAll(db, sql: """
            SELECT c.id, c.slug, c.title, c.family, c.category, c.page_link, c.condensed_frame, c.gherkin_frame, s.path AS source FROM components c
            JOIN sources s ON s.id = c.source_id WHERE \(condition) ORDER BY c.family, c.slug
            \(limit.map { "LIMIT \($0)" } ?? "")
            """, arguments: arguments)
        guard !components.isEmpty else { return [] }
        let idList = components.map { String($0.id) }.joined(separator: ",")
        var facts = Dictionary(uniqueKeysWithValues: components.map { ($0.id, ComponentFacts(component: $0)) })
        // One query per fact table for all the components at once, each row read by column name.
        func each<Fact: RowDecodable>(_ type: Fact.Type, _ sql: String, _ add: (inout ComponentFacts, Fact) -> Void) throws {
            let cursor = try Row.fetchCursor(db, sql: sql)
            while let row = try cursor.next() {
                let id: Int64 = row["component_id"]
                let fact = try Fact(row: row)
                if facts[id] != nil { add(&facts[id]!, fact) }
            }
        }
        try each(Criterion.self, """
            SELECT x.component_id, x.id, p.slug AS platform, x.kind, x.label, x.expectation, x.line, x.group_title FROM criteria x
            LEFT JOIN platforms p ON p.id = x.platform_id WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { $0.criteria.append($1) }
        try each(Guidance.self, """
            SELECT x.component_id, x.id, p.slug AS platform, f.slug AS framework, x.aspect, x.parent_id, x.text, x.line, x.heading_path
            FROM guidance x
            LEFT JOIN platforms p ON p.id = x.platform_id LEFT JOIN frameworks f ON f.id = x.framework_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { $0.guidance.append($1) }
        try each(Announcement.self, """
            SELECT x.component_id, p.slug AS platform, x.text, x.context, x.origin, x.screen_reader, x.line, s.path AS source
            FROM announcements x LEFT JOIN platforms p ON p.id = x.platform_id JOIN sources s ON s.id = x.source_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.origin = 'transcript', x.position
            """) { $0.announcements.append($1) }
        try each(Gap.self, Gap.sql(where: "g.component_id IN (\(idList))", orderBy: "g.component_id, g.line, g.id")) { $0.gaps.append($1) }
        try each(CodeExample.self, """
            SELECT x.component_id, p.slug AS platform, f.slug AS framework, x.aspect, x.language, x.code, x.line, x.quality, x.caption
            FROM code_examples x
            LEFT JOIN platforms p ON p.id = x.platform_id LEFT JOIN frameworks f ON f.id = x.framework_id
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { $0.codeExamples.append($1) }
        try each(GherkinLine.self, """
            SELECT x.component_id, x.scenario, x.depth, x.text, x.line FROM gherkin_steps x
            WHERE x.component_id IN (\(idList)) ORDER BY x.component_id, x.position
            """) { $0.gherkin.append($1) }
        return components.compactMap { facts[$0.id] }
    }
}
