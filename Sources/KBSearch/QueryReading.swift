import GRDB
import KBModel

/// How the engine reads a query, once, for either listing: what each index runs and what the
/// listing says it did with the user's words (`SearchReading`).
///
/// Read as plain language (the components-first listing, for a query of words and prefixes only):
/// stop words dropped, platform words kept aside as a soft filter, runs of words looked up in the
/// vocabulary (`equivalents`), one expression per term for partial matches. Read as typed (any
/// operator: quotes, OR, NOT, parentheses; and always for the fact listing, which lists every fact
/// that says exactly what was asked): every term must match, nothing is added or left out.
/// Repairs (an unclosed quote) are the parser's, in `query.repairs`.
///
/// Over the fact index the query runs as parsed (`factMatch`, stemmed by the index itself); over
/// the component index, which holds words unstemmed, each word is sent in all its forms
/// (`WordForms`). `patterns` find the terms in a fact's text, to mark them and pick the best facts.
struct QueryReading {
    let query: SearchQuery
    var reading: SearchReading
    /// Over the component index: every term must match (nil: nothing to search).
    var match: String?
    /// Per plain term: its forms as typed, and with its equivalents.
    var exact: [String] = []
    var full: [String] = []
    var patterns: [TermMatcher.Pattern] = []
    /// Per plain term: the slugs it is an alias of (vocabulary/aliases.tsv), and whether it is a
    /// verb of speech (`say`, `announce`), which points at announcements.
    var aliasSlugs: [[String]] = []
    var speech: Set<Int> = []

    /// The component index's word forms; nil in a reading for the fact listing.
    let words: WordForms?
    /// Only the components-first reading's own steps use these.
    private var forms: WordForms { words! }
    private var plain: IndexTokenizer { forms.plain }

    /// The query over the fact index, as typed.
    var factMatch: String { query.fts5 }

    /// For the fact listing: as typed, over the fact index, which stems and marks the words itself
    /// (so no tokenizer, word form or vocabulary is read).
    init(facts query: SearchQuery) {
        self.query = query
        words = nil
        reading = SearchReading(plain: false, terms: [])
    }

    /// For the components-first listing: as plain language when the query has no operator.
    init(_ db: Database, _ query: SearchQuery, words: WordForms) throws {
        self.query = query
        self.words = words
        reading = SearchReading(plain: QueryReading.isPlain(query.root), terms: [])
        if reading.plain {
            try readPlain(db, query.root)
        } else {
            match = try expression(db, query.root)
            for (index, node) in SearchQuery.positives(query.root).enumerated() {
                guard let text = node.termText else { continue }
                reading.terms.append(SearchReading.Term(text: text, prefix: node.isPrefix, equivalents: []))
                patterns.append(TermMatcher.Pattern(pieces: words.pieces(node.text, prefix: node.isPrefix), term: index, equivalent: nil))
            }
        }
    }

    static func isPlain(_ node: SearchQuery.Node) -> Bool {
        switch node {
        case .word: true
        case .all(let children): children.allSatisfy { if case .word = $0 { true } else { false } }
        default: false
        }
    }

    // MARK: - Plain language

    private mutating func readPlain(_ db: Database, _ root: SearchQuery.Node) throws {
        let words: [(text: String, prefix: Bool)] = SearchQuery.positives(root).compactMap {
            if case let .word(text, prefix) = $0 { (text, prefix) } else { nil }
        }
        var content: [(text: String, prefix: Bool)] = []
        var platformWords: [(text: String, prefix: Bool)] = []
        var stops: [(text: String, prefix: Bool)] = []
        for word in words {
            let folded = plain.words(word.text)
            let single = folded.count == 1 && !word.prefix ? folded[0] : nil
            if let single, PlainLanguage.stopWords.contains(single) {
                stops.append(word)
            } else if let single, let platformWord = PlainLanguage.platformWords[single] {
                platformWords.append(word)
                if !reading.platforms.contains(platformWord.platform) { reading.platforms.append(platformWord.platform) }
                if let framework = platformWord.framework, !reading.frameworks.contains(framework) { reading.frameworks.append(framework) }
                if let reader = platformWord.screenReader, !reading.screenReaders.contains(reader) { reading.screenReaders.append(reader) }
            } else {
                content.append(word)
            }
        }
        // A query of nothing but platform words searches them as words (`VoiceOver`); one of
        // nothing but stop words searches those.
        if content.isEmpty && !platformWords.isEmpty {
            content = platformWords
            platformWords = []
            reading.platforms = []
            reading.frameworks = []
            reading.screenReaders = []
        }
        if content.isEmpty {
            content = stops
            stops = []
        }
        reading.stopWords = stops.map(\.text)
        reading.platformWords = platformWords.map(\.text)

        let vocabulary = try SearchVocabulary(db, words: forms)
        var index = 0
        while index < content.count {
            var term = (text: content[index].text, prefix: content[index].prefix, length: 1)
            var concepts: [Equivalent] = []
            if !term.prefix {
                // The longest run of words that is a term of the vocabulary (`double tap`).
                for length in stride(from: min(4, content.count - index), through: 1, by: -1) {
                    let run = content[index..<(index + length)]
                    if run.contains(where: \.prefix) { continue }
                    let text = run.map(\.text).joined(separator: " ")
                    let found = vocabulary.equivalents(of: text)
                    if !found.isEmpty || length == 1 {
                        if !found.isEmpty { term = (text, false, length) }
                        concepts = found
                        break
                    }
                }
            }
            // Two words the sources write as one (`space bar`: Spacebar, `check box`: checkbox)
            // are that word too, as typed.
            var closed: String?
            if term.length == 1, !term.prefix, index + 1 < content.count, !content[index + 1].prefix,
               let joined = try closedCompound(db, content[index].text, content[index + 1].text) {
                term = (content[index].text + " " + content[index + 1].text, false, 2)
                concepts = vocabulary.equivalents(of: joined)
                closed = joined
            }
            try addTerm(db, term.text, prefix: term.prefix, equivalents: concepts, closed: closed)
            index += term.length
        }
        // Words only one platform uses (`dimmed`, `isHeader`) say which platform is meant.
        if reading.platforms.isEmpty {
            var hinted: [String: [String]] = [:]
            for term in reading.terms where !term.prefix {
                let platforms = vocabulary.platforms(of: term.text)
                if platforms.count == 1, let only = platforms.first, let platform = only { hinted[platform, default: []].append(term.text) }
            }
            if hinted.count == 1, let (platform, words) = hinted.first {
                reading.platforms = [platform]
                reading.platformHints = words
            }
        }
        match = full.isEmpty ? nil : full.joined(separator: " AND ")
    }

