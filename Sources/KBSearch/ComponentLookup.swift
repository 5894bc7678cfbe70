import GRDB
import KBModel
import KBStore

/// Finds a component by what a user types: its slug, `family/slug`, or its title; and when nothing
/// matches, names the closest slugs (by edit distance) so that the user can retype.
package enum ComponentLookup {
    /// The component's id. `query` may be `slug`, `family/slug` or a title; `family` narrows it.
    package static func resolve(_ db: Database, _ query: String, family: Family? = nil) throws -> Int64 {
        var family = family
        var text = query.trimmingCharacters(in: .whitespaces)
        if let slash = text.firstIndex(of: "/"), let named = Family(rawValue: String(text[..<slash]).lowercased()) {
            family = named
            text = String(text[text.index(after: slash)...])
        }
        let slug = Vocabulary.slugify(text)
        let candidates = try ComponentRecord.fetchAll(db, sql: "SELECT * FROM components ORDER BY family, slug")
            .filter { family == nil || $0.family == family }
        var matches = candidates.filter { $0.slug == slug }
        // A page's older address (`radio` of the Jekyll era) finds it under today's.
        if matches.isEmpty { matches = candidates.filter { $0.slug == Vocabulary.currentSlug(slug) } }
        if matches.isEmpty { matches = candidates.filter { Vocabulary.slugify($0.title) == slug } }
        if matches.count == 1 { return matches[0].id }
        if matches.count > 1 { throw QueryError.ambiguousComponent(query, candidates: matches.map { "\($0.family.rawValue)/\($0.slug)" }) }
        throw QueryError.unknownComponent(query, suggestions: closest(slug, among: Array(Set(candidates.map(\.slug))).sorted()))
    }

    /// Up to `limit` slugs nearest to `query`: those containing it or contained in it first, then
    /// by edit distance (to the whole slug or its start), keeping only those reasonably near; when
    /// none is near, the nearest anyway.
    package static func closest(_ query: String, among slugs: [String], limit: Int = 3) -> [String] {
        let scored = slugs.map { slug -> (slug: String, score: Int) in
            // A slug the user typed the start of ("tabel-row" for table-row-button) is near too.
            let distance = min(editDistance(query, slug), editDistance(query, String(slug.prefix(query.count))) + 1)
            let containment = !query.isEmpty && (slug.contains(query) || query.contains(slug))
            return (slug, containment ? min(distance, 1) : distance)
        }
        let threshold = max(3, query.count / 2)
        let near = scored.filter { $0.score <= threshold }.sorted { ($0.score, $0.slug) < ($1.score, $1.slug) }
        let chosen = near.isEmpty ? scored.sorted { ($0.score, $0.slug) < ($1.score, $1.slug) } : near
        return Array(chosen.prefix(limit).map(\.slug))
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
