import GRDB
import KBModel

/// Migration 0017's follow-up, which the store runs itself: a knowledge base made before it holds
/// criteria whose inferred links an older table made (or none, before 0016) and no criterion
/// marked as testing nothing. Both are inferred again from the stored facts with the table an
/// import applies, so an old knowledge base answers as a new one without importing again. 0016
/// only makes the table: a knowledge base older than it gets its links here too, once.
enum InferredWCAGBackfill {
    static let migration = "0017_tests_nothing"

    static func run(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM inferred_wcag; DELETE FROM tests_nothing")
        let insert = try RowInsert(db, EntryWriter.insertInferredWCAG)
        let nothing = try RowInsert(db, EntryWriter.insertTestsNothing)
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
            let tested = TestedSCInference.infer(info, criteria: criteria)
            for link in tested.links {
                let row = link.criterion.map { rows[$0] }
                try insert.run(db, [.int(componentID), .of(row.map { $0["id"] as Int64 }),
                                    .of(link.platform.flatMap { platformIDs[$0.rawValue] }), .text(link.sc), .text(link.reason),
                                    .int(row.map { $0["source_id"] as Int64 } ?? component["source_id"]),
                                    .of(row.map { $0["line"] as Int })])
            }
            for mark in tested.nothing {
                let row = rows[mark.criterion]
                try nothing.run(db, [.int(componentID), .int(row["id"] as Int64), .of(mark.platform.flatMap { platformIDs[$0.rawValue] }),
                                     .text(mark.reason), .int(row["source_id"] as Int64), .of(row["line"] as Int)])
            }
        }
    }
}
