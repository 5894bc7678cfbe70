import A11yKB
@testable import KBResources
@testable import KBStore
@testable import KBImport
import Foundation
import TestSupport
import XCTest

/// A busy team (issue 13, cases 3 and 4): processes creating one knowledge base at once, and an
/// import waiting for another.
final class ConcurrencyTests: XCTestCase {
    /// Six processes open one new `--db` path at once, 20 times: at 0de7886 one failed with "table
    /// sources already exists" and a dump of the migration SQL in 7 to 10 of 20 trials. Only an
    /// import creates a knowledge base at a named path (issue 25): six imports of a folder with
    /// nothing to import, each of which makes the knowledge base and then says there was nothing
    /// (status 2, issue 34); any other status or message is a failure.
    func testProcessesCreatingOneKnowledgeBaseAtOnceAllSucceed() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let nothing = try Fixtures.temporaryFolder(self).path
        for trial in 0..<20 {
            let db = folder.appendingPathComponent("kb-\(trial).sqlite").path
            let run = try Fixtures.shell("""
                pids=""
                for i in 1 2 3 4 5 6; do "$0" import -q --db "$1" "$2" > /dev/null 2> "$1.err.$i" & pids="$pids $!"; done
                failed=0
                for pid in $pids; do wait "$pid"; status=$?; [ "$status" = 2 ] || failed=$((failed + 1)); done
                grep -hv "^a11ykb: nothing to import: " "$1".err.*
                echo "failed $failed"
                """, [db, nothing])
            XCTAssertEqual(run.stdout, "failed 0\n", "trial \(trial): every process opened the new knowledge base")
            let kb = try KnowledgeBase(path: db)
            XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM grdb_migrations"), EmbeddedResources.migrations.count)
            XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM platforms ORDER BY id"), ["ios", "android", "web"],
                           "the schema was made once: one row per platform")
            if run.stdout != "failed 0\n" { break }
        }
    }

    /// Another import holds the write lock for longer than the old 10 s busy timeout: this one
    /// waits, then imports every file.
    func testImportWaitsAsLongAsAnotherImportHoldsTheLock() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let checkout = try Fixtures.generatedCheckout(self, count: 4)
        let holder = try Fixtures.holdWriteLock(db, seconds: 11)
        let run = try Fixtures.run(["import", "--db", db, checkout.path])
        holder.waitForExit()
        XCTAssertEqual(holder.terminationStatus, 0, "the other writer held the lock and committed")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "not a terminal: waiting is not announced")
        XCTAssertTrue(run.stdout.contains("4 added"), run.stdout)
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM components"), 8)
    }

    func testWaitBoundsTheWaitAndImportsNothing() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.dump(db)
        let checkout = try Fixtures.generatedCheckout(self, count: 4)
        let holder = try Fixtures.holdWriteLock(db, seconds: 3)
        let run = try Fixtures.run(["import", "--db", db, "--wait", "1", checkout.path])
        holder.waitForExit()
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "a11ykb: \(db) is locked by another import; gave up waiting after 1 s (--wait); nothing was imported\n")
        XCTAssertEqual(try Fixtures.dump(db), before)
    }

    /// The library's side of the wait: the caller is told once, after a second, and the import
    /// goes through when the lock is released.
    func testWaitingIsAnnouncedOnceAfterASecond() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let checkout = try Fixtures.generatedCheckout(self, count: 2)
        let holder = try Fixtures.holdWriteLock(kb.path, seconds: 2.5)
        let told = Counter()
        let summary = try kb.importFiles([checkout.path], options: ImportOptions(onWaitingForLock: { told.add() }))
        holder.waitForExit()
        XCTAssertEqual(summary.added.count, 2)
        XCTAssertEqual(told.value, 1)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
