#if canImport(Glibc)
import Glibc
#endif

/// Finds a query's terms in a fact's text, token by token, with SQLite's own tokenizers: which
/// terms a fact holds (exactly or through an equivalent), and a snippet around the first match.
///
/// Bounded: a text is tokenized up to `windowBytes` at most, and a snippet spans at most
/// `snippetTokens` tokens around the first match, so a huge fact costs a fixed amount of work
/// (FTS5's snippet() compares every match with every other one: quadratic in the matches).
struct TermMatcher {
    /// One token of a pattern: a stem (as the fact index stems) or a prefix of the unstemmed word.
    enum Piece: Equatable {
        case stem(String)
        case prefix(String)
    }

    /// A sequence of tokens that must follow each other, for the query term at `term`; `equivalent`
    /// names the vocabulary word when this pattern is an equivalent rather than the word typed.
    struct Pattern: Equatable {
        var pieces: [Piece]
        var term: Int
        var equivalent: String?
    }

    /// What a text holds of the patterns. A class: what a question found in a held text is kept
    /// and read again by each stage (`find(in:)`), and a struct of four collections was copied
    /// (retained and released) each time.
    final class Found: Sendable {
        /// Query terms held as typed.
        let exact: TermSet
        /// Query terms held only through an equivalent, with the equivalent words.
        let viaEquivalent: [Int: Set<String>]
        /// Token ranges (UTF-8 byte offsets) to mark.
        let marks: [Range<Int>]
        let firstMatchToken: Int?
        let tokens: [IndexTokenizer.Token]
        /// Every term held, exactly or through an equivalent: made once, read by each stage.
        let terms: TermSet

        init(exact: TermSet = [], viaEquivalent: [Int: Set<String>] = [:], marks: [Range<Int>] = [], firstMatchToken: Int? = nil,
             tokens: [IndexTokenizer.Token] = []) {
            self.exact = exact
            self.viaEquivalent = viaEquivalent
            self.marks = marks
            self.firstMatchToken = firstMatchToken
            self.tokens = tokens
            var terms = exact
            terms.formUnion(viaEquivalent.keys)
            self.terms = terms
        }

        /// What a text that holds nothing holds.
        static let nothing = Found()
        /// `terms.isEmpty`, without making the set.
        var holdsNone: Bool { exact.isEmpty && viaEquivalent.isEmpty }
    }

    static let windowBytes = 16_384
    static let snippetTokens = 24

    let patterns: [Pattern]
    let porter: IndexTokenizer
    let plain: IndexTokenizer
    /// For each pattern, bytes that any ASCII text it matches holds (lower-cased): a stem less its
    /// last letter (porter only rewrites a word's end), a prefix. Texts without any are skipped
    /// untokenized. Nil when a pattern is not ASCII (no cheap necessary condition then).
    let needles: [[UInt8]]?
    let needsWords: Bool
    /// For each pattern of stems alone, its stems' numbers in the ranking index's `stemNumbers`
    /// (-1: a stem no text held has): matched against a held text's `stemIDs`, integer by integer.
    /// Nil for a pattern with a prefix (matched against the words), and without a held index.
    let patternIDs: [[Int32]?]
    let patternStarts: PatternStarts?
    /// The stem numbers a held text must hold for a pattern to match it: each pattern's first
    /// (one with a stem no text holds matches none). Nil when a pattern may match a held text
    /// otherwise (a prefix, matched against the words), or there is no held index.
    let heldStarts: [Int32]?
    /// Every pattern of stems alone, each matched by its numbers in a held text.
    let allNumbered: Bool
    /// The byte pairs of each needle (`BytePairs`), for a held text's check.
    let needlePairs: [BytePairs]

    /// `stemNumbers`: the held index's numbering of stems, to match the texts it holds;
    /// `heldTexts`: how many texts it holds (what is found in each is kept, `find(in:)`).
    init(patterns: [Pattern], porter: IndexTokenizer, plain: IndexTokenizer, stemNumbers: [String: Int32]? = nil, heldTexts: Int = 0) {
        memo = HeldFinds(count: heldTexts)
        self.patterns = patterns
        self.porter = porter
        self.plain = plain
        let patternIDs: [[Int32]?] = patterns.map { pattern in
            guard let stemNumbers else { return nil }
            var ids: [Int32] = []
            for piece in pattern.pieces {
                guard case .stem(let stem) = piece else { return nil }
                ids.append(stemNumbers[stem] ?? -1)
            }
            return ids
        }
        self.patternIDs = patternIDs
        patternStarts = stemNumbers.flatMap { PatternStarts(patternIDs, stemCount: $0.count) }
        var starts: [Int32]? = stemNumbers == nil ? nil : []
        for (number, pattern) in patterns.enumerated() where !pattern.pieces.isEmpty {
            guard let ids = patternIDs[number] else { starts = nil; break }
            if let first = ids.first, !ids.contains(-1) { starts?.append(first) }
        }
        heldStarts = starts
        allNumbered = zip(patterns, patternIDs).allSatisfy { $0.pieces.isEmpty || $1 != nil }
        let needles: [[UInt8]] = patterns.compactMap { pattern in
            switch pattern.pieces.first {
            case .stem(let stem): Array((stem.count > 2 ? String(stem.dropLast()) : stem).utf8)
            case .prefix(let prefix): Array(prefix.utf8)
            case nil: nil
            }
        }
        self.needles = needles.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ? needles : nil
        needlePairs = needles.map(BytePairs.init)
        needsWords = patterns.contains { $0.pieces.contains { if case .prefix = $0 { true } else { false } } }
    }

