import Foundation
import GRDB

/// "Did you mean": terms of the index near a word that matched nothing.
enum Suggest {
    /// Up to `limit` words of the knowledge base within a small edit distance of `word` (four
    /// letters or more), most
    /// frequent first, as they are written in the facts (the index holds stems: `dim` for `dimmed`).
    static func nearTerms(_ db: Database, word: String, limit: Int = 3) throws -> [String] {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let letters = String(folded.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
        // A word of three letters is one edit from too many others to name one as meant (`yes`
        // was answered "did you mean: yet?"): only longer words are corrected.
        guard letters.count >= 4, let first = letters.unicodeScalars.first,
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
