import Foundation
import GRDB

/// The kinds of fact the search index holds. The raw value is the word the CLI and JSON use; the
/// tag is the low three bits of the document's key in `search_index` (migrations/0003_search.sql).
public enum FactKind: String, CaseIterable, Sendable {
    case component, criterion, guidance, announcement

    public var tag: Int {
        switch self {
        case .component: 1
        case .criterion: 2
        case .guidance: 3
        case .announcement: 4
        }
    }

    init?(tag: Int) {
        guard let kind = FactKind.allCases.first(where: { $0.tag == tag }) else { return nil }
        self = kind
    }
}

/// Text with the words a search matched marked.
public struct HighlightedText: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case plain(String)
        case match(String)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// Marks as FTS5 is asked to write them: characters no fact holds (Unicode private use).
    static let open = "\u{E000}", close = "\u{E001}"

    /// Reads text marked with `open` and `close`.
    init(marked: String) {
        var parts: [Part] = []
        var rest = Substring(marked)
        while let start = rest.range(of: HighlightedText.open) {
            if start.lowerBound > rest.startIndex { parts.append(.plain(String(rest[..<start.lowerBound]))) }
            let after = rest[start.upperBound...]
            if let end = after.range(of: HighlightedText.close) {
                parts.append(.match(String(after[..<end.lowerBound])))
                rest = after[end.upperBound...]
            } else {
                parts.append(.match(String(after)))
                rest = ""
            }
        }
        if !rest.isEmpty { parts.append(.plain(String(rest))) }
        self.parts = parts
    }

    public var plain: String { rendered { $0 } }

    /// Matched words in brackets: `Expresses its state (disabled/[dimmed])`.
    public var bracketed: String { rendered { "[\($0)]" } }

    public var hasMatch: Bool { parts.contains { if case .match = $0 { true } else { false } } }

    public func rendered(_ mark: (String) -> String) -> String {
        parts.map { part in
            switch part {
            case .plain(let text): text
            case .match(let text): mark(text)
            }
        }.joined()
    }
}

/// One fact a search found.
public struct SearchHit: Sendable {
    /// 1-based position in the ranked list.
    public var rank: Int
    /// The bm25 score with the column weights, times the boost of the fact's kind (lower is
    /// better, as SQLite's bm25 orders it).
    public var score: Double
    public var fact: FactKind
    /// The row's id in its table (`components`, `criteria`, `guidance`, `announcements`).
    public var id: Int64
    public var component: String
    public var title: String
    public var family: String
    /// `controls`, `notifications`, `patterns`...
    public var category: String?
    /// nil: every platform of the component's family.
    public var platform: String?
    public var framework: String?
    /// The criterion's kind: `keyboard`, `gesture`, `screenreader`, `settings`.
    public var kind: String?
    /// The guidance's aspect, or the aspect a criterion's label names (`State` → `state`).
    public var aspect: String?
    /// The criterion's label, or the announcement's context.
    public var label: String?
    /// The fact's whole text: the expectation, the note, the announcement; a component's title.
    public var text: String
    /// The part of `text` around the match, matched words marked.
    public var snippet: HighlightedText
    /// The label with matched words marked.
    public var highlightedLabel: HighlightedText?
    /// The component's summary (its first general note), to show under a component's hit.
    public var summary: String?
    public var source: String
    /// nil for a component (its title has no line of its own).
    public var line: Int?
}

/// Filters and limits of a search. Slugs as in the schema.
public struct SearchOptions: Sendable, Equatable {
    /// `ios`, `android`, `web`: facts for that platform and facts for every platform of its family.
    public var platform: String?
    /// `uikit`, `swiftui`, `android-views`, `jetpack-compose`: only facts written for it.
    public var framework: String?
    public var component: String?
    /// `native` or `web`.
    public var family: String?
    public var kind: FactKind?
    /// A guidance aspect (`state`), or a criterion's kind (`keyboard`) or label (`text-resize`).
    public var aspect: String?
    /// At most this many hits; 0 for all.
    public var limit: Int

    public static let defaultLimit = 20

    public init(platform: String? = nil, framework: String? = nil, component: String? = nil, family: String? = nil,
                kind: FactKind? = nil, aspect: String? = nil, limit: Int = SearchOptions.defaultLimit) {
        self.platform = platform
        self.framework = framework
        self.component = component
        self.family = family
        self.kind = kind
        self.aspect = aspect
        self.limit = limit
    }

