import A11yKB
@testable import KBResources
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 34: `diff` against a knowledge base of an older schema (an archived release's) is read
/// from a migrated copy; the file itself is never written, nothing appears beside it.
final class OlderSchemaDiffTests: XCTestCase {
    /// A knowledge base as a11ykb's first schema made it (migration 0001 only), holding the
    /// seed's reorder-data-row with one criterion, and a component the seed lacks.
    func firstSchemaKnowledgeBase() throws -> URL {
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("release-1.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            let first = try XCTUnwrap(EmbeddedResources.migrations.first)
            try db.execute(sql: String(decoding: first.sql, as: UTF8.self))
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [first.name])
            try db.execute(sql: """
                INSERT INTO sources (id, path, format, sha256, bytes, imported_at) VALUES (1, '/old/reorder-data-row.md', 'jekyll', 'x', 1, '2024-01-01');
                INSERT INTO components (id, slug, title, family, source_id) VALUES (1, 'reorder-data-row', 'Reorder data row', 'native', 1);
                INSERT INTO components (id, slug, title, family, source_id) VALUES (2, 'retired-widget', 'Retired widget', 'native', 1);
                INSERT INTO criteria (component_id, kind, label, expectation, position, source_id, line)
                    VALUES (1, 'screenreader', 'Name', 'Says what it once said', 0, 1, 3);
                """)
        }
        try queue.close()
        return file
    }

    func testAnOlderSchemaIsComparedFromACopyAndLeftUntouched() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let old = try firstSchemaKnowledgeBase()
        let before = try Data(contentsOf: old)
        let diff = try kb.diff(from: old.path)
        XCTAssertEqual(diff.removed, ["native/retired-widget"])
        XCTAssertTrue(diff.changed.contains { $0.component == "native/reorder-data-row" }, "\(diff.changed.map(\.component))")
        XCTAssertEqual(try Data(contentsOf: old), before, "the older file is never migrated in place")
        let beside = try FileManager.default.contentsOfDirectory(atPath: old.deletingLastPathComponent().path)
        XCTAssertEqual(beside, ["release-1.sqlite"], "nothing written beside it")
    }
}
