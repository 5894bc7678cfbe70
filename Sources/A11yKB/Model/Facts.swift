/// A component and its facts, normalized: slugs from the vocabulary, text cleaned, placeholders
/// moved to gaps. This is what the store writes.
public struct NormalizedEntry: Sendable, Equatable {
    public var component: ComponentInfo
    public var criteria: [CriterionFact] = []
    public var guidance: [GuidanceFact] = []
    public var announcements: [AnnouncementFact] = []
    public var gaps: [GapFact] = []
    public var codeExamples: [CodeFact] = []
    public var gherkin: [GherkinStep] = []
    public var wcag: [WCAGReference] = []
    public var notices: [Notice] = []

    public var factCount: Int { criteria.count + guidance.count + announcements.count + codeExamples.count }
}

public struct ComponentInfo: Sendable, Equatable, Codable {
    public var slug: String
    public var title: String
    public var family: String
    public var category: String?
    public var summary: String?
}

public struct CriterionFact: Sendable, Equatable {
    public var platform: String?
    public var kind: String
    public var label: String?
    public var expectation: String
    public var line: Int
}

public struct GuidanceFact: Sendable, Equatable {
    public var platform: String?
    public var framework: String?
    public var aspect: String
    /// Index into the same entry's `guidance` of the bullet this one is nested under.
    public var parent: Int?
    public var text: String
    public var line: Int
}

public struct AnnouncementFact: Sendable, Equatable {
    public var platform: String?
    public var text: String
    public var context: String?
    public var origin: String
    public var screenReader: String?
    public var startMs: Int?
    public var endMs: Int?
    public var line: Int
}

public struct GapFact: Sendable, Equatable {
    public var platform: String?
    public var framework: String?
    public var aspect: String?
    public var problem: String
    public var excerpt: String?
    public var line: Int
}

public struct CodeFact: Sendable, Equatable {
    public var platform: String?
    public var framework: String?
    public var aspect: String?
    public var language: String?
    public var code: String
    public var line: Int
}

/// What a document's location says about it. Inside a checkout the file name is the slug and the
/// folder the family; a loose file gets its identity from its content, its file name last.
public struct SourceHints: Sendable, Equatable {
    public var slug: String?
    public var family: String?
    public var category: String?
    public var fallbackSlug: String?

    /// A loose file: its identity comes from its content, its name (`table.txt`, `table.v2.md` →
    /// `table`) only when the content names none.
    public init(looseFileName name: String) {
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        self.init(fallbackSlug: Vocabulary.slugify(stem))
    }

    public init(slug: String? = nil, family: String? = nil, category: String? = nil, fallbackSlug: String? = nil) {
        self.slug = slug
        self.family = family
        self.category = category
        self.fallbackSlug = fallbackSlug
    }
}
