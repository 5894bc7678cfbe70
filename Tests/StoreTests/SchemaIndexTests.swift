import A11yKB
@testable import KBStore
@testable import KBQuery
import GRDB
import TestSupport
import XCTest

/// Migration 0005: replacing or deleting a source, and looking a component up by slug, reach their
/// rows through indexes instead of scanning whole tables.
final class SchemaIndexTests: XCTestCase {
    func plan(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments) throws -> [String] {
        try kb.reader.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    func testReplacingASourceUsesTheSourceIndexOfEveryFactTable() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // What the writer runs when a source's facts are replaced, and what SQLite's foreign-key
        // check looks up in each child table when a source row is deleted.
        for table in EntryWriter.factTables + ["notices", "components"] {
            for sql in ["DELETE FROM \(table) WHERE source_id = ?", "SELECT 1 FROM \(table) WHERE source_id = ?"] {
                let steps = try plan(kb, sql, [1])
                XCTAssertTrue(steps.contains { $0.contains("USING INDEX") || $0.contains("USING COVERING INDEX") }, "\(sql): \(steps)")
                XCTAssertFalse(steps.contains { $0.hasPrefix("SCAN") }, "\(sql): \(steps)")
            }
        }
        let superseded = try plan(kb, "SELECT 1 FROM sources WHERE superseded_by = ?", [1])
        XCTAssertTrue(superseded.contains { $0.contains("sources_superseded_by") }, superseded.description)
    }

    func testLookingAComponentUpBySlugAloneUsesAnIndex() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let steps = try plan(kb, "SELECT id FROM components WHERE slug = ?", ["table"])
        XCTAssertTrue(steps.contains { $0.contains("components_slug") }, steps.description)
    }

    func testViewsNameTheComponentsTitleAndCategory() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let rows = try Fixtures.rows(kb, """
            SELECT DISTINCT title, category FROM v_criteria WHERE component = 'reorder-data-row' AND family = 'native'
            """)
        XCTAssertEqual(rows.map { $0["title"] as String }, ["Reorder data row"])
        XCTAssertEqual(rows.map { $0["category"] as String? }, ["controls"])
        for view in ["v_guidance", "v_announcements", "v_gaps"] {
            let columns = try kb.reader.read { try $0.columns(in: view).map(\.name) }
            XCTAssertEqual(Array(columns.suffix(2)), ["title", "category"], view)
        }
        let wcag = try kb.reader.read { try $0.columns(in: "v_component_wcag").map(\.name) }
        XCTAssertEqual(Array(wcag.suffix(2)), ["component_title", "category"])
        XCTAssertTrue(wcag.contains("title"), "the WCAG criterion's title keeps its name")
    }
}
