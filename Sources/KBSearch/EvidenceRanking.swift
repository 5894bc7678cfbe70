import Foundation
import GRDB
import KBModel

/// The components-first ranking of a plain-language question (issue 23): every component that
/// holds some of the query's words competes, scored by the evidence it holds, not only those
/// holding all of them.
///
/// A component's evidence is the share of the query it covers: each word weighs its rarity (the
/// BM25 idf of the components holding it, capped: a word a few components hold by chance is not
/// what a question is about; doubled for a word some title, category or alias holds: that word
/// is) times where the component holds it, the best place counting: the title or category (or an
/// alias of the component, vocabulary/aliases.tsv) 1, a criterion's label 0.75, the facts 0.6,
/// only a code example 0.4; a word held only through an equivalent counts half, at most as in the
/// facts. A verb of speech (`say`, `announce`) is held by every component with announcements.
/// Holding every word adds a little, so that it wins all else equal; a query naming the whole
/// title adds up to `titleShare`. bm25 over the words (title and category above the facts) then
/// adds up to `bm25Share`, relative to the best candidate's, so that how often and how densely a
/// component says a word counts too. A platform word in the query raises its family above the
/// other (the soft filter).
///
/// Cost: a rowid-only lookup per word and column group (no bm25), the evidence in flat arrays
/// indexed by component id, then bm25 only for the candidates whose evidence can still reach the
/// first `limit`.
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

    /// The share of a title's words the query holds, squared: a query that names the whole title
    /// (`skip link` for "Skip link") is about that component more than one naming half a title
    /// ("Main landmark"). Counted from the words held in the title (`wordsHeld`), not by reading
    /// the title again: thousands of titles may hold a common word.
    static func titleCovered(_ title: String, wordsHeld: Int) -> Double {
        let words = title.split { !$0.isLetter && !$0.isNumber }.count
        guard words > 0 else { return 0 }
        let share = min(1, Double(wordsHeld) / Double(words))
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
                       limit: Int, words: WordForms) throws -> (candidates: [ComponentListing.Candidate], total: Int) {
        let count = read.full.count
        let documents = Double(try Int.fetchOne(db, sql: "SELECT count(*) FROM components") ?? 0)
        // Each component's place of each word, in one flat array indexed by the component's id
        // (ids are dense: no hashing of thousands of ids per word): `id * count + word`.
        let maxID = Int(try Int64.fetchOne(db, sql: "SELECT max(id) FROM components") ?? 0)
        var places = [Double](repeating: 0, count: (maxID + 1) * count)
        var weights: [Double] = []
        for index in 0..<count {
            let expression = "(" + read.full[index] + ")"
            let viaEquivalent = read.full[index] != read.exact[index]
            let exactIDs = viaEquivalent ? try ComponentListing.rowids(db, read.exact[index]) : []
            var df = 0
            var inTitle = false
            func put(_ id: Int64, _ at: Double, replacing: Bool = false) {
                guard id >= 0 && Int(id) <= maxID else { return }
                let value = viaEquivalent && !exactIDs.contains(id) ? min(at, place.body) * place.equivalent : at
                let slot = Int(id) * count + index
                if places[slot] == 0 { df += 1 }
                if replacing || value > places[slot] { places[slot] = value }
                if value == place.title { inTitle = true }
            }
            // Every component holding the word, in the facts unless found in a better place
            // (the title, a label) or only in code: the big set is read once, the others are small.
            for id in try Int64.fetchAll(db.cachedStatement(sql: "SELECT rowid FROM search_components WHERE search_components MATCH ?"),
                                         arguments: [expression]) { put(id, place.body) }
            for id in try ComponentListing.rowids(db, "{code} : \(expression) NOT {title category body labels} : \(expression)") {
                put(id, place.code, replacing: true)
            }
            for id in try ComponentListing.rowids(db, "{labels} : \(expression)") { put(id, place.labels) }
            for id in try ComponentListing.rowids(db, "{title category} : \(expression)") { put(id, place.title) }
            if !read.aliasSlugs[index].isEmpty {
                let slugs = read.aliasSlugs[index]
                for id in try Int64.fetchAll(db, sql: "SELECT id FROM components WHERE slug IN (\(slugs.map { _ in "?" }.joined(separator: ",")))",
                                             arguments: StatementArguments(slugs)) { put(id, place.title) }
            }
            if read.speech.contains(index) {
                for id in try Int64.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT component_id FROM announcements")) { put(id, place.body) }
            }
            // The rarity of the word as typed (its equivalents' would make `alt` as common as `label`).
            let typed = Double(viaEquivalent && !exactIDs.isEmpty ? exactIDs.count : df)
            let rarity = min(rarityCap, log(1 + (documents - typed + 0.5) / (typed + 0.5)))
            weights.append(inTitle ? rarity * topicFactor : rarity)
            if df == 0 { read.reading.notFound.append(read.reading.terms[index].text) }
        }
        var held: [Int64] = []
        for id in 0...maxID where places[(id * count)..<(id * count + count)].contains(where: { $0 > 0 }) {
            if let allowed, !allowed.contains(Int64(id)) { continue }
            held.append(Int64(id))
        }
        let families = try softFamily.map { try ComponentListing.familyMembers(db, $0) }
        let totalWeight = max(weights.reduce(0, +), .leastNonzeroMagnitude)

        struct Scored { var id: Int64; var key: Double; var held: Int }
        // The title's share, for the few components whose title holds a word.
        let titles = try self.titles(db, held.filter { places[(Int($0) * count)..<(Int($0) * count + count)].contains(place.title) })
        var scored: [Scored] = held.map { id in
            let slot = Int(id)
            var covered = 0.0
            var held = 0
            var inTitle = 0
            for index in 0..<count {
                let at = places[slot * count + index]
                if at > 0 { held += 1; covered += at * weights[index] }
                if at == place.title { inTitle += 1 }
            }
            covered /= totalWeight
            let tier = families.map { $0.contains(id) ? familyTier : 0 } ?? 0
            let named = titles[id].map { titleShare * titleCovered($0, wordsHeld: inTitle) } ?? 0
            return Scored(id: id, key: tier + covered + named + (held == count ? allHeldBonus : 0), held: held)
        }
        read.reading.partial = !scored.isEmpty && !scored.contains { $0.held == count } && count > 1
        scored.sort { $0.key != $1.key ? $0.key > $1.key : $0.id < $1.id }

        // bm25 only where it can change the first `limit`: within bm25Share of the last of them.
        let cut = scored.isEmpty ? 0 : scored[min(limit, scored.count) - 1].key - bm25Share
        let shortlist = scored.prefix { $0.key >= cut }
        var bm25: [Int64: Double] = [:]
        if shortlist.count > 200 {
            // One pass; over the components holding every word when only those are left (as
            // cheap as ranking them alone), else over those holding any.
            let expression = shortlist.allSatisfy { $0.held == count } ? read.full.joined(separator: " AND ") : read.full.joined(separator: " OR ")
            let wanted = Set(shortlist.map(\.id))
            for row in try Row.fetchAll(db.cachedStatement(sql: ComponentListing.rankSQL), arguments: [expression]) {
                let id: Int64 = row[0]
                if wanted.contains(id) { bm25[id] = row[1] }
            }
        } else {
            let any = read.full.joined(separator: " OR ")
            let one = try db.cachedStatement(sql: ComponentListing.rankSQL + " AND rowid = ?")
            for candidate in shortlist { bm25[candidate.id] = try Row.fetchOne(one, arguments: [any, candidate.id])?[1] }
        }
        let best = bm25.values.min() ?? 0
        var ranked = Array(shortlist).map { candidate -> (Scored, Double) in
            (candidate, candidate.key + (best < 0 ? bm25Share * (bm25[candidate.id] ?? 0) / best : 0))
        }
        ranked.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id < $1.0.id }
        // Only the shortlist can be shown (it holds the first `limit`); the rest is counted.
        let candidates = ranked.map { candidate, _ in
            ComponentListing.Candidate(id: candidate.id, score: bm25[candidate.id] ?? 0, held: candidate.held,
                                       familyMatch: families?.contains(candidate.id) ?? true, titleHeld: 0, exactHeld: 0,
                                       missing: (0..<count).filter { places[Int(candidate.id) * count + $0] == 0 })
        }
        return (candidates, scored.count)
    }
}