    var hasFilters: Bool {
        platform != nil || framework != nil || component != nil || family != nil || kind != nil || aspect != nil
    }
}

public struct SearchResult: Sendable {
    public var query: SearchQuery
    public var options: SearchOptions
    /// The hits shown, best first (at most `options.limit`).
    public var hits: [SearchHit]
    /// Every fact that matches with the filters; nil when a filtered search stopped at its limit
    /// before it had looked at every match.
    public var total: Int?
    /// When nothing matched: near terms that are in the knowledge base.
    public var suggestions: [String] = []
    /// When nothing matched: why, if it can be said (a filter, words that never meet).
    public var hints: [String] = []

    /// The components of the hits, in the order of each one's best hit, with their hits.
    public var byComponent: [(component: String, family: String, title: String, hits: [SearchHit])] {
        var order: [String] = []
        var groups: [String: [SearchHit]] = [:]
        for hit in hits {
            let key = hit.family + "/" + hit.component
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(hit)
        }
        return order.map { key in
            let hits = groups[key]!
            return (hits[0].component, hits[0].family, hits[0].title, hits)
        }
    }
}

/// Ranked full-text search over every fact (the `search_index` FTS5 table).
public enum Search {
    /// bm25 weight of each column of `search_index`, in column order: a component's title, then a
    /// criterion, an announcement, a criterion's label or an announcement's context, a guidance
    /// note, and last a note nested under another.
    public static let columnWeights: [(column: String, weight: Double)] = [
        ("title", 10), ("label", 3), ("criterion", 5), ("announcement", 4), ("guidance", 2), ("detail", 1),
    ]

    /// bm25 saturates: however heavy a column's weight, a short note that repeats a word comes
    /// close to a title or a criterion that says it once. So each document's weighted bm25 is
    /// also multiplied by the boost of its kind (read from its key, so ranking needs no join),
    /// which keeps titles and criteria above notes. Nested notes rank below top-level ones through
    /// their column's lower weight (`detail`).
    public static let kindBoosts = (component: 2.0, criterion: 1.5, announcement: 1.25, guidance: 1.0)

    public struct InvalidFilter: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses `query` and runs it.
    public static func run(_ kb: KnowledgeBase, query: String, options: SearchOptions = SearchOptions()) throws -> SearchResult {
        try run(kb, query: SearchQuery(query), options: options)
    }

    public static func run(_ kb: KnowledgeBase, query: SearchQuery, options: SearchOptions = SearchOptions()) throws -> SearchResult {
        try kb.reader.read { db in try run(db, query: query, options: options) }
    }

    public static func run(_ db: Database, query: SearchQuery, options: SearchOptions) throws -> SearchResult {
        try validate(options, db)
        let match = query.fts5
        let (rows, total) = try ranked(db, match: match, options: options)
        var hits: [SearchHit] = []
        hits.reserveCapacity(rows.count)
        let marks = try db.cachedStatement(sql: """
            SELECT snippet(search_index, ?, '\(HighlightedText.open)', '\(HighlightedText.close)', '…', 32),
                   highlight(search_index, ?, '\(HighlightedText.open)', '\(HighlightedText.close)')
            FROM search_index WHERE search_index MATCH ? AND rowid = ?
            """)
        for (index, row) in rows.enumerated() {
            var hit = row.hit
            hit.rank = index + 1
            if let marked = try Row.fetchOne(marks, arguments: [row.textColumn, row.labelColumn ?? row.textColumn, match, row.key]) {
                let snippet: String? = marked[0]
                hit.snippet = HighlightedText(marked: snippet ?? hit.text)
                if row.labelColumn != nil, let label: String = marked[1] { hit.highlightedLabel = HighlightedText(marked: label) }
            }
            hits.append(hit)
        }
        var result = SearchResult(query: query, options: options, hits: hits, total: total)
        if hits.isEmpty { try explainNoHits(db, &result) }
        return result
    }

