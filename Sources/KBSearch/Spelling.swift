import GRDB
import KBModel

/// A misspelt word searched as the one word the component index holds that it was meant to be
/// (issue 33): `chekbox` as checkbox, `pasword` as password. A plain-language reading asks it for
/// each word no component holds; the correction is said in every format (`SearchReading.corrections`).
///
/// A correction is made only when one spelling is clearly nearest: the index's words within a few
/// typing slips (a letter left out, added, swapped with its neighbour or replaced), where a slip
/// people make without noticing costs less than any other (a doubled or undoubled letter, a key
/// next to the one meant on a QWERTY keyboard), and a consonant far from the one meant costs more
/// than an edit: it makes another English word more often than a slip does (`white` is no slip of
/// `while`; issue 49). When two words are as near, nothing is corrected and the listing's "did
/// you mean" names them.
enum Spelling {
    /// The index's word `word` was meant to be; nil when the index holds the word itself, when
    /// the word is too short to tell or holds anything but letters, or when no single word is
    /// clearly nearest.
    static func correction(_ db: Database, of word: String, words: WordForms) throws -> String? {
        // Lower-cased, four ASCII letters or more (as bytes: an ASCII letter's is its character's).
        let lowered = word.utf8.allSatisfy({ $0 < 0x80 }) ? word : word.lowercased()
        guard lowered.utf8.count >= 4, lowered.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7a }) else { return nil }
        let letters = lowered.utf8.map { $0 | 0x20 }
        // Held in this or another form (`materials` for `material`): not a misspelling.
        if try words.holdsAnyForm(db, word) { return nil }
        let allowed = letters.count <= 5 ? 1.0 : 2.0
        let lengths = (letters.count - 2)...(letters.count + 2)
        // Words starting with the word's first letter, or its second (the first two swapped), by
        // the index on term: a range each, not a scan of every word of a large knowledge base.
        var candidates: [Candidate] = []
        for first in letters[0] == letters[1] ? [letters[0]] : [letters[0], letters[1]] {
            // Held by a long-running reader's index: the same words, in the same order (the first
            // letter is ASCII, so the range is the words starting with its byte; SQLite's length
            // counts code points), each read into its letters once.
            if let held = words.held {
                candidates += (held.spellingCandidates[first] ?? []).filter { lengths.contains($0.length) }
                continue
            }
            candidates += try String.fetchAll(db.cachedStatement(sql: """
                SELECT term FROM search_component_forms WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?
                """), arguments: [String(UnicodeScalar(first)), String(UnicodeScalar(first + 1)), lengths.lowerBound, lengths.upperBound]).map(Candidate.init)
        }
        var scored: [(term: String, cost: Double)] = []
        let table = places
        for candidate in candidates {
            let cost: Double
            switch candidate.letters {
            case .ascii(let meant):
                cost = slips(letters, meant, limit: allowed) {
                    replacement(adjacent: adjacent($0 < 0x80 ? table[Int($0)] : nil, $1 < 0x80 ? table[Int($1)] : nil),
                                vowels: $0 < 0x80 && $1 < 0x80 && vowelTable[Int($0)] && vowelTable[Int($1)])
                }
            case .other(let meant): cost = slips(letters.map { Character(UnicodeScalar($0)) }, meant, limit: allowed)
            case nil: continue
            }
            if cost <= allowed { scored.append((candidate.term, cost)) }
        }
        guard let best = scored.map(\.cost).min() else { return nil }
        let nearest = scored.filter { $0.cost == best }
        if nearest.count == 1 { return nearest[0].term }
        // Equally near: forms of one word (`breadcrumb`, `breadcrumbs`) are that word; else the
        // word the knowledge base says far more often, or none.
        let counts = try nearest.map { candidate in
            (candidate.term, try words.held.map { $0.termDocs[candidate.term] ?? 0 }
                ?? Int.fetchOne(db.cachedStatement(sql: "SELECT doc FROM search_component_terms WHERE term = ?"), arguments: [candidate.term]) ?? 0)
        }.sorted { $0.1 > $1.1 }
        if Set(counts.map { words.porter.words($0.0).first ?? $0.0 }).count == 1 { return counts[0].0 }
        return counts[0].1 >= 4 * max(1, counts[1].1) ? counts[0].0 : nil
    }

    /// A word of the index as a spelling it may be: its letters when every character is one, as
    /// bytes when ASCII (compared as the characters would be, at a fraction of the cost), and its
    /// length in code points. Made once per word by a long-running reader's index
    /// (`RankingIndex.spellingCandidates`), per question by SQL.
    struct Candidate: Sendable {
        enum Letters: Sendable {
            case ascii([UInt8])
            case other([Character])
        }

        let term: String
        let length: Int
        /// Nil when a character is not a letter: no candidate.
        let letters: Letters?

        init(_ term: String) {
            self.term = term
            length = term.unicodeScalars.count
            if term.utf8.allSatisfy({ $0 < 0x80 }) {
                letters = term.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7a }) ? .ascii(Array(term.utf8)) : nil
            } else {
                letters = term.allSatisfy(\.isLetter) ? .other(Array(term)) : nil
            }
        }
    }

    /// The cost of the slips that turn `typed` into `meant`: Damerau-Levenshtein where a doubled
    /// or undoubled letter and a neighbouring key cost half an edit. Past `limit` it stops and
    /// answers more than it (thousands of words are tried for one misspelling).
    static func slips(_ typed: [Character], _ meant: [Character], limit: Double = .infinity) -> Double {
        slips(typed, meant, limit: limit) { a, b in
            replacement(adjacent: neighbours(a, b), vowels: vowels.contains(Character(a.lowercased())) && vowels.contains(Character(b.lowercased())))
        }
    }

    /// What replacing one letter by another costs: half an edit for a neighbouring key; an edit
    /// for one vowel for another, as people spell by ear (`accordian`); more than an edit for a
    /// consonant far from the one meant, which makes another word more often than a slip does
    /// (`white`, not a slip of `while`), so that a short word is not "corrected" by it alone.
    static func replacement(adjacent: Bool, vowels: Bool) -> Double {
        adjacent ? 0.5 : vowels ? 1 : farReplacement
    }
    static let farReplacement = 1.25
    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
    /// Whether each ASCII code is a vowel (either case), by its code: asked for every cell of
    /// thousands of tables per misspelling.
    private static let vowelTable: [Bool] = (0..<128).map { vowels.contains(Character(Character(Unicode.Scalar(UInt8($0))).lowercased())) }

    /// `slips` of letters of any kind (characters, or ASCII bytes), with what replacing one by another costs.
    @inline(__always)
    static func slips<Letter: Equatable>(_ typed: [Letter], _ meant: [Letter], limit: Double, replaced replacementCost: (Letter, Letter) -> Double) -> Double {
        let n = typed.count, m = meant.count
        if n == 0 { return Double(m) }
        if m == 0 { return Double(n) }
        if Double(abs(n - m)) * 0.5 > limit { return limit + 1 }
        // Three rows of the table, on the stack: the row before the last, the last, this one.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * (m + 1)) { rows in
            var before = rows.baseAddress!, previous = before + (m + 1), current = previous + (m + 1)
            before.initialize(repeating: 0, count: m + 1)
            for j in 0...m { (previous + j).initialize(to: Double(j)) }
            current.initialize(repeating: 0, count: m + 1)
            for i in 1...n {
                current[0] = Double(i)
                var best = current[0]
                for j in 1...m {
                    let a = typed[i - 1], b = meant[j - 1]
                    // A letter typed twice (`passsword`) or a doubled letter typed once (`pasword`).
                    let extra = i > 1 && typed[i - 2] == a ? 0.5 : 1
                    let missing = j > 1 && meant[j - 2] == b ? 0.5 : 1
                    let replaced = a == b ? 0 : replacementCost(a, b)
                    var cost = min(previous[j] + extra, current[j - 1] + missing, previous[j - 1] + replaced)
                    if i > 1, j > 1, a == meant[j - 2], typed[i - 2] == b { cost = min(cost, before[j - 2] + 1) }
                    current[j] = cost
                    best = min(best, cost)
                }
                if best > limit { return limit + 1 }
                (before, previous, current) = (previous, current, before)
            }
            return previous[m]
        }
    }

    private static let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map(Array.init)

    /// Each ASCII letter's place on the keyboard (either case), by its code: thousands of words are
    /// tried for one misspelling, and searching the rows for each letter was most of the cost.
    private static let places: [(row: Int, column: Int)?] = (0..<128).map { code in
        let letter = Character(Unicode.Scalar(UInt8(code))).lowercased()
        for (row, keys) in rows.enumerated() { if let column = keys.firstIndex(of: Character(letter)) { return (row, column) } }
        return nil
    }

    /// Whether two letters are next to each other on a QWERTY keyboard (same row, or the row above
    /// or below, offset by one key at most).
    static func neighbours(_ a: Character, _ b: Character) -> Bool {
        func place(_ c: Character) -> (row: Int, column: Int)? {
            if let code = c.asciiValue { return places[Int(code)] }
            // Not ASCII, but lower-cased it may be (the Kelvin sign is a `k`).
            let lower = Character(c.lowercased())
            return lower.asciiValue.flatMap { places[Int($0)] }
        }
        return adjacent(place(a), place(b))
    }

    @inline(__always)
    private static func adjacent(_ p: (row: Int, column: Int)?, _ q: (row: Int, column: Int)?) -> Bool {
        guard let p, let q else { return false }
        if p.row == q.row { return abs(p.column - q.column) == 1 }
        // Rows are staggered: a key touches the one below it and the one below and to its left.
        if abs(p.row - q.row) != 1 { return false }
        let (upper, lower) = p.row < q.row ? (p, q) : (q, p)
        return lower.column == upper.column || lower.column == upper.column - 1
    }
}
