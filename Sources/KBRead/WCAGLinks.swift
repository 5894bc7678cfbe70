/// Finds WCAG success-criterion references in raw markdown:
/// `[WCAG 4.1.2 Name, Role, Value (Level A)](https://www.w3.org/...)`, `WCAG 2.1 1.3.1 Info and
/// Relationships`, `WCAG 2.4.7 Focus Visible (AA)`.
import KBModel

package enum WCAGLinks {
    /// A cheap byte scan for "wcag" in any case, before the real parse.
    static func containsWCAG(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let word: (UInt8, UInt8, UInt8, UInt8) = (0x77, 0x63, 0x61, 0x67)  // w c a g
            var matched = 0
            for byte in bytes {
                let lower = byte | 0x20
                let expected = matched == 0 ? word.0 : matched == 1 ? word.1 : matched == 2 ? word.2 : word.3
                matched = lower == expected ? matched + 1 : (lower == word.0 ? 1 : 0)
                if matched == 4 { return true }
            }
            return false
        }
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? Array(text.utf8).withUnsafeBufferPointer(scan)
    }

    /// The citations of a line of a list of criteria (a "Related WCAG" section): those `parse`
    /// finds, else the criterion the line starts with, written bare (`1.4.3 Contrast`,
    /// `1.4.11: Non-text Contrast`, `SC 2.4.7 Focus Visible (AA)`). Elsewhere a bare number is
    /// no citation (`4.5:1`, a version).
    package static func listed(_ text: String, line: Int) -> [WCAGReference] {
        let found = parse(text, line: line)
        guard found.isEmpty else { return found }
        var rest = Substring(text).trimmingSpaces()
        if rest.hasPrefix("SC ") { rest = rest.dropFirst(3).trimmingSpaces() }
        let token = rest.prefix { $0.isNumber || $0 == "." }
        guard let sc = SCNumber(token.hasSuffix(".") ? String(token.dropLast()) : String(token)) else { return [] }
        let after = rest[token.endIndex...]
        guard after.isEmpty || after.first == " " || after.first == ":" || token.hasSuffix(".") else { return [] }
        // What follows is read as a citation's tail is: the title, and a level in parentheses.
        let tail = after.drop { $0 == ":" || $0 == "." || $0 == " " }
        return parse("WCAG \(sc.description) \(tail)", line: line)
    }

    package static func parse(_ text: String, line: Int) -> [WCAGReference] {
        guard containsWCAG(text) else { return [] }
        var found: [WCAGReference] = []
        var searchStart = text.startIndex
        while let hit = text.range(of: "wcag", options: .caseInsensitive, range: searchStart..<text.endIndex) {
            searchStart = hit.upperBound
            var cursor = hit.upperBound
            var sc: Substring?
            var levelBefore: String?
            // Up to two numbers follow: an optional guidelines version (2.1), then the criterion (4.1.2);
            // a level or "SC" may stand before them (`WCAG AA 1.4.5`, `WCAG SC 2.4.6`).
            for _ in 0..<2 {
                cursor = text[cursor...].firstIndex { $0 != " " && $0 != ":" } ?? text.endIndex
                for word in ["SC ", "AAA ", "AA ", "A ", "Level AAA ", "Level AA ", "Level A "]
                where text[cursor...].hasPrefix(word) && text[cursor...].dropFirst(word.count).first?.isNumber == true {
                    cursor = text.index(cursor, offsetBy: word.count)
                    if word != "SC " { levelBefore = String(word.split(separator: " ").last ?? "") }
                    break
                }
                let token = text[cursor...].prefix { $0.isNumber || $0 == "." }
                let parts = token.split(separator: ".", omittingEmptySubsequences: false)
                guard !token.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { break }
                cursor = token.endIndex
                if parts.count == 3 { sc = token; break }
            }
            // Only a number `SCNumber` reads (ASCII digits: `٤.١.٢` is none), written as it writes
            // one, so that every question reads back what was stored.
            guard let sc = sc.flatMap({ SCNumber($0)?.description }) else { continue }
            // The title runs to "(Level", "(A)", the link's "]", a ")" closing the parenthesis the
            // citation stands in (`[timing be adjustable (WCAG 2.2.1)]`), or the end of the
            // sentence. A parenthesis that names no level is the title's (`Link Purpose (In Context)`).
            let tail = text[cursor...]
            var level: String?
            var stop = tail.firstIndex { $0 == "]" || $0 == "(" || $0 == ")" || $0 == "\n" || $0 == ";" } ?? text.endIndex
            while stop < text.endIndex, text[stop] == "(" {
                let inside = text[text.index(after: stop)...].prefix { $0 != ")" && $0 != "(" && $0 != "]" && $0 != "\n" }
                let words = inside.split(separator: " ")
                if let last = words.last, WCAGLevel(written: String(last)) != nil,
                   words.count == 1 || words.first?.lowercased() == "level" {
                    level = last.uppercased()
                    break
                }
                guard inside.endIndex < text.endIndex, text[inside.endIndex] == ")" else { break }
                let after = text.index(after: inside.endIndex)
                stop = text[after...].firstIndex { $0 == "]" || $0 == "(" || $0 == ")" || $0 == "\n" || $0 == ";" } ?? text.endIndex
            }
            var title = tail[..<stop].trimmingSpaces()
            while let last = title.last, last == "-" || last == "–" || last == "," || last == ":" { title = title.dropLast().trimmingSpaces() }
            level = level ?? levelBefore
            var url: String?
            if let close = text[cursor...].firstIndex(of: "]"), text.index(after: close) < text.endIndex,
               text[text.index(after: close)] == "(" {
                let target = text[text.index(close, offsetBy: 2)...].prefix { $0 != ")" && $0 != " " }
                if !target.isEmpty { url = String(target) }
            }
            if !found.contains(where: { $0.sc == sc }) {
                found.append(WCAGReference(sc: sc, title: title.isEmpty ? nil : String(title), level: level, url: url, line: line))
            }
        }
        return found
    }
}
