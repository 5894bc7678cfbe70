import GRDB
import KBModel

/// A word as each index holds it, and its other forms: the one place search turns a typed word
/// into tokens. The fact index (search_index) stems (`dimmed` → `dim`); the component index
/// (search_components) holds words as written, folded only, so that a prefix query matches the
/// words themselves (`activat*`: activates, activation); `search_component_forms` ties those words
/// to their stems, so that a word finds its other forms in one indexed lookup. SQLite's own
/// tokenizers do the work (`IndexTokenizer`), so a query's words are split, folded and stemmed
/// exactly as the indexed text was.
struct WordForms {
    /// Stems, as the fact index holds them.
    let porter: IndexTokenizer
    /// Words folded (case, diacritics), as the component index holds them.
    let plain: IndexTokenizer

    /// The knowledge base's words and facts held in memory, when a long-running reader holds
    /// them (`RankingIndex`): the search reads them there instead of asking SQL. Nil in the CLI.
    let held: RankingIndex?

    init(_ db: Database, held: RankingIndex? = nil) throws {
        porter = try IndexTokenizer(db, .porter)
        plain = try IndexTokenizer(db, .plain)
        self.held = held
    }

    // MARK: - A query's words over the component index

    /// A word in every form the component index holds with the same stem (`dimmed` → dim,
    /// dimmed, dims); several tokens (`ctrl+tab`, `web page`) as a phrase, its last word in each
    /// of its forms (`web pages`: the web pages testing guide's title; issue 49).
    func forms(_ db: Database, _ word: String) throws -> String {
        let folded = plain.words(word)
        if folded.count > 1, let last = folded.last, let lasts = try variants(db, last, folded: [last]), lasts.count > 1 {
            let head = folded.dropLast().joined(separator: " ") + " "
            return "(" + lasts.map { SearchQuery.quoted(head + $0) }.joined(separator: " OR ") + ")"
        }
        guard let variants = try variants(db, word, folded: folded) else { return SearchQuery.quoted(folded.joined(separator: " ")) }
        return variants.count == 1 ? SearchQuery.quoted(variants[0])
            : "(" + variants.map(SearchQuery.quoted).joined(separator: " OR ") + ")"
    }

    /// The words `forms` searches a one-word `word` as, folded as typed first; nil for a phrase.
    private func variants(_ db: Database, _ word: String, folded: [String]) throws -> [String]? {
        guard folded.count == 1, let stem = porter.words(word).first else { return nil }
        var forms = try formsOf(db, stem: stem)
        if let base = ableBase(folded[0], stem: stem) {
            forms += try formsOf(db, stem: base).filter { !forms.contains($0) }
        }
        return [folded[0]] + forms.filter { $0 != folded[0] }
    }

    /// Whether a component holds `word` in one of its forms: `QueryReading.matchesAny` of `forms`,
    /// answered from the held index's words (`RankingIndex.termDocs`) for a word of one token (the
    /// expression is then a choice of words, each held when a component holds it).
    func holdsAnyForm(_ db: Database, _ word: String) throws -> Bool {
        if let held, let variants = try variants(db, word, folded: plain.words(word)) {
            return variants.contains { held.termDocs[$0] != nil }
        }
        return try QueryReading.matchesAny(db, forms(db, word), held: held, plain: plain)
    }

    /// The component index's words of one stem.
    private func formsOf(_ db: Database, stem: String) throws -> [String] {
        try held.map { $0.formsByStem[stem] ?? [] }
            ?? String.fetchAll(db.cachedStatement(sql: "SELECT term FROM search_component_forms WHERE stem = ? ORDER BY term"), arguments: [stem])
    }

    /// The stem of the word an `-able` or `-ible` adjective is made from, when the stemmer kept
    /// the suffix (issue 49). Porter strips it from a long base (`adjustable`, `focusable`: adjust,
    /// focus) but keeps it on a short one (`scrollable`, `clickable`, `sortable`), which then
    /// found none of its verb's forms (`scrolling` for a scrollable region). A base shorter than
    /// four letters is no word's (`table`, `stable`, `disable`).
    func ableBase(_ word: String, stem: String) -> String? {
        guard stem.hasSuffix("abl") || stem.hasSuffix("ibl"), word.hasSuffix("able") || word.hasSuffix("ible") else { return nil }
        let base = String(word.dropLast(4))
        guard base.count >= 4, let baseStem = porter.words(base).first, baseStem != stem else { return nil }
        return baseStem
    }

    /// A prefix term over the component index: the words as written, the last a prefix.
    func prefixExpression(_ text: String) -> String {
        SearchQuery.quoted(plain.words(text).joined(separator: " ")) + " *"
    }

    /// The token pattern of a term for facts: its stems in a row, the last a prefix of the
    /// unstemmed word for a prefix term.
    func pieces(_ text: String, prefix: Bool) -> [TermMatcher.Piece] {
        var pieces = porter.words(text).map(TermMatcher.Piece.stem)
        if prefix, let last = plain.words(text).last, !pieces.isEmpty {
            pieces[pieces.count - 1] = .prefix(last)
        }
        return pieces
    }

    /// A matcher of `patterns` in facts, with these tokenizers (and the held index's stems): the
    /// one made last when its patterns are the same, so that what it found in the held texts
    /// (`TermMatcher.find(in:)`) serves every stage of one question (the facts said together, then
    /// the facts shown).
    func matcher(_ patterns: [TermMatcher.Pattern]) -> TermMatcher {
        if let last = lastMatcher.matcher, last.patterns == patterns { return last }
        let matcher = TermMatcher(patterns: patterns, porter: porter, plain: plain, stemNumbers: held?.stemNumbers, heldTexts: held?.textCount ?? 0)
        lastMatcher.matcher = matcher
        return matcher
    }

    /// `Vocabulary.slugify(text)`, each text slugified once per question: reading a question
    /// looks up the same runs of words as aliases and criteria's handles several times over.
    func slug(_ text: String) -> String {
        if let slug = slugs.byText[text] { return slug }
        let slug = Vocabulary.slugify(text)
        slugs.byText[text] = slug
        return slug
    }

    private final class Slugs {
        var byText: [String: String] = [:]
    }

    private let slugs = Slugs()

    /// The matcher `matcher` made last (a question's words are one `WordForms`).
    private final class LastMatcher {
        var matcher: TermMatcher?
    }

    private let lastMatcher = LastMatcher()

    // MARK: - Upkeep of search_component_forms (schema 0007)

    /// Every term of the component index (a bulk import, the migration).
    func rebuildTable(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM search_component_forms")
        try addToTable(db, try String.fetchAll(db, sql: "SELECT term FROM search_component_terms"))
    }

    /// The words of the texts `sql` selects (the documents of the components an import wrote).
    func addToTable(_ db: Database, wordsOf sql: String) throws {
        var words = Set<String>()
        for text in try String.fetchAll(db, sql: sql) {
            for token in plain.tokens(text) { words.insert(token.text) }
        }
        try addToTable(db, Array(words))
    }

    /// A form whose last component is gone stays: it only finds nothing.
    private func addToTable(_ db: Database, _ terms: [String]) throws {
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO search_component_forms (term, stem) VALUES (?, ?)")
        for term in terms {
            guard let stem = porter.words(term).first else { continue }
            try insert.execute(arguments: [term, stem])
        }
    }
}
