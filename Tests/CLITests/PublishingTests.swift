import A11yKB
import Foundation
import GRDB
import TestSupport
import XCTest

/// The knowledge base file as something to copy and publish: every import ends with a WAL
/// checkpoint, so the `.sqlite` file alone holds everything; `export db FILE` writes a compact,
/// self-contained copy and never writes over the knowledge base itself.
final class PublishingTests: XCTestCase {
    /// The main file alone, copied without its -wal, opened as Datasette's `-i` does: read-only and
    /// immutable (Python's sqlite3 module, a URI SQLite reads without looking for a -wal).
    func componentsInCopyOfMainFile(_ db: String) throws -> Int {
        let copy = try Fixtures.temporaryFolder(self).appendingPathComponent("alone.sqlite")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: db), to: copy)
        let count = try QueryFixtures.python("""
            import sqlite3, sys
            db = sqlite3.connect('file:' + sys.argv[1] + '?immutable=1', uri=True)
            tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE name = 'components'")]
            print(db.execute('SELECT count(*) FROM components').fetchone()[0] if tables else 0)
            """, [copy.path])
        return Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// While another program has the file open (Datasette serving it, a second a11ykb), closing
    /// the importer's connection does not fold the WAL in (only the last connection's close does):
    /// the import's own checkpoint must.
    func testEveryImportEndsWithTheMainFileHoldingEverything() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        // Only an import creates a knowledge base at a named path (issue 25): one of nothing makes
        // it, then says there was nothing to import (status 2, issue 34).
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, try Fixtures.temporaryFolder(self).path]).status, 2, "creates an empty knowledge base")
        var config = Configuration()
        config.readonly = true
        let other = try DatabaseQueue(path: db, configuration: config)
        defer { try? other.close() }
        XCTAssertEqual(try other.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM components") }, 0)

        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        XCTAssertFalse(Fixtures.walHasContent(db), "nothing left in the -wal file")
        XCTAssertEqual(try componentsInCopyOfMainFile(db), 4)
        let checkout = try Fixtures.generatedCheckout(self, count: 6)
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, checkout.path]).status, 0)
        XCTAssertFalse(Fixtures.walHasContent(db))
        XCTAssertEqual(try componentsInCopyOfMainFile(db), 10)
        XCTAssertEqual(try other.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM components") }, 10, "the other reader sees it all")
    }

    func testExportDBWritesACompactSelfContainedCopy() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        // Replacing every generated document leaves free pages behind in the knowledge base.
        let checkout = try Fixtures.generatedCheckout(self, count: 20)
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, checkout.path]).status, 0)
        let enumerator = FileManager.default.enumerator(atPath: checkout.path)!
        for case let file as String in enumerator where file.hasSuffix(".md") {
            try Data("# Changed\n\n## iOS Developer Notes\n\n- Name: one note\n".utf8).write(to: checkout.appendingPathComponent(file))
        }
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, checkout.path]).status, 0)
        XCTAssertGreaterThan(try pragma(db, "freelist_count"), 0, "the knowledge base has free pages to leave out")

        let copy = folder.appendingPathComponent("published.sqlite").path
        let run = try Fixtures.run(["export", "db", copy, "--db", db])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(try Fixtures.dump(copy), try Fixtures.dump(db), "every table, view, index and row")
        XCTAssertEqual(try pragma(copy, "freelist_count"), 0)
        XCTAssertLessThan(Fixtures.fileSize(copy), Fixtures.fileSize(db))
        let header = try Fixtures.bytes(copy)
        XCTAssertEqual([header[18], header[19]], [1, 1], "rollback journal, not WAL: one file is all there is")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy + "-wal"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }, [])
        // a11ykb answers from the copy as from the original, and writing over an older copy works.
        let original = try Fixtures.run(["search", "dimmed", "--db", db, "--format", "json"])
        XCTAssertEqual(try Fixtures.run(["search", "dimmed", "--db", copy, "--format", "json"]).stdout, original.stdout)
        XCTAssertEqual(try Fixtures.run(["export", "db", copy, "--db", db]).status, 0)
        XCTAssertEqual(try componentsInCopyOfMainFile(copy), 24)
    }

    func testExportDBRefusesToWriteOverTheKnowledgeBaseByAnyName() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = URL(fileURLWithPath: db).deletingLastPathComponent()
        let symlink = folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: db)
        let hardLink = folder.appendingPathComponent("hard.sqlite").path
        try FileManager.default.linkItem(atPath: db, toPath: hardLink)
        let before = try Fixtures.bytes(db)
        for target in [db, symlink, hardLink, db + "-wal", folder.path + "/./" + URL(fileURLWithPath: db).lastPathComponent] {
            let run = try Fixtures.run(["export", "db", target, "--db", db])
            XCTAssertEqual(run.status, 2, target)
            XCTAssertEqual(run.stderr, "a11ykb: \(target) is the knowledge base itself; refusing to write over it: name another file\n")
        }
        XCTAssertEqual(try Fixtures.bytes(db), before)
        XCTAssertFalse(Fixtures.walHasContent(db))

        let missing = try Fixtures.run(["export", "db", folder.path + "/no/such/folder/copy.sqlite", "--db", db])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("folder \(folder.path)/no/such/folder does not exist"), missing.stderr)
        XCTAssertNotEqual(try Fixtures.run(["export", "db", "--db", db]).status, 0, "db needs a FILE")
        XCTAssertNotEqual(try Fixtures.run(["export", "v_criteria", "x.csv", "--db", db]).status, 0, "only db takes a FILE")
    }

    func pragma(_ path: String, _ name: String) throws -> Int {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "PRAGMA \(name)") ?? -1 }
    }
}
