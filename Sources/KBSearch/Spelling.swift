import GRDB
import KBModel

/// A misspelt word searched as the one word the component index holds that it was meant to be
/// (issue 33): `chekbox` as checkbox, `pasword` as password. A plain-language reading asks it for
/// each word no component holds; the correction is said in every format (`SearchReading.corrections`).
///
/// A correction is made only when one spelling is clearly nearest: the index's words within a few
/// typing slips (a letter left out, added, swapped with its neighbour or replaced), where a slip
/// people make without noticing costs less than any other (a doubled or undoubled letter, a key
/// next to the one meant on a QWERTY keyboard). When two words are as near, nothing is corrected
/// and the listing's "did you mean" names them.
enum Spelling {
    /// The index's word `word` was meant to be; nil when the index holds the word itself, when
    /// the word is too short to tell or holds anything but letters, or when no single word is
    /// clearly nearest.
    static func correction(_ db: Database, of word: String, words: WordForms) throws -> String? {
        let letters = Array(word)
        guard letters.count >= 4, letters.allSatisfy({ $0.isLetter && $0.isASCII }) else { return nil }
        // Held in this or another form (`materials` for `material`): not a misspelling.
        if try QueryReading.matchesAny(db, words.forms(db, word)) { return nil }
        let allowed = letters.count <= 5 ? 1.0 : 2.0
        let candidates = try String.fetchAll(db.cachedStatement(sql: """
            SELECT term FROM search_component_forms WHERE length(term) BETWEEN ? AND ?
            """), arguments: [letters.count - 2, letters.count + 2])
        var scored: [(term: String, cost: Double)] = []
        for term in candidates where term.allSatisfy(\.isLetter) {
            let cost = slips(letters, Array(term))
            if cost <= allowed { scored.append((term, cost)) }
        }
        guard let best = scored.map(\.cost).min() else { return nil }
        let nearest = scored.filter { $0.cost == best }
        if nearest.count == 1 { return nearest[0].term }
        // Equally near: forms of one word (`breadcrumb`, `breadcrumbs`) are that word; else the
        // word the knowledge base says far more often, or none.
        let counts = try nearest.map { candidate in
            (candidate.term, try Int.fetchOne(db.cachedStatement(sql: "SELECT doc FROM search_component_terms WHERE term = ?"),
                                              arguments: [candidate.term]) ?? 0)
        }.sorted { $0.1 > $1.1 }
        if Set(counts.map { words.porter.words($0.0).first ?? $0.0 }).count == 1 { return counts[0].0 }
        return counts[0].1 >= 4 * max(1, counts[1].1) ? counts[0].0 : nil
    }

    /// The cost of the slips that turn `typed` into `meant`: Damerau-Levenshtein where a doubled
    /// or undoubled letter and a neighbouring key cost half an edit.
    static func slips(_ typed: [Character], _ meant: [Character]) -> Double {
        let n = typed.count, m = meant.count
        if n == 0 { return Double(m) }
        if m == 0 { return Double(n) }
        var d = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { d[i][0] = Double(i) }
        for j in 0...m { d[0][j] = Double(j) }
        for i in 1...n {
            for j in 1...m {
                let a = typed[i - 1], b = meant[j - 1]
                // A letter typed twice (`passsword`) or a doubled letter typed once (`pasword`).
                let extra = i > 1 && typed[i - 2] == a ? 0.5 : 1
                let missing = j > 1 && meant[j - 2] == b ? 0.5 : 1
                let replaced = a == b ? 0 : (neighbours(a, b) ? 0.5 : 1)
                d[i][j] = min(d[i - 1][j] + extra, d[i][j - 1] + missing, d[i - 1][j - 1] + replaced)
                if i > 1, j > 1, a == meant[j - 2], typed[i - 2] == b {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[n][m]
    }

    private static let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map(Array.init)

    /// Whether two letters are next to each other on a QWERTY keyboard (same row, or the row above
    /// or below, offset by one key at most).
    static func neighbours(_ a: Character, _ b: Character) -> Bool {
        func place(_ c: Character) -> (row: Int, column: Int)? {
            for (row, keys) in rows.enumerated() { if let column = keys.firstIndex(of: c) { return (row, column) } }
            return nil
        }
        guard let p = place(Character(a.lowercased())), let q = place(Character(b.lowercased())) else { return false }
        if p.row == q.row { return abs(p.column - q.column) == 1 }
        // Rows are staggered: a key touches the one below it and the one below and to its left.
        if abs(p.row - q.row) != 1 { return false }
        let (upper, lower) = p.row < q.row ? (p, q) : (q, p)
        return lower.column == upper.column || lower.column == upper.column - 1
    }
}
