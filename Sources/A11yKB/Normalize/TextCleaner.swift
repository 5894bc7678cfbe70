/// Reduces inline markup to what a reader of the page sees, and repairs mojibake.
///
/// Emphasis markers go, `[text](url)` and `<a href>` become their text, HTML tags and entities go,
/// code spans stay as written (backticks included: they mark code for every renderer after us).
/// Hand-written scanners, not regular expressions: this runs on every fact of every import.
public enum TextCleaner {
    public static func clean(_ text: String) -> String {
        let repaired = repairMojibake(text)
        var out = ""
        out.reserveCapacity(repaired.utf8.count)
        // Alternate prose and code spans; only prose is rewritten.
        var rest = Substring(repaired)
        while let tick = rest.firstIndex(of: "`") {
            out += reduceProse(rest[..<tick])
            let run = rest[tick...].prefix { $0 == "`" }
            let after = rest[run.endIndex...]
            if let close = after.range(of: String(run)) {
                out += run + after[..<close.lowerBound] + run
                rest = after[close.upperBound...]
            } else {
                out += run
                rest = after
            }
        }
        out += reduceProse(rest)
        return collapseWhitespace(out)
    }

    static func collapseWhitespace(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for c in text {
            if c == " " || c == "\t" || c == "\n" || c == "\r\n" || c == "\r" || c == "\u{00A0}" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(c)
            }
        }
        return out
    }

    static func reduceProse(_ text: Substring) -> String {
        guard text.contains(where: { "*_[<&\\!".contains($0) }) else { return String(text) }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            switch c {
            case "\\":
                let next = text.index(after: i)
                if next < text.endIndex, "\\`*_{}[]()#+-.!<>|".contains(text[next]) {
                    out.append(text[next])
                    i = text.index(after: next)
                    continue
                }
            case "!" where text[text.index(after: i)...].hasPrefix("["):
                i = text.index(after: i)
                continue
            case "[":
                if let (label, end) = link(text, at: i) {
                    out += reduceProse(label)
                    i = end
                    continue
                }
            case "<":
                if let end = text[i...].firstIndex(of: ">"), isTag(text[i...end]) {
                    let tag = text[text.index(after: i)..<end].lowercased()
                    if tag.hasPrefix("br") || tag.hasPrefix("p") || tag.hasPrefix("/p") || tag.hasPrefix("li") { out.append(" ") }
                    i = text.index(after: end)
                    continue
                }
            case "&":
                if let semicolon = text[i...].prefix(10).firstIndex(of: ";"),
                   let decoded = entity(String(text[text.index(after: i)..<semicolon])) {
                    out += decoded
                    i = text.index(after: semicolon)
                    continue
                }
            case "*":
                // Emphasis markers go; a lone star between spaces (`a * b`) is kept.
                let run = text[i...].prefix { $0 == "*" }
                let before = i > text.startIndex ? text[text.index(before: i)] : " "
                let after = run.endIndex < text.endIndex ? text[run.endIndex] : " "
                if !(before == " " && after == " ") {
                    i = run.endIndex
                    continue
                }
            case "_":
                // `__bold__` only: single underscores are identifiers (`_component`, `Type_View_Focused`).
                let run = text[i...].prefix { $0 == "_" }
                if run.count == 2 {
                    let before = i > text.startIndex ? text[text.index(before: i)] : " "
                    let after = run.endIndex < text.endIndex ? text[run.endIndex] : " "
                    if !before.isLetter || !after.isLetter {
                        i = run.endIndex
                        continue
                    }
                }
                out += run
                i = run.endIndex
                continue
            default:
                break
            }
            out.append(c)
            i = text.index(after: i)
        }
        return out
    }

    /// `[label](url)` at `start`: the label and the index after the closing parenthesis.
    static func link(_ text: Substring, at start: Substring.Index) -> (Substring, Substring.Index)? {
        var depth = 0
        var i = start
        var closeBracket: Substring.Index?
        while i < text.endIndex {
            if text[i] == "[" { depth += 1 }
            if text[i] == "]" {
                depth -= 1
                if depth == 0 { closeBracket = i; break }
            }
            i = text.index(after: i)
        }
        guard let close = closeBracket else { return nil }
        let open = text.index(after: close)
        guard open < text.endIndex, text[open] == "(" else { return nil }
        // The address may hold balanced parentheses of its own (`.../x_(y)`).
        var parens = 0
        var end = open
        while end < text.endIndex {
            if text[end] == "(" { parens += 1 }
            if text[end] == ")" {
                parens -= 1
                if parens == 0 { break }
            }
            end = text.index(after: end)
        }
        guard end < text.endIndex else { return nil }
        return (text[text.index(after: start)..<close], text.index(after: end))
    }

    static func isTag(_ candidate: Substring) -> Bool {
        let inner = candidate.dropFirst().dropLast()
        guard let first = inner.first, first.isLetter || first == "/" else { return false }
        let name = inner.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        return !name.isEmpty && name.allSatisfy { $0.isASCII } && !inner.contains("<")
    }

    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "mdash": "—", "ndash": "–", "hellip": "…",
    ]

    static func entity(_ name: String) -> String? {
        if let known = entities[name] { return known }
        if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
           let scalar = Unicode.Scalar(code) { return String(Character(scalar)) }
        if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
            return String(Character(scalar))
        }
        return nil
    }

    // MARK: mojibake

    /// UTF-8 that was once decoded as Windows-1252 (`â€™` for `’`, `Ã©` for `é`) is decoded again.
    public static func repairMojibake(_ text: String) -> String {
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
