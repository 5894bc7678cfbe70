import Foundation
import KBModel
import KBSearch

/// Search results as people read them: grouped by component, matched words marked. (Every other
/// format is the hits' `Tabular`.)
public enum SearchRendering {
    /// How a terminal listing marks things; plain text by default (`[dimmed]`).
    public struct Style: Sendable {
        public var match: @Sendable (String) -> String
        public var heading: @Sendable (String) -> String
        public var faint: @Sendable (String) -> String
        /// The skin's words for advice (show all, keep one platform); by default none is given.
        public var hint: HintWording

        public init(match: @escaping @Sendable (String) -> String = { "[\($0)]" },
                    heading: @escaping @Sendable (String) -> String = { $0 },
                    faint: @escaping @Sendable (String) -> String = { $0 },
                    hint: @escaping HintWording = { _ in nil }) {
            self.match = match
            self.heading = heading
            self.faint = faint
            self.hint = hint
        }

        public static let plain = Style()

        /// ` (advice, advice)` for the hints the skin words, or nothing.
        func advice(_ hints: [Hint]) -> String {
            let words = hints.compactMap(hint)
            return words.isEmpty ? "" : " (" + words.joined(separator: ", ") + ")"
        }
    }

    /// The repairs made to a query (an unclosed quote closed), a line each.
    public static func notes(_ query: SearchQuery) -> [String] {
        query.repairs.map { "note: \($0)" }
    }

    /// The listing: components in the order of their best hit, each with its hits in rank order.
    ///
    ///     Table row button  (table-row-button, native)
    ///       criterion  screenreader › State · every platform   seed/table-row-button.md:28
    ///         Expresses its state (disabled/[dimmed])
    public static func text(_ result: SearchResult, style: Style = .plain) -> String {
        // The hits' text without control characters, before the skin's colours are added.
        var result = result
        result.hits = result.hits.map(\.cleaned)
        var out = ""
        for (index, group) in result.byComponent.enumerated() {
            if index > 0 { out += "\n" }
            out += style.heading(group.title) + "  " + style.faint("(\(group.component), \(group.family.rawValue))") + "\n"
            for hit in group.hits {
                let fact = hit.fact.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                out += "  " + fact + oneLine(describe(hit, style: style)) + "   " + style.faint(location(hit)) + "\n"
                if hit.fact == .component {
                    if let summary = hit.summary { out += "    " + style.faint(summary) + "\n" }
                } else {
                    out += "    " + oneLine(hit.snippet.rendered(style.match)) + "\n"
                }
            }
        }
        out += "\n"
        for correction in result.corrections {
            out += TerminalText.clean("searched \(correction.typed) as \(correction.searched): no fact holds \(correction.typed)") + "\n"
        }
        out += footer(result, style: style) + "\n"
        return out
    }

    /// The listing as JSON (`lines`: JSON Lines): an object per hit (`SearchHit.columns`), then an
    /// object per misspelt word searched as another spelling (`"result": "correction"`, `typed`,
    /// `searched`), as the components-first listing writes them.
    public static func json(_ result: SearchResult, lines: Bool) -> String {
        jsonList(result.tabular.rows.map(result.tabular.object) + corrections(result.corrections), lines: lines)
    }

    /// A search's answer as one JSON array of objects, or as JSON Lines: both listings' shape.
    static func jsonList(_ items: [JSONValue], lines: Bool) -> String {
        if lines { return items.map { $0.rendered(pretty: false, line: true) }.joined() }
        if items.isEmpty { return "[]\n" }
        return JSONValue.array(items).rendered(pretty: true, line: true)
    }

    /// Misspelt words searched as another spelling, as objects (`"result": "correction"`, `typed`,
    /// `searched`): both listings write them alike.
    public static func corrections(_ corrections: [SearchReading.Correction]) -> [JSONValue] {
        corrections.map { .object([("result", .string("correction")), ("typed", .string($0.typed)), ("searched", .string($0.searched))]) }
    }

    /// What a hit is, beside its kind of fact: `screenreader › State · every platform`,
    /// `ios › uikit · state`, `android · (context)`.
    public static func describe(_ hit: SearchHit, style: Style = .plain) -> String {
        let label = hit.highlightedLabel?.rendered(style.match) ?? hit.label
        let scope = [hit.platform?.rawValue ?? (hit.family == .web ? "web" : "every platform"), hit.framework?.rawValue]
            .compactMap { $0 }.joined(separator: " › ")
        switch hit.fact {
        case .component:
            return hit.snippet.rendered(style.match) + (hit.category.map { " · \($0)" } ?? "")
        case .criterion:
            return [hit.kind?.rawValue, label].compactMap { $0 }.joined(separator: " › ") + " · " + scope
        case .guidance:
            return (hit.platform == nil ? "general" : scope) + " · " + (hit.aspect ?? .general).rawValue
        case .announcement:
            return scope + (label.map { " · (\($0))" } ?? "")
        }
    }

    /// A line break inside a fact would break the listing's layout: shown as a space.
    static func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
    }

    public static func location(_ hit: SearchHit) -> String {
        hit.source + (hit.line.map { ":\($0)" } ?? "")
    }

    public static func footer(_ result: SearchResult, style: Style = .plain) -> String {
        let components = result.byComponent.count
        let inComponents = "\(components) component\(components == 1 ? "" : "s")"
        guard let total = result.total else {
            // A filtered search stops at its limit rather than filter every match just to count.
            return "the best \(result.hits.count) hits, in \(inComponents); more match" + style.advice([.showAll])
        }
        let hits = "\(total) hit\(total == 1 ? "" : "s")"
        if result.hits.count < total {
            return "\(hits); showing the best \(result.hits.count), in \(inComponents)" + style.advice([.showAll])
        }
        return "\(hits) in \(inComponents)"
    }

    /// Why nothing was found, in words.
    public static func text(_ why: NothingFound) -> String {
        switch why {
        case let .matchWithoutFilters(count, unit):
            "\(count) \(unit.rawValue)\(count == 1 ? "" : "s") match\(count == 1 ? "es" : "") without the filters"
        case let .neverTogether(terms, unit):
            "each of \(terms.joined(separator: ", ")) matches, but no \(unit.rawValue) holds them all; try \(terms.joined(separator: " OR "))"
        }
    }

    /// The lines for stderr when nothing matched (without the `a11ykb:` prefix).
    public static func noHits(_ result: SearchResult) -> [String] {
        let shown = String(String.UnicodeScalarView(result.query.input.unicodeScalars.map { SearchQuery.isSpace($0) ? " " : $0 }))
            .trimmingCharacters(in: .whitespaces)
        var lines = ["no fact matches " + (shown.count > 80 ? String(shown.prefix(79)) + "…" : shown)]
        lines += result.whyNothing.map(text)
        if !result.suggestions.isEmpty {
            lines.append("did you mean: " + result.suggestions.joined(separator: ", ") + "?")
        }
        return lines
    }
}
