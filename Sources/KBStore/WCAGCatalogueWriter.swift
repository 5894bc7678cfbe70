import GRDB
import KBModel

/// Fills `wcag_criteria` with the catalogue's facts (migration 0011): the built-in WCAG 2.2
/// catalogue, or W3C's wcag.json imported. The catalogue's title and level replace what a citation
/// wrote (a citation may abbreviate); `url` stays the citations' own (W3C's address is made from
/// `w3c_id` where one is wanted).
package enum WCAGCatalogueWriter {
    package static func upsert(_ criteria: [WCAGCriterionInfo], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO wcag_criteria (sc, title, level, w3c_id, guideline, guideline_title, principle, principle_title,
                                       version, status, position)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (sc) DO UPDATE SET title = excluded.title, level = excluded.level,
                w3c_id = excluded.w3c_id, guideline = excluded.guideline,
                guideline_title = excluded.guideline_title, principle = excluded.principle,
                principle_title = excluded.principle_title, version = coalesce(excluded.version, wcag_criteria.version),
                status = excluded.status, position = excluded.position
            """)
        for c in criteria {
            try statement.execute(arguments: [c.sc, c.title, c.level, c.w3cID, c.guideline, c.guidelineTitle, c.principle,
                                              c.principleTitle, c.version, c.status, c.position])
        }
    }

    /// The catalogue built into a11ykb, into a knowledge base migration 0011 just made or brought up to date.
    package static func loadBuiltIn(_ db: Database) throws {
        try upsert(WCAGCatalogue.builtIn, db)
    }
}
