import GRDB
import KBModel

/// Migration 0016's follow-up, which the store runs itself: a knowledge base made before it holds
/// criteria but no inferred links. They are inferred from the stored facts with the same table an
/// import applies, so an old knowledge base answers as a new one without importing again.
enum InferredWCAGBackfill {
    static let migration = "0016_tested_sc"

    static func run(_ db: Database) throws {
        let insert = try RowInsert(db, EntryWriter.insertInferredWCAG)
        let platformIDs = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT slug, id FROM platforms").map {
            ($0["slug"] as String, $0["id"] as Int64)
        })
        for component in try Row.fetchAll(db, sql: "SELECT id, slug, title, family, category, source_id FROM components ORDER BY id") {
            guard let family = Family(rawValue: component["family"]) else { continue }
            let componentID: Int64 = component["id"]
            let info = ComponentInfo(slug: component["slug"], title: component["title"], family: family, category: component["category"])
            let rows = try Row.fetchAll(db, sql: """
                SELECT cr.id, p.slug AS platform, cr.kind, cr.label, cr.expectation, cr.line, cr.source_id
                FROM criteria cr LEFT JOIN platforms p ON p.id = cr.platform_id
                WHERE cr.component_id = ? ORDER BY cr.position
                """, arguments: [componentID])
            let criteria = rows.map { row in
                CriterionFact(platform: (row["platform"] as String?).flatMap(Platform.init(rawValue:)), kind: row["kind"],
                              label: row["label"], expectation: row["expectation"], line: row["line"])
            }
            for link in TestedSCInference.infer(info, criteria: criteria) {
                let row = link.criterion.map { rows[$0] }
                try insert.run(db, [.int(componentID), .of(row.map { $0["id"] as Int64 }),
                                    .of(link.platform.flatMap { platformIDs[$0.rawValue] }), .text(link.sc), .text(link.reason),
                                    .int(row.map { $0["source_id"] as Int64 } ?? component["source_id"]),
                                    .of(row.map { $0["line"] as Int })])
            }
        }
    }
}
