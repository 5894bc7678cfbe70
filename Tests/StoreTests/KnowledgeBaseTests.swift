import A11yKB
@testable import KBResources
@testable import KBImport
import Foundation
import TestSupport
import XCTest

/// What the knowledge base is made from and where it lives: the embedded seed and migrations, the
/// default knowledge base seeded on first use.
final class KnowledgeBaseTests: XCTestCase {
    func testEmbeddedSeedMatchesTheSeedFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.seedFolder.path).sorted()
        XCTAssertEqual(EmbeddedResources.seedDocuments.map(\.name), names)
        for (name, bytes) in EmbeddedResources.seedDocuments {
            XCTAssertEqual(Data(bytes), try Data(contentsOf: Fixtures.seedFolder.appendingPathComponent(name)), name)
        }
        let migrations = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repoRoot.appendingPathComponent("migrations").path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        XCTAssertEqual(EmbeddedResources.migrations.map { $0.name + ".sql" }, migrations)
    }

    func testDefaultKnowledgeBaseIsSeededOnFirstUse() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let kb = try DefaultKnowledgeBase.open(environment: ["XDG_DATA_HOME": folder.path, "HOME": "/nonexistent"])
        XCTAssertEqual(kb.path, folder.path + "/a11ykb/kb.sqlite")
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM components"), 4)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM criteria"), 28)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT path FROM sources WHERE superseded_by IS NULL ORDER BY path").first,
                       "(embedded)/seed/expandable-region.md")
        XCTAssertEqual(try DefaultKnowledgeBase.path(environment: ["A11YKB_DB": "/x/kb.sqlite", "XDG_DATA_HOME": "/y"]), "/x/kb.sqlite")
        XCTAssertEqual(try DefaultKnowledgeBase.path(environment: ["HOME": "/home/u"]), "/home/u/.local/share/a11ykb/kb.sqlite")
    }
}

/// `hasTable`, what opening a knowledge base asks of its schema (and the component lookup of
/// its renames): tables of the main schema only, by SQLite's case-blind names, answered as GRDB's
/// `tableExists` answers, without reading the whole schema.
final class HasTableTests: XCTestCase {
    func testItAnswersAsGRDBsTableExistsDoes() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.read { db in
            for name in ["grdb_migrations", "GRDB_Migrations", "component_renames", "components", "v_criteria", "search_index",
                         "no_such_table", "sqlite_master"] {
                XCTAssertEqual(try db.hasTable(name), try db.tableExists(name), name)
            }
            XCTAssertTrue(try db.hasTable("Components"))
            XCTAssertFalse(try db.hasTable("v_criteria"), "a view is not a table")
            XCTAssertFalse(try db.hasTable("no_such_table"))
        }
    }
}
