import GRDB
import KBModel
import KBStore

/// One concept of the vocabulary with its terms, for a look-up of a term's equivalents.
public struct EquivalentConcept: Sendable, Equatable {
    /// `disabled`, `heading`...
    public var concept: String
    /// Every term of the concept, in the vocabulary file's order.
    public var terms: [Equivalent]
    /// How many components hold each term (same order as `terms`): which words the knowledge base uses.
    public var components: [Int]
}

/// Search's use of the vocabulary (vocabulary/equivalents.tsv, built into a11ykb): the
/// `equivalents` table is a copy of it, written again by every import and by the migration that
/// made the table (schema 0007), so a knowledge base holds the vocabulary of the a11ykb that last
/// wrote it; a search reads the table, keyed by each term's words as the component index folds
/// them: `Dimmed` and `dimmed` meet, `double-tap` and `double tap` too. Not by stems: a stem would
/// tie `focused` to `focusable`, an Android attribute of another concept.
struct SearchVocabulary {
    var byKey: [String: [Equivalent]] = [:]
    var byConcept: [String: [Equivalent]] = [:]
    /// The first words of the terms of several words (`page` of `page up`).
    private(set) var leaders: Set<String> = []
    let plain: IndexTokenizer

    init(_ db: Database, words: WordForms) throws {
        plain = words.plain
        if let held = words.held {
            (byKey, byConcept, leaders) = (held.vocabularyByKey, held.vocabularyByConcept, held.vocabularyLeaders)
            return
        }
        for row in try Row.fetchAll(db, sql: "SELECT concept, platform, term, note FROM equivalents ORDER BY id") {
            let equivalent = Equivalent(concept: row["concept"], platform: try row.platform(), term: row["term"], note: row["note"])
            let key = key(equivalent.term)
            byKey[key, default: []].append(equivalent)
            byConcept[equivalent.concept, default: []].append(equivalent)
            if let space = key.firstIndex(of: " ") { leaders.insert(String(key[..<space])) }
        }
    }

    func key(_ text: String) -> String { plain.words(text).joined(separator: " ") }

    /// Whether a run of words starting with `word` may be a term of several words (`page` of
    /// `page up`): most words start none, and their runs are not looked up (`QueryReading.termRun`).
    func mayLead(_ word: String) -> Bool {
        guard let first = plain.words(word).first else { return false }
        return leaders.contains(first)
    }

    /// The other terms of every concept `text` belongs to, in file order, each once.
    func equivalents(of text: String) -> [Equivalent] {
        let own = key(text)
        guard !own.isEmpty, let entries = byKey[own] else { return [] }
        var seen: Set<String> = [own]
        var result: [Equivalent] = []
        for concept in Set(entries.map(\.concept)).sorted() {
            for equivalent in byConcept[concept] ?? [] where seen.insert(key(equivalent.term)).inserted {
                result.append(equivalent)
            }
        }
        return result
    }

    /// The platforms the vocabulary gives a term for (nil: every platform).
    func platforms(of text: String) -> Set<Platform?> {
        Set((byKey[key(text)] ?? []).map(\.platform))
    }

    /// The concepts a term belongs to (matched as search matches it), or whose name it is.
    func conceptNames(of term: String) -> [String] {
        var names = Set(byKey[key(term)]?.map(\.concept) ?? [])
        if byConcept[term.lowercased()] != nil { names.insert(term.lowercased()) }
        return names.sorted()
    }

    /// Writes the built-in vocabulary into the `equivalents` table, replacing what is there. A
    /// few hundred rows: rewriting costs nothing.
    static func load(_ db: Database, _ equivalents: [Equivalent] = Equivalent.builtIn) throws {
        try db.execute(sql: "DELETE FROM equivalents")
        let insert = try db.makeStatement(sql: "INSERT INTO equivalents (concept, platform, term, note) VALUES (?, ?, ?, ?)")
        for equivalent in equivalents {
            try insert.execute(arguments: [equivalent.concept, equivalent.platform?.rawValue, equivalent.term, equivalent.note])
        }
    }
}
