import GRDB
import KBModel

/// Fills `wcag_criteria` with the catalogue's facts (migration 0011): the built-in WCAG 2.2
/// catalogue, or W3C's wcag.json imported. The catalogue's title and level replace what a citation
/// wrote (a citation may abbreviate); `url` stays the citations' own (W3C's address is made from
/// `w3c_id` where one is wanted). Each row says which file its facts come from (`source_id`,
/// migration 0019; NULL for the built-in catalogue's), so that removing the file takes its facts away.
package enum WCAGCatalogueWriter {
    /// Writes `criteria`, those not `builtIn` as `sourceID`'s.
    package static func upsert(_ criteria: [WCAGCriterionInfo], sourceID: Int64?, _ db: Database) throws {
        let tied = try tiesRowsToSources(db)
        let statement = try db.cachedStatement(sql: """
            INSERT INTO wcag_criteria (sc, title, level, w3c_id, guideline, guideline_title, principle, principle_title,
                                       version, status, position\(tied ? ", source_id" : ""))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?\(tied ? ", ?" : ""))
            ON CONFLICT (sc) DO UPDATE SET title = excluded.title, level = excluded.level,
                w3c_id = excluded.w3c_id, guideline = excluded.guideline,
                guideline_title = excluded.guideline_title, principle = excluded.principle,
                principle_title = excluded.principle_title, version = coalesce(excluded.version, wcag_criteria.version),
                status = excluded.status, position = excluded.position\(tied ? ", source_id = excluded.source_id" : "")
            """)
        for c in criteria {
            var arguments: StatementArguments = [c.sc, c.title, c.level, c.w3cID, c.guideline, c.guidelineTitle, c.principle,
                                                 c.principleTitle, c.version, c.status, c.position]
            if tied { arguments += [c.builtIn ? nil : sourceID] }
            try statement.execute(arguments: arguments)
        }
    }

    /// Takes `sourceID`'s facts away from the catalogue, but for the criteria in `keeping` (which
    /// it is about to write again): a criterion the built-in catalogue holds gets its row back, one
    /// it lacks stays only if a citation names it (then with no catalogue facts: status NULL).
    package static func forget(sourceID: Int64, keeping: Set<String> = [], _ db: Database) throws {
        guard try tiesRowsToSources(db) else { return }
        let held = try String.fetchAll(db, sql: "SELECT sc FROM wcag_criteria WHERE source_id = ?", arguments: [sourceID])
            .filter { !keeping.contains($0) }
        guard !held.isEmpty else { return }
        try upsert(held.compactMap { WCAGCatalogue.bySC[$0] }, sourceID: nil, db)
        for sc in held where WCAGCatalogue.bySC[sc] == nil {
            try db.execute(sql: """
                DELETE FROM wcag_criteria WHERE sc = ? AND NOT EXISTS (SELECT 1 FROM component_wcag WHERE sc = ?)
                """, arguments: [sc, sc])
            try db.execute(sql: """
                UPDATE wcag_criteria SET w3c_id = NULL, guideline = NULL, guideline_title = NULL, principle = NULL,
                    principle_title = NULL, version = NULL, status = NULL, position = NULL, source_id = NULL
                WHERE sc = ?
                """, arguments: [sc])
        }
    }

    /// Whether the schema has `source_id` yet: 0011's follow-up loads the built-in catalogue
    /// while a file is migrated, before 0019 adds the column.
    private static func tiesRowsToSources(_ db: Database) throws -> Bool {
        try db.columns(in: "wcag_criteria").contains { $0.name == "source_id" }
    }

    /// The catalogue built into a11ykb, into a knowledge base migration 0011 just made or brought up to date.
    package static func loadBuiltIn(_ db: Database) throws {
        try upsert(WCAGCatalogue.builtIn, sourceID: nil, db)
    }
}
