import GRDB
import KBModel

/// The one search engine: both listings, over the knowledge base's two full-text indexes.
///
/// - **Components first** (`components`, a search's default): ranks components on the component
///   index (search_components: one document per component), then shows each one's best facts.
///   Ranking: `ComponentListing`.
/// - **Facts** (`facts`: a search's fact listing): ranks every fact on the fact index
///   (search_index: one document per fact). Ranking: `FactListing`.
///
/// Both read the query once through `QueryReading` (plain language or as typed), check their
/// filters the same way, find words with the same tokenizers and word forms (`WordForms`), use
/// the same vocabulary (`SearchVocabulary`), and say alike why nothing was found
/// (`explainNothing`). The indexes' upkeep is `SearchIndex`'s. One engine answers one question,
/// inside one read transaction (`db`).
package struct SearchEngine {
    let db: Database
    /// The knowledge base held in memory by a long-running reader (`RankingIndex`), built from
    /// the data `db` reads; nil: everything is read by SQL.
    let held: RankingIndex?

    package init(_ db: Database, held: RankingIndex? = nil) {
        self.db = db
        self.held = held
    }

    /// Every fact that holds the query as typed, best first (the fact listing). When nothing
    /// matches and a word the index holds in no form has one spelling it holds clearly nearest
    /// (`Spelling`, as the components-first listing reads a question), the query is searched again
    /// with that spelling, and the result says so (`corrections`).
    package func facts(_ query: SearchQuery, options: SearchOptions) throws -> SearchResult {
        let options = try resolved(options)
        let result = try factListing(query, options: options)
        if result.hits.isEmpty {
            let words = try WordForms(db)
            var corrections: [SearchReading.Correction] = []
            for case let .word(text, prefix: false) in query.positiveTerms where !corrections.contains(where: { $0.typed == text }) {
                if let meant = try Spelling.correction(db, of: text, words: words) {
                    corrections.append(SearchReading.Correction(typed: text, searched: meant))
                }
            }
            if !corrections.isEmpty {
                let respelt = query.respelt(Dictionary(corrections.map { ($0.typed, $0.searched) }, uniquingKeysWith: { first, _ in first }))
                var again = try factListing(respelt, options: options)
                if !again.hits.isEmpty {
                    again.query = query
                    again.corrections = corrections
                    return again
                }
            }
        }
        return result
    }

    /// The fact listing of `query` as typed, and why nothing matched when nothing did.
    private func factListing(_ query: SearchQuery, options: SearchOptions) throws -> SearchResult {
        let reading = QueryReading(facts: query)
        let (rows, total) = try FactListing.ranked(db, match: reading.factMatch, options: options)
        let hits = try FactListing.highlighted(db, rows, match: reading.factMatch, hasPrefix: query.hasPrefix)
        var result = SearchResult(query: query, options: options, hits: hits, total: total)
        if hits.isEmpty {
            let exists = try db.cachedStatement(sql: "SELECT count(*) FROM search_index WHERE search_index MATCH ?")
            let terms = query.positiveTerms
            let missing = try terms.filter { try (Int.fetchOne(exists, arguments: [SearchQuery.fts5($0)]) ?? 0) == 0 }
            (result.whyNothing, result.suggestions) = try explainNothing(
                options, unit: .fact, matchingWithoutFilters: { try Int.fetchOne(exists, arguments: [reading.factMatch]) ?? 0 },
                neverTogether: missing.isEmpty && terms.count > 1 ? terms.compactMap(\.termText) : [],
                suggestFor: missing.compactMap { if case let .word(text, prefix: false) = $0 { text } else { nil } })
        }
        return result
    }

    /// The components that hold the query's words, best first, each with its best facts (the
    /// components-first listing). Plain words are read as plain language.
    package func components(_ query: SearchQuery, options: SearchOptions, deadline: Deadline = .none) throws -> ComponentSearchResult {
        let options = try resolved(options)
        let words = try WordForms(db, held: held)
        var reading = try QueryReading(db, query, words: words)
        var result = try ComponentListing.ranked(db, &reading, options: options, deadline: deadline, words: words)
        // A query whose quoted phrases leave no component matching is searched with them as their
        // words (issue 49): the user quoted what they expect a page to say, and a page that says
        // it otherwise, or not beside every other word, still answers.
        let phrases: [String] = !result.components.isEmpty ? []
            : query.positiveTerms.compactMap { if case let .phrase(text, prefix: false) = $0 { text } else { nil } }
        if !phrases.isEmpty {
            let loosened = query.phrasesAsWords(Set(phrases))
            var again = try QueryReading(db, loosened, words: words, quoted: phrases.count == 1 ? phrases[0] : nil)
            var answer = try ComponentListing.ranked(db, &again, options: options, deadline: deadline, words: words)
            if !answer.components.isEmpty {
                answer.reading.phrasesAsWords = phrases
                answer.query = query
                return answer
            }
        }
        if result.components.isEmpty && reading.match != nil {
            // Read as typed, the words no component holds (asked only now that nothing matched).
            let unheld = reading.reading.plain ? []
                : try query.positiveTerms.filter { try !$0.isPrefix && !QueryReading.matchesAny(db, reading.expression(db, $0)) }
            // A suggestion is for a word no component holds, never for one that only failed to
            // meet the others (`link` is no misspelling of `line`).
            let missing = !reading.reading.plain ? unheld.compactMap { if case let .word(text, prefix: false) = $0 { text } else { nil } }
                : reading.reading.notFound.isEmpty ? reading.reading.terms.map(\.text) : reading.reading.notFound
            (result.whyNothing, result.suggestions) = try explainNothing(
                options, unit: .component,
                matchingWithoutFilters: {
                    guard let match = reading.match else { return 0 }
                    return try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM search_components WHERE search_components MATCH ?"),
                                            arguments: [match]) ?? 0
                },
                neverTogether: [], suggestFor: missing.filter { !$0.hasSuffix("*") && !$0.contains(" ") })
        }
        return result
    }

    /// The vocabulary's concepts a term belongs to (matched as search matches it: `Dimmed` and
    /// `dimmed` meet), or whose name it is, each with how many components hold each of its terms.
    package func concepts(of term: String) throws -> [EquivalentConcept] {
        let words = try WordForms(db)
        let vocabulary = try SearchVocabulary(db, words: words)
        return try vocabulary.conceptNames(of: term).map { name in
            let terms = vocabulary.byConcept[name] ?? []
            let counts = try terms.map { equivalent in
                try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM search_components WHERE search_components MATCH ?"),
                                 arguments: [try words.forms(db, equivalent.term)]) ?? 0
            }
            return EquivalentConcept(concept: name, terms: terms, components: counts)
        }
    }

    // MARK: - Shared by both listings

    /// Why nothing was found, worded alike by both listings: when the filters left out what
    /// matches, how many `unit`s match without them (and nothing else); otherwise, when every term
    /// matches but no `unit` holds them all (`neverTogether`), the terms to join with OR; and the
    /// words of the knowledge base nearest those in `suggestFor` ("did you mean").
    func explainNothing(_ options: SearchOptions, unit: NothingFound.Unit, matchingWithoutFilters: () throws -> Int,
                        neverTogether: [String], suggestFor words: [String]) throws -> (why: [NothingFound], suggestions: [String]) {
        if options.hasFilters {
            let count = try matchingWithoutFilters()
            if count > 0 { return ([.matchWithoutFilters(count: count, unit: unit)], []) }
        }
        var why: [NothingFound] = []
        if !neverTogether.isEmpty { why.append(.neverTogether(terms: neverTogether, unit: unit)) }
        var suggestions: [String] = []
        for word in words {
            for suggestion in try Suggest.nearTerms(db, word: word) where !suggestions.contains(suggestion) {
                suggestions.append(suggestion)
            }
        }
        return (why, suggestions)
    }

    /// The options with the component filter read as every command reads a component's name
    /// (`ComponentLookup.resolve`: slug, title or alias; native or web settled by the platform,
    /// framework or family given), kept as the one component's slug and family.
    func resolved(_ options: SearchOptions) throws -> SearchOptions {
        try validate(options)
        guard let name = options.component else { return options }
        let id = try ComponentLookup.resolve(db, name, family: options.family,
                                             context: [options.platform?.rawValue, options.framework?.rawValue].compactMap { $0 })
        guard let row = try Row.fetchOne(db, sql: "SELECT slug, family FROM components WHERE id = ?", arguments: [id]) else { return options }
        var options = options
        options.component = row["slug"]
        options.family = Family(rawValue: row["family"])
        return options
    }

    /// Refuses filters the knowledge base does not know, naming those it does (a platform and a
    /// framework are typed: `Platform(slug:)` and `Framework(slug:)` refuse a word that is none).
    func validate(_ options: SearchOptions) throws {
        if options.limit < 0 { throw QueryError.invalidOption("the limit must be 0 (all) or more, not \(options.limit)") }
        if let aspect = options.aspect {
            let known = Aspect.known.map(\.rawValue) + CriterionKind.known.map(\.rawValue)
            let inData = try Int.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM guidance WHERE aspect = :a) OR EXISTS (SELECT 1 FROM criteria WHERE kind = :a)
                    OR EXISTS (SELECT 1 FROM criteria WHERE lower(label) = :w)
                """, arguments: ["a": aspect, "w": aspect.replacingOccurrences(of: "-", with: " ")]) == 1
            if !inData && !known.contains(aspect) {
                throw QueryError.invalidOption("unknown aspect \"\(aspect)\"; known: \(known.joined(separator: ", ")) (or a criterion label such as text-resize)")
            }
        }
    }
}
