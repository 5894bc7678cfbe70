/// Template text that was never filled in: an empty bullet, `For collapsed: Set...`, `Expanded:`.
import KBModel

package enum Placeholder {
    /// The gap's problem when `text` (cleaned) is a placeholder, else nil.
    package static func problem(_ text: String, hasChildren: Bool) -> GapProblem? {
        let trimmed = text.trimmingSpaces()
        let hasASCIIWord = trimmed.utf8.contains { (byte: UInt8) -> Bool in
            let lower: UInt8 = byte | 0x20
            return (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x7A)
        }
        if !hasASCIIWord, trimmed.allSatisfy({ $0.isPunctuation || $0.isWhitespace || $0.isSymbol }) {
            return hasChildren ? nil : .placeholder
        }
        func words() -> Int { trimmed.split(separator: " ").count }
        if (trimmed.hasSuffix("..") || trimmed.hasSuffix("…")) && words() <= 6 { return .placeholder }
        if trimmed.hasSuffix(":") && !hasChildren && words() <= 3 { return .placeholder }
        if trimmed.utf8.count <= 16 {
            let lower = trimmed.lowercased()
            if ["tbd", "todo", "coming soon", "lorem ipsum"].contains(where: { lower == $0 || lower.hasPrefix($0 + ":") }) {
                return .placeholder
            }
        }
        return nil
    }

    /// The template's `_component` token, left where a component name belongs.
    package static func hasTemplateToken(_ text: String) -> Bool {
        text.containsBytes("_component")
    }
}

/// A quoted example of what a screen reader says, with the note after it.
package enum QuotedAnnouncement {
    static let openingQuotes: Set<Character> = ["\"", "“", "„", "”"]
    static let closingQuotes: Set<Character> = ["\"", "”", "“"]

    /// `"Moved below Spanish" (After double tap...)` → text and context; `Close button "Close, button"`
    /// → text and its lead-in as context; nil for a bullet that explains rather than quotes.
    package static func parse(_ text: String) -> (text: String, context: String?)? {
        guard let open = text.firstIndex(where: { openingQuotes.contains($0) }) else { return nil }
        let lead = text[..<open].trimmingSpaces().trimmingCharacters(":", "-", "–")
        guard lead.count <= 80 else { return nil }
        let body = text[text.index(after: open)...]
        guard let close = body.firstIndex(where: { closingQuotes.contains($0) }) else { return nil }
        let quoted = body[..<close].trimmingSpaces()
        guard !quoted.isEmpty else { return nil }
        var rest = body[body.index(after: close)...].trimmingSpaces()
        var dashed = false
        while let c = rest.first, c == "," || c == "." || c == "-" || c == "–" || c == "—" {
            dashed = dashed || c != "," && c != "."
            rest = rest.dropFirst().trimmingSpaces()
        }
        // `Close button "Close, button" or` over the next example: the conjunction joins examples.
        if rest == "or" || rest == "and" { rest = rest.dropFirst(rest.count) }
        var notes: [String] = []
        if !lead.isEmpty { notes.append(lead) }
        if !rest.isEmpty {
            // Only a note set apart makes it an example: in parentheses, after a dash
            // (`"Custom actions available" – common custom actions announcement`), or as a
            // sentence of its own, which opens with a capital (`"Minute, ..." Then swipe to the
            // clock`). A sentence that goes on from the quote, in lower case, explains it
            // (`"button" in announcements below...`).
            guard rest.first == "(" || dashed || rest.first.map(isCapital) == true else { return nil }
            var context = rest.first == "(" ? rest.dropFirst() : rest
            if context.last == ")" && context.filter({ $0 == "(" }).count < context.filter({ $0 == ")" }).count {
                context = context.dropLast()
            }
            let cleaned = context.trimmingSpaces()
            if !cleaned.isEmpty { notes.append(String(cleaned)) }
        }
        return (String(quoted), notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// A letter in upper case (`T`, `É`): a note that starts a sentence of its own.
    static func isCapital(_ c: Character) -> Bool {
        c.isLetter && c.isUppercase
    }
}