    /// False only when `utf8` cannot hold a match (ASCII text without any needle). Runs for every
    /// fact of every candidate component: it reads the bytes in place, lower-casing as it compares,
    /// and allocates nothing (a copy and a lower-cased copy per fact were a tenth of a search).
    func mayMatch(_ utf8: [UInt8]) -> Bool {
        utf8.withUnsafeBufferPointer(mayMatch)
    }

    func mayMatch(_ all: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let needles else { return true }
        let count = min(all.count, TermMatcher.windowBytes)
        for index in 0..<count where all[index] >= 0x80 { return true }
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
        for needle in needles {
            if needle.isEmpty { return true }
            guard needle.count <= count else { continue }
            let first = needle[0]
            var index = 0
            while index + needle.count <= count {
                if lower(all[index]) == first {
                    var offset = 1
                    while offset < needle.count && lower(all[index + offset]) == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
        }
        return false
    }

    func find(in text: String) -> Found {
        let utf8 = Array(text.utf8)
        guard mayMatch(utf8) else { return .nothing }
        return find(stems: porter.tokens(utf8, limit: TermMatcher.windowBytes),
                    words: needsWords ? plain.tokens(utf8, limit: TermMatcher.windowBytes) : [], stemIDs: nil)
    }

    /// The same as `find(in:)` for a text the ranking index holds tokenized (`RankingIndex`), by
    /// a matcher made with that index's `stemNumbers`. Found once per text by one matcher (one
    /// question's patterns): the facts said together of the first components and the facts of the
    /// components shown are mostly the same texts (`WordForms.matcher` gives both the same matcher).
    func find(in held: RankingIndex.Tokenized) -> Found {
        let position = held.position
        if position < memo.found.count, let found = memo.found[position] { return found.takeUnretainedValue() }
        let found = mayMatch(folded: held.folded, pairs: held.pairs)
            ? find(stems: held.stems, words: needsWords ? held.words : [], stemIDs: held.stemIDs) : .nothing
        memo.keep(found, at: position)
        return found
    }

    /// What this matcher found in each held text it was asked about (`find(in:)`), by the text's
    /// position in the index: a buffer, not a dictionary (hashing each lookup cost a tenth of
    /// it) nor an array (a class's array is checked for exclusive access at each read and write),
    /// of references it releases itself (destroying thousands of optional references one by one
    /// cost as much as the finding). Only the places filled are gone through again: a question
    /// asks about a few hundred of the index's thousands of texts.
    private final class HeldFinds {
        let found: UnsafeMutableBufferPointer<Unmanaged<Found>?>
        private var filled: [Int] = []

        init(count: Int) {
            found = .allocate(capacity: count)
            // A nil reference is all zero bits: cleared at once, not place by place.
            if let base = found.baseAddress { memset(base, 0, count * MemoryLayout<Unmanaged<Found>?>.stride) }
            filled.reserveCapacity(256)
        }

        func keep(_ kept: Found, at position: Int) {
            guard position < found.count else { return }
            found[position] = .passRetained(kept)
            filled.append(position)
        }

        deinit {
            for position in filled { found[position]?.release() }
            found.deallocate()
        }
    }

    private let memo: HeldFinds

    /// `mayMatch` of a text held folded: its window lower-cased once, when ASCII (nil: not ASCII,
    /// which may match), searched for each needle with the C library's `memchr` and `memcmp`, but
    /// for a needle with a pair of bytes the text's `pairs` lack.
    func mayMatch(folded: [UInt8]?, pairs: BytePairs? = nil) -> Bool {
        guard let needles, let folded else { return true }
        return folded.withUnsafeBytes { text in
            needles.indices.contains { number in
                let needle = needles[number]
                if needle.isEmpty { return true }
                if let pairs, !pairs.holds(needlePairs[number]) { return false }
                guard needle.count <= text.count, let base = text.baseAddress else { return false }
                return needle.withUnsafeBytes { wanted in
                    var from = 0
                    while from + wanted.count <= text.count,
                          let found = memchr(base + from, Int32(wanted[0]), text.count - from - wanted.count + 1) {
                        if memcmp(found, wanted.baseAddress!, wanted.count) == 0 { return true }
                        from = base.distance(to: UnsafeRawPointer(found)) + 1
                    }
                    return false
                }
            }
        }
    }

    /// The pairs of adjacent bytes a text holds, each hashed to one of 256 bits. A needle is in a
    /// text only if each of its pairs is, so a held text lacking one is passed over without a
    /// search: most facts hold none of a question's words, and each was searched for every needle.
    struct BytePairs: Sendable {
        private var bits = SIMD4<UInt64>()

        init(_ bytes: [UInt8]) {
            for index in bytes.indices.dropFirst() {
                let hash = Int(bytes[index - 1] &* 31 &+ bytes[index])
                bits[hash >> 6] |= 1 << UInt64(hash & 63)
            }
        }

        /// Whether every pair of `other` may be here.
        func holds(_ other: BytePairs) -> Bool { other.bits & bits == other.bits }
    }

    /// A text's window as `mayMatch` reads it, lower-cased, for `mayMatch(folded:)`; nil when the
    /// window holds a byte that is not ASCII.
    static func folded(_ utf8: [UInt8]) -> [UInt8]? {
        let window = utf8.prefix(windowBytes)
        guard window.allSatisfy({ $0 < 0x80 }) else { return nil }
        return window.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    /// `stemIDs`: the stems' numbers, for a text the index holds; a pattern of stems alone is then
    /// matched by its numbers (the same tokens as by the strings: one number per stem).
    private func find(stems: [IndexTokenizer.Token], words: [IndexTokenizer.Token], stemIDs: [Int32]?) -> Found {
        // Both tokenizers split alike (porter wraps unicode61); align by start offset to be safe.
        var wordAt: [Int: String] = [:]
        if needsWords && words.count == stems.count {
            for (index, word) in words.enumerated() where word.start == stems[index].start { wordAt[index] = word.text }
        }
        if needsWords && wordAt.count != stems.count {
            let byStart = Dictionary(words.map { ($0.start, $0.text) }, uniquingKeysWith: { a, _ in a })
            for (index, stem) in stems.enumerated() { wordAt[index] = byStart[stem.start] ?? stem.text }
        }
        // Where each pattern matches, a match starting after the pattern's last one ends: in the
        // order of the patterns, then of the tokens; or, found by numbers alone, of the tokens,
        // then of the patterns. Either order marks the same (`snippet` orders the marks by where
        // they start, a stable sort, and two marks start at one token only in the patterns' order).
        var found = Marking()
        let patterns = self.patterns
        // Every pattern by its stems' numbers (a question without a prefix): marked as found, in
        // one pass, without listing the matches first.
        if let stemIDs, let starts = patternStarts, allNumbered {
            starts.forEachMatch(in: stemIDs, patternIDs, into: &found) { found, number, index in found.mark(patterns[number], at: index, stems) }
            return found.made(stems)
        }
        var matched: [(pattern: Int, at: Int)] = []
        var byNumbers = false
        if let stemIDs, let starts = patternStarts {
            byNumbers = true
            starts.forEachMatch(in: stemIDs, patternIDs, into: &matched) { matched, number, index in matched.append((number, index)) }
        }
        let numbered = matched.count
        for (number, pattern) in patterns.enumerated() where !pattern.pieces.isEmpty && !(byNumbers && patternIDs[number] != nil) {
            var index = 0
            while index + pattern.pieces.count <= stems.count {
                var matches = true
                for (offset, piece) in pattern.pieces.enumerated() {
                    let token = index + offset
                    switch piece {
                    case .stem(let stem): matches = stems[token].text == stem
                    case .prefix(let prefix): matches = (wordAt[token] ?? "").hasPrefix(prefix)
                    }
                    if !matches { break }
                }
                if matches {
                    matched.append((number, index))
                    index += pattern.pieces.count
                } else {
                    index += 1
                }
            }
        }
        if byNumbers && matched.count > numbered { matched.sort { ($0.pattern, $0.at) < ($1.pattern, $1.at) } }
        found.marks.reserveCapacity(matched.count)
        for (number, index) in matched { found.mark(patterns[number], at: index, stems) }
        return found.made(stems)
    }

    /// What `find` gathers of the matches, one at a time, before the `Found` it makes (a value
    /// passed in place: closures capturing its parts boxed them, each read checked at run time).
    private struct Marking {
        var exact: TermSet = []
        var viaEquivalent: [Int: Set<String>] = [:]
        var marks: [Range<Int>] = []
        var firstMatchToken: Int?

        mutating func mark(_ pattern: Pattern, at index: Int, _ stems: [IndexTokenizer.Token]) {
            // Room for a few at once: grown from one, the list was made again at each early match.
            if marks.isEmpty { marks.reserveCapacity(8) }
            if let equivalent = pattern.equivalent {
                viaEquivalent[pattern.term, default: []].insert(equivalent)
            } else {
                exact.insert(pattern.term)
            }
            marks.append(stems[index].start..<stems[index + pattern.pieces.count - 1].end)
            firstMatchToken = min(firstMatchToken ?? index, index)
        }

        func made(_ stems: [IndexTokenizer.Token]) -> Found {
            Found(exact: exact, viaEquivalent: viaEquivalent, marks: marks, firstMatchToken: firstMatchToken, tokens: stems)
        }
    }

    /// The patterns of stems alone by their first stem's number, to find them all in one pass
    /// over a held text's numbers: a bit per number says whether any pattern starts with it, so
    /// a token costs a bit test, whatever the number of patterns (a question's words and their
    /// equivalents are a dozen or more, and a text's tokens were compared with each).
    struct PatternStarts {
        private var bits: [UInt64]
        /// The first stems of the patterns, each once, and the patterns starting with each (by
        /// position in `firsts`): a question's patterns are a few dozen at most, so a token whose
        /// bit is set finds its patterns by a short scan, where a dictionary hashed every one.
        private var firsts: [Int32] = []
        private var startingWith: [[Int]] = []
        private let patternCount: Int

        /// Nil when no pattern can match a held text (none of stems alone, or each with a stem no
        /// text holds).
        init?(_ patternIDs: [[Int32]?], stemCount: Int) {
            bits = [UInt64](repeating: 0, count: stemCount / 64 + 1)
            patternCount = patternIDs.count
            for (number, ids) in patternIDs.enumerated() {
                guard let ids, let first = ids.first, !ids.contains(-1) else { continue }
                bits[Int(first) >> 6] |= 1 << UInt64(first & 63)
                if let slot = firsts.firstIndex(of: first) {
                    startingWith[slot].append(number)
                } else {
                    firsts.append(first)
                    startingWith.append([number])
                }
            }
            if firsts.isEmpty { return nil }
        }

        /// Each match (its pattern's number and its first token), as `find` makes them pattern by
        /// pattern (not overlapping the same pattern's previous match), in the order of the tokens.
        func forEachMatch<State>(in stemIDs: [Int32], _ patternIDs: [[Int32]?], into state: inout State, _ body: (inout State, Int, Int) -> Void) {
            // Where each pattern may match again: on the stack, a text at a time.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: patternCount) { free in
                free.initialize(repeating: 0)
                stemIDs.withUnsafeBufferPointer { ids in
                    for index in ids.indices {
                        let id = ids[index]
                        guard bits[Int(id) >> 6] & (1 << UInt64(id & 63)) != 0, let slot = firsts.firstIndex(of: id) else { continue }
                        for number in startingWith[slot] where index >= free[number] {
                            let wanted = patternIDs[number]!
                            guard index + wanted.count <= ids.count, (1..<wanted.count).allSatisfy({ ids[index + $0] == wanted[$0] }) else { continue }
                            body(&state, number, index)
                            free[number] = index + wanted.count
                        }
                    }
                }
            }
        }
    }

    /// The text with its matches marked; a window of `snippetTokens` tokens around the first match
    /// when the text is longer, with `…` where it was cut.
    static func snippet(_ text: String, _ found: Found) -> HighlightedText {
        let utf8 = Array(text.utf8)
        var from = 0, to = utf8.count
        if let first = found.firstMatchToken, found.tokens.count > snippetTokens || utf8.count > windowBytes {
            let start = max(0, first - snippetTokens / 4)
            let end = min(found.tokens.count, start + snippetTokens)
            from = start == 0 ? 0 : found.tokens[start].start
            to = end >= found.tokens.count && utf8.count <= windowBytes ? utf8.count : found.tokens[end - 1].end
        } else if found.firstMatchToken == nil && utf8.count > 400 {
            to = found.tokens.count > snippetTokens ? found.tokens[snippetTokens - 1].end : min(utf8.count, 400)
        }
        var parts: [HighlightedText.Part] = []
        // A part before and after each mark, and the cuts: grown one by one, the list was made
        // again at each of its first parts.
        parts.reserveCapacity(2 * found.marks.count + 3)
        if from > 0 { parts.append(.plain("…")) }
        var cursor = from
        for mark in found.marks.sorted(by: { $0.lowerBound < $1.lowerBound }) where mark.lowerBound >= cursor && mark.upperBound <= to {
            if mark.lowerBound > cursor { parts.append(.plain(string(utf8[cursor..<mark.lowerBound]))) }
            parts.append(.match(string(utf8[mark])))
            cursor = mark.upperBound
        }
        if cursor < to { parts.append(.plain(string(utf8[cursor..<to]))) }
        if to < utf8.count { parts.append(.plain("…")) }
        return HighlightedText(parts: parts)
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