    /// The ranking, for tests and EXPLAIN QUERY PLAN: the matching documents' keys, best first.
    ///
    /// The score needs nothing but the index: bm25 with the column weights, times the boost of the
    /// kind, which the key's tag gives. So ranking runs inside FTS5 alone, as fast as a bare FTS
    /// query; without filters on the fact tables it stops at the limit. The facts are then looked
    /// up key by key (`factSQL`), filters applied there, until the limit is reached: however
    /// common the word, only the facts shown (and those filtered out before them) are joined.
    public static func rankedSQL(_ options: SearchOptions) -> String {
        let weights = columnWeights.map { String($0.weight) }.joined(separator: ", ")
        let b = kindBoosts
        // Ties: kind of fact first (titles, criteria, notes, announcements), then import order.
        return """
            SELECT rowid AS key, bm25(search_index, \(weights)) * CASE rowid & 7
                       WHEN 1 THEN \(b.component) WHEN 2 THEN \(b.criterion) WHEN 4 THEN \(b.announcement)
                       ELSE \(b.guidance) END AS score
            FROM search_index WHERE search_index MATCH :match\(options.kind != nil ? " AND (rowid & 7) = :tag" : "")
            ORDER BY score, key & 7, key\(joinFilters(options) ? "" : " LIMIT :limit")
            """
    }

    /// One ranked document's fact, joined to its component, platform, framework and source; no
    /// row when a filter leaves it out.
    public static func factSQL(_ options: SearchOptions) -> String {
        var filters: [String] = []
        if options.platform != nil {
            filters.append("(p.slug = :platform OR (p.id IS NULL AND c.family = :platformFamily))")
        }
        if options.framework != nil { filters.append("f.slug = :framework") }
        if options.component != nil { filters.append("c.slug = :component") }
        if options.family != nil { filters.append("c.family = :family") }
        if options.aspect != nil {
            filters.append("(g.aspect = :aspect OR cr.kind = :aspect OR lower(cr.label) = :aspectWords)")
        }
        return """
            SELECT h.key, h.score, h.key & 7 AS tag, h.key >> 3 AS fact_id,
                   c.slug, c.title, c.family, c.category, c.summary, p.slug AS platform, f.slug AS framework,
                   cr.kind, cr.label, cr.expectation, g.aspect, g.parent_id, g.text AS guidance_text,
                   a.text AS announcement_text, a.context,
                   s.path AS source, coalesce(cr.line, g.line, a.line) AS line
            FROM (SELECT :key AS key, :score AS score) h
            LEFT JOIN criteria cr ON (h.key & 7) = 2 AND cr.id = h.key >> 3
            LEFT JOIN guidance g ON (h.key & 7) = 3 AND g.id = h.key >> 3
            LEFT JOIN announcements a ON (h.key & 7) = 4 AND a.id = h.key >> 3
            JOIN components c ON c.id = coalesce(cr.component_id, g.component_id, a.component_id, h.key >> 3)
            LEFT JOIN platforms p ON p.id = coalesce(cr.platform_id, g.platform_id, a.platform_id)
            LEFT JOIN frameworks f ON f.id = g.framework_id
            JOIN sources s ON s.id = coalesce(cr.source_id, g.source_id, a.source_id, c.source_id)
            \(filters.isEmpty ? "" : "WHERE " + filters.joined(separator: " AND "))
            """
    }

    /// How many facts match when no filter needs the fact tables: FTS5 counts without scoring.
    static func countSQL(_ options: SearchOptions) -> String {
        "SELECT count(*) FROM search_index WHERE search_index MATCH :match" + (options.kind != nil ? " AND (rowid & 7) = :tag" : "")
    }

    static func joinFilters(_ options: SearchOptions) -> Bool {
        options.platform != nil || options.framework != nil || options.component != nil || options.family != nil || options.aspect != nil
    }

    static func arguments(_ options: SearchOptions, match: String) -> StatementArguments {
        var values: [String: (any DatabaseValueConvertible)?] = [:]
        if let platform = options.platform {
            values["platform"] = platform
            values["platformFamily"] = platform == "web" ? "web" : "native"
        }
        if let framework = options.framework { values["framework"] = framework }
        if let component = options.component { values["component"] = component }
        if let family = options.family { values["family"] = family }
        if let kind = options.kind { values["tag"] = kind.tag }
        if let aspect = options.aspect {
            values["aspect"] = aspect
            values["aspectWords"] = aspect.replacingOccurrences(of: "-", with: " ")
        }
        return StatementArguments(values)
    }

    struct RankedRow {
        var key: Int64
        var textColumn: Int
        var labelColumn: Int?
        var hit: SearchHit
    }

