/// How a search read its query: the words it searched, what it left out and why, which
/// equivalents it added. Everything a listing needs to say what was done with the user's words.
import KBModel

public struct SearchReading: Sendable {
    /// A word (or phrase, or prefix) the search looked for.
    public struct Term: Sendable, Equatable {
        /// As typed: `dimmed`, `activat*`, `double tap`.
        public var text: String
        public var prefix: Bool
        /// Equivalents from the vocabulary that the knowledge base holds, with their platform
        /// (nil: every platform): `disabled` (android).
        public var equivalents: [Equivalent]
    }

    /// True when the query was read as plain language (only words and prefixes): stop words left
    /// out, platform words read as a soft filter, equivalents added, partial matches allowed.
    public var plain: Bool
    public var terms: [Term]
    /// Words left out as stop words (`how`, `do`, `I`).
    public var stopWords: [String] = []
    /// Words read as platform, framework or screen reader (`Android`, `VoiceOver`).
    public var platformWords: [String] = []
    /// Searched words that the vocabulary gives for one platform only (`dimmed`: iOS); with no
    /// platform word in the query, they raise that platform the same way.
    public var platformHints: [String] = []
    /// The platforms those words raise (`android`), frameworks (`jetpack-compose`), screen readers.
    public var platforms: [Platform] = []
    public var frameworks: [Framework] = []
    public var screenReaders: [String] = []
    /// A misspelt word and the spelling the index holds that was searched instead (`chekbox`:
    /// checkbox).
    public struct Correction: Sendable, Equatable {
        public var typed: String
        public var searched: String
    }
    /// The words searched as another spelling, in query order.
    public var corrections: [Correction] = []
    /// The terms (by position in `terms`) of one family's platforms asked about the other's
    /// (`Spinner` in HTML), searched as their equivalents there, in place of themselves, and
    /// attributes given an empty value, searched as what that marks (`alt=""`; issue 49).
    public var searchedAs: [Int] = []
    /// Phrases as typed (`Learn more`) searched as their words instead, when with them as
    /// phrases no component matched the query (issue 49): a quoted phrase does not empty the answer.
    public var phrasesAsWords: [String] = []
    /// Terms that no component holds, not even through an equivalent.
    public var notFound: [String] = []
    /// True when no component holds every term, so the components listed hold some of them.
    public var partial = false
    /// Success criteria the query names by number or handle (`1.4.11`, `focus visible`), with
    /// their titles: the components that cite each rank first, then those whose criteria test it.
    public var criteria: [(sc: SCNumber, title: String)] = []
}

/// One component a search found, with its best facts.
public struct ComponentMatch: Sendable {
    /// 1-based position in the ranked list.
    public var rank: Int
    /// bm25 over the component's document (title, category, facts), lower is better.
    public var score: Double
    public var id: Int64
    public var component: String
    public var title: String
    public var family: Family
    public var category: String?
    public var summary: String?
    /// The title with matched words marked.
    public var highlightedTitle: HighlightedText
    /// The query's terms this component holds (all of them unless `SearchReading.partial`).
    public var matchedTerms: [String]
    /// The query's terms it lacks.
    public var missingTerms: [String]
    /// The facts that match best, best first (at most `SearchOptions.factsPerComponent`), each
    /// with its snippet; `equivalents` says which equivalent words it matched.
    public var facts: [SearchHit]
    /// How many of its facts match at all.
    public var matchingFacts: Int
    /// What a renderer made of the component once, when the ranking index that holds it was
    /// built (`RankingIndex.Keep`); nil when read by SQL.
    package var kept: KeptBytes? = nil
}

/// What a search answers by default: components, best first.
public struct ComponentSearchResult: Sendable {
    public var query: SearchQuery
    public var options: SearchOptions
    public var reading: SearchReading
    /// The components shown, best first (at most `options.limit`).
    public var components: [ComponentMatch]
    /// How many components match (with the filters); nil when a search filtering facts (by platform,
    /// framework, kind or aspect) stopped at its limit before checking every component.
    public var total: Int?
    /// When nothing matched: near terms that are in the knowledge base.
    public var suggestions: [String] = []
    /// When nothing matched: why, if it can be said (a filter).
    public var whyNothing: [NothingFound] = []
}
