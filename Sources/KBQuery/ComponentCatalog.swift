import GRDB
import KBModel
import KBSearch
import KBStore

/// One component as a catalogue lists it: who it is, where it comes from, how many facts of each
/// kind it holds, and so which of MagentaA11y's formats it can be shown in.
public struct ComponentSummary: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var family: Family
    public var category: String?
    /// The first general note.
    public var summary: String?
    /// The file its facts come from.
    public var source: String
    public var criteria: Int
    public var guidance: Int
    /// Announcement examples from the notes.
    public var examples: Int
    /// Utterances of its screen-reader videos' caption files.
    public var transcripts: Int
    public var gaps: Int
    public var codeExamples: Int
    /// Lines of Gherkin the source wrote out (0: the Gherkin rendering makes it from the criteria).
    public var gherkinSteps: Int
    public var wcagCitations: Int
    /// Where developer notes are written: for every platform (nil) first, then each platform's.
    public var notePlatforms: [Platform?]

    init(row: Row) throws {
        slug = row["slug"]
        title = row["title"]
        family = try row.family()
        category = row["category"]
        summary = row["summary"]
        source = row["source"]
        criteria = row["criteria"]
        guidance = row["guidance"]
        examples = row["examples"]
        transcripts = row["transcripts"]
        gaps = row["gaps"]
        codeExamples = row["code_examples"]
        gherkinSteps = row["gherkin_steps"]
        wcagCitations = row["wcag"]
        // `general` for the notes of every platform, else a platform's slug.
        let written = try Set((row["note_platforms"] as String? ?? "").split(separator: ",").map { slug -> Platform? in
            if slug == "general" { return nil }
            guard let platform = Platform(rawValue: String(slug)) else {
                throw UnknownStoredValue(kind: .platform, column: "note_platforms", value: String(slug))
            }
            return platform
        })
        notePlatforms = ([nil] + Platform.allCases.map(Optional.some)).filter(written.contains)
    }

    /// `general` (the notes of every platform), `ios`...: how `notePlatforms` are written.
    public var notePlatformNames: [String] { notePlatforms.map { $0?.rawValue ?? "general" } }

    /// The shapes `show` (and the MCP server) can give this component, and what each holds.
    public var formats: [ComponentFormat] {
        [
            ComponentFormat(name: "markdown", available: true,
                            detail: "the whole component in MagentaA11y's layout"),
            ComponentFormat(name: "condensed", available: criteria > 0,
                            detail: criteria > 0 ? "checklist of \(criteria) criteria" : "no criteria recorded"),
            ComponentFormat(name: "gherkin", available: criteria > 0 || gherkinSteps > 0,
                            detail: gherkinSteps > 0 ? "as the source wrote it (\(gherkinSteps) lines)"
                                : criteria > 0 ? "made from the \(criteria) criteria (the source wrote none)" : "no criteria recorded"),
            ComponentFormat(name: "developer-notes", available: !notePlatforms.isEmpty,
                            detail: notePlatforms.isEmpty ? "none written" : "\(guidance) notes: \(notePlatformNames.joined(separator: ", "))"),
            ComponentFormat(name: "code-examples", available: codeExamples > 0, detail: "\(codeExamples) code blocks"),
            ComponentFormat(name: "announcements", available: examples + transcripts > 0,
                            detail: "\(examples) examples, \(transcripts) caption transcript lines"),
            ComponentFormat(name: "wcag", available: wcagCitations > 0, detail: "\(wcagCitations) WCAG success criteria cited"),
            ComponentFormat(name: "gaps", available: gaps > 0, detail: "\(gaps) places the source leaves open"),
        ]
    }
}

/// One shape a component can be shown in (`condensed`, `gherkin`, `developer-notes`...).
public struct ComponentFormat: Sendable, Equatable {
    public var name: String
    public var available: Bool
    public var detail: String
}

/// Components (of a family, of a category) and the categories they fall in.
public struct ComponentCatalog: Sendable, Equatable {
    public struct Category: Sendable, Equatable {
        public var family: Family
        public var name: String
        public var components: Int
    }

    public var components: [ComponentSummary]
    /// Every category of the family asked about (all families when none), whatever `category` chose.
    public var categories: [Category]

    package static func load(_ db: Database, family: Family?, category: String?) throws -> ComponentCatalog {
        var filters = SQLFilters()
        if let family { filters.add("c.family = ?", family.rawValue) }
        let categories = try Row.fetchAll(db, sql: """
            SELECT c.family, c.category, count(*) AS n FROM components c
            WHERE \(filters.sql) AND c.category IS NOT NULL GROUP BY c.family, c.category ORDER BY c.family, c.category
            """, arguments: filters.arguments).map { Category(family: $0["family"], name: $0["category"], components: $0["n"]) }
        if let category {
            let wanted = Vocabulary.slugify(category)
            guard categories.contains(where: { $0.name == wanted }) else {
                let known = Array(Set(categories.map(\.name))).sorted()
                throw QueryError.invalidOption("unknown category \"\(category)\"\(family.map { " in family \($0.rawValue)" } ?? "")"
                                               + "; known: \(known.joined(separator: ", "))")
            }
            filters.add("c.category = ?", wanted)
        }
        let components = try ComponentSummary.fetch(db, where: filters.sql, arguments: filters.arguments)
        return ComponentCatalog(components: components, categories: categories)
    }
}

extension ComponentSummary {
    /// The components `condition` (over `components c`) picks, by family, category and slug. One
    /// query: each count is a lookup on its fact table's component index.
    package static func fetch(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [ComponentSummary] {
        try Row.fetchAll(db, sql: """
            SELECT c.slug, c.title, c.family, c.category, c.summary, s.path AS source,
                   (SELECT count(*) FROM criteria x WHERE x.component_id = c.id) AS criteria,
                   (SELECT count(*) FROM guidance x WHERE x.component_id = c.id) AS guidance,
                   (SELECT count(*) FROM announcements x WHERE x.component_id = c.id AND x.origin = 'example') AS examples,
                   (SELECT count(*) FROM announcements x WHERE x.component_id = c.id AND x.origin = 'transcript') AS transcripts,
                   (SELECT count(*) FROM gaps x WHERE x.component_id = c.id) AS gaps,
                   (SELECT count(*) FROM code_examples x WHERE x.component_id = c.id) AS code_examples,
                   (SELECT count(*) FROM gherkin_steps x WHERE x.component_id = c.id) AS gherkin_steps,
                   (SELECT count(*) FROM component_wcag x WHERE x.component_id = c.id) AS wcag,
                   (SELECT group_concat(coalesce(p.slug, 'general')) FROM (
                        SELECT platform_id FROM guidance WHERE component_id = c.id UNION
                        SELECT platform_id FROM code_examples WHERE component_id = c.id) n
                    LEFT JOIN platforms p ON p.id = n.platform_id) AS note_platforms
            FROM components c JOIN sources s ON s.id = c.source_id
            WHERE \(condition) ORDER BY c.family, c.category, c.slug
            """, arguments: arguments).map { try ComponentSummary(row: $0) }
    }
}