    static func ranked(_ db: Database, match: String, options: SearchOptions) throws -> ([RankedRow], Int?) {
        let filtered = joinFilters(options)
        var total: Int?
        var matchArguments: [String: (any DatabaseValueConvertible)?] = ["match": match]
        if let kind = options.kind { matchArguments["tag"] = kind.tag }
        if !filtered {
            total = try Int.fetchOne(try db.cachedStatement(sql: countSQL(options)), arguments: StatementArguments(matchArguments)) ?? 0
            matchArguments["limit"] = options.limit > 0 ? options.limit : -1
        }
        let keys = try Row.fetchCursor(try db.cachedStatement(sql: rankedSQL(options)), arguments: StatementArguments(matchArguments))
        let facts = try db.cachedStatement(sql: factSQL(options))
        var factArguments = arguments(options, match: match)
        var rows: [RankedRow] = []
        var exhausted = true
        while let ranked = try keys.next() {
            if options.limit > 0 && rows.count == options.limit {
                exhausted = false
                break
            }
            let key: Int64 = ranked[0]
            let score: Double = ranked[1]
            _ = factArguments.append(contentsOf: ["key": key, "score": score])
            guard let row = try Row.fetchOne(facts, arguments: factArguments) else { continue }
            let tag: Int = row["tag"]
            guard let fact = FactKind(tag: tag) else { continue }
            let label: String?
            let text: String
            let textColumn: Int
            var labelColumn: Int?
            var aspect: String?
            switch fact {
            case .component:
                text = row["title"]
                textColumn = 0
                label = nil
            case .criterion:
                text = row["expectation"]
                textColumn = 2
                label = row["label"]
                if label != nil { labelColumn = 1 }
                let words = label.map { Vocabulary.slugify($0) }
                if let words, Vocabulary.aspects.contains(words) { aspect = words }
            case .guidance:
                text = row["guidance_text"]
                textColumn = (row["parent_id"] as Int64?) == nil ? 4 : 5
                label = nil
                aspect = row["aspect"]
            case .announcement:
                text = row["announcement_text"]
                textColumn = 3
                label = row["context"]
                if label != nil { labelColumn = 1 }
            }
            let hit = SearchHit(
                rank: 0, score: row["score"], fact: fact, id: row["fact_id"],
                component: row["slug"], title: row["title"], family: row["family"], category: row["category"],
                platform: row["platform"], framework: row["framework"], kind: row["kind"], aspect: aspect, label: label,
                text: text, snippet: HighlightedText(parts: [.plain(text)]), highlightedLabel: nil, summary: row["summary"],
                source: row["source"], line: row["line"])
            rows.append(RankedRow(key: row["key"], textColumn: textColumn, labelColumn: labelColumn, hit: hit))
        }
        // A filtered listing that stopped at the limit does not know how many more there are.
        if filtered && exhausted { total = rows.count }
        return (rows, total)
    }

    // MARK: - Filters

