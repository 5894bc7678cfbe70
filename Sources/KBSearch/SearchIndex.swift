import GRDB
import KBStore

/// The upkeep of the two full-text indexes (schema 0003, 0004, 0007), which only this layer knows:
/// the import calls these inside its transaction, and the knowledge base's opener hands
/// `followUp` to the store for what a migration cannot fill in SQL.
package enum SearchIndex {
    /// Bulk mode: the search index's triggers stand still until `rebuild` (schema 0004).
    package static func setBulk(_ on: Bool, _ db: Database) throws {
        try db.execute(sql: "UPDATE search_control SET bulk = ?", arguments: [on ? 1 : 0])
    }

    /// Both indexes and the word forms, rebuilt whole from the fact tables.
    package static func rebuild(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('rebuild')")
        try db.execute(sql: """
            INSERT INTO search_components (search_components) VALUES ('delete-all');
            INSERT INTO search_components (rowid, title, category, body)
            SELECT id, title, category, body FROM search_component_text;
            DELETE FROM search_components_pending;
            """)
        try ComponentForms.rebuild(db)
    }

    /// Component documents are written once, when the import ends (`writePendingComponentDocuments`),
    /// not after every fact (schema 0007).
    package static func deferComponentDocuments(_ db: Database) throws {
        try db.execute(sql: "UPDATE search_control SET defer_components = 1")
    }

    /// Writes the documents of the components changed since `deferComponentDocuments`, and the
    /// built-in vocabulary: the last step of every import, inside its transaction.
    package static func writePendingComponentDocuments(_ db: Database) throws {
        try ComponentForms.add(db, components: """
            SELECT t.title || ' ' || t.category || ' ' || t.body
            FROM search_components_pending p JOIN search_component_text t ON t.id = p.component_id
            """)
        try db.execute(sql: """
            INSERT INTO search_components (rowid, title, category, body)
            SELECT t.id, t.title, t.category, t.body
            FROM search_components_pending p JOIN search_component_text t ON t.id = p.component_id;
            DELETE FROM search_components_pending;
            UPDATE search_control SET defer_components = 0;
            """)
        try EquivalentsTable.load(db)
    }

    /// What a migration leaves to this layer: 0007's word forms need the stemmer.
    package static func followUp(_ migration: String, _ db: Database) throws {
        if migration == "0007_component_search" { try ComponentForms.rebuild(db) }
    }
}

extension KnowledgeBase {
    /// Opens (creating when absent) the knowledge base at `path`, its schema brought up to date
    /// with everything the search indexes derive from it. See the store's designated initializer
    /// for what is refused.
    public convenience init(path: String) throws {
        try self.init(path: path, followUp: SearchIndex.followUp)
    }
}
