import GRDB
import KBModel
import KBStore

/// The upkeep of the two full-text indexes (schema 0003, 0004, 0007), which only this layer knows.
///
/// The indexes are kept in step with the fact tables by SQL triggers, so any write to those tables
/// (an import, `sqlite3`, a test) changes the indexes in the same transaction; the knowledge base
/// is never searchable in a state its facts are not in. What Swift adds is cost, not correctness:
/// an import switches two modes in `search_control` inside its transaction (`Import`), and the
/// knowledge base's opener hands `followUps` to the store for what a migration cannot fill in SQL.
/// docs/schema.md says why the triggers stay (measured against an index Swift would refresh).
package enum SearchIndex {
    /// One import's upkeep, inside its transaction: `begin` when it starts writing, `willWrite`
    /// before each document, `finish` before it commits.
    ///
    /// Component documents are written once, when the import ends, not after every fact
    /// (`defer_components`, schema 0007). An import as large as what the knowledge base already
    /// holds switches the per-row triggers off (`bulk`, schema 0004) and rebuilds both indexes
    /// once at the end: tokenizing everything in one pass costs less than keeping the indexes in
    /// step row by row.
    package final class Import {
        private let db: Database
        private var existingSources: Int?
        private var written = 0
        /// The triggers are off and the indexes will be rebuilt whole.
        package private(set) var isBulk = false

        package init(begin db: Database) throws {
            self.db = db
            try db.execute(sql: "UPDATE search_control SET defer_components = 1")
        }

        /// Before a document is written: switches to bulk once 50 documents are written and they
        /// are at least half as many as the sources the knowledge base held before the first
        /// (after the import's removals).
        package func willWrite() throws {
            if existingSources == nil { existingSources = try Int.fetchOne(db, sql: "SELECT count(*) FROM sources") ?? 0 }
            written += 1
            if !isBulk && written >= 50 && written * 2 >= existingSources ?? 0 {
                try db.execute(sql: "UPDATE search_control SET bulk = 1")
                isBulk = true
            }
        }

        /// The indexes rebuilt after a bulk import. Separate from `finish` so that an import can
        /// time (and report) the rebuild.
        package func rebuildIfBulk() throws {
            guard isBulk else { return }
            try SearchIndex.rebuild(db)
            try db.execute(sql: "UPDATE search_control SET bulk = 0")
            isBulk = false
        }

        /// The documents of the components changed meanwhile, their words' forms, and the built-in
        /// vocabulary: the last step of every import, inside its transaction.
        package func finish() throws {
            try rebuildIfBulk()
            try WordForms(db).addToTable(db, wordsOf: """
                SELECT t.title || ' ' || t.category || ' ' || t.body || ' ' || t.labels || ' ' || t.code
                FROM search_components_pending p JOIN search_component_text t ON t.id = p.component_id
                """)
            try db.execute(sql: """
                INSERT INTO search_components (rowid, title, category, body, labels, code)
                SELECT t.id, t.title, t.category, t.body, t.labels, t.code
                FROM search_components_pending p JOIN search_component_text t ON t.id = p.component_id;
                DELETE FROM search_components_pending;
                UPDATE search_control SET defer_components = 0;
                """)
            try SearchVocabulary.load(db)
        }
    }

    /// Both indexes and the word forms, rebuilt whole from the fact tables.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('rebuild')")
        try db.execute(sql: """
            INSERT INTO search_components (search_components) VALUES ('delete-all');
            INSERT INTO search_components (rowid, title, category, body, labels, code)
            SELECT id, title, category, body, labels, code FROM search_component_text;
            DELETE FROM search_components_pending;
            """)
        try WordForms(db).rebuildTable(db)
    }

    /// What a migration leaves to this layer, by the migration's name (a name no migration has is
    /// refused by the store before anything runs): 0007's word forms need the stemmer, and its
    /// vocabulary table is a copy of a file built into a11ykb; 0014 indexes labels and code, whose
    /// words need forms too.
    package static let followUps: Schema.FollowUps = [
        "0007_component_search": { db in
            try SearchVocabulary.load(db)
            try WordForms(db).rebuildTable(db)
        },
        "0014_component_evidence": { db in try WordForms(db).rebuildTable(db) },
    ]

    package static func followUp(_ migration: String, _ db: Database) throws {
        try followUps[migration]?(db)
    }
}

extension KnowledgeBase {
    /// Opens (creating when absent) the knowledge base at `path`, its schema brought up to date
    /// with everything the search indexes derive from it. See the store's designated initializer
    /// for what is refused.
    public convenience init(path: String) throws {
        try self.init(path: path, followUps: SearchIndex.followUps)
    }
}
