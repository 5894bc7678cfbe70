import Foundation
import GRDB
import KBModel
import KBStore

/// The components-first listing's ranking (`SearchEngine.components`): ranks components on the component index (search_components: a component's
/// title, category and every fact, schema 0007), then shows each one's best facts with snippets.
///
/// A plain-language question of several words (or with an alias or a verb of speech) is ranked by
/// the evidence each component holds over all its words (`EvidenceRanking`). Otherwise:
/// the order of the components: first those holding more of the query's terms (a partial match
/// only when no component holds them all), then those of the platform the query names (a soft
/// filter), then those whose title or category holds more of the words as typed, then those
/// holding the words as typed before those that needed an equivalent, then bm25 with the title
/// and category weighted above the facts. Without platform words, equivalents or filters, bm25
/// ranks inside FTS5 and stops at the limit (the few components with a word in their title are
/// looked up by key).
package enum ComponentListing {
    /// bm25 weights of search_components' columns: title, category, body (every fact).
    package static let columnWeights = (title: 10.0, category: 4.0, body: 1.0, labels: 2.0, code: 0.5)
    /// The same weights in the component index's column order (title, category, body, labels,
    /// code), as a column's number indexes them (the held postings' column bits).
    static let columnWeightsInOrder = [columnWeights.title, columnWeights.category, columnWeights.body, columnWeights.labels, columnWeights.code]
    /// The code examples' column number in that order.
    static let codeColumn = 4

    static let rankSQL = """
        SELECT rowid AS id, bm25(search_components, \(columnWeights.title), \(columnWeights.category), \(columnWeights.body), \(columnWeights.labels), \(columnWeights.code)) AS score
        FROM search_components WHERE search_components MATCH ?
        """

    struct Candidate {
        var id: Int64
        var score: Double
        var held: Int
        var familyMatch: Bool
        /// Terms held by the title or category.
        var titleHeld: Int
        var exactHeld: Int
        var missing: [Int]
    }

    /// The components `read` finds, best first, up to the limit, each with its best facts.
    static func ranked(_ db: Database, _ read: inout QueryReading, options: SearchOptions, deadline: Deadline,
                       words: WordForms) throws -> ComponentSearchResult {
        let query = read.query
        var result = ComponentSearchResult(query: query, options: options, reading: read.reading, components: [], total: 0)
        guard let match = read.match else { return result }
        try deadline.check()

        let allowed = try allowedComponents(db, options)
        // A platform word raises the families whose facts hold for that platform: its own, and the
        // testing guides, which hold for every platform (issue 49: `jaws virtual cursor` reaches
        // the screen-readers guide, not only web components).
        let softFamily = read.reading.platforms.isEmpty ? nil
            : Set(Family.allCases.filter { family in read.reading.platforms.contains { family.platforms.contains($0) } })
        let hasEquivalents = read.reading.terms.contains { !$0.equivalents.isEmpty }
        let factFilters = options.platform != nil || options.framework != nil || options.kind != nil || options.aspect != nil
        let limit = options.limit > 0 ? options.limit : Int.max

        // Components whose title or category holds a term as typed: ahead of those whose facts only
        // do, whatever bm25 says (a word in most components, `tab`, has almost no weight in bm25).
        // An equivalent in a title (`header` for `heading`) is weaker evidence, left to bm25.
        var candidates: [Candidate]
        let evidence = read.reading.plain && (read.full.count > 1 || !read.speech.isEmpty || read.aliases.contains { !$0.isEmpty } || !read.reading.criteria.isEmpty
            || !read.named.isEmpty
            || read.reading.terms.contains { words.plain.words($0.text).count > 1 })
        let titled = evidence ? [:] : try titleHeld(db, read.exact)
        if evidence {
            (candidates, result.total) = try EvidenceRanking.ranked(db, &read, allowed: allowed, softFamily: softFamily,
                                                                    limit: factFilters ? Int.max : limit, words: words)
        } else if allowed == nil && softFamily == nil && !hasEquivalents && titled.count <= 256 {
            // bm25 inside FTS5, stopping at the limit; the few titled components looked up by key.
            let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM search_components WHERE search_components MATCH ?"),
                                         arguments: [match]) ?? 0
            result.total = total
            let sql = rankSQL + " ORDER BY score, rowid" + (factFilters ? "" : " LIMIT \(limit == Int.max ? -1 : limit + titled.count)")
            candidates = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [match]).map {
                Candidate(id: $0["id"], score: $0["score"], held: read.full.count, familyMatch: true, titleHeld: titled[$0["id"]] ?? 0,
                          exactHeld: 0, missing: [])
            }
            let listed = Set(candidates.map(\.id))
            for (id, count) in titled where !listed.contains(id) {
                // The score column, not the first (the rowid): read as the first, a titled component
                // past the limit was ranked by its id.
                if let row = try Row.fetchOne(db.cachedStatement(sql: rankSQL + " AND rowid = ?"), arguments: [match, id]),
                   let score = row["score"] as Double? {
                    candidates.append(Candidate(id: id, score: score, held: read.full.count, familyMatch: true, titleHeld: count, exactHeld: 0, missing: []))
                }
            }
            candidates.sort(by: order)
        } else {
            candidates = try rankAll(db, read, match: match, allowed: allowed, softFamily: softFamily, titled: titled,
                                     exactTiers: hasEquivalents)
            result.total = candidates.count
        }
        try deadline.check()

        // No component holds every term: the best partial matches, by how many terms they hold.
        if candidates.isEmpty && !evidence && read.reading.plain && read.full.count > 1 {
            candidates = try partial(db, &read, allowed: allowed, softFamily: softFamily, titled: titled)
            result.total = candidates.count
        }
        result.reading = read.reading

        let matcher = words.matcher(read.patterns)
        var shown: [ComponentMatch] = []
        var stoppedEarly = false
        for candidate in candidates {
            if shown.count == limit {
                stoppedEarly = true
                break
            }
            try deadline.check()
            guard var component = try ComponentListing.component(db, candidate, read: read, matcher: matcher, options: options) else { continue }
            component.rank = shown.count + 1
            shown.append(component)
        }
        // With filters on the facts, a component counts only when one of its facts passes them:
        // the components after the last one shown were not checked, so their number is unknown.
        if factFilters { result.total = stoppedEarly ? nil : shown.count }
        result.components = shown
        return result
    }

    /// The components a family, platform or component filter keeps; nil when none is given.
    static func allowedComponents(_ db: Database, _ options: SearchOptions) throws -> Set<Int64>? {
        var conditions: [String] = []
        var arguments: [DatabaseValueConvertible] = []
        if let family = options.family { conditions.append("family = ?"); arguments.append(family.rawValue) }
        if let platform = options.platform { conditions.append("family = ?"); arguments.append(platform.family.rawValue) }
        if let component = options.component { conditions.append("slug = ?"); arguments.append(component) }
        if conditions.isEmpty { return nil }
        return Set(try Int64.fetchAll(db, sql: "SELECT id FROM components WHERE " + conditions.joined(separator: " AND "),
                                      arguments: StatementArguments(arguments)))
    }

    /// Every component that holds all terms, in the order of the tiers.
    static func rankAll(_ db: Database, _ read: QueryReading, match: String, allowed: Set<Int64>?, softFamily: Set<Family>?,
                        titled: [Int64: Int], exactTiers: Bool) throws -> [Candidate] {
        let families = try softFamily.map { try FamilyMembers(db, $0, guidesByTitle: read.platformOutright, held: read.words?.held) }
        let exactSets = exactTiers ? try read.exact.map { try rowids(db, $0) } : []
        var candidates: [Candidate] = []
        for row in try Row.fetchAll(db.cachedStatement(sql: rankSQL), arguments: [match]) {
            let id: Int64 = row["id"]
            if let allowed, !allowed.contains(id) { continue }
            candidates.append(Candidate(id: id, score: row["score"], held: read.full.count, familyMatch: families?.contains(id) ?? true,
                                        titleHeld: titled[id] ?? 0, exactHeld: exactSets.filter { $0.contains(id) }.count, missing: []))
        }
        return candidates.sorted(by: order)
    }

    /// No component holds every term: every component holding at least one, most terms first.
    /// The terms no component holds are reported as not found.
    static func partial(_ db: Database, _ read: inout QueryReading, allowed: Set<Int64>?, softFamily: Set<Family>?,
                        titled: [Int64: Int]) throws -> [Candidate] {
        let sets = try read.full.map { try rowids(db, $0) }
        read.reading.notFound = zip(read.reading.terms, sets).filter { $0.1.isEmpty }.map(\.0.text)
        let present = read.full.indices.filter { !sets[$0].isEmpty }
        guard !present.isEmpty else { return [] }
        read.reading.partial = true
        let exactSets = try read.exact.map { try rowids(db, $0) }
        let families = try softFamily.map { try FamilyMembers(db, $0, guidesByTitle: read.platformOutright, held: read.words?.held) }
        let any = present.map { read.full[$0] }.joined(separator: " OR ")
        var candidates: [Candidate] = []
        for row in try Row.fetchAll(db.cachedStatement(sql: rankSQL), arguments: [any]) {
            let id: Int64 = row["id"]
            if let allowed, !allowed.contains(id) { continue }
            let missing = read.full.indices.filter { !sets[$0].contains(id) }
            candidates.append(Candidate(id: id, score: row["score"], held: read.full.count - missing.count,
                                        familyMatch: families?.contains(id) ?? true, titleHeld: titled[id] ?? 0,
                                        exactHeld: exactSets.filter { $0.contains(id) }.count, missing: missing))
        }
        return candidates.sorted(by: order)
    }

    static func order(_ a: Candidate, _ b: Candidate) -> Bool {
        if a.held != b.held { return a.held > b.held }
        if a.familyMatch != b.familyMatch { return a.familyMatch }
        if a.titleHeld != b.titleHeld { return a.titleHeld > b.titleHeld }
        if a.exactHeld != b.exactHeld { return a.exactHeld > b.exactHeld }
        if a.score != b.score { return a.score < b.score }
        return a.id < b.id
    }

    /// How many of the terms each component's title or category holds (only components holding one).
    static func titleHeld(_ db: Database, _ terms: [String]) throws -> [Int64: Int] {
        var held: [Int64: Int] = [:]
        for term in terms {
            for id in try rowids(db, "{title category} : (" + term + ")") { held[id, default: 0] += 1 }
        }
        return held
    }

    static func rowids(_ db: Database, _ expression: String) throws -> Set<Int64> {
        Set(try Int64.fetchAll(db.cachedStatement(sql: "SELECT rowid FROM search_components WHERE search_components MATCH ?"),
                               arguments: [expression]))
    }

    /// The components of the soft filter's families, by id: a dense array (ids are dense), whose
    /// thousands of lookups cost less than a set of thousands of ids.
    struct FamilyMembers {
        private var member: [Bool] = []

        /// `guidesByTitle`: a testing guide whose title names a family (`Native apps`) holds for
        /// that family's platforms only, when the query names a platform outright; the others,
        /// for every platform.
        init(_ db: Database, _ families: Set<Family>, guidesByTitle: Bool = false, held: RankingIndex? = nil) throws {
            // Every id of a family, through its index, stepped by hand: through a cursor, 20,000
            // ids cost 26 M instructions (and the array grew by one at each new largest id).
            let largest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM components")) ?? 0
            member = [Bool](repeating: false, count: Int(max(0, largest)) + 1)
            for family in families {
                for id in try RawColumn.int64s(db, "SELECT id FROM components WHERE family = ?", family.rawValue) where id >= 0 {
                    if Int(id) >= member.count { member += [Bool](repeating: false, count: Int(id) + 1 - member.count) }
                    member[Int(id)] = true
                }
            }
            if guidesByTitle && families.contains(.howToTest) {
                // Held by a long-running reader's index, else read now.
                let named = try held?.guideFamilies ?? Dictionary(uniqueKeysWithValues: Row.fetchAll(db.cachedStatement(sql: "SELECT id, title FROM components WHERE family = 'how-to-test'"))
                    .compactMap { row -> (Int64, Family)? in PlainLanguage.familyNamed(inTitle: row["title"]).map { (row["id"], $0) } })
                for (id, family) in named where id >= 0 && Int(id) < member.count && !families.contains(family) {
                    member[Int(id)] = false
                }
            }
        }

        func contains(_ id: Int64) -> Bool { id >= 0 && Int(id) < member.count && member[Int(id)] }
    }

    // MARK: - One component and its best facts

    static func component(_ db: Database, _ candidate: Candidate, read: QueryReading, matcher: TermMatcher,
                          options: SearchOptions) throws -> ComponentMatch? {
        // Held in memory by a long-running reader (`RankingIndex`), else read by SQL.
        let held = read.words?.held?.components[candidate.id]
        let row = try held == nil ? Row.fetchOne(db.cachedStatement(sql: componentSQL), arguments: [candidate.id]) : nil
        guard let listed = try held?.listed ?? row.map(Listed.init) else { return nil }
        let family = listed.family
        // Each fact that matches, unmarked: only the few shown are marked (`TermMatcher.snippet`),
        // once chosen, and only they copy their hit. The ranks apart, so that sorting moves
        // integers, not hits.
        var scored: [Scored] = []
        var ranks: [FactRank] = []
        // One fact, with what its text and its label hold, and its hit (made only for a fact that matches).
        func consider(_ fact: FactFields, _ text: TermMatcher.Found, label inLabel: TermMatcher.Found?, hit made: () throws -> MadeHit?) throws {
            // What the fact holds: its text's terms, with its label's (and, for an announcement, a
            // verb of speech's); the text's matches are what its snippet marks.
            var exact = text.exact
            var viaEquivalent = text.viaEquivalent
            // A question of what is said (`say`, `announce`) is answered by announcements.
            if !read.speech.isEmpty && FactKind(tag: fact.tag) == .announcement { exact.formUnion(read.speech) }
            if exact.isEmpty && viaEquivalent.isEmpty && (inLabel?.holdsNone ?? true) { return }
            guard let made = try made(), passes(made, fact, options) else { return }
            if let inLabel {
                exact.formUnion(inLabel.exact)
                if !inLabel.viaEquivalent.isEmpty { viaEquivalent.merge(inLabel.viaEquivalent) { $0.union($1) } }
            }
            guard !exact.isEmpty || !viaEquivalent.isEmpty else { return }
            // Most facts hold no equivalent: filtering an empty dictionary still made a new one.
            let onlyEquivalent = viaEquivalent.isEmpty ? viaEquivalent : viaEquivalent.filter { !exact.contains($0.key) }
            let equivalents = onlyEquivalent.isEmpty ? [] : onlyEquivalent.values.flatMap { $0 }.sorted()
            // Equivalents count for less than the words typed: exact words rank first.
            let weight = Double(exact.count) + 0.6 * Double(onlyEquivalent.count)
            // A transcript line is a fragment of what is said; a note's example says it whole.
            let boost = kindBoost(made) - (fact.origin == AnnouncementOrigin.transcript.rawValue ? 0.2 : 0)
            ranks.append(FactRank(weight: -weight * platformFactor(made, fact, read.reading), boost: -boost,
                                  length: Double(made.hit.text.utf8.count)))
            scored.append(Scored(made: made, equivalents: equivalents, exact: exact, found: text, inLabel: inLabel))
        }
        if let held {
            // Only the facts that may hold a term, and the announcements a question of what is
            // said counts: the others return from `consider` at once.
            let positions = RankingIndex.Component.positions(held.factsByStem, count: held.facts.count, matcher: matcher,
                                                             also: { !read.speech.isEmpty && held.facts[$0].fields.tag == FactKind.announcement.tag })
            scored.reserveCapacity(positions.count)
            ranks.reserveCapacity(positions.count)
            for position in positions {
                let fact = held.facts[position]
                try consider(fact.fields, matcher.find(in: fact.text), label: fact.label.map { matcher.find(in: $0) }, hit: { try fact.hit.get() })
            }
        } else {
            let facts = try Row.fetchCursor(db.cachedStatement(sql: factsSQL), arguments: [candidate.id])
            while let fact = try facts.next() {
                // The rest of the row only for a fact that matches: a component has dozens of
                // facts, most of which do not.
                try consider(FactFields(fact), matcher.find(in: fact["text"] as String), label: (fact["label"] as String?).map { matcher.find(in: $0) },
                             hit: { try hit(fact, component: row!, family: family).map(MadeHit.init) })
            }
        }
        let factFilters = options.platform != nil || options.framework != nil || options.kind != nil || options.aspect != nil
        if factFilters && scored.isEmpty { return nil }
        let ranked = scored.indices.sorted { ranks[$0].precedes(ranks[$1]) }
        let title = listed.title
        let titleFound = matcher.find(in: title)
        let names = read.reading.terms.map(\.text)
        return ComponentMatch(
            rank: 0, score: candidate.score, id: candidate.id, component: listed.slug, title: title, family: family,
            category: listed.category, summary: listed.summary,
            highlightedTitle: titleFound.marks.isEmpty ? HighlightedText(parts: [.plain(title)]) : TermMatcher.snippet(title, titleFound),
            matchedTerms: names.indices.filter { !candidate.missing.contains($0) }.map { names[$0] },
            missingTerms: candidate.missing.map { names[$0] },
            facts: varied(ranked.map { (scored[$0].exact, scored[$0].equivalents, scored[$0].made.hit.platform) }).enumerated().map { index, chosen in
                let fact = scored[ranked[chosen]]
                var hit = fact.made.hit
                hit.equivalents = fact.equivalents
                hit.snippet = TermMatcher.snippet(hit.text, fact.found)
                if let label = hit.label, let inLabel = fact.inLabel, !inLabel.marks.isEmpty { hit.highlightedLabel = TermMatcher.snippet(label, inLabel) }
                hit.rank = index + 1
                return hit
            },
            matchingFacts: scored.count, kept: held?.kept)
    }

    /// A component as the listing shows it, before a question ranks it (its own fields alone).
    static func shown(_ listed: Listed, id: Int64) -> ComponentMatch {
        ComponentMatch(rank: 0, score: 0, id: id, component: listed.slug, title: listed.title, family: listed.family, category: listed.category,
                       summary: listed.summary, highlightedTitle: HighlightedText(parts: []), matchedTerms: [], missingTerms: [], facts: [],
                       matchingFacts: 0)
    }

    /// What the listing shows of a component (a row of `componentSQL`): read by SQL, or held by
    /// the ranking index (a copied row's columns were read by name at each question).
    struct Listed: Sendable {
        let slug: String
        let title: String
        let family: Family
        let category: String?
        let summary: String?

        init(_ row: Row) throws {
            family = try row.family()
            slug = row["slug"]
            title = row["title"]
            category = row["category"]
            summary = row["summary"]
        }
    }

    /// A fact that matches, as `component` ranks it: its hit (unmarked), the equivalents it holds
    /// in place of a word as typed, the terms it holds as typed, what its text holds (its marks),
    /// and what its label holds.
    private struct Scored {
        let made: MadeHit
        let equivalents: [String]
        let exact: TermSet
        let found: TermMatcher.Found
        let inLabel: TermMatcher.Found?
    }

    /// A fact's hit as made from its row, unmarked: made once by the ranking index, or per
    /// question by SQL for a fact that matches. A class: a question ranks every fact that matches
    /// by a few of its fields, and copied whole (a dozen strings retained) at each step it cost
    /// more than the ranking; only the facts shown are copied, to be marked.
    final class MadeHit: Sendable {
        let hit: SearchHit

        init(_ hit: SearchHit) { self.hit = hit }
    }

    /// A fact's place among a component's: by weight, then kind, then length, each smallest first.
    private struct FactRank {
        let weight: Double, boost: Double, length: Double

        /// As `[weight, boost, length].lexicographicallyPrecedes` compares them.
        func precedes(_ other: FactRank) -> Bool {
            if weight < other.weight { return true }
            if other.weight < weight { return false }
            if boost < other.boost { return true }
            if other.boost < boost { return false }
            return length < other.length
        }
    }

    /// What the listing reads of a fact beside its text and label (`factsSQL`'s columns at
    /// `FactColumn`'s positions): read once per fact by SQL, held by the ranking index. A class,
    /// as `RankingIndex.Tokenized`: a question passes each held one on without copying its strings.
    final class FactFields: Sendable {
        let tag: Int
        let aspect: String?
        let screenReader: String?
        let origin: String?

        init(_ fact: Row) {
            tag = fact[FactColumn.tag]
            aspect = fact[FactColumn.aspect]
            screenReader = fact[FactColumn.screenReader]
            origin = fact[FactColumn.origin]
        }
    }

    /// The facts to show, from the best-scored list, as positions in it: the best one, then each
    /// time the best one that adds evidence not shown yet (a term, an equivalent, a platform), else
    /// the next best. So `dimmed` shows iOS's dimmed and, under it, Android's disabled.
    static func varied(_ ranked: [(exact: TermSet, equivalents: [String], platform: Platform?)]) -> [Int] {
        var chosen: [Int] = []
        // The platforms shown, a few at most: looked through, not hashed (each fact of each
        // component shown was asked about, a set's hashing most of the choice's cost).
        var terms = TermSet(), equivalents = Set<String>(), platforms: [Platform?] = []
        func adds(_ index: Int) -> Bool {
            !ranked[index].exact.isSubset(of: terms) || !ranked[index].equivalents.allSatisfy(equivalents.contains)
                || !platforms.contains(ranked[index].platform)
        }
        while chosen.count < min(SearchOptions.factsPerComponent, ranked.count) {
            let next = ranked.indices.first { !chosen.contains($0) && adds($0) } ?? ranked.indices.first { !chosen.contains($0) }!
            chosen.append(next)
            terms.formUnion(ranked[next].exact)
            equivalents.formUnion(ranked[next].equivalents)
            if !platforms.contains(ranked[next].platform) { platforms.append(ranked[next].platform) }
        }
        return chosen
    }

    /// A component as its listing shows it.
    static let componentSQL = """
        SELECT c.id, c.slug, c.title, c.family, c.category, c.summary, s.path
        FROM components c JOIN sources s ON s.id = c.source_id WHERE c.id = ?
        """

    /// Every fact of a component, each with its platform, framework and source.
    static let factsSQL = """
        SELECT 2 AS tag, cr.id, cr.kind, cr.label, cr.expectation AS text, NULL AS aspect, NULL AS parent_id,
               p.slug AS platform, NULL AS framework, NULL AS screen_reader, s.path AS source, cr.line, cr.position,
               NULL AS origin
        FROM criteria cr LEFT JOIN platforms p ON p.id = cr.platform_id JOIN sources s ON s.id = cr.source_id
        WHERE cr.component_id = ?1
        UNION ALL
        SELECT 3, g.id, NULL, NULL, g.text, g.aspect, g.parent_id, p.slug, f.slug, NULL, s.path, g.line, g.position, NULL
        FROM guidance g LEFT JOIN platforms p ON p.id = g.platform_id LEFT JOIN frameworks f ON f.id = g.framework_id
        JOIN sources s ON s.id = g.source_id
        WHERE g.component_id = ?1
        UNION ALL
        SELECT 4, a.id, NULL, a.context, a.text, NULL, NULL, p.slug, NULL, a.screen_reader, s.path, a.line, a.position, a.origin
        FROM announcements a LEFT JOIN platforms p ON p.id = a.platform_id JOIN sources s ON s.id = a.source_id
        WHERE a.component_id = ?1
        """

    /// The positions of the columns of `factsSQL` read for each fact a question considers: read
    /// by name, a row the ranking index holds (a copy) compares the name with each of its fourteen
    /// columns' names, lower-casing both, at every read (`factColumnsNamed` checks these).
    enum FactColumn {
        static let tag = 0, aspect = 5, screenReader = 9, origin = 13
    }

    /// The names `FactColumn`'s positions stand for, position by position.
    static let factColumnsNamed = [(FactColumn.tag, "tag"), (FactColumn.aspect, "aspect"), (FactColumn.screenReader, "screen_reader"),
                                   (FactColumn.origin, "origin")]

    /// A row of `factsSQL` as a hit, with its component's row.
    static func hit(_ fact: Row, component: Row, family: Family) throws -> SearchHit? {
        guard let kind = FactKind(tag: fact["tag"]) else { return nil }
        var aspect: Aspect? = fact["aspect"]
        let label: String? = fact["label"]
        if kind == .criterion, let named = label.flatMap(Aspect.init(criterionLabel:)) { aspect = named }
        return SearchHit(
            rank: 0, score: 0, fact: kind, id: fact["id"], component: component["slug"], title: component["title"], family: family,
            category: component["category"], platform: try fact.platform(), framework: try fact.framework(), kind: fact["kind"],
            aspect: aspect, label: label, text: fact["text"], snippet: HighlightedText(parts: []), highlightedLabel: nil,
            summary: component["summary"], source: fact["source"], line: fact["line"])
    }

    /// The hard filters on facts, as the fact search applies them. Of the hit made (read in place:
    /// a hit passed by value is copied whole).
    static func passes(_ made: MadeHit, _ fact: FactFields, _ options: SearchOptions) -> Bool {
        if let platform = options.platform, !(made.hit.platform == platform || (made.hit.platform == nil && made.hit.family == platform.family)) { return false }
        if let framework = options.framework, made.hit.framework != framework { return false }
        if let kind = options.kind, made.hit.fact != kind { return false }
        if let aspect = options.aspect {
            let label = (made.hit.label ?? "").lowercased()
            let guidanceAspect = made.hit.fact == .guidance ? fact.aspect : nil
            if !(guidanceAspect == aspect || made.hit.kind?.rawValue == aspect || (made.hit.fact == .criterion && label == aspect.replacingOccurrences(of: "-", with: " "))) {
                return false
            }
        }
        return true
    }

    /// The soft filter: a fact of the platform, framework or screen reader the query names counts
    /// half as much again, one for every platform as it is, one of another platform half.
    static func platformFactor(_ made: MadeHit, _ fact: FactFields, _ reading: SearchReading) -> Double {
        guard !reading.platforms.isEmpty else { return 1 }
        guard let platform = made.hit.platform else { return 1 }
        guard reading.platforms.contains(platform) else { return 0.5 }
        var factor = 1.5
        if let framework = made.hit.framework, reading.frameworks.contains(framework) { factor += 0.25 }
        if let reader = fact.screenReader, reading.screenReaders.contains(reader) { factor += 0.25 }
        return factor
    }

    /// Criteria, then announcements, then notes, then nested notes (as the fact search's boosts).
    static func kindBoost(_ made: MadeHit) -> Double {
        switch made.hit.fact {
        case .component: 2
        case .criterion: 1.5
        case .announcement: 1.25
        case .guidance: made.hit.text.isEmpty ? 0 : 1
        }
    }
}
