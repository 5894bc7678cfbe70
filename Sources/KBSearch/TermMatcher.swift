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
    struct Pattern {
        var pieces: [Piece]
        var term: Int
        var equivalent: String?
    }

    /// What a text holds of the patterns.
    struct Found {
        /// Query terms held as typed.
        var exact: Set<Int> = []
        /// Query terms held only through an equivalent, with the equivalent words.
        var viaEquivalent: [Int: Set<String>] = [:]
        /// Token ranges (UTF-8 byte offsets) to mark.
        var marks: [Range<Int>] = []
        var firstMatchToken: Int?
        var tokens: [IndexTokenizer.Token] = []

        var terms: Set<Int> { exact.union(viaEquivalent.keys) }
        /// Equivalents count for less than the words typed: exact words rank first.
        var weight: Double { Double(exact.count) + 0.6 * Double(viaEquivalent.keys.filter { !exact.contains($0) }.count) }
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

    init(patterns: [Pattern], porter: IndexTokenizer, plain: IndexTokenizer) {
        self.patterns = patterns
        self.porter = porter
        self.plain = plain
        let needles: [[UInt8]] = patterns.compactMap { pattern in
            switch pattern.pieces.first {
            case .stem(let stem): Array((stem.count > 2 ? String(stem.dropLast()) : stem).utf8)
            case .prefix(let prefix): Array(prefix.utf8)
            case nil: nil
            }
        }
        self.needles = needles.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ? needles : nil
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
        guard mayMatch(utf8) else { return Found() }
        return find(stems: porter.tokens(utf8, limit: TermMatcher.windowBytes),
                    words: needsWords ? plain.tokens(utf8, limit: TermMatcher.windowBytes) : [])
    }

    /// The same as `find(in:)` for a text the ranking index holds tokenized (`RankingIndex`).
    func find(in held: RankingIndex.Tokenized) -> Found {
        guard mayMatch(folded: held.folded) else { return Found() }
        return find(stems: held.stems, words: needsWords ? held.words : [])
    }

    /// `mayMatch` of a text held folded: its window lower-cased once, when ASCII (nil: not ASCII,
    /// which may match), searched for each needle with the C library's `memchr` and `memcmp`.
    func mayMatch(folded: [UInt8]?) -> Bool {
        guard let needles, let folded else { return true }
        return folded.withUnsafeBytes { text in
            needles.contains { needle in
                if needle.isEmpty { return true }
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

    /// A text's window as `mayMatch` reads it, lower-cased, for `mayMatch(folded:)`; nil when the
    /// window holds a byte that is not ASCII.
    static func folded(_ utf8: [UInt8]) -> [UInt8]? {
        let window = utf8.prefix(windowBytes)
        guard window.allSatisfy({ $0 < 0x80 }) else { return nil }
        return window.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    private func find(stems: [IndexTokenizer.Token], words: [IndexTokenizer.Token]) -> Found {
        // Both tokenizers split alike (porter wraps unicode61); align by start offset to be safe.
        var wordAt: [Int: String] = [:]
        if needsWords && words.count == stems.count {
            for (index, word) in words.enumerated() where word.start == stems[index].start { wordAt[index] = word.text }
        }
        if needsWords && wordAt.count != stems.count {
            let byStart = Dictionary(words.map { ($0.start, $0.text) }, uniquingKeysWith: { a, _ in a })
            for (index, stem) in stems.enumerated() { wordAt[index] = byStart[stem.start] ?? stem.text }
        }
        var found = Found(tokens: stems)
        for pattern in patterns where !pattern.pieces.isEmpty {
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
                    if let equivalent = pattern.equivalent {
                        found.viaEquivalent[pattern.term, default: []].insert(equivalent)
                    } else {
                        found.exact.insert(pattern.term)
                    }
                    found.marks.append(stems[index].start..<stems[index + pattern.pieces.count - 1].end)
                    found.firstMatchToken = min(found.firstMatchToken ?? index, index)
                    index += pattern.pieces.count
                } else {
                    index += 1
                }
            }
        }
        return found
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
