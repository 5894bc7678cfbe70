import A11yKB
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// Where the knowledge base lives and what it is on (issue 13, cases 7, 8 and 11): `--db` and
/// `$A11YKB_DB` name a regular file or a new path, an empty HOME is no place, read-only media are
/// searched read-only, and a first import that fails on a full disk leaves no WAL behind.
final class KnowledgeBasePlaceTests: XCTestCase {
    func testDatabasePathThatIsNotAFileIsRefusedInOneLine() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let cases: [(String, String)] = [(fifo, "a FIFO"), (folder.path, "a directory"), ("/dev/null", "a character device")]
        for (path, kind) in cases {
            for run in [try Fixtures.run(["stats", "--db", path]), try Fixtures.run(["search", "dimmed"], environment: ["A11YKB_DB": path])] {
                XCTAssertEqual(run.status, 2, run.stderr)
                XCTAssertEqual(run.stderr, "a11ykb: \(path) is \(kind), not a knowledge base file: name a regular file, or a new path to create one\n")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/null-journal"), "nothing written beside /dev/null")
        XCTAssertEqual(Fixtures.fileType(fifo), S_IFIFO)
    }

    func testEmptyHomeIsNoPlaceForTheKnowledgeBase() throws {
        let run = try Fixtures.run(["stats"], environment: ["HOME": ""])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "a11ykb: no place for the default knowledge base: $HOME is empty; name one with --db PATH, $A11YKB_DB or $XDG_DATA_HOME\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/.local/share/a11ykb"), "nothing created under /")
        XCTAssertThrowsError(try KnowledgeBase.defaultPath(environment: ["HOME": "relative/home"]))
        XCTAssertEqual(try KnowledgeBase.defaultPath(environment: ["HOME": "/home/u/"]), "/home/u/.local/share/a11ykb/kb.sqlite")
    }

    func testReadOnlyMediaAreSearchedAndOnlyImportIsRefused() throws {
        let media = try Fixtures.tmpfs(self, size: "4m")
        let db = media.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        try Fixtures.remountReadOnly(media)

        let search = try Fixtures.run(["search", "--facts", "--db", db, "dimmed"])
        XCTAssertEqual(search.status, 0, search.stderr)
        XCTAssertTrue(search.stdout.contains("4 hits in 2 components"), search.stdout)
        for arguments in [["stats"], ["sql", "SELECT count(*) FROM components"], ["show", "table-row-button"],
                          ["compare", "expandable"], ["export", "matrix"], ["gaps"], ["list"]] {
            let run = try Fixtures.run(arguments + ["--db", db])
            XCTAssertEqual(run.status, 0, "\(arguments[0]): \(run.stderr)")
        }
        // An unchanged import writes nothing, so it needs no write access either.
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        let checkout = try Fixtures.generatedCheckout(self, count: 2)
        let refused = try Fixtures.run(["import", "--db", db, checkout.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "a11ykb: cannot write \(db): it is on a read-only file system; import needs to write the file and its folder (searching and the other queries only read it)\n")
    }

    /// A new knowledge base on a small disk: the first import runs out of space. It fails in one
    /// line, the knowledge base stays usable, and its WAL is given back (at 0de7886 a -wal as
    /// large as the disk stayed behind).
    func testFirstImportFailingOnAFullDiskLeavesNoWAL() throws {
        let disk = try Fixtures.tmpfs(self, size: "1m")
        let db = disk.appendingPathComponent("kb.sqlite").path
        let free = Fixtures.freeBytes(disk.path)
        let checkout = try Fixtures.generatedCheckout(self, count: 200)
        let run = try Fixtures.run(["import", "--db", db, checkout.path])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertEqual(run.stderr, "a11ykb: cannot write \(db): database or disk is full; nothing was written, the knowledge base is as it was\n")
        XCTAssertEqual(Fixtures.fileSize(db + "-wal"), 0, "no WAL left")
        XCTAssertGreaterThan(Fixtures.freeBytes(disk.path), free / 2, "the disk's space is back, but the empty knowledge base's")
        let stats = try Fixtures.run(["stats", "--db", db])
        XCTAssertEqual(stats.status, 0, stats.stderr)
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM components"), 0)
    }

    /// Issue 34: a knowledge base whose disk filled up afterwards. Reads answer (SQLite cannot make
    /// the `-shm` a WAL reader needs, and every query once failed with "disk I/O error"); a write
    /// says the disk is full, in one line, naming what wanted to write.
    func testOnAFullDiskReadsAnswerAndAWriteSaysTheDiskIsFull() throws {
        let disk = try Fixtures.tmpfs(self, size: "4m")
        let db = disk.appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: try Fixtures.closedSeededKnowledgeBase(self), toPath: db)
        let fill = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "dd if=/dev/zero of=\"$0/fill\" bs=64k 2>/dev/null; true", disk.path],
                                           environment: nil)
        XCTAssertEqual(fill.status, 0)
        XCTAssertLessThan(Fixtures.freeBytes(disk.path), 64 << 10, "the disk is full")
        for command in [["search", "dimmed"], ["show", "table-row-button"], ["stats"], ["wcag", "4.1.2"], ["export", "matrix"]] {
            let run = try Fixtures.run(command + ["--db", db])
            XCTAssertEqual(run.status, 0, "\(command): \(run.stderr)")
            XCTAssertFalse(run.stdout.isEmpty, "\(command)")
        }
        let save = try Fixtures.run(["plan", "save", "p1", "table-row-button", "--db", db])
        XCTAssertEqual(save.status, 2)
        XCTAssertEqual(save.stderr, "a11ykb: cannot write \(db): its disk is full; saving a plan needs to write the file and its folder (searching and the other queries only read it)\n")
    }
}