    /// The one word two typed words make when the component index holds it (`spacebar`).
    private func closedCompound(_ db: Database, _ first: String, _ second: String) throws -> String? {
        let words = plain.words(first) + plain.words(second)
        guard words.count == 2 else { return nil }
        let joined = words.joined()
        let held = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM search_component_forms WHERE term = ?"), arguments: [joined]) ?? false
        return held ? joined : nil
    }

    private mutating func addTerm(_ db: Database, _ text: String, prefix: Bool, equivalents: [Equivalent], closed: String? = nil) throws {
        let term = reading.terms.count
        var exactForm = prefix ? forms.prefixExpression(text) : try forms.forms(db, text)
        patterns.append(TermMatcher.Pattern(pieces: forms.pieces(text, prefix: prefix), term: term, equivalent: nil))
        if let closed {
            exactForm = "(" + exactForm + " OR " + (try forms.forms(db, closed)) + ")"
            patterns.append(TermMatcher.Pattern(pieces: forms.pieces(closed, prefix: false), term: term, equivalent: nil))
        }
        var alternatives = [exactForm]
        var held: [Equivalent] = []
        for equivalent in equivalents {
            let form = try forms.forms(db, equivalent.term)
            guard !alternatives.contains(form), try QueryReading.matchesAny(db, form) else { continue }
            alternatives.append(form)
            held.append(equivalent)
            patterns.append(TermMatcher.Pattern(pieces: forms.pieces(equivalent.term, prefix: false), term: term, equivalent: equivalent.term))
        }
        let folded = plain.words(text)
        if !prefix, folded.count == 1, PlainLanguage.speechVerbs.contains(folded[0]) {
            speech.insert(term)
            for word in PlainLanguage.announcementWords {
                let form = try forms.forms(db, word)
                guard !alternatives.contains(form), try QueryReading.matchesAny(db, form) else { continue }
                alternatives.append(form)
                patterns.append(TermMatcher.Pattern(pieces: forms.pieces(word, prefix: false), term: term, equivalent: nil))
            }
        }
        aliasSlugs.append(prefix ? [] : ComponentAlias.slugsByAlias[Vocabulary.slugify(text)] ?? [])
        exact.append(exactForm)
        full.append(alternatives.count == 1 ? exactForm : "(" + alternatives.joined(separator: " OR ") + ")")
        reading.terms.append(SearchReading.Term(text: prefix ? text + "*" : text, prefix: prefix, equivalents: held))
    }

    static func matchesAny(_ db: Database, _ expression: String) throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM search_components WHERE search_components MATCH ? LIMIT 1"),
                         arguments: [expression]) != nil
    }

    // MARK: - Expressions over the component index

    /// The query as written, over the component index: operators kept, words in all their forms.
    func expression(_ db: Database, _ node: SearchQuery.Node) throws -> String {
        switch node {
        case let .word(text, prefix):
            return prefix ? forms.prefixExpression(text) : try forms.forms(db, text)
        case let .phrase(text, prefix):
            return SearchQuery.quoted(plain.words(text).joined(separator: " ")) + (prefix ? " *" : "")
        case .all(let children):
            return try children.map { "(" + (try expression(db, $0)) + ")" }.joined(separator: " AND ")
        case .any(let children):
            return try children.map { "(" + (try expression(db, $0)) + ")" }.joined(separator: " OR ")
        case let .exclude(keep, drop):
            return "(" + (try expression(db, keep)) + ") NOT ("
                + (try drop.map { "(" + (try expression(db, $0)) + ")" }.joined(separator: " OR ")) + ")"
        }
    }
}

extension SearchQuery.Node {
    var isPrefix: Bool {
        switch self {
        case let .word(_, prefix), let .phrase(_, prefix): prefix
        default: false
        }
    }

    var text: String {
        switch self {
        case let .word(text, _), let .phrase(text, _): text
        default: ""
        }
    }
}
