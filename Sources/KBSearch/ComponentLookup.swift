import GRDB
import KBModel
import KBStore

/// Finds a component by what a user types: its slug, `family/slug`, or its title; and when nothing
/// matches, names the closest slugs (by edit distance) so that the user can retype.
package enum ComponentLookup {
    /// The component's id. `query` may be `slug`, `family/slug`, a title or an alias
    /// (vocabulary/aliases.tsv: `switch`, `dialog`); `family` narrows it. When a name exists in
    /// both families, a platform, framework or screen-reader word settles which: in the name
    /// (`ios switch`, `SwiftUI toggle`, `TalkBack button`) or in `context` (the platforms or
    /// framework a command or tool was given). `show`, `compare`, `checklist` and the MCP tools
    /// all look components up here.
    package static func resolve(_ db: Database, _ query: String, family: Family? = nil, context: [String] = []) throws -> Int64 {
        var family = family
        var text = query.trimmingCharacters(in: .whitespaces)
        if let slash = text.firstIndex(of: "/"), let named = Family(rawValue: String(text[..<slash]).lowercased()) {
            family = named
            text = String(text[text.index(after: slash)...])
        }
        let candidates = try ComponentRecord.fetchAll(db, sql: "SELECT * FROM components ORDER BY family, slug")
        let renames = try ComponentLookup.renames(db)
        let (rest, implied) = impliedFamily(text, context: context)
        // The name as typed first (`basic web page` is a title); then without its platform words.
        func find(_ family: Family?) -> [ComponentRecord] {
            var matches = named(Vocabulary.slugify(text), in: candidates, family: family, renames: renames)
            if matches.isEmpty, rest != text { matches = named(Vocabulary.slugify(rest), in: candidates, family: family, renames: renames) }
            return matches
        }
        // A platform or framework (in the name or beside it) settles native or web: the name is
        // looked up in that family first, its own names (`tabs` on iOS: the segmented control).
        var matches = find(family ?? implied)
        if matches.isEmpty, family == nil, let implied {
            let anywhere = find(nil)
            // The testing guides answer for every platform; a page of the other family does not.
            let guides = anywhere.filter { $0.family == .howToTest }
            if !guides.isEmpty {
                matches = guides
            } else if !anywhere.isEmpty {
                throw QueryError.notInFamily(query, family: implied,
                                             elsewhere: anywhere.map { "\($0.family.rawValue)/\($0.slug)" })
            }
        }
        if matches.count == 1 { return matches[0].id }
        if matches.count > 1 { throw QueryError.ambiguousComponent(query, candidates: matches.map { "\($0.family.rawValue)/\($0.slug)" }) }
        let slug = Vocabulary.slugify(rest)
        let pool = candidates.filter { family == nil || $0.family == family }
        if candidates.isEmpty { throw QueryError.noComponents(query) }
        throw QueryError.unknownComponent(query, suggestions: closest(slug, among: Array(Set(pool.map(\.slug))).sorted()))
    }

    /// The components `slug` names: by slug, else by title, else by alias (of that family).
    private static func named(_ slug: String, in candidates: [ComponentRecord], family: Family?,
                              renames: [Family: [String: String]] = [:]) -> [ComponentRecord] {
        let pool = candidates.filter { family == nil || $0.family == family }
        var matches = pool.filter { $0.slug == slug }
        // A page's older address (`radio` of the Jekyll era) finds it under today's; so does a slug
        // an import renamed (`component_renames`: a clash of names between two folders).
        if matches.isEmpty { matches = pool.filter { $0.slug == Vocabulary.currentSlug(slug) } }
        if matches.isEmpty { matches = pool.filter { renames[$0.family]?[slug] == $0.slug } }
        if matches.isEmpty { matches = pool.filter { Vocabulary.slugify($0.title) == slug } }
        if matches.isEmpty { matches = pool.filter { ComponentAlias.names(slug, family: $0.family, slug: $0.slug) } }
        return matches
    }

    /// The slugs components went by, per family: old slug → the slug it goes by now (migration
    /// 0021; a knowledge base read before it is migrated has none).
    package static func renames(_ db: Database) throws -> [Family: [String: String]] {
        guard try db.hasTable("component_renames") else { return [:] }
        var out: [Family: [String: String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT family, slug, now_slug FROM component_renames") {
            guard let family = Family(rawValue: row["family"]) else { continue }
            out[family, default: [:]][row["slug"]] = row["now_slug"] as String
        }
        return out
    }

    /// The family a platform, framework or screen-reader word implies (`ios`, `swiftui`,
    /// `talkback` native; `web`, `nvda` web), from the name's words or `context`, and the name
    /// without those words. No family when the words imply both or none.
    package static func impliedFamily(_ text: String, context: [String] = []) -> (rest: String, family: Family?) {
        var families = Set<Family>()
        var rest: [Substring] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }) {
            if let family = family(of: String(word)) { families.insert(family) } else { rest.append(word) }
        }
        for word in context { if let family = family(of: word) { families.insert(family) } }
        return (rest.isEmpty ? text : rest.joined(separator: " "), families.count == 1 ? families.first : nil)
    }

    private static func family(of word: String) -> Family? {
        let folded = word.lowercased()
        if let platform = PlainLanguage.platformWords[folded] { return platform.platform.family }
        if let platform = PlainLanguage.frameworkPlatforms[folded] { return platform.family }
        return nil
    }

    /// Up to `limit` slugs nearest to `query`: those containing it or contained in it first, then
    /// by edit distance (to the whole slug or its start), keeping only those reasonably near; none
    /// when none is (an unrelated name offered as "closest" sends the user astray: DESIGN.md).
    package static func closest(_ query: String, among slugs: [String], limit: Int = 3) -> [String] {
        let scored = slugs.map { slug -> (slug: String, score: Int) in
            // A slug the user typed the start of ("tabel-row" for table-row-button) is near too.
            let distance = min(editDistance(query, slug), editDistance(query, String(slug.prefix(query.count))) + 1)
            let containment = !query.isEmpty && (slug.contains(query) || query.contains(slug))
            return (slug, containment ? min(distance, 1) : distance)
        }
        let threshold = max(3, query.count / 2)
        let near = scored.filter { $0.score <= threshold }.sorted { ($0.score, $0.slug) < ($1.score, $1.slug) }
        return Array(near.prefix(limit).map(\.slug))
    }

    /// Levenshtein distance over characters, a swap of two neighbours counted as one edit (the
    /// typo people make most). Slug suggestions and search's "did you mean" both use it.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
