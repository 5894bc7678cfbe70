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
    static func reduce(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, into out: inout [UInt8]) {
        var i = from
        while i < to {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "`"):
                // A code span runs to the next run of as many backticks, kept verbatim.
                var run = 0
                while i + run < to, bytes[i + run] == b { run += 1 }
                if let close = findRun(bytes, of: b, length: run, from: i + run, to: to) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(close + run)]))
                    i = close + run
                } else {
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
                if let (labelStart, labelEnd, end) = link(bytes, at: i, to: to) {
                    reduce(bytes, labelStart, labelEnd, into: &out)
                    i = end
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
                if end - i == 1, let close = emphasisClose(bytes, openingAt: i, from: from, to: to) {
                    reduce(bytes, i + 1, close, into: &out)
                    i = close + 1
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

    /// The closing `_` of `_emphasis_` opened at `i`: the opening one follows no word and precedes
    /// a word; the closing one follows a non-space and precedes no word, with no code span between.
    static func emphasisClose(_ bytes: UnsafeBufferPointer<UInt8>, openingAt i: Int, from: Int, to: Int) -> Int? {
        guard i + 1 < to, isWordByte(bytes[i + 1]), i == from || !isWordByte(bytes[i - 1]) else { return nil }
        var j = i + 2
        while j < to {
            let c = bytes[j]
            if c == UInt8(ascii: "`") { return nil }
            if c == UInt8(ascii: "_"), bytes[j - 1] != space, bytes[j - 1] != UInt8(ascii: "_"),
               j + 1 >= to || (!isWordByte(bytes[j + 1]) && bytes[j + 1] != UInt8(ascii: "_")) {
                return j
            }
            j += 1
        }
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

    /// `[label](url)` at `start`: the label's range and the index after the closing parenthesis.
    /// The address may hold balanced parentheses of its own (`.../x_(y)`).
    static func link(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, to: Int) -> (Int, Int, Int)? {
        var depth = 0
        var i = start
        var close = -1
        while i < to {
            if bytes[i] == UInt8(ascii: "[") { depth += 1 }
            if bytes[i] == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { close = i; break }
            }
            i += 1
        }
        guard close >= 0, close + 1 < to, bytes[close + 1] == UInt8(ascii: "(") else { return nil }
        var parens = 0
        var end = close + 1
        while end < to {
            if bytes[end] == UInt8(ascii: "(") { parens += 1 }
            if bytes[end] == UInt8(ascii: ")") {
                parens -= 1
                if parens == 0 { return (start + 1, close, end + 1) }
            }
            end += 1
        }
        return nil
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
