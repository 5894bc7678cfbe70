/// The kinds of fact the search index holds. The raw value is the word the CLI and JSON use; the
/// tag is the low three bits of the document's key in `search_index` (migrations/0003_search.sql).
import KBModel

public enum FactKind: String, CaseIterable, Sendable {
    case component, criterion, guidance, announcement

    public var tag: Int {
        switch self {
        case .component: 1
        case .criterion: 2
        case .guidance: 3
        case .announcement: 4
        }
    }

    init?(tag: Int) {
        guard let kind = FactKind.allCases.first(where: { $0.tag == tag }) else { return nil }
        self = kind
    }
}

/// Text with the words a search matched marked.
public struct HighlightedText: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case plain(String)
        case match(String)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// Marks as FTS5 is asked to write them: characters no fact holds (Unicode private use).
    static let open = "\u{E000}", close = "\u{E001}"

    /// Reads text marked with `open` and `close`.
    init(marked: String) {
        var parts: [Part] = []
        var rest = Substring(marked)
        while let start = rest.range(of: HighlightedText.open) {
            if start.lowerBound > rest.startIndex { parts.append(.plain(String(rest[..<start.lowerBound]))) }
            let after = rest[start.upperBound...]
            if let end = after.range(of: HighlightedText.close) {
                parts.append(.match(String(after[..<end.lowerBound])))
                rest = after[end.upperBound...]
            } else {
                parts.append(.match(String(after)))
                rest = ""
            }
        }
        if !rest.isEmpty { parts.append(.plain(String(rest))) }
        self.parts = parts
    }

    public var plain: String { rendered { $0 } }

    /// Matched words in brackets: `Expresses its state (disabled/[dimmed])`.
    /// Written as bytes and made a String once (every fact of a search's JSON is bracketed).
    public var bracketed: String {
        var out: [UInt8] = []
        writeBracketed(into: &out) { text, out in out += text.utf8 }
        return String(decoding: out, as: UTF8.self)
    }

    /// `bracketed` as bytes, each part's text written by `write` (as it is, or escaped for a
    /// format: a search's JSON writes a snippet so, without making the string first).
    package func writeBracketed(into out: inout [UInt8], _ write: (String, inout [UInt8]) -> Void) {
        for part in parts {
            switch part {
            case .plain(let text): write(text, &out)
            case .match(let text):
                out.append(UInt8(ascii: "["))
                write(text, &out)
                out.append(UInt8(ascii: "]"))
            }
        }
    }

    public var hasMatch: Bool { parts.contains { if case .match = $0 { true } else { false } } }

    public func rendered(_ mark: (String) -> String) -> String {
        parts.map { part in
            switch part {
            case .plain(let text): text
            case .match(let text): mark(text)
            }
        }.joined()
    }
}

/// One fact a search found.
public struct SearchHit: Sendable {
    /// 1-based position in the ranked list.
    public var rank: Int
    /// The bm25 score with the column weights, times the boost of the fact's kind (lower is
    /// better, as SQLite's bm25 orders it).
    public var score: Double
    public var fact: FactKind
    /// The row's id in its table (`components`, `criteria`, `guidance`, `announcements`).
    public var id: Int64
    public var component: String
    public var title: String
    public var family: Family
    /// `controls`, `notifications`, `patterns`...
    public var category: String?
    /// nil: every platform of the component's family.
    public var platform: Platform?
    public var framework: Framework?
    /// The criterion's kind: `keyboard`, `gesture`, `screenreader`, `settings`.
    public var kind: CriterionKind?
    /// The guidance's aspect, or the aspect a criterion's label names (`State` → `state`).
    public var aspect: Aspect?
    /// The criterion's label, or the announcement's context.
    public var label: String?
    /// The fact's whole text: the expectation, the note, the announcement; a component's title.
    public var text: String
    /// The part of `text` around the match, matched words marked.
    public var snippet: HighlightedText
    /// The label with matched words marked.
    public var highlightedLabel: HighlightedText?
    /// The component's summary (its first general note), to show under a component's hit.
    public var summary: String?
    public var source: String
    /// nil for a component (its title has no line of its own).
    public var line: Int?
    /// Words of the vocabulary this fact matched in place of a query's word (`disabled` for
    /// `dimmed`); empty when it holds the words as typed. Set by the component search.
    public var equivalents: [String] = []
    /// What a renderer made of this hit once, when the ranking index that holds it was built
    /// (`RankingIndex`'s `keep`); nil for a hit read by SQL.
    package var kept: KeptBytes? = nil
}

