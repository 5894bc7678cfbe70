import A11yKB
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 24, item 7: an import is done only when the `.sqlite` file holds it; a folder has one
/// spelling whatever way it was named; an empty name imports nothing.
final class ImportPathAndCheckpointTests: XCTestCase {
    var checkoutFixture: URL { Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout") }

    /// A reader of an older snapshot (a sqlite3 shell left in BEGIN, Datasette mid-query) keeps
    /// the closing checkpoint from completing: the import said 0 while the file alone was old.
    func testAnImportWhoseCheckpointCannotCompleteSaysSoAndDoesNotExitZero() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let checkout = try Fixtures.copy(checkoutFixture, self, as: "checkout")
        let reader = try DatabaseQueue(path: db, configuration: { var c = Configuration(); c.readonly = true; c.allowsUnsafeTransactions = true; return c }())
        let before = try reader.inDatabase { db -> Int in
            try db.beginTransaction(.deferred)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM components") ?? 0
        }
        let run = try Fixtures.run(["import", "--wait", "1", "--db", db, checkout.path])
        XCTAssertEqual(run.status, 1, "committed but only in the -wal is not done: \(run.stdout) \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("only in \(db)-wal"), run.stderr)
        XCTAssertTrue(run.stdout.contains("added"), "the summary still says what was committed: \(run.stdout)")
        try reader.inDatabase { try $0.rollback() }
        try reader.close()
        // Committed all the same; the next write folds it in.
        let after = try Fixtures.run(["sql", "--db", db, "--format", "csv", "SELECT count(*) FROM components"])
        XCTAssertEqual(after.stdout, "count(*)\r\n\(before + 1)\r\n")
        let again = try Fixtures.run(["import", "--db", db, checkout.path])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// `cd link && import .` (the shell's working folder is the link's target) and `import
    /// /path/link` name the same sources: the second import changes nothing and removes nothing.
    func testALinkedFolderHasOneSpellingWhicheverWayItIsNamed() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let checkout = try Fixtures.copy(checkoutFixture, self, as: "real")
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: checkout)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let named = try Fixtures.run(["import", "--db", db, link.path])
        XCTAssertEqual(named.status, 0, named.stderr)
        let sources = "SELECT count(*) FROM sources"
        let count = try Fixtures.int(try KnowledgeBase(path: db), sources)
        XCTAssertGreaterThan(count, 0)
        let fromInside = try Fixtures.shell(#"cd "$1" && exec "$0" import --db "$2" ."#, [link.path, db])
        XCTAssertEqual(fromInside.status, 0, fromInside.stderr)
        XCTAssertTrue(fromInside.stdout.contains("0 added"), fromInside.stdout)
        XCTAssertFalse(fromInside.stdout.contains("removed"), fromInside.stdout)
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), sources), count, "no source twice")
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM roots"), 1)
    }

    /// `import ''` read the empty name as the current folder, the knowledge base in it included.
    func testAnEmptyNameImportsNothing() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try "# Stray note\n\n## Condensed\n\n### Keyboard\n\n- Tab: focus moves here\n"
            .write(to: folder.appendingPathComponent("stray.md"), atomically: true, encoding: .utf8)
        let run = try Fixtures.shell(#"cd "$1" && exec "$0" import --db kb.sqlite ''"#, [folder.path])
        XCTAssertNotEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stderr.contains("empty name"), run.stderr)
        XCTAssertFalse(run.stdout.contains("stray"), run.stdout)
        let db = folder.appendingPathComponent("kb.sqlite").path
        if FileManager.default.fileExists(atPath: db) {
            XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM components WHERE slug = 'stray-note'"), 0)
        }
    }
}