    static func validate(_ options: SearchOptions, _ db: Database) throws {
        if options.limit < 0 { throw InvalidFilter(description: "--limit must be 0 (all) or more, not \(options.limit)") }
        func check(_ value: String?, _ name: String, _ known: [String]) throws {
            guard let value, !known.contains(value) else { return }
            throw InvalidFilter(description: "unknown \(name) \"\(value)\"; known: \(known.joined(separator: ", "))")
        }
        try check(options.platform, "platform", try String.fetchAll(db, sql: "SELECT slug FROM platforms ORDER BY id"))
        try check(options.framework, "framework", try String.fetchAll(db, sql: "SELECT slug FROM frameworks ORDER BY id"))
        try check(options.family, "family", ["native", "web"])
        if let component = options.component,
           try Int.fetchOne(db, sql: "SELECT 1 FROM components WHERE slug = ? LIMIT 1", arguments: [component]) == nil {
            let near = try String.fetchAll(db, sql: "SELECT DISTINCT slug FROM components ORDER BY slug")
                .map { ($0, ComponentLookup.editDistance($0, component)) }
                .filter { $0.1 <= max(2, component.count / 3) || $0.0.contains(component) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                .prefix(5).map(\.0)
            throw InvalidFilter(description: "no component \"\(component)\" in the knowledge base"
                                + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?"))
        }
        if let aspect = options.aspect {
            let known = Vocabulary.aspects + Vocabulary.criterionKinds
            let inData = try Int.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM guidance WHERE aspect = :a) OR EXISTS (SELECT 1 FROM criteria WHERE kind = :a)
                    OR EXISTS (SELECT 1 FROM criteria WHERE lower(label) = :w)
                """, arguments: ["a": aspect, "w": aspect.replacingOccurrences(of: "-", with: " ")]) == 1
            if !inData && !known.contains(aspect) {
                throw InvalidFilter(description: "unknown aspect \"\(aspect)\"; known: \(known.joined(separator: ", ")) (or a criterion label such as text-resize)")
            }
        }
    }

    // MARK: - Nothing found

    /// Says why nothing matched, when it can: the filters, words that never meet, near terms.
    static func explainNoHits(_ db: Database, _ result: inout SearchResult) throws {
        let exists = try db.cachedStatement(sql: "SELECT count(*) FROM search_index WHERE search_index MATCH ?")
        let unfiltered = try Int.fetchOne(exists, arguments: [result.query.fts5]) ?? 0
        if result.options.hasFilters && unfiltered > 0 {
            result.hints.append("\(unfiltered) fact\(unfiltered == 1 ? "" : "s") match\(unfiltered == 1 ? "es" : "") without the filters")
            return
        }
        let terms = result.query.positiveTerms
        var missing: [SearchQuery.Node] = []
        for term in terms where try (Int.fetchOne(exists, arguments: [SearchQuery.fts5(term)]) ?? 0) == 0 {
            missing.append(term)
        }
        if missing.isEmpty && terms.count > 1 {
            let each = terms.compactMap(\.termText)
            result.hints.append("each of \(each.joined(separator: ", ")) matches, but no fact holds them all; try \(each.joined(separator: " OR "))")
        }
        var seen = Set<String>()
        for term in missing {
            guard case let .word(text, prefix: false) = term else { continue }
            for suggestion in try Suggest.nearTerms(db, word: text) where seen.insert(suggestion).inserted {
                result.suggestions.append(suggestion)
            }
        }
    }
}

/// "Did you mean": terms of the index near a word that matched nothing.
enum Suggest {
    /// Up to `limit` words of the knowledge base within a small edit distance of `word`, most
    /// frequent first, as they are written in the facts (the index holds stems: `dim` for `dimmed`).
    static func nearTerms(_ db: Database, word: String, limit: Int = 3) throws -> [String] {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let letters = String(folded.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
        guard letters.count >= 3, let first = letters.unicodeScalars.first,
              let next = Unicode.Scalar(first.value + 1) else { return [] }
        let maxDistance = letters.count <= 5 ? 1 : 2
        let candidates = try Row.fetchAll(db, sql: """
            SELECT term, doc FROM search_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?
            """, arguments: [String(first), String(next), max(3, letters.count - 4), letters.count + 2])
        // The index holds stems (`dim` for `dimmed`): a stem near the start of the word is a
        // candidate too, judged below by the word it is written as.
        let likely = candidates.compactMap { row -> (term: String, edits: Int, docs: Int)? in
            let term: String = row["term"]
            var edits = ComponentLookup.editDistance(letters, term)
            if term.count < letters.count { edits = min(edits, ComponentLookup.editDistance(String(letters.prefix(term.count)), term)) }
            return edits <= maxDistance ? (term, edits, row["doc"]) : nil
        }
        .sorted { ($0.edits, -$0.docs, $0.term) < ($1.edits, -$1.docs, $1.term) }
        .prefix(12)
        var near: [(word: String, edits: Int, docs: Int)] = []
        for candidate in likely {
            let written = try surfaceForm(db, term: candidate.term, near: letters) ?? candidate.term
            let edits = min(ComponentLookup.editDistance(letters, written), ComponentLookup.editDistance(letters, candidate.term))
            guard edits <= maxDistance, written != letters, !near.contains(where: { $0.word == written }) else { continue }
            near.append((written, edits, candidate.docs))
        }
        return near.sorted { ($0.edits, -$0.docs, $0.word) < ($1.edits, -$1.docs, $1.word) }.prefix(limit).map(\.word)
    }

    /// The word written for an index term that is nearest `word`, the most frequent of those:
    /// `dim` → `dimmed`.
    static func surfaceForm(_ db: Database, term: String, near word: String) throws -> String? {
        let statement = try db.cachedStatement(sql: """
            SELECT snippet(search_index, -1, '\(HighlightedText.open)', '\(HighlightedText.close)', '', 1)
            FROM search_index WHERE search_index MATCH ? LIMIT 20
            """)
        var counts: [String: Int] = [:]
        for snippet in try String?.fetchAll(statement, arguments: [SearchQuery.quoted(term)]) {
            for case .match(let text) in HighlightedText(marked: snippet ?? "").parts {
                counts[text.lowercased(), default: 0] += 1
            }
        }
        return counts.map { (form: $0.key, edits: ComponentLookup.editDistance(word, $0.key), count: $0.value) }
            .min { ($0.edits, -$0.count, $0.form) < ($1.edits, -$1.count, $1.form) }?.form
    }
}