/// A renderer's bytes made once of what the ranking index holds (a search's JSON: the pairs that
/// are a fact's or a component's own, not the question's), shared by every question that shows
/// it. The index holds them as data; what they are is the renderer's (`RankingIndex.Keep`).
package final class KeptBytes: Sendable {
    package let parts: [[UInt8]]

    package init(_ parts: [[UInt8]]) { self.parts = parts }
}

/// Filters and limits of a search.
public struct SearchOptions: Sendable, Equatable {
    /// Facts for that platform and facts for every platform of its family.
    public var platform: Platform?
    /// Only facts written for it.
    public var framework: Framework?
    public var component: String?
    public var family: Family?
    public var kind: FactKind?
    /// A guidance aspect (`state`), or a criterion's kind (`keyboard`) or label (`text-resize`), as
    /// a user typed it: a word to look for, which may be any of the three, so text.
    public var aspect: String?
    /// At most this many hits; 0 for all.
    public var limit: Int

    public static let defaultLimit = 20
    /// Components listed by default by the component search (its limit counts components).
    public static let defaultComponentLimit = 10
    /// The best facts shown under each component.
    public static let factsPerComponent = 3

    public init(platform: Platform? = nil, framework: Framework? = nil, component: String? = nil, family: Family? = nil,
                kind: FactKind? = nil, aspect: String? = nil, limit: Int = SearchOptions.defaultLimit) {
        self.platform = platform
        self.framework = framework
        self.component = component
        self.family = family
        self.kind = kind
        self.aspect = aspect
        self.limit = limit
    }

    var hasFilters: Bool {
        platform != nil || framework != nil || component != nil || family != nil || kind != nil || aspect != nil
    }

    /// Whether automated rules (ACT, axe-core) belong beside the components found: they test web
    /// content, so not when the search is kept to native components, to iOS or Android, or to one
    /// component, fact kind or aspect.
    public var reachesRules: Bool {
        component == nil && family != .native && (platform == nil || platform == .web) && kind == nil && aspect == nil
    }
}

public struct SearchResult: Sendable {
    public var query: SearchQuery
    public var options: SearchOptions
    /// The hits shown, best first (at most `options.limit`).
    public var hits: [SearchHit]
    /// Every fact that matches with the filters; nil when a filtered search stopped at its limit
    /// before it had looked at every match.
    public var total: Int?
    /// When nothing matched: near terms that are in the knowledge base.
    public var suggestions: [String] = []
    /// When nothing matched: why, if it can be said (a filter, words that never meet).
    public var whyNothing: [NothingFound] = []
    /// Misspelt words searched as the spelling the index holds, when the words as typed matched
    /// nothing (`chekbox`: checkbox), in query order.
    public var corrections: [SearchReading.Correction] = []

    /// The components of the hits, in the order of each one's best hit, with their hits.
    public var byComponent: [(component: String, family: Family, title: String, hits: [SearchHit])] {
        var order: [String] = []
        var groups: [String: [SearchHit]] = [:]
        for hit in hits {
            let key = hit.family.rawValue + "/" + hit.component
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(hit)
        }
        return order.map { key in
            let hits = groups[key]!
            return (hits[0].component, hits[0].family, hits[0].title, hits)
        }
    }
}
