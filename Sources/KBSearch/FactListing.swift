import Foundation
import GRDB
import KBModel
import KBStore

/// The fact listing's ranking (`SearchEngine.facts`): every fact that matches, on the fact index
/// (`search_index`, one document per fact, stemmed), best first, each looked up and marked.
package enum FactListing {
    /// bm25 weight of each column of `search_index`, in the index's column order: a component's
    /// title, a criterion's label or an announcement's context, a criterion, an announcement, a
    /// guidance note, and a note nested under another (heaviest: title, criterion, announcement).
    package static let columnWeights: [(column: String, weight: Double)] = [
        ("title", 10), ("label", 3), ("criterion", 5), ("announcement", 4), ("guidance", 2), ("detail", 1),
    ]

    /// bm25 saturates: however heavy a column's weight, a short note that repeats a word comes
    /// close to a title or a criterion that says it once. So each document's weighted bm25 is
    /// also multiplied by the boost of its kind (read from its key, so ranking needs no join),
    /// which keeps titles and criteria above notes. Nested notes rank below top-level ones through
    /// their column's lower weight (`detail`).
    package static let kindBoosts = (component: 2.0, criterion: 1.5, announcement: 1.25, guidance: 1.0)

    /// FTS5's `snippet()` weighs each match against every other match of the fact, and even its
    /// `highlight()` costs 2 s a megabyte: one fact of 1 MB repeating the word took 21 s, past any
    /// time limit (SQLite's interrupt does not reach inside them). A fact longer than this is cut
    /// here instead, around the first of the query's words, which are marked in the cut: one pass.
    static let snippetBytes = 16_384

    /// The hits in rank order, each with its snippet and label marked by FTS5.
    ///
    /// FTS5 marks a fact only inside a query that matches it, so each shown fact is marked by
    /// running the match again. Where the match names whole words, one lookup per fact (`rowid =`)
    /// seeks each word's list of documents. A prefix has no list of its own: FTS5 merges the lists
    /// of every word it begins into one before it can seek, and did so again for each shown fact
    /// (1.1 ms each for `dim*` at 20,000 entries, a third of the listing's time). With a prefix,
    /// the shown facts are marked in one pass over the match instead (one per fifty facts), the
    /// merge made once.
    static func highlighted(_ db: Database, _ rows: [RankedRow], match: String, hasPrefix: Bool) throws -> [SearchHit] {
        let marks = hasPrefix ? try marksInPasses(db, rows, match: match) : try marksFactByFact(db, rows, match: match)
        return rows.enumerated().map { index, row in
            var hit = row.hit
            hit.rank = index + 1
            let marked = marks[row.key]
            if hit.text.utf8.count > snippetBytes {
                hit.snippet = HighlightedText(marked: window(hit.text, words: words(of: match)))
            } else if let marked {
                hit.snippet = HighlightedText(marked: marked.snippet ?? hit.text)
            }
            if row.labelColumn != nil, let label = marked?.label { hit.highlightedLabel = HighlightedText(marked: label) }
            return hit
        }
    }

    /// A fact's text cut and marked by `snippet()` (nil for a text `window` cuts), and its label
    /// marked by `highlight()` (nil without one).
    typealias Marks = (snippet: String?, label: String?)

    /// The snippet and label marks of each fact, one lookup per fact.
    static func marksFactByFact(_ db: Database, _ rows: [RankedRow], match: String) throws -> [Int64: Marks] {
        let marks = try db.cachedStatement(sql: """
            SELECT snippet(search_index, ?, '\(HighlightedText.open)', '\(HighlightedText.close)', '…', 32) AS snippet,
                   highlight(search_index, ?, '\(HighlightedText.open)', '\(HighlightedText.close)') AS label
            FROM search_index WHERE search_index MATCH ? AND rowid = ?
            """)
        let labelMarks = try db.cachedStatement(sql: """
            SELECT highlight(search_index, ?, '\(HighlightedText.open)', '\(HighlightedText.close)') AS label
            FROM search_index WHERE search_index MATCH ? AND rowid = ?
            """)
        var out: [Int64: Marks] = [:]
        for row in rows {
            if row.hit.text.utf8.count > snippetBytes {
                guard let column = row.labelColumn else { continue }
                out[row.key] = (nil, try String.fetchOne(labelMarks, arguments: [column, match, row.key]))
            } else if let marked = try Row.fetchOne(marks, arguments: [row.textColumn, row.labelColumn ?? row.textColumn, match, row.key]) {
                out[row.key] = (marked["snippet"], row.labelColumn == nil ? nil : marked["label"])
            }
        }
        return out
    }

    /// At most this many facts are marked in one pass: each pass walks every match, and a fact's
    /// columns are picked from a list as long as the pass's (a listing of every match, `limit`
    /// 0, would otherwise walk that list at each of its thousands of matches).
    static let factsPerPass = 50

    /// The snippet and label marks of each fact, in one pass over the match per `factsPerPass`
    /// facts (`marksInOnePass`): each fact's columns chosen by its key (`CASE rowid`), the facts picked by `+rowid
    /// IN`, which FTS5 is not offered (a constraint it took would run the match once per fact
    /// again). A fact's text longer than `snippetBytes` gets no `snippet()` (CASE evaluates only
    /// the branch it takes).
    static func marksInPasses(_ db: Database, _ rows: [RankedRow], match: String) throws -> [Int64: Marks] {
        var out: [Int64: Marks] = [:]
        for start in stride(from: 0, to: rows.count, by: factsPerPass) {
            try out.merge(marksInOnePass(db, rows[start..<min(start + factsPerPass, rows.count)], match: match)) { first, _ in first }
        }
        return out
    }

    private static func marksInOnePass(_ db: Database, _ rows: ArraySlice<RankedRow>, match: String) throws -> [Int64: Marks] {
        let keys = rows.map { String($0.key) }
        func column(_ pick: (RankedRow) -> Int?) -> String {
            "CASE rowid " + rows.map { row in "WHEN \(row.key) THEN \(pick(row).map(String.init) ?? "NULL") " }.joined() + "END"
        }
        let short = rows.filter { $0.hit.text.utf8.count <= snippetBytes }.map { String($0.key) }
        let snippet = short.isEmpty ? "NULL" : """
            CASE WHEN rowid IN (\(short.joined(separator: ", "))) THEN snippet(search_index, \(column { $0.textColumn }), \
            '\(HighlightedText.open)', '\(HighlightedText.close)', '…', 32) END
            """
        let labelled = rows.filter { $0.labelColumn != nil }.map { String($0.key) }
        let label = labelled.isEmpty ? "NULL" : """
            CASE WHEN rowid IN (\(labelled.joined(separator: ", "))) THEN highlight(search_index, \(column { $0.labelColumn }), \
            '\(HighlightedText.open)', '\(HighlightedText.close)') END
            """
        // The keys are integers from the index itself: written into the SQL, not bound, so that
        // the statement holds no placeholder per fact (and is not cached: each listing's differs).
        let sql = """
            SELECT rowid AS key, \(snippet) AS snippet, \(label) AS label
            FROM search_index WHERE search_index MATCH ? AND +rowid IN (\(keys.joined(separator: ", ")))
            """
        var out: [Int64: Marks] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: [match]) {
            out[row["key"]] = (row["snippet"], row["label"])
        }
        return out
    }

    /// The words of an FTS5 query, lower-cased: its operators and column names left out, a
    /// prefix's star dropped (a stem, `focu*`, is a prefix of every word it stands for).
    static func words(of match: String) -> [[UInt8]] {
        let operators: Set<String> = ["AND", "OR", "NOT", "NEAR"]
        let columns = Set(columnWeights.map(\.column))
        return match.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            .filter { !operators.contains($0) && !columns.contains($0) }
            .map { Array($0.lowercased().utf8) }
    }

    /// `text` cut to the stretch around the first word of `words` that starts a word of its own
    /// (as `snippet()` would show it), each such word marked, at character boundaries.
    static func window(_ text: String, words: [[UInt8]], before: Int = 120, after: Int = 400) -> String {
        let bytes = Array(text.utf8)
        func isWord(_ b: UInt8) -> Bool { b >= 0x80 || (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) }
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        /// The end of the word starting at `i` when one of `words` begins it.
        func match(at i: Int) -> Int? {
            guard i == 0 || !isWord(bytes[i - 1]) else { return nil }
            for word in words where !word.isEmpty && i + word.count <= bytes.count {
                var k = 0
                while k < word.count, lower(bytes[i + k]) == word[k] { k += 1 }
                if k == word.count {
                    var end = i + k
                    while end < bytes.count, isWord(bytes[end]) { end += 1 }
                    return end
                }
            }
            return nil
        }
        let first = bytes.indices.first { match(at: $0) != nil } ?? 0
        var start = max(0, first - before), end = min(bytes.count, first + after)
        while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        var out = start > 0 ? "…" : ""
        var i = start, plain = start
        while i < end {
            if let wordEnd = match(at: i) {
                let stop = min(wordEnd, bytes.count)
                out += String(decoding: bytes[plain..<i], as: UTF8.self) + HighlightedText.open
                    + String(decoding: bytes[i..<stop], as: UTF8.self) + HighlightedText.close
                i = stop
                plain = stop
            } else {
                i += 1
            }
        }
        end = max(end, i)
        out += String(decoding: bytes[plain..<end], as: UTF8.self)
        return out + (end < bytes.count ? "…" : "")
    }

    /// The ranking, for tests and EXPLAIN QUERY PLAN: the matching documents' keys, best first.
    ///
    /// The score needs nothing but the index: bm25 with the column weights, times the boost of the
    /// kind, which the key's tag gives. So ranking runs inside FTS5 alone, as fast as a bare FTS
    /// query; without filters on the fact tables it stops at the limit. The facts are then looked
    /// up key by key (`factSQL`), filters applied there, until the limit is reached: however
    /// common the word, only the facts shown (and those filtered out before them) are joined.
    package static func rankedSQL(_ options: SearchOptions) -> String {
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
    package static func factSQL(_ options: SearchOptions) -> String {
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

    static func arguments(_ options: SearchOptions, match: String) throws -> StatementArguments {
        var values: [String: (any DatabaseValueConvertible)?] = [:]
        if let platform = options.platform {
            values["platform"] = platform.rawValue
            values["platformFamily"] = platform.family.rawValue
        }
        if let framework = options.framework { values["framework"] = framework.rawValue }
        if let component = options.component { values["component"] = component }
        if let family = options.family { values["family"] = family.rawValue }
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

    /// The ranked documents joined to their facts until the limit: the keys come from FTS5 best
    /// first, and each is looked up (and filtered) on its own, so a common word costs only the
    /// facts shown. `total` counts every match when no filter needs the fact tables.
    static func ranked(_ db: Database, match: String, options: SearchOptions) throws -> ([RankedRow], Int?) {
        let filtered = joinFilters(options)
        var matchArguments: [String: (any DatabaseValueConvertible)?] = ["match": match]
        if let kind = options.kind { matchArguments["tag"] = kind.tag }
        var total: Int?
        if !filtered {
            total = try Int.fetchOne(try db.cachedStatement(sql: countSQL(options)), arguments: StatementArguments(matchArguments)) ?? 0
            matchArguments["limit"] = options.limit > 0 ? options.limit : -1
        }
        let keys = try Row.fetchCursor(try db.cachedStatement(sql: rankedSQL(options)), arguments: StatementArguments(matchArguments))
        let facts = try db.cachedStatement(sql: factSQL(options))
        var factArguments = try arguments(options, match: match)
        var rows: [RankedRow] = []
        var exhausted = true
        while let ranked = try keys.next() {
            if options.limit > 0 && rows.count == options.limit {
                exhausted = false
                break
            }
            _ = factArguments.append(contentsOf: ["key": ranked["key"] as Int64, "score": ranked["score"] as Double])
            guard let row = try Row.fetchOne(facts, arguments: factArguments), let hit = try rankedRow(row) else { continue }
            rows.append(hit)
        }
        // A filtered listing that stopped at the limit does not know how many more there are.
        if filtered && exhausted { total = rows.count }
        return (rows, total)
    }

    /// A joined fact row as a hit, with the index columns its text and label sit in.
    static func rankedRow(_ row: Row) throws -> RankedRow? {
        guard let fact = FactKind(tag: row["tag"]) else { return nil }
        var label: String?
        let text: String
        let textColumn: Int
        var labelColumn: Int?
        var aspect: Aspect?
        switch fact {
        case .component:
            text = row["title"]
            textColumn = 0
        case .criterion:
            text = row["expectation"]
            textColumn = 2
            label = row["label"]
            if label != nil { labelColumn = 1 }
            if let named = label.flatMap(Aspect.init(criterionLabel:)) { aspect = named }
        case .guidance:
            text = row["guidance_text"]
            textColumn = (row["parent_id"] as Int64?) == nil ? 4 : 5
            aspect = row["aspect"]
        case .announcement:
            text = row["announcement_text"]
            textColumn = 3
            label = row["context"]
            if label != nil { labelColumn = 1 }
        }
        let hit = SearchHit(
            rank: 0, score: row["score"], fact: fact, id: row["fact_id"],
            component: row["slug"], title: row["title"], family: try row.family(), category: row["category"],
            platform: try row.platform(), framework: try row.framework(), kind: row["kind"], aspect: aspect, label: label,
            text: text, snippet: HighlightedText(parts: [.plain(text)]), highlightedLabel: nil, summary: row["summary"],
            source: row["source"], line: row["line"])
        return RankedRow(key: row["key"], textColumn: textColumn, labelColumn: labelColumn, hit: hit)
    }
}
