import Foundation
import TestSupport
import XCTest

/// Issue 24, item 6: an import has committed; a reader holding an older snapshot (a `sqlite3`
/// shell left in `BEGIN`) may hold it for ever, and the checkpoint after the commit waited for it
/// as long. It now waits a bounded time, and the import ends; the data is committed.
final class CheckpointWaitTests: XCTestCase {
    func testAnImportEndsThoughAReaderHoldsItsSnapshot() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let first = folder.appendingPathComponent("table.md")
        try Data(try Fixtures.seed("reorder-data-row.md").utf8).write(to: first)
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, first.path]).status, 0)

        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN')
            c.execute('SELECT count(*) FROM sources').fetchall()
            print('reading', flush=True)
            time.sleep(600)
            """, db]
        let out = Pipe()
        reader.standardOutput = out
        try reader.run()
        defer { reader.terminate() }
        guard String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("reading") else {
            throw XCTSkip("python3 could not open a read transaction on \(db)")
        }

        let second = folder.appendingPathComponent("region.md")
        try Data(try Fixtures.seed("expandable-region.md").utf8).write(to: second)
        let run = try Fixtures.shell("timeout 60 \"$0\" import --db \"$1\" \"$2\" > /dev/null; echo \"status $?\"", [db, second.path])
        // The import ends by itself (124: still waiting after 60 s), committed, and says that its
        // data is only in the -wal while the reader holds its snapshot (status 1, not 0).
        XCTAssertEqual(run.stdout, "status 1\n", "the import ended by itself (124: still waiting after 60 s); \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("-wal"), run.stderr)
        reader.terminate()
        reader.waitForExit()
        let list = try Fixtures.run(["sql", "--db", db, "--format", "csv", "SELECT slug FROM components ORDER BY slug"])
        XCTAssertEqual(list.stdout, "slug\r\nexpandable\r\nreorder-data-row\r\n", list.stderr)
    }
}
