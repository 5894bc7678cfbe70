/// Reduces inline markup to what a reader of the page sees, and repairs mojibake.
///
/// Emphasis markers go, `[text](url)` and `<a href>` become their text, HTML tags and entities go,
/// code spans stay as written (backticks included: they mark code for every renderer after us).
/// It runs on every fact of every import, so it works on UTF-8 bytes: every marker is ASCII, and
/// an ASCII byte never occurs inside a multi-byte character.
package enum TextCleaner {
    package static func clean(_ text: String) -> String {
        var text = text
        if needsMojibakeRepair(text) { text = repairMojibake(text) }
        if isClean(text) { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        text.utf8.withContiguousStorageIfAvailable { bytes in
            reduce(bytes, 0, bytes.count, into: &out)
        } ?? {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { reduce($0, 0, $0.count, into: &out) }
        }()
        return collapseWhitespace(out)
    }

    /// Nothing to reduce: no marker, no white space but single spaces between words.
    static func isClean(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isClean) ?? Array(text.utf8).withUnsafeBufferPointer(isClean)
    }

    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousSpace = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "&"),
                 UInt8(ascii: "\\"), UInt8(ascii: "!"), UInt8(ascii: "`"), 0x09, 0x0A, 0x0D, 0xC2:
                return false
            case UInt8(ascii: " "):
                if previousSpace { return false }
                previousSpace = true
            default:
                previousSpace = false
            }
        }
        return !previousSpace || bytes.isEmpty
    }

    static let space = UInt8(ascii: " ")

    /// Folds runs of white space (ASCII, and the no-break space C2 A0) to one space; trims.
    static func collapseWhitespace(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                pendingSpace = !out.isEmpty
                i += 1
                continue
            }
            if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 {
                pendingSpace = !out.isEmpty
                i += 2
                continue
            }
            if pendingSpace { out.append(space) }
            pendingSpace = false
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// Appends the reduced form of `bytes[from..<to]` to `out`.
    ///
    /// A link's label and the inside of `_emphasis_` are reduced in place, on a stack of spans
    /// rather than by recursion, and every closing marker is found without rescanning the line:
    /// a crafted line nests links a hundred thousand deep or opens as many that never close, and
    /// must cost one pass, not one per level.
    static func reduce(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, into out: inout [UInt8]) {
        var span = Span(from: from, to: to, resume: to)
        var outer: [Span] = []
        var brackets: Brackets?
        let whole = (from: from, to: to)
        var i = from
        while true {
            if i >= span.to {
                guard let enclosing = outer.popLast() else { return }
                i = span.resume
                span = enclosing
                continue
            }
            let from = span.from, to = span.to
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "`"):
                // A code span runs to the next run of as many backticks, kept verbatim.
                var run = 0
                while i + run < to, bytes[i + run] == b { run += 1 }
                if !span.unmatchedRuns.contains(run), let close = findRun(bytes, of: b, length: run, from: i + run, to: to) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(close + run)]))
                    i = close + run
                } else {
                    // No later run of this length closes one either.
                    if !span.unmatchedRuns.contains(run) { span.unmatchedRuns.append(run) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + run)]))
                    i += run
                }
                continue
            case UInt8(ascii: "\\"):
                if i + 1 < to, let escaped = Optional(bytes[i + 1]), "\\`*_{}[]()#+-.!<>|".utf8.contains(escaped) {
                    out.append(escaped)
                    i += 2
                    continue
                }
            case UInt8(ascii: "!") where i + 1 < to && bytes[i + 1] == UInt8(ascii: "["):
                i += 1
                continue
            case UInt8(ascii: "["):
                if brackets == nil { brackets = Brackets(bytes, whole.from, whole.to) }
                if let (labelStart, labelEnd, end) = brackets?.link(bytes, at: i, to: to) {
                    outer.append(span)
                    span = Span(from: labelStart, to: labelEnd, resume: end)
                    i = labelStart
                    continue
                }
            case UInt8(ascii: "<"):
                if let end = tag(bytes, at: i, to: to) {
                    let first = i + 1 < to ? bytes[i + 1] | 0x20 : 0
                    // Line and paragraph breaks read as a space.
                    if first == UInt8(ascii: "b") || first == UInt8(ascii: "p") || first == UInt8(ascii: "l")
                        || (first == UInt8(ascii: "/") && i + 2 < to && (bytes[i + 2] | 0x20) == UInt8(ascii: "p")) {
                        out.append(space)
                    }
                    i = end
                    continue
                }
            case UInt8(ascii: "&"):
                if let (decoded, end) = entity(bytes, at: i, to: to) {
                    out.append(contentsOf: decoded.utf8)
                    i = end
                    continue
                }
            case UInt8(ascii: "*"):
                // Emphasis markers go; a lone star between spaces (`a * b`) is kept.
                var end = i
                while end < to, bytes[end] == b { end += 1 }
                let before = i > from ? bytes[i - 1] : space
                let after = end < to ? bytes[end] : space
                if !(before == space && after == space) {
                    i = end
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                i = end
                continue
            case UInt8(ascii: "_"):
                // `__bold__`, and `_emphasis_` between word boundaries; underscores inside or
                // before a word alone are identifiers (`_component`, `Type_View_Focused`).
                var end = i
                while end < to, bytes[end] == b { end += 1 }
                if end - i == 1, let close = emphasisClose(bytes, openingAt: i, from: from, to: to, known: &span.noEmphasisClose) {
                    outer.append(span)
                    span = Span(from: i + 1, to: close, resume: close + 1)
                    i += 1
                    continue
                }
                if end - i == 2 {
                    let before = i > from ? bytes[i - 1] : space
                    let after = end < to ? bytes[end] : space
                    if !isWordByte(before) || !isWordByte(after) {
                        i = end
                        continue
                    }
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                i = end
                continue
            default:
                break
            }
            out.append(b)
            i += 1
        }
    }

    /// A range being reduced, where reading resumes once it is done, and what is known of it.
    struct Span {
        var from: Int
        var to: Int
        var resume: Int
        /// Backtick run lengths that no later run of the span closes.
        var unmatchedRuns: [Int] = []
        /// Openings of `_emphasis_` searched from inside this range find no close in the span.
        var noEmphasisClose: Range<Int> = 0..<0
    }

    /// The closing `_` of `_emphasis_` opened at `i`: the opening one follows no word and precedes
    /// a word or an opening bracket (`_(a note)_`, `_[a link](...)_`, as CommonMark lets a
    /// delimiter after a space precede punctuation); the closing one follows a non-space and
    /// precedes no word, outside any code span (`_(`aria-label`)_`: the span is the emphasis's
    /// content, kept as code). A search that fails records the stretch it covered in `known`; a
    /// later opening inside it fails without a second look (`_a _a _a ...`).
    static func emphasisClose(_ bytes: UnsafeBufferPointer<UInt8>, openingAt i: Int, from: Int, to: Int,
                              known: inout Range<Int>) -> Int? {
        guard i + 1 < to, isWordByte(bytes[i + 1]) || bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "["),
              i == from || !isWordByte(bytes[i - 1]) else { return nil }
        if known.contains(i + 2) || i + 2 == known.upperBound && !known.isEmpty { return nil }
        var j = i + 2
        while j < to {
            let c = bytes[j]
            if c == UInt8(ascii: "`") {
                // A code span inside is passed over whole; an unclosed backtick ends the search.
                var run = 0
                while j + run < to, bytes[j + run] == c { run += 1 }
                guard let close = findRun(bytes, of: c, length: run, from: j + run, to: to) else { break }
                j = close + run
                continue
            }
            if c == UInt8(ascii: "_"), bytes[j - 1] != space, bytes[j - 1] != UInt8(ascii: "_"),
               j + 1 >= to || (!isWordByte(bytes[j + 1]) && bytes[j + 1] != UInt8(ascii: "_")) {
                return j
            }
            j += 1
        }
        known = (i + 2)..<max(i + 2, j)
        return nil
    }

    static func findRun(_ bytes: UnsafeBufferPointer<UInt8>, of byte: UInt8, length: Int, from: Int, to: Int) -> Int? {
        var i = from
        while i < to {
            if bytes[i] == byte {
                var run = 0
                while i + run < to, bytes[i + run] == byte { run += 1 }
                if run == length { return i }
                i += run
            } else {
                i += 1
            }
        }
        return nil
    }

    /// The closing `]` of every `[` and `)` of every `(` of a line, found in one pass, so that a
    /// link is found without scanning the rest of the line from each of its brackets.
    struct Brackets {
        let base: Int
        var close: [Int32]

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
            base = from
            close = [Int32](repeating: -1, count: to - from)
            var squares: [Int32] = []
            var rounds: [Int32] = []
            for i in from..<to {
                switch bytes[i] {
                case UInt8(ascii: "["): squares.append(Int32(i - from))
                case UInt8(ascii: "("): rounds.append(Int32(i - from))
                case UInt8(ascii: "]"): if let open = squares.popLast() { close[Int(open)] = Int32(i - from) }
                case UInt8(ascii: ")"): if let open = rounds.popLast() { close[Int(open)] = Int32(i - from) }
                default: break
                }
            }
        }

        func closing(_ i: Int) -> Int? {
            let offset = i - base
            guard offset >= 0, offset < close.count, close[offset] >= 0 else { return nil }
            return base + Int(close[offset])
        }

        /// `[label](url)` at `start`: the label's range and the index after the closing parenthesis.
        /// The address may hold balanced parentheses of its own (`.../x_(y)`).
        func link(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, to: Int) -> (Int, Int, Int)? {
            guard let label = closing(start), label + 1 < to, bytes[label + 1] == UInt8(ascii: "("),
                  let end = closing(label + 1), end < to else { return nil }
            return (start + 1, label, end + 1)
        }
    }

    /// An HTML tag at `start` (`<br>`, `</a>`, `<a href="...">`): the index after its `>`.
    static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, to: Int) -> Int? {
        var i = start + 1
        if i < to, bytes[i] == UInt8(ascii: "/") { i += 1 }
        let nameStart = i
        while i < to, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { i += 1 }
        guard i > nameStart else { return nil }
        while i < to {
            if bytes[i] == UInt8(ascii: ">") { return i + 1 }
            if bytes[i] == UInt8(ascii: "<") { return nil }
            i += 1
        }
        return nil
    }

    /// `&lt;` and `&#39;` decoded, nothing else touched (a `<pre>` block's code).
    package static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                if buffer[i] == UInt8(ascii: "&"), let (decoded, end) = entity(buffer, at: i, to: buffer.count) {
                    out.append(contentsOf: decoded.utf8)
                    i = end
                } else {
                    out.append(buffer[i])
                    i += 1
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "mdash": "—", "ndash": "–", "hellip": "…",
    ]

    static func entity(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, to: Int) -> (String, Int)? {
        var i = start + 1
        while i < to, i - start <= 10, bytes[i] != UInt8(ascii: ";") { i += 1 }
        guard i < to, bytes[i] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]), as: UTF8.self)
        if let known = entities[name] { return (known, i + 1) }
        if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
           let scalar = Unicode.Scalar(code) { return (String(Character(scalar)), i + 1) }
        if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
            return (String(Character(scalar)), i + 1)
        }
        return nil
    }

    /// `â`, `Ã`, `Â` (C3 A2, C3 83, C3 82) or `ð` (C3 B0) start every UTF-8-read-as-1252 sequence.
    static func needsMojibakeRepair(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(needsMojibakeRepair) ?? Array(text.utf8).withUnsafeBufferPointer(needsMojibakeRepair)
    }

    static func needsMojibakeRepair(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0xC3, byte == 0xA2 || byte == 0x83 || byte == 0x82 || byte == 0xB0 { return true }
            previous = byte
        }
        return false
    }

    // MARK: mojibake

    /// UTF-8 that was once decoded as Windows-1252 (`â€™` for `’`, `Ã©` for `é`) is decoded again.
    package static func repairMojibake(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value == 0xC2 || $0.value == 0xC3 || $0.value == 0xE2 || $0.value == 0xF0 }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if let lead = cp1252Byte(scalars[i]), lead >= 0xC2, lead <= 0xF4 {
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if i + length <= scalars.count {
                    var bytes = [lead]
                    for k in 1..<length {
                        guard let b = cp1252Byte(scalars[i + k]), (0x80...0xBF).contains(b) else { break }
                        bytes.append(b)
                    }
                    if bytes.count == length, let decoded = String(validating: bytes, as: UTF8.self),
                       decoded.unicodeScalars.count == 1 {
                        out.append(contentsOf: decoded.unicodeScalars)
                        i += length
                        continue
                    }
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    static let cp1252High: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    static func cp1252Byte(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value >= 0x80 && scalar.value <= 0xFF { return UInt8(scalar.value) }
        return cp1252High[scalar.value]
    }
}
