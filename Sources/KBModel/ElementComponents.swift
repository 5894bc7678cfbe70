import Foundation
import KBResources

/// An HTML element as its opening tag writes it: what an explanation of axe results knows of a node an axe
/// rule reports (its `html`), enough to tell which component it most likely is.
package struct HTMLElement: Sendable, Equatable {
    /// Lower-cased: `input`.
    package var tag: String
    /// Names lower-cased, values as written (`type` → `checkbox`); an attribute without a value
    /// holds `""`.
    package var attributes: [String: String]

    package init(tag: String, attributes: [String: String] = [:]) {
        self.tag = tag
        self.attributes = attributes
    }

    /// The first opening tag of `html` (`<input type="checkbox" id="terms">`); nil when it holds
    /// none (`#text`, an empty string).
    package init?(html: String) {
        var scalars = Substring(html).unicodeScalars.drop { $0 != "<" }
        guard scalars.popFirst() != nil else { return nil }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" }
        func isNameEnd(_ c: Unicode.Scalar) -> Bool { isSpace(c) || c == ">" || c == "/" || c == "=" }
        func name() -> String {
            let taken = scalars.prefix { !isNameEnd($0) }
            scalars = scalars.dropFirst(taken.count)
            return String(String.UnicodeScalarView(taken)).lowercased()
        }
        let tag = name()
        guard !tag.isEmpty, tag.unicodeScalars.first.map({ CharacterSet.letters.contains($0) }) == true else { return nil }
        var attributes: [String: String] = [:]
        while true {
            scalars = scalars.drop { isSpace($0) || $0 == "/" }
            guard let next = scalars.first, next != ">" else { break }
            let key = name()
            if key.isEmpty { scalars = scalars.dropFirst(); continue }
            scalars = scalars.drop(while: isSpace)
            var value = ""
            if scalars.first == "=" {
                scalars = scalars.dropFirst().drop(while: isSpace)
                if let quote = scalars.first, quote == "\"" || quote == "'" {
                    scalars = scalars.dropFirst()
                    let taken = scalars.prefix { $0 != quote }
                    value = String(String.UnicodeScalarView(taken))
                    scalars = scalars.dropFirst(taken.count + 1)
                } else {
                    let taken = scalars.prefix { !isSpace($0) && $0 != ">" }
                    value = String(String.UnicodeScalarView(taken))
                    scalars = scalars.dropFirst(taken.count)
                }
            }
            if attributes[key] == nil { attributes[key] = value }
        }
        self.init(tag: tag, attributes: attributes)
    }

    /// `input type=checkbox`, `div role=switch`: the tag and what the table reads of it.
    package var summary: String {
        ([tag] + ["role", "type"].compactMap { key in attributes[key].map { "\(key)=\($0)" } }).joined(separator: " ")
    }
}

/// One row of vocabulary/element-components.tsv: an element selector and the web component it
/// most likely is (nil: none, such as a hidden input).
package struct ElementComponentRule: Sendable, Equatable {
    package var selector: String
    package var tag: String?
    /// Each filter: an attribute that must be there, with this value (case folded) when given.
    package var filters: [(name: String, value: String?)]
    package var component: String?
    package var note: String?

    package func matches(_ element: HTMLElement) -> Bool {
        if let tag, tag != element.tag { return false }
        return filters.allSatisfy { filter in
            guard let present = element.attributes[filter.name] else { return false }
            guard let value = filter.value else { return true }
            // `role` may list fallbacks (`role="switch checkbox"`): the first is the one a browser takes.
            let actual = filter.name == "role" ? String(present.split(separator: " ").first ?? "") : present
            return actual.trimmingCharacters(in: .whitespaces).lowercased() == value
        }
    }

    package static func == (a: ElementComponentRule, b: ElementComponentRule) -> Bool {
        a.selector == b.selector && a.component == b.component && a.note == b.note
    }
}

package enum ElementComponents {
    /// The built-in table, read once.
    package static let builtIn: [ElementComponentRule] = parse(String(decoding: EmbeddedResources.elementComponents, as: UTF8.self)).rules

    /// Reads the TSV: `element<TAB>component<TAB>note`; `#` lines and blank lines are comments; a
    /// malformed row is named in `problems` and left out.
    package static func parse(_ text: String) -> (rules: [ElementComponentRule], problems: [String]) {
        var rules: [ElementComponentRule] = []
        var problems: [String] = []
        for row in VocabularyTable.rows(text) {
            let fields = row.fields
            guard fields.count >= 2, let (tag, filters) = selector(fields[0]), !fields[1].isEmpty else {
                problems.append("line \(row.line): expected an element selector and a component")
                continue
            }
            rules.append(ElementComponentRule(selector: fields[0], tag: tag, filters: filters,
                                              component: fields[1] == "-" ? nil : fields[1], note: row[optional: 2]))
        }
        return (rules, problems)
    }

    /// `input[type=checkbox]` → (`input`, [(type, checkbox)]); `*[role=switch]` → (nil, ...).
    static func selector(_ text: String) -> (String?, [(name: String, value: String?)])? {
        let tagEnd = text.firstIndex(of: "[") ?? text.endIndex
        let tag = String(text[..<tagEnd]).lowercased()
        guard !tag.isEmpty, tag == "*" || tag.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        var filters: [(name: String, value: String?)] = []
        var rest = text[tagEnd...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first, !name.isEmpty else { return nil }
            filters.append((name.lowercased(), parts.count > 1 ? parts[1].lowercased() : nil))
            rest = rest[rest.index(after: close)...]
        }
        return (tag == "*" ? nil : tag, filters)
    }

    /// The first row that matches `element`, if any.
    package static func match(_ element: HTMLElement, rules: [ElementComponentRule] = builtIn) -> ElementComponentRule? {
        rules.first { $0.matches(element) }
    }
}
