import Foundation
import GRDB
import KBModel
import KBStore

/// A rule a search found: an ACT or axe-core rule, with the success criteria it tests.
public struct RuleHit: Sendable, Equatable {
    public var kind: RuleKind
    public var rule: String
    public var name: String?
    public var description: String?
    /// The success criteria it tests (ACT's secondary ones left out), in numeric order.
    public var criteria: [SCNumber]
    /// axe: the ACT rules it implements; ACT: the axe rules that implement it.
    public var related: [String]
    /// How many of the query's words it holds.
    public var matched: Int
}

/// Rule search, apart from the component and fact rankings: its own index (`search_rules`,
/// migration 0011) over each rule's id, name and description, stemmed. A query's plain words (stop
/// words aside) are each looked for; rules holding more of them come first, then by bm25 (the id
/// weighs most, then the name).
package enum RuleSearch {
    /// What a search reads of the rules besides its FTS5 index, read once by a long-running
    /// reader's ranking index (`RankingIndex.rules`) instead of a statement per criterion and per
    /// rule kept (the rules' reads through the views were a question's largest part after the
    /// components' facts).
    struct Held: Sendable {
        /// Every rule `ruleSQL` lists, by id, as a hit (its `matched` set per question), or why its
        /// row cannot be read (thrown when a question keeps it, as the SQL path throws it); with
        /// what the tested rules are filtered and ordered by.
        let rules: [Int64: (hit: Result<RuleHit, any Error>, deprecated: Bool, order: [UInt8])]
        /// The rules testing each criterion (ACT's secondary ones left out).
        let testing: [String: [Int64]]
        /// The criteria the WCAG catalogue holds, by number as written.
        let catalogue: Set<String>
        /// The rules (every row `search_rules` indexes, by id in order) holding each stem, as its
        /// tokenizer reads their id, name and description, each with how often it holds it,
        /// weighted by column as the ranking weighs them (`columnWeights`): a word of one token is
        /// looked up here rather than by a statement (`"word"` over `search_rules` finds the rows
        /// holding its token), and bm25 is computed from these (`ranked`).
        let byStem: [String: [(id: Int64, frequency: Double)]]
        /// Each row's tokens, and the rows and tokens in all: what bm25 reads of the index's sizes.
        let tokens: [Int64: Int]
        let rowCount: Int
        let tokenCount: Int

        /// What it costs in memory, about (as `RankingIndex.approximateBytes` counts).
        var approximateBytes: Int {
            rules.values.reduce(0) { total, rule in
                let hit = (try? rule.hit.get()).map { hit in
                    [hit.rule, hit.name ?? "", hit.description ?? ""].reduce(0) { $0 + $1.utf8.count + 16 } + hit.related.count * 24 + hit.criteria.count * 24
                } ?? 0
                return total + hit + rule.order.count + 64
            } + testing.values.reduce(0) { $0 + $1.count * 8 + 32 } + catalogue.count * 24
                + byStem.reduce(0) { $0 + $1.key.utf8.count + $1.value.count * 16 + 48 } + tokens.count * 24
        }

        /// The ids the bm25 statement of `search` gives for `words` (sorted, as its expression
        /// lists them): the rules `v_rules` lists undeprecated holding any, by FTS5's bm25 (`BM25`,
        /// each phrase's share summed in the expression's order), computed from the counts held,
        /// and rules scoring the same by id, as SQLite returns them. Nil when a word is not one
        /// token (a phrase: asked of the statement).
        func ranked(_ words: [String], porter: IndexTokenizer) -> [Int64]? {
            var stems: [String] = []
            for word in words {
                let tokens = porter.words(word)
                guard tokens.count == 1 else { return nil }
                stems.append(tokens[0])
            }
            guard rowCount > 0 else { return [] }
            let averageTokens = Double(tokenCount) / Double(rowCount)
            var idf: [Double] = []
            var frequencies: [Int64: [Double]] = [:]
            for (phrase, stem) in stems.enumerated() {
                let holding = byStem[stem] ?? []
                idf.append(BM25.idf(rows: Double(rowCount), holding: Double(holding.count)))
                for (id, frequency) in holding where rules[id].map({ !$0.deprecated }) ?? false {
                    frequencies[id, default: [Double](repeating: 0, count: stems.count)][phrase] = frequency
                }
            }
            var scored: [(id: Int64, score: Double)] = []
            scored.reserveCapacity(frequencies.count)
            for (id, frequency) in frequencies {
                let size = Double(tokens[id] ?? 0)
                var score = 0.0
                for phrase in stems.indices {
                    score += BM25.share(idf: idf[phrase], frequency: frequency[phrase], tokens: size, averageTokens: averageTokens)
                }
                scored.append((id, -1.0 * score))
            }
            return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.id < $1.id }.map(\.id)
        }

        init(_ db: Database, porter: IndexTokenizer) throws {
            var byStem: [String: [(id: Int64, frequency: Double)]] = [:]
            var tokens: [Int64: Int] = [:]
            let weights = [RuleSearch.columnWeights.slug, RuleSearch.columnWeights.name, RuleSearch.columnWeights.description]
            for row in try Row.fetchAll(db, sql: "SELECT id, slug, name, description FROM rules ORDER BY id") {
                let id: Int64 = row[0]
                var count = 0
                for column in 1...3 {
                    for stem in porter.words(row[column] as String? ?? "") {
                        count += 1
                        if byStem[stem]?.last?.id != id { byStem[stem, default: []].append((id, 0)) }
                        byStem[stem]![byStem[stem]!.count - 1].frequency += weights[column - 1]
                    }
                }
                tokens[id] = count
            }
            self.byStem = byStem
            self.tokens = tokens
            rowCount = tokens.count
            tokenCount = tokens.values.reduce(0, +)
            var rules: [Int64: (hit: Result<RuleHit, any Error>, deprecated: Bool, order: [UInt8])] = [:]
            for row in try Row.fetchAll(db, sql: ruleSQL) {
                let order = Array((row["kind"] as String).utf8) + [0] + Array((row["rule"] as String).utf8)
                rules[row["id"]] = (Result { try RuleSearch.hit(row, matched: 0) }, row["deprecated"], order)
            }
            self.rules = rules
            var testing: [String: [Int64]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT sc, rule_id FROM rule_sc WHERE secondary = 0") {
                testing[row[0], default: []].append(row[1])
            }
            self.testing = testing
            catalogue = Set(try String.fetchAll(db, sql: "SELECT sc FROM wcag_criteria"))
        }
    }

    /// bm25's weights of `search_rules`' columns: the id weighs most, then the name.
    static let columnWeights = (slug: 4.0, name: 2.0, description: 1.0)

    /// Every rule a search may list, whole: its criteria and related rules through the views.
    static let ruleSQL = """
        SELECT r.id, r.kind, r.rule, r.name, r.description, r.deprecated,
            (SELECT group_concat(sc) FROM rule_sc WHERE rule_id = r.id AND secondary = 0) AS criteria,
            CASE r.kind WHEN 'axe' THEN (SELECT group_concat(act_rule) FROM v_rule_act WHERE axe_rule = r.rule)
                        ELSE (SELECT group_concat(axe_rule) FROM v_rule_act WHERE act_rule = r.rule) END AS related
        FROM v_rules r
        """
    static let ruleByIDSQL = ruleSQL + " WHERE r.id = ?"

    /// A row of `ruleSQL` as a hit.
    static func hit(_ row: Row, matched: Int) throws -> RuleHit {
        let split = { (text: String?) in (text ?? "").split(separator: ",").map(String.init) }
        return RuleHit(kind: try row.ruleKind(), rule: row["rule"], name: row["name"], description: row["description"],
                       criteria: try row.successCriteria("criteria").sorted(), related: split(row["related"]).sorted(), matched: matched)
    }

    /// A word without the dots and colons around it (`1.4.11.`), by bytes (ASCII marks), as
    /// Foundation's trimming of a character set would, without its cost.
    static func withoutDotsAround(_ word: Substring) -> String {
        let bytes = word.utf8
        let marks: (UInt8) -> Bool = { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }
        guard let first = bytes.firstIndex(where: { !marks($0) }), let last = bytes.lastIndex(where: { !marks($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The runs of letters and digits of `text`, lower-cased: by bytes when it is ASCII (where a
    /// letter is A-Z or a-z, a digit 0-9, and every other byte separates, as the characters do),
    /// by characters otherwise.
    static func letterRuns(_ text: String) -> [String] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        return text.utf8.split { byte in !((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) && !(byte >= 0x30 && byte <= 0x39) }
            .map { run in String(decoding: run.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self) }
    }

    /// `held`: the index a long-running reader holds, whose rules are read once (`RankingIndex.rules`); nil: by SQL.
    package static func search(_ db: Database, _ text: String, limit: Int = 5, held: RankingIndex? = nil) throws -> (hits: [RuleHit], total: Int) {
        let held = held?.rules
        // A success criterion's number (`1.4.11`) reaches the rules that test it, first (issue 33);
        // its digits are no words to look for.
        // The catalogue's numbers are ASCII digits: a text without one names none (and is not
        // split into characters to find out).
        let numbers = !text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) ? [] : text.split { $0 == " " || $0 == "," || $0 == ";" || $0 == "(" || $0 == ")" }
            .map(withoutDotsAround)
            .filter { $0.split(separator: ".").count == 3 && $0.allSatisfy { $0.isNumber || $0 == "." } }
        let criteria = try numbers.filter { number in
            try held.map { $0.catalogue.contains(number) }
                ?? Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM wcag_criteria WHERE sc = ?"), arguments: [number]) ?? false
        }
        let textWords = criteria.reduce(text) { $0.replacingOccurrences(of: $1, with: " ") }
        let words = Set(letterRuns(textWords)
            .filter { !PlainLanguage.stopWords.contains($0) && !(criteria.isEmpty ? [] : PlainLanguage.criterionWords).contains($0) })
        guard !words.isEmpty || !criteria.isEmpty else { return ([], 0) }
        var matched: [Int64: Int] = [:]
        for sc in criteria {
            for id in try held.map({ $0.testing[sc] ?? [] })
                ?? Int64.fetchAll(db.cachedStatement(sql: "SELECT rule_id FROM rule_sc WHERE sc = ? AND secondary = 0"), arguments: [sc]) {
                matched[id, default: 0] += words.count + 1
            }
        }
        let porter = try held.map { _ in try IndexTokenizer(db, .porter) }
        for word in words {
            let stems = porter?.words(word) ?? []
            for id in try held.flatMap({ held in stems.count == 1 ? (held.byStem[stems[0]] ?? []).map(\.id) : nil })
                ?? Int64.fetchAll(db.cachedStatement(sql: "SELECT rowid FROM search_rules WHERE search_rules MATCH ?"), arguments: ["\"\(word)\""]) {
                matched[id, default: 0] += 1
            }
        }
        guard !matched.isEmpty else { return ([], 0) }
        // Every rule holding a word, and every rule testing a criterion named (by its id): their
        // ids in bm25's order, then the tested ones by kind and name. Only the rules kept are read
        // whole (their criteria and related rules, through the views, were most of a question's
        // work in the MCP server when read for every rule holding a common word). Cached
        // statements: a long-running reader prepares them once.
        let query = words.sorted().map { "\"\($0)\"" }.joined(separator: " OR ")
        let tested = matched.keys.filter { id in criteria.isEmpty ? false : (matched[id] ?? 0) > words.count }
        let weights = columnWeights
        var ids = words.isEmpty ? [] : try held.flatMap { held in porter.flatMap { held.ranked(words.sorted(), porter: $0) } }
            ?? Int64.fetchAll(db.cachedStatement(sql: """
            SELECT r.id, bm25(search_rules, \(weights.slug), \(weights.name), \(weights.description)) AS rank
            FROM search_rules JOIN v_rules r ON r.id = search_rules.rowid
            WHERE search_rules MATCH ? AND r.deprecated = 0
            ORDER BY rank
            """), arguments: [query])
        let listed = Set(ids)
        let unlisted = tested.filter { !listed.contains($0) }
        if let held {
            // As the statement orders them: by kind, then rule, compared as SQLite compares text (bytes).
            ids += unlisted.compactMap { id in held.rules[id].flatMap { $0.deprecated ? nil : (id, $0.order) } }
                .sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
        } else {
            ids += try Int64.fetchAll(db.cachedStatement(sql: "SELECT r.id FROM v_rules r WHERE r.id IN (SELECT value FROM json_each(?)) AND r.deprecated = 0 ORDER BY r.kind, r.rule"),
                                      arguments: ["[" + unlisted.map(String.init).joined(separator: ",") + "]"])
        }
        // Most words first; bm25's order (the query's) within.
        let ranked = ids.enumerated().sorted { a, b in
            let (x, y) = (matched[a.element] ?? 0, matched[b.element] ?? 0)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        // A rule holding one word of several is noise beside rules that hold more.
        let best = ranked.first.map { matched[$0] ?? 0 } ?? 0
        let kept = ranked.filter { words.count <= 1 || (matched[$0] ?? 0) * 2 >= best && (matched[$0] ?? 0) > 1 || best == 1 }
        let hits = try (limit > 0 ? Array(kept.prefix(limit)) : kept).compactMap { id -> RuleHit? in
            if let held {
                guard var hit = try held.rules[id]?.hit.get() else { return nil }
                hit.matched = matched[id] ?? 0
                return hit
            }
            guard let row = try Row.fetchOne(db.cachedStatement(sql: ruleByIDSQL), arguments: [id]) else { return nil }
            return try hit(row, matched: matched[id] ?? 0)
        }
        return (hits, kept.count)
    }
}
