import Foundation
import GRDB

/// "Did you mean": words of the knowledge base near a word that matched nothing.
enum Suggest {
    /// Up to `limit` words the pages hold as written (the component index's words, folded only:
    /// never a stem such as `purpos`, issue 49) within a small edit distance of `word` (four
    /// letters or more), the words more components hold first.
    static func nearTerms(_ db: Database, word: String, limit: Int = 3) throws -> [String] {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let letters = String(folded.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
        // A word of three letters is one edit from too many others to name one as meant (`yes`
        // was answered "did you mean: yet?"): only longer words are corrected.
        guard letters.count >= 4, let first = letters.unicodeScalars.first,
              let next = Unicode.Scalar(first.value + 1) else { return [] }
        let maxDistance = letters.count <= 5 ? 1 : 2
        // A range of the words' index: those starting with the word's first letter.
        let candidates = try String.fetchAll(db.cachedStatement(sql: """
            SELECT term FROM search_component_forms WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?
            """), arguments: [String(first), String(next), letters.count - maxDistance, letters.count + maxDistance])
        // The nearest dozen are weighed by how many components hold them (a look-up each).
        let near = candidates.compactMap { term -> (word: String, edits: Int)? in
            let edits = ComponentLookup.editDistance(letters, term)
            return edits <= maxDistance && term != letters ? (term, edits) : nil
        }.sorted { ($0.edits, $0.word) < ($1.edits, $1.word) }.prefix(12)
        let docs = try near.map { candidate in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT doc FROM search_component_terms WHERE term = ?"), arguments: [candidate.word]) ?? 0
        }
        return zip(near, docs).map { (word: $0.word, edits: $0.edits, docs: $1) }
            .sorted { ($0.edits, -$0.docs, $0.word) < ($1.edits, -$1.docs, $1.word) }
            .prefix(limit).map(\.word)
    }
}
