import Foundation
import GRDB
import KBModel

/// The components-first ranking of a plain-language question (issue 23): every component that
/// holds some of the query's words competes, scored by the evidence it holds, not only those
/// holding all of them.
///
/// A component's evidence is the share of the query it covers: each word weighs its rarity (the
/// BM25 idf of the components holding it: a word most components hold says little) times where
/// the component holds it, the best place counting: the title or category (or an alias of the
/// component, vocabulary/aliases.tsv) 1, a criterion's label 0.75, the facts 0.6, only a code
/// example 0.4; a word held only through an equivalent counts 0.8 of that. A verb of speech
/// (`say`, `announce`) is held by every component with announcements. Holding every word adds
/// a little, so that it wins all else equal. bm25 over the words held (title and category above
/// the facts) then adds up to `bm25Share`, relative to the best candidate's, so that how often and
/// how densely a component says a word counts too. A platform word in the query raises its family
/// above the other (the soft filter).
///
/// Cost: a rowid-only lookup per word and column group (cheap: no bm25), the evidence in Swift,
/// then bm25 only for the candidates whose evidence can still reach the first `limit`.
enum EvidenceRanking {
    static let place = (title: 1.0, labels: 0.75, body: 0.6, code: 0.4, equivalent: 0.5)
    static let allHeldBonus = 0.05
    static let bm25Share = 0.15
    static let familyTier = 10.0
    static let titleShare = 0.25
    /// A word that names components (in a title, category or alias) is what a question is about:
    /// it weighs this much more than the other words (`modal` in `check that focus stays inside a
    /// modal`).
    static let topicFactor = 2.0
    /// Rarity saturates: a word a few components hold by chance (`stays`) should not outweigh
    /// the words a question is about.
    static let rarityCap = 1.5

    /// The share of a title's words the query holds: a query that names the whole title (`skip
    /// link` for "Skip link") is about that component more than one naming half a title.
    static func titleCovered(_ title: String, matcher: TermMatcher, plain: IndexTokenizer) -> Double {
        let tokens = plain.tokens(title)
        guard !tokens.isEmpty else { return 0 }
        let marks = matcher.find(in: title).marks
        let held = tokens.filter { token in marks.contains { $0.lowerBound <= token.start && token.end <= $0.upperBound } }.count
        let share = Double(held) / Double(tokens.count)
        return share * share
    }

