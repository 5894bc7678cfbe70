/// The component search as people read it (components, best first, each with its best facts, and
/// what was done with the query's words), as JSON (one object per component) and as CSV (one
/// record per fact shown).
import KBModel
import KBSearch

public enum ComponentSearchRendering {
    public typealias Style = SearchRendering.Style

    ///     1. Tooltip  (tooltip, web · component)
    ///       criterion     keyboard › Escape · web   …/tooltip.md:12
    ///         [Dismiss]es the tooltip without moving focus
    public static func text(_ result: ComponentSearchResult, style: Style = .plain) -> String {
        // The matches' text without control characters, before the skin's colours are added.
        var result = result
        result.components = result.components.map { match in
            var match = match
            match.component = TerminalText.clean(match.component); match.title = TerminalText.clean(match.title)
            match.category = match.category.map(TerminalText.clean); match.summary = match.summary.map(TerminalText.text)
            match.highlightedTitle = match.highlightedTitle.cleaned; match.facts = match.facts.map(\.cleaned)
            match.matchedTerms = match.matchedTerms.map(TerminalText.clean); match.missingTerms = match.missingTerms.map(TerminalText.clean)
            match.kept = nil
            return match
        }
        var out = ""
        for (index, match) in result.components.enumerated() {
            if index > 0 { out += "\n" }
            let place = "(\(match.component), \(match.family.rawValue)" + (match.category.map { " · \($0)" } ?? "") + ")"
            out += "\(match.rank). " + style.heading(match.highlightedTitle.rendered(style.match)) + "  " + style.faint(place) + "\n"
            if result.reading.partial && !match.missingTerms.isEmpty {
                out += "   " + style.faint("holds " + match.matchedTerms.joined(separator: ", ") + "; not "
                                            + match.missingTerms.joined(separator: ", ")) + "\n"
            }
            for hit in match.facts {
                let fact = hit.fact.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                out += "   " + fact + SearchRendering.oneLine(SearchRendering.describe(hit, style: style)) + "   "
                    + style.faint(SearchRendering.location(hit)) + "\n"
                out += "     " + SearchRendering.oneLine(hit.snippet.rendered(style.match))
                    + (hit.equivalents.isEmpty ? "" : "  " + style.faint("(equivalent: " + hit.equivalents.joined(separator: ", ") + ")")) + "\n"
            }
            if match.facts.isEmpty, let summary = match.summary {
                out += "     " + style.faint(SearchRendering.oneLine(summary)) + "\n"
            }
            let more = match.matchingFacts - match.facts.count
            if more > 0 { out += "     " + style.faint("+ \(more) more matching fact\(more == 1 ? "" : "s")" + style.advice([.listFacts(component: match.component)])) + "\n" }
        }
        out += "\n"
        for line in reading(result, style: style) { out += line + "\n" }
        out += footer(result, style: style) + "\n"
        return out
    }

    /// The whole answer as JSON (`lines`: JSON Lines): an object per component (`ComponentMatch.columns`),
    /// then an object per misspelt word searched as another spelling (`"result": "correction"`,
    /// `typed`, `searched`), one per success criterion the query names (`"result": "criterion"`,
    /// `sc`, `title`), then an object per automated rule the text listing shows
    /// (`"result": "rule"`, `RuleHit.columns`). Every part of the text listing is there.
    /// `componentsOnly`: the components alone, nothing after them.
    public static func json(_ result: ComponentSearchResult, rules: [RuleHit], lines: Bool, componentsOnly: Bool = false) -> String {
        String(decoding: jsonBytes(result, rules: rules, lines: lines, componentsOnly: componentsOnly), as: UTF8.self)
    }

