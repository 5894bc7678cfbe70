import Foundation
import TestSupport
import XCTest

/// Issue 24, item 8: what `sql` holds is bounded by `--max-output` before the values are copied
/// out of SQLite, counting what rows and values cost to hold, and `--timeout` covers the printing
/// to a reader that takes it slowly. Memory is the child's peak RSS (GNU time).
final class SQLBoundsTests: XCTestCase {
    func peak(_ arguments: [String]) throws -> (status: Int32, maxRSSKB: Int, stderr: String) {
        let folder = try Fixtures.temporaryFolder(self)
        let rss = folder.appendingPathComponent("rss").path
        let quoted = arguments.map(Fixtures.shellQuoted).joined(separator: " ")
        let run = try Fixtures.shell("/usr/bin/time -f %M -o \"$1\" \"$0\" \(quoted) > /dev/null; echo $?", [rss])
        let status = Int32(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let kb = (try? String(contentsOfFile: rss, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return (status, kb, run.stderr)
    }

    /// `zeroblob(300000000)` is 300 MB once read, and was read three times over (SQLite's, a Data,
    /// an array) before the 64 MB cap looked at it: 900 MB and more.
    func testABigBlobIsRefusedBeforeItIsRead() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let run = try peak(["sql", "--db", db, "SELECT zeroblob(300000000)"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("passed the 64 MB output cap"), run.stderr)
        XCTAssertLessThan(run.maxRSSKB, 250_000, "peak RSS \(run.maxRSSKB) KB")
    }

    /// Rows of NULL weighed nothing: three statements of a million rows each held 250 MB.
    func testRowsOfNothingCountAgainstTheCap() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let million = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 1000000) SELECT NULL FROM r;"
        let run = try peak(["sql", "--db", db, "--format", "csv", String(repeating: million, count: 3)])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("passed the 64 MB output cap"), run.stderr)
        XCTAssertLessThan(run.maxRSSKB, 200_000, "peak RSS \(run.maxRSSKB) KB")
        let fits = try Fixtures.run(["sql", "--db", db, "--format", "csv",
                                     "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100000) SELECT NULL FROM r"])
        XCTAssertEqual(fits.status, 0, fits.stderr)
        XCTAssertEqual(fits.stdout.utf8.filter { $0 == 0x0A }.count, 100_001, "the header and every row")
    }

    /// A reader that takes nothing for 8 s: the command stops at its 1 s limit, with the limit's
    /// message, rather than waiting to print (it once ended with status 0 once the reader read).
    func testTheTimeLimitCoversASlowReader() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        // 2 MB, made and rendered at once, far more than a pipe holds.
        let rows = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 20) SELECT n, printf('%.*c', 100000, 'x') FROM r"
        let run = try Fixtures.shell("""
            { "$0" sql --db "$1" --timeout 1 --format csv "$2"; echo "status $?" >&2; } | { sleep 8; cat > /dev/null; }
            """, [db, rows])
        XCTAssertEqual(run.stderr, "a11ykb: query stopped after the 1 s time limit; raise it with --timeout SECONDS (0: no limit)\nstatus 2\n")
    }
}
