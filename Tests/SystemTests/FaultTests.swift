import A11yKB
@testable import KBStore
import Foundation
import GRDB
import TestSupport
import XCTest

/// A killed import, a reader beside a writer, and files that are not (or no longer) a knowledge
/// base a11ykb may touch.
final class FaultTests: XCTestCase {
    /// Large enough that the write transaction lasts a while and spills pages into the WAL before
    /// it commits (the import parses every file first, then writes them in one transaction).
    static let generatedDocuments = 600
    /// WAL bytes that mean "the import's transaction is under way": far more than the few
    /// kilobytes GRDB writes when it opens the writer, far less than the transaction's total.
    static let walThreshold = 256 << 10

    func testImportKilledMidTransactionLeavesTheKnowledgeBaseAsItWas() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let checkout = try Fixtures.generatedCheckout(self, count: Self.generatedDocuments)
        let dumpBefore = try Fixtures.dump(db)
        let statsBefore = try Fixtures.run(["stats", "--db", db, "--format", "json"])
        XCTAssertEqual(statsBefore.status, 0)

        let importer = try Fixtures.start(["import", "--db", db, checkout.path])
        let inTransaction = Fixtures.waitWhileRunning(importer) {
            Fixtures.fileSize(db + "-wal") >= Self.walThreshold
        }
        if inTransaction { kill(importer.processIdentifier, SIGKILL) }
        importer.waitForExit()
        XCTAssertTrue(inTransaction, "the import ended before its transaction could be caught: generate more documents")
        XCTAssertEqual(importer.terminationReason, .uncaughtSignal)
        XCTAssertEqual(importer.terminationStatus, SIGKILL)
        XCTAssertTrue(Fixtures.walHasContent(db), "the killed import left uncommitted pages in the WAL")

        // Every query answers as before: same rows in every table, same stats, a sound file.
        XCTAssertEqual(try Fixtures.dump(db), dumpBefore)
        let statsAfter = try Fixtures.run(["stats", "--db", db, "--format", "json"])
        XCTAssertEqual(statsAfter.status, 0, statsAfter.stderr)
        XCTAssertEqual(statsAfter.stdout, statsBefore.stdout)
        let check = try Fixtures.run(["sql", "--db", db, "--format", "csv", "PRAGMA integrity_check"])
        XCTAssertEqual(check.stdout, "integrity_check\r\nok\r\n", check.stderr)
        // And it is still usable: the same import, let run, goes through.
        let again = try Fixtures.run(["import", "--db", db, checkout.path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM components"), 4 + Self.generatedDocuments)
    }

    func testReaderDuringAnImportSeesOneConsistentSnapshot() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let checkout = try Fixtures.generatedCheckout(self, count: Self.generatedDocuments)
        let query = "SELECT (SELECT count(*) FROM components), (SELECT count(*) FROM sources), (SELECT count(*) FROM criteria)"
        func read() throws -> Fixtures.Run { try Fixtures.run(["sql", "--db", db, "--format", "csv", query]) }
        let before = try read()
        XCTAssertEqual(before.status, 0)

        let importer = try Fixtures.start(["import", "--db", db, checkout.path])
        var duringWrite: [Fixtures.Run] = []
        let inTransaction = Fixtures.waitWhileRunning(importer) {
            Fixtures.fileSize(db + "-wal") >= Self.walThreshold
        }
        // Read again and again while the import is writing, and once more as it finishes.
        while importer.isRunning { duringWrite.append(try read()) }
        importer.waitForExit()
        XCTAssertEqual(importer.terminationStatus, 0)
        let after = try read()
        XCTAssertNotEqual(after.stdout, before.stdout, "the import changed the counts")
        XCTAssertTrue(inTransaction && !duringWrite.isEmpty, "no read happened while the import wrote: generate more documents")
        for run in duringWrite {
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertFalse(run.stderr.lowercased().contains("locked"), run.stderr)
            XCTAssertTrue(run.stdout == before.stdout || run.stdout == after.stdout,
                          "a reader sees the knowledge base before or after the import, never half of it: \(run.stdout)")
        }
    }

    // MARK: files a11ykb must not touch

    /// Runs every command against `db` and checks each is refused with `message` and leaves the bytes.
    func assertRefused(_ db: String, mentioning message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try Fixtures.bytes(db)
        for arguments in [["import", Fixtures.seedFolder.path], ["stats"], ["sql", "SELECT 1"]] {
            let run = try Fixtures.run(arguments + ["--db", db])
            XCTAssertEqual(run.status, 2, "\(arguments[0]): \(run.stderr)", file: file, line: line)
            XCTAssertEqual(run.stderr, "a11ykb: \(db) \(message)\n", arguments[0], file: file, line: line)
            XCTAssertEqual(try Fixtures.bytes(db), before, "\(arguments[0]) left the file's bytes alone", file: file, line: line)
            XCTAssertFalse(Fixtures.walHasContent(db), file: file, line: line)
        }
        XCTAssertThrowsError(try KnowledgeBase(path: db), file: file, line: line)
    }

    func testFileThatIsNotSQLiteIsRefusedAndNeverOverwritten() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("notes.sqlite").path
        try Data("These are my notes, not a database.\n".utf8).write(to: URL(fileURLWithPath: db))
        try assertRefused(db, mentioning: "is not an SQLite database; refusing to touch it")
        let tiny = try Fixtures.temporaryFolder(self).appendingPathComponent("tiny.sqlite").path
        try Data("SQLite".utf8).write(to: URL(fileURLWithPath: tiny))
        try assertRefused(tiny, mentioning: "is not an SQLite database; refusing to touch it")
    }

    func testCorruptDatabaseIsRefusedAndNeverOverwritten() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        var bytes = try Fixtures.bytes(db)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        XCTAssertGreaterThan(bytes.count, 8 * pageSize)

        // A valid 100-byte header, then garbage: the schema itself cannot be read.
        var headerOnly = bytes
        for i in 100..<headerOnly.count { headerOnly[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        try headerOnly.write(to: URL(fileURLWithPath: db))
        try assertRefused(db, mentioning: "is a corrupt SQLite database (database disk image is malformed); refusing to touch it: restore it from a backup or move it aside")

        // The first pages intact, later pages garbage: opens, but the integrity check finds it.
        for i in (4 * pageSize)..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 3) }
        try bytes.write(to: URL(fileURLWithPath: db))
        let run = try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("a11ykb: \(db) is a corrupt SQLite database ("), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line")
        XCTAssertEqual(try Fixtures.bytes(db), bytes)
    }

    func testDatabaseOfANewerSchemaIsRefusedAndNeverOverwritten() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let queue = try DatabaseQueue(path: db)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('0099_from_the_future')") }
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        try assertRefused(db, mentioning: "was written by a newer a11ykb (schema 0099_from_the_future); upgrade a11ykb to use it")
    }

    func testAnotherApplicationsDatabaseIsRefused() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: db)
        try queue.write { try $0.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')") }
        try queue.close()
        try assertRefused(db, mentioning: "is an SQLite database but not an a11ykb knowledge base; refusing to touch it")
    }

    func testOpeningAnExistingKnowledgeBaseWritesNothing() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.bytes(db)
        for arguments in [["stats"], ["sql", "SELECT count(*) FROM criteria"], ["import", Fixtures.seedFolder.path]] {
            let run = try Fixtures.run(arguments + ["--db", db])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try Fixtures.bytes(db), before, "\(arguments[0]) on an unchanged knowledge base writes nothing")
            XCTAssertFalse(Fixtures.walHasContent(db))
        }
    }
}