    /// `json`'s bytes, as written: what a server sends (made a String, its UTF-8 is checked
    /// again, a twentieth of a search's answer).
    public static func jsonBytes(_ result: ComponentSearchResult, rules: [RuleHit], lines: Bool, componentsOnly: Bool = false) -> [UInt8] {
        var others: [JSONValue] = []
        if !componentsOnly {
            others += SearchRendering.corrections(result.reading.corrections)
            others += result.reading.criteria.map { .object([("result", .string("criterion")), ("sc", .string($0.sc.description)), ("title", .string($0.title))]) }
            others += rules.map { rule in
                .object([("result", .string("rule"))] + zip(RuleHit.columns, rule.cells).map { ($0.name, $1.json) })
            }
        }
        // The components written as their objects would be (`SearchRendering.jsonList` of
        // `result.tabular`'s objects), without making the objects: the tree of every component and
        // fact shown, made and then written, was most of the cost of a search's JSON.
        let components = result.components
        func item(_ index: Int, _ out: inout [UInt8], _ indent: Int?) {
            if index < components.count {
                components[index].writeJSON(into: &out, indent: indent)
            } else {
                others[index - components.count].write(into: &out, indent: indent)
            }
        }
        var out: [UInt8] = []
        // About what a component and its facts take, at once: grown from nothing, the answer
        // was copied a dozen times over.
        out.reserveCapacity(4096 + 3072 * components.count)
        let count = components.count + others.count
        if lines {
            for index in 0..<count {
                item(index, &out, nil)
                out.append(UInt8(ascii: "\n"))
            }
        } else {
            JSONValue.writeArray(count, into: &out, indent: 0, item: item)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// What was done with the query's words, one line each: misspellings searched as the word
    /// meant, phrases no page holds searched as their words, equivalents added, words left out,
    /// platform words, words not found, a partial match.
    public static func reading(_ result: ComponentSearchResult, style: SearchRendering.Style = .plain) -> [String] {
        let reading = result.reading
        var lines: [String] = []
        for criterion in reading.criteria {
            lines.append(TerminalText.clean("\(criterion.sc) \(criterion.title): the components citing it first, then those whose criteria test it"))
        }
        for correction in reading.corrections {
            lines.append(TerminalText.clean("searched \(correction.typed) as \(correction.searched): no component holds \(correction.typed)"))
        }
        for phrase in reading.phrasesAsWords {
            lines.append(TerminalText.clean("searched \"\(phrase)\" as its words: no component matches the query with the phrase"))
        }
        for (index, term) in reading.terms.enumerated() where !term.equivalents.isEmpty {
            if reading.searchedAs.contains(index) {
                // In place of the term, not after it: the words of the family asked about, or what
                // an empty attribute marks (`alt=""`: decorative image), whatever the family.
                let words = term.equivalents.map(\.term).joined(separator: ", ")
                let place = reading.platforms.first.map { "as \($0.family.rawValue) pages say it" } ?? "in its place"
                lines.append(TerminalText.clean("searched \(term.text) \(place): " + words))
                continue
            }
            let list = term.equivalents.map { $0.term + ($0.platform.map { " (\($0.rawValue))" } ?? "") }
            lines.append(TerminalText.clean("also searched, as equivalents of \(term.text) (ranked after it): " + list.joined(separator: ", ")))
        }
        if !reading.stopWords.isEmpty {
            lines.append(TerminalText.clean("left out: " + reading.stopWords.joined(separator: ", ")))
        }
        if !reading.platformWords.isEmpty {
            lines.append("\(reading.platformWords.joined(separator: ", ")): \(reading.platforms.map(\.rawValue).joined(separator: ", ")) facts first"
                         + style.advice([.keepOnly(platform: reading.platforms[0])]))
        }
        if !reading.platformHints.isEmpty, let platform = reading.platforms.first {
            lines.append("\(reading.platformHints.joined(separator: ", ")): \(platform.rawValue)'s word\(reading.platformHints.count == 1 ? "" : "s"), "
                         + "so \(platform.rawValue) facts first" + style.advice([.keepOnly(platform: platform)]))
        }
        if !reading.notFound.isEmpty {
            lines.append(TerminalText.clean("not found: " + reading.notFound.joined(separator: ", ")))
        }
        // Without a platform word, the first three hold both families' best: say how to keep one.
        let top = Set(result.components.prefix(3).map(\.family))
        if reading.platforms.isEmpty && result.options.platform == nil && result.options.family == nil
            && top.contains(.native) && top.contains(.web) {
            lines.append("native and web pages both answer: the best of each first; a platform word (iOS, Android, web) narrows it"
                         + style.advice([.keepOneFamily]))
        }
        if reading.partial {
            lines.append("no component holds every word: the best partial matches, most words first")
        }
        return lines
    }

    public static func footer(_ result: ComponentSearchResult, style: SearchRendering.Style = .plain) -> String {
        guard let total = result.total else {
            return "the best \(result.components.count) components; more may match" + style.advice([.showAll, .listFacts(component: nil)])
        }
        let components = "\(total) component\(total == 1 ? "" : "s")"
        if result.components.count < total {
            return "\(components) match; showing the best \(result.components.count)" + style.advice([.showAll, .listFacts(component: nil)])
        }
        return "\(components) match"
    }

    /// The lines for stderr when nothing matched (without the `a11ykb:` prefix).
    public static func noHits(_ result: ComponentSearchResult) -> [String] {
        let shown = String(String.UnicodeScalarView(result.query.input.unicodeScalars.map { SearchQuery.isSpace($0) ? " " : $0 }))
            .trimmingCharacters(in: .whitespaces)
        var lines = ["no component matches " + (shown.count > 80 ? String(shown.prefix(79)) + "…" : shown)]
        // Named only when some words were found: when none was, the first line says it.
        if !result.reading.notFound.isEmpty && result.reading.notFound.count < result.reading.terms.count {
            lines.append("not found: " + result.reading.notFound.joined(separator: ", "))
        }
        lines += result.whyNothing.map(SearchRendering.text)
        if !result.suggestions.isEmpty {
            lines.append("did you mean: " + result.suggestions.joined(separator: ", ") + "?")
        }
        return lines
    }
}

/// A term's look-up: each concept the term belongs to, its terms by platform.
public enum EquivalentsRendering {
    ///     disabled
    ///       ios      dimmed (12 components), notEnabled (3) ...
    public static func text(_ concepts: [EquivalentConcept]) -> String {
        var out = ""
        for (index, concept) in concepts.enumerated() {
            if index > 0 { out += "\n" }
            out += concept.concept + "\n"
            for platform in Platform.allCases.map(Optional.some) + [nil] {
                let terms = zip(concept.terms, concept.components).filter { $0.0.platform == platform }
                if terms.isEmpty { continue }
                let name = (platform?.rawValue ?? "every").padding(toLength: 9, withPad: " ", startingAt: 0)
                out += "  " + name + terms.map { "\($0.0.term) (\($0.1))" + ($0.0.note.map { " — \($0)" } ?? "") }
                    .joined(separator: "; ") + "\n"
            }
        }
        out += "\n(n): components holding the term\n"
        return out
    }
}

/// A term's look-up as people read it (each concept, its terms by platform), as a document; every
/// other format is the concepts' `Tabular`.
public struct EquivalentsDocument: Document, Sendable {
    public static let formats: [DocumentFormat] = [.text]

    public var concepts: [EquivalentConcept]

    public init(_ concepts: [EquivalentConcept]) { self.concepts = concepts }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String { EquivalentsRendering.text(concepts) }
}
