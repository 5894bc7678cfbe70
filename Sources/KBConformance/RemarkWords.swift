import KBModel

/// The words a buyer's remark is made of: counts that agree with their nouns, lists joined as a
/// sentence joins them, the people a kind of test speaks for, and the ticket ids a tester's note
/// names (read by `RemarkText.tickets`, the one reader `acr diff` uses too). Titles and labels from the sources are quoted as written; only these words are ours,
/// so only these must be grammatical.
enum RemarkWords {
    /// `1 element`, `3 elements`.
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// At most `limit` names, then how many more of what: `a, b, c and 2 more rules`.
    static func list(_ items: [String], limit: Int, more: (one: String, many: String) = ("", "")) -> String {
        guard items.count > limit else { return list(items) }
        let rest = items.count - limit
        let noun = rest == 1 ? more.one : more.many
        return list(Array(items.prefix(limit)) + ["\(rest) more" + (noun.isEmpty ? "" : " " + noun)])
    }

    /// A source's text quoted in a sentence of ours: one line, its closing full stop dropped, cut
    /// at a word past `limit` characters.
    static func quoted(_ text: String, limit: Int = 90) -> String {
        var flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        while let last = flat.last, last == "." || last == " " { flat.removeLast() }
        if flat.count > limit {
            let cut = flat.prefix(limit)
            flat = (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
        }
        return "“\(flat)”"
    }

    /// Whom a failed requirement leaves out, where it says: one that speaks of what a screen reader
    /// reads or announces is for screen reader users, whatever its kind (a web page's keyboard
    /// rows are tested with a screen reader running); otherwise keyboard rows speak for people who
    /// use a keyboard, gesture rows for screen reader users on touch screens, settings rows for
    /// people who change the display. A guide's checks (`checklist`) say no one.
    static func audience(kind: String, expectation: String) -> String? {
        let text = expectation.lowercased()
        if ["screen reader", "screenreader", "voiceover", "talkback", "announce", "reads the", "read the", "is read"].contains(where: text.contains) {
            return CriterionKind(rawValue: kind) == .gesture ? "screen reader users on touch screens" : "screen reader users"
        }
        switch CriterionKind(rawValue: kind) {
        case .keyboard: return "keyboard users"
        case .screenreader: return "screen reader users"
        case .gesture: return "screen reader users on touch screens"
        case .settings: return "people who change display settings"
        default: return nil
        }
    }

    /// A page or screen as the results name it (`Checkout`), as written; nil where none is named.
    static func page(_ name: String?) -> String? {
        guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        return name
    }

    /// The page an automated run names: its web address (`https:` or `http:`). A run of a local
    /// file (`file:`, or a bare file name as a test fixture's run has) names no page a buyer can
    /// visit: nil.
    static func page(address: String?) -> String? {
        guard let address = page(address) else { return nil }
        let lower = address.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? address : nil
    }
}
