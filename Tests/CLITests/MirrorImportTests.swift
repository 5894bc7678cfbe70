import A11yKB
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// No stale facts (issue 13, cases 5 and 6): a caption belongs to its component, not to its path,
/// and importing a checkout makes the knowledge base mirror it.
final class MirrorImportTests: XCTestCase {
    func count(_ db: String, _ sql: String) throws -> Int {
        try Fixtures.int(try KnowledgeBase(path: db), sql)
    }

    /// The same checkout imported from a second path: at 0de7886 every caption transcript was
    /// there twice (615 transcript announcements of the 2026 corpus became 1230).
    func testSameCheckoutFromASecondPathKeepsOneCopyOfEachCaption() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let first = try Fixtures.copy(corpus, self, as: "first")
        let second = try Fixtures.copy(corpus, self, as: "second")
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, first.path]).status, 0)
        let transcripts = "SELECT count(*) FROM announcements WHERE origin = 'transcript'"
        let once = try count(db, transcripts)
        XCTAssertGreaterThan(once, 500)
        let again = try Fixtures.run(["import", "--db", db, "--format", "json", second.path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try count(db, transcripts), once, "the second copy replaced the captions, never added to them")
        XCTAssertEqual(try count(db, """
            SELECT count(*) FROM announcements a JOIN sources s ON s.id = a.source_id
            WHERE a.origin = 'transcript' AND s.path LIKE '\(first.path)/%'
            """), 0, "every caption now comes from the second copy")
        // And back: the first copy's files are unchanged, so nothing moves.
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, first.path]).status, 0)
        XCTAssertEqual(try count(db, transcripts), once)
    }

    /// A renamed and a removed entry: the old components go (listed as removed), the renamed one
    /// comes in, in one import.
    func testCheckoutImportMirrorsRenamesAndRemovals() throws {
        let checkout = try Fixtures.copy(try Fixtures.corpus("magentaA11y-2026"), self, as: "checkout")
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, checkout.path]).status, 0)
        let components = "SELECT count(*) FROM components"
        let before = try count(db, components)
        let native = checkout.appendingPathComponent("public/content/documentation/native/controls")
        let web = checkout.appendingPathComponent("public/content/documentation/web/component")
        try FileManager.default.moveItem(at: native.appendingPathComponent("button.md"), to: native.appendingPathComponent("push-button.md"))
        try FileManager.default.removeItem(at: web.appendingPathComponent("heading.md"))

        // --verbose: the summary names every file, as it does on a screen that can hold it.
        let run = try Fixtures.run(["import", "--verbose", "--db", db, checkout.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("removed (2):"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  button (no longer in \(native.appendingPathComponent("button.md").path))"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  heading (no longer in \(web.appendingPathComponent("heading.md").path))"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 added"), run.stdout)
        XCTAssertEqual(try count(db, components), before - 1)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM components WHERE family = 'native' AND slug = 'button'"), 0)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM components WHERE family = 'native' AND slug = 'push-button'"), 1)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM components WHERE family = 'web' AND slug = 'heading'"), 0)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM v_sources WHERE location IN ('\(native.path)/button.md', '\(web.path)/heading.md')"), 0)
        // The web page is gone (its native namesake, "Heading" by title, still answers to the name).
        let search = try Fixtures.run(["search", "--db", db, "--component", "web/heading", "heading"])
        XCTAssertEqual(search.status, 2, "no component web/heading any more: \(search.stderr)")
        let integrity = try Fixtures.run(["sql", "--db", db, "--format", "csv", "PRAGMA foreign_key_check"])
        XCTAssertEqual(integrity.stdout, "table,rowid,parent,fkid\r\n", "no fact points at a removed source")
    }

    func testLooseFilesAndNoPruneNeverRemoveAnything() throws {
        let checkout = try Fixtures.generatedCheckout(self, count: 4)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, checkout.path]).status, 0)
        let today = checkout.appendingPathComponent("public/content/documentation/native/controls")
        let gone = today.appendingPathComponent("generated-1.md")
        let kept = today.appendingPathComponent("generated-3.md")
        try FileManager.default.removeItem(at: gone)
        try Data(try Fixtures.bytes(kept.path) + Data("\n".utf8)).write(to: kept)

        let loose = try Fixtures.run(["import", "--db", db, kept.path])
        XCTAssertEqual(loose.status, 0, loose.stderr)
        XCTAssertFalse(loose.stdout.contains("removed"), loose.stdout)
        let noPrune = try Fixtures.run(["import", "--db", db, "--no-prune", checkout.path])
        XCTAssertEqual(noPrune.status, 0, noPrune.stderr)
        XCTAssertFalse(noPrune.stdout.contains("removed"), noPrune.stdout)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM components WHERE slug = 'generated-1'"), 1)

        let mirror = try Fixtures.run(["import", "--db", db, checkout.path])
        XCTAssertTrue(mirror.stdout.contains("removed (1):\n  generated-1 (no longer in \(gone.path))"), mirror.stdout)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM components WHERE slug = 'generated-1'"), 0)
    }
}