    static func titles(_ db: Database, _ ids: [Int64]) throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        var titles: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, title FROM components WHERE id IN (\(ids.map(String.init).joined(separator: ",")))") {
            titles[row[0]] = row[1]
        }
        return titles
    }

    static func ranked(_ db: Database, _ read: inout QueryReading, allowed: Set<Int64>?, softFamily: Set<Family>?,
                       limit: Int, words: WordForms) throws -> [ComponentListing.Candidate] {
        let matcher = words.matcher(read.patterns)
        let count = read.full.count
        let documents = Double(try Int.fetchOne(db, sql: "SELECT count(*) FROM components") ?? 0)
        var evidence: [Int64: [Double]] = [:]
        var weights: [Double] = []
        for index in 0..<count {
            var held: [Int64: Double] = [:]
            func hold(_ ids: Set<Int64>, _ value: Double) {
                for id in ids where (held[id] ?? 0) < value { held[id] = value }
            }
            let expression = read.full[index]
            let viaEquivalent = read.full[index] != read.exact[index]
            let exactIDs = viaEquivalent ? try ComponentListing.rowids(db, read.exact[index]) : []
            for (columns, value) in [("{code}", place.code), ("{body}", place.body), ("{labels}", place.labels), ("{title category}", place.title)] {
                let ids = try ComponentListing.rowids(db, columns + " : (" + expression + ")")
                if viaEquivalent {
                    hold(ids.intersection(exactIDs), value)
                    hold(ids.subtracting(exactIDs), min(value, place.body) * place.equivalent)
                } else {
                    hold(ids, value)
                }
            }
            if !read.aliasSlugs[index].isEmpty {
                let slugs = read.aliasSlugs[index]
                hold(Set(try Int64.fetchAll(db, sql: "SELECT id FROM components WHERE slug IN (\(slugs.map { _ in "?" }.joined(separator: ",")))",
                                            arguments: StatementArguments(slugs))), place.title)
            }
            if read.speech.contains(index) {
                hold(Set(try Int64.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT component_id FROM announcements"))), place.body)
            }
            // The rarity of the word as typed (its equivalents' would make `alt` as common as `label`).
            let df = Double(viaEquivalent && !exactIDs.isEmpty ? exactIDs.count : held.count)
            let rarity = min(rarityCap, log(1 + (documents - df + 0.5) / (df + 0.5)))
            weights.append(held.values.contains(place.title) ? rarity * topicFactor : rarity)
            for (id, value) in held {
                if let allowed, !allowed.contains(id) { continue }
                evidence[id, default: Array(repeating: 0, count: count)][index] = value
            }
        }
        read.reading.notFound = read.reading.terms.indices.filter { index in !evidence.values.contains { $0[index] > 0 } }
            .map { read.reading.terms[$0].text }
        let families = try softFamily.map { try ComponentListing.familyMembers(db, $0) }
        let totalWeight = max(weights.reduce(0, +), .leastNonzeroMagnitude)

        struct Scored { var id: Int64; var key: Double; var missing: [Int] }
        var scored: [Scored] = evidence.map { id, places in
            let covered = zip(places, weights).map { $0 * $1 }.reduce(0, +) / totalWeight
            let missing = places.indices.filter { places[$0] == 0 }
            let tier = families.map { $0.contains(id) ? familyTier : 0 } ?? 0
            return Scored(id: id, key: tier + covered + (missing.isEmpty ? allHeldBonus : 0), missing: missing)
        }
        read.reading.partial = !scored.isEmpty && !scored.contains { $0.missing.isEmpty } && count > 1
        scored.sort { $0.key != $1.key ? $0.key > $1.key : $0.id < $1.id }

        // bm25 and the title's share only where they can change the first `limit`: within
        // bm25Share + titleShare of the last of them.
        let cut = scored.isEmpty ? 0 : scored[min(limit, scored.count) - 1].key - bm25Share - titleShare
        let shortlist = scored.prefix { $0.key >= cut }
        var bm25: [Int64: Double] = [:]
        let any = read.full.joined(separator: " OR ")
        if shortlist.count > 200 {
            let wanted = Set(shortlist.map(\.id))
            for row in try Row.fetchAll(db.cachedStatement(sql: ComponentListing.rankSQL), arguments: [any]) {
                let id: Int64 = row[0]
                if wanted.contains(id) { bm25[id] = row[1] }
            }
        } else {
            let one = try db.cachedStatement(sql: ComponentListing.rankSQL + " AND rowid = ?")
            for candidate in shortlist { bm25[candidate.id] = try Row.fetchOne(one, arguments: [any, candidate.id])?[1] }
        }
        let best = bm25.values.min() ?? 0
        let titles = try self.titles(db, shortlist.map(\.id))
        var ranked = Array(shortlist).map { candidate -> (Scored, Double) in
            let score = bm25[candidate.id] ?? 0
            let named = titles[candidate.id].map { titleShare * titleCovered($0, matcher: matcher, plain: words.plain) } ?? 0
            return (candidate, candidate.key + named + (best < 0 ? bm25Share * score / best : 0))
        }
        ranked.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id < $1.0.id }
        let rest = scored.dropFirst(shortlist.count).map { ($0, $0.key) }
        return (ranked + rest).map { candidate, _ in
            ComponentListing.Candidate(id: candidate.id, score: bm25[candidate.id] ?? 0, held: count - candidate.missing.count,
                                       familyMatch: families?.contains(candidate.id) ?? true, titleHeld: 0, exactHeld: 0,
                                       missing: candidate.missing)
        }
    }
}
