import A11yKB
@testable import KBStore
@testable import KBImport
@testable import KBResources
@testable import KBSearch
import Foundation
import GRDB
import TestSupport
import XCTest

/// Provenance that travels (issue 20, migration 0010): a source is kept as a path below the folder it
/// was imported from, and that folder once, in `roots`.
final class SourceRootsTests: XCTestCase {
    /// A checkout-shaped folder holding the seed's markdown entries as native controls.
    func checkout(in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("magenta")
        let controls = root.appendingPathComponent("public/content/documentation/native/controls")
        try FileManager.default.createDirectory(at: controls, withIntermediateDirectories: true)
        for name in ["expandable-region.md", "reorder-data-row.md", "table-row-button.md"] {
            try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent(name),
                                             to: controls.appendingPathComponent(name))
        }
        return root
    }

    func testSourcesArePathsBelowTheCheckoutRootKeptOnce() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let root = try checkout(in: folder)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        // A folder inside the checkout: the root is still the checkout's.
        let first = try Importer(kb).importPaths([root.appendingPathComponent("public/content/documentation/native").path])
        XCTAssertEqual(first.added.count, 3, "\(first)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT path FROM roots"), [root.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT path FROM sources ORDER BY path"),
                       ["public/content/documentation/native/controls/expandable-region.md",
                        "public/content/documentation/native/controls/reorder-data-row.md",
                        "public/content/documentation/native/controls/table-row-button.md"])
        let cited = try Fixtures.strings(kb, "SELECT DISTINCT source FROM v_gaps ORDER BY source")
        XCTAssertTrue(cited.contains("public/content/documentation/native/controls/expandable-region.md"), "answers name the relative path: \(cited)")
        XCTAssertFalse(cited.contains { $0.hasPrefix("/") }, "\(cited)")
        // The whole checkout, imported again, finds the same rows by where the files are.
        let again = try Importer(kb).importPaths([root.path])
        XCTAssertEqual(again.unchanged.count, 3, "\(again)")
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM sources"), 3)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT location FROM v_sources ORDER BY location").first,
                       root.path + "/public/content/documentation/native/controls/expandable-region.md")
    }

    func testACopyElsewhereIsARootOfItsOwnAndAGoneOneLeavesNoRoot() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let root = try checkout(in: folder)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([root.path])
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root, to: copy.appendingPathComponent("magenta"))
        let second = try Importer(kb).importPaths([copy.appendingPathComponent("magenta").path])
        XCTAssertEqual(second.superseded.count, 3, "the copy's entries replace the first's: \(second)")
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM roots"), 2)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM sources WHERE path LIKE 'public/content/%'"), 6,
                       "the same relative paths under two roots")
        // The first checkout emptied: its sources go, and its root with them.
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path + "/public/content/documentation/native/controls") {
            try FileManager.default.removeItem(atPath: root.path + "/public/content/documentation/native/controls/" + name)
        }
        try "# Notes\n".write(to: root.appendingPathComponent("public/content/README.md"), atomically: true, encoding: .utf8)
        let pruned = try Importer(kb).importPaths([root.path])
        XCTAssertTrue(pruned.errors.isEmpty, "\(pruned)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT path FROM roots"), [copy.appendingPathComponent("magenta").path])
    }

    /// A knowledge base of schema 0009 held absolute paths: 0010 splits them at their checkout root
    /// (else their folder), keeps the seed's names, and loses no supersession, notice or fact.
    func testAnOlderKnowledgeBaseKeepsWorking() throws {
        let path = try Fixtures.temporaryFolder(self).appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in EmbeddedResources.migrations where migration.name < "0010" {
                try db.execute(sql: String(decoding: migration.sql, as: UTF8.self))
                try SearchIndex.followUp(migration.name, db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.name])
            }
            try db.execute(sql: """
                INSERT INTO sources (id, path, format, sha256, bytes, imported_at, superseded_by) VALUES
                    (1, '/home/ana/magenta/public/content/documentation/native/controls/switch.md', 'magenta-v2', 'a', 1, 't', NULL),
                    (2, '/home/ana/magenta/_checklist-native/switch.md', 'jekyll', 'b', 1, 't', 1),
                    (3, '/home/ana/notes/switch.txt', 'rendered-text', 'c', 1, 't', 1),
                    (4, '(embedded)/seed/table.txt', 'rendered-text', 'd', 1, 't', NULL);
                INSERT INTO components (id, slug, title, family, source_id) VALUES (1, 'switch', 'Switch', 'native', 1);
                INSERT INTO criteria (component_id, kind, expectation, position, source_id, line) VALUES (1, 'gesture', 'Swipe', 0, 1, 12);
                INSERT INTO notices (source_id, kind, line, message) VALUES (2, 'repair', 3, 'kept');
                """)
        }
        try queue.close()
        let kb = try KnowledgeBase(path: path)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT path FROM roots ORDER BY path"), ["/home/ana/magenta", "/home/ana/notes"])
        let sources = try Fixtures.rows(kb, "SELECT id, root, path, superseded_by, location FROM v_sources ORDER BY id")
        XCTAssertEqual(sources.map { $0["path"] as String }, ["public/content/documentation/native/controls/switch.md",
                                                              "_checklist-native/switch.md", "switch.txt", "(embedded)/seed/table.txt"])
        XCTAssertEqual(sources.map { $0["location"] as String }, ["/home/ana/magenta/public/content/documentation/native/controls/switch.md",
                                                                  "/home/ana/magenta/_checklist-native/switch.md",
                                                                  "/home/ana/notes/switch.txt", "(embedded)/seed/table.txt"])
        XCTAssertEqual(sources.map { $0["superseded_by"] as Int64? }, [nil, 1, 1, nil])
        XCTAssertNil(sources[3]["root"] as String?)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM notices WHERE source_id = 2"), 1)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT source FROM v_criteria"), ["public/content/documentation/native/controls/switch.md"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM pragma_foreign_key_check"), 0)
        // Found again by where the file was; 0013 forgot every document's hash (today's readers
        // make more of them), so the next import reads it again rather than skipping it.
        XCTAssertEqual(try kb.sourceHashes()["/home/ana/notes/switch.txt"], "", "found again by where the file was")
    }
}
