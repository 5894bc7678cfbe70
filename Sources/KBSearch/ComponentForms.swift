import GRDB

/// Keeps `search_component_forms` (schema 0007): each word of the component index with its
/// porter stem, so that a search finds a word's other forms (`dimmed` → dim, dims) in one indexed
/// lookup instead of a scan of the index's terms.
enum ComponentForms {
    /// Every term of the component index (a bulk import, the migration).
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM search_component_forms")
        try add(db, try String.fetchAll(db, sql: "SELECT term FROM search_component_terms"))
    }

    /// The words of some components' documents (the components an import wrote).
    static func add(_ db: Database, components sql: String) throws {
        let plain = try IndexTokenizer(db, .plain)
        var words = Set<String>()
        for text in try String.fetchAll(db, sql: sql) {
            for token in plain.tokens(text) { words.insert(token.text) }
        }
        try add(db, Array(words))
    }

    private static func add(_ db: Database, _ terms: [String]) throws {
        let porter = try IndexTokenizer(db, .porter)
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO search_component_forms (term, stem) VALUES (?, ?)")
        for term in terms {
            guard let stem = porter.words(term).first else { continue }
            try insert.execute(arguments: [term, stem])
        }
    }
}
