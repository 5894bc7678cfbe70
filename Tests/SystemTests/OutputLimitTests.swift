import A11yKB
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// Bounds on what one command costs (issue 13, case 9): `sql` output is capped in bytes and its
/// time limit covers the printing; text layout is linear in the length of an unbroken token.
/// No timings are asserted: each case either ends (with the right message) or hangs far past
/// the test's patience, which was the fault.
final class OutputLimitTests: XCTestCase {
    /// 20 rows of 10 MB each.
    static let bigRows = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 20) SELECT n, printf('%.*c', 10000000, 'x') AS big FROM r"

    func testSQLOutputIsCappedInBytesWithTheCapInTheMessage() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let run = try Fixtures.run(["sql", "--db", db, "--format", "csv", Self.bigRows])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "", "nothing printed of a refused result")
        XCTAssertEqual(run.stderr, "a11ykb: query stopped: its rows passed the 64 MB output cap; add a LIMIT, select fewer columns, or raise it with --max-output SIZE (0: no cap)\n")
        let small = try Fixtures.run(["sql", "--db", db, "--max-output", "15M", "--format", "csv", Self.bigRows + " LIMIT 1"])
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertEqual(small.stdout.utf8.count, "n,big\r\n".utf8.count + "1,".utf8.count + 10_000_000 + 2)
        let capped = try Fixtures.run(["sql", "--db", db, "--max-output", "500K", "SELECT printf('%.*c', 600000, 'x')"])
        XCTAssertTrue(capped.stderr.contains("passed the 500 KB output cap"), capped.stderr)
    }

    /// The rows arrive within the limit; printing 200 MB of them as JSON does not. The limit sits
    /// between the two with room on both sides: the rows take about 0.1 s with the process's start,
    /// the whole command 1-2 s (a limit of 1 s was met on a quick run: the printing ended inside it).
    func testSQLTimeoutCoversPrinting() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let run = try Fixtures.run(["sql", "--db", db, "--max-output", "0", "--timeout", "0.3", "--format", "json", Self.bigRows])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "a11ykb: query stopped after the 0.3 s time limit; raise it with --timeout SECONDS (0: no limit)\n")
    }

    /// A note holding one 10 MB token: at 0de7886 `compare` wrapped it in quadratic time (1 MB: 32 s
    /// in a debug build, 10 MB: hours). The process is given 120 s, past which it is stopped.
    func testCompareOfAHugeUnbrokenTokenEnds() throws {
        let folder = try Fixtures.temporaryFolder(self)
        var text = try Fixtures.seed("reorder-data-row.md")
        let token = String(repeating: "x", count: 10_000_000)
        text = text.replacingOccurrences(of: "How to test a reorder data row\n\n## Videos", with: "How to test a reorder data row \(token)\n\n## Videos")
        let document = folder.appendingPathComponent("reorder-data-row.md")
        try Data(text.utf8).write(to: document)
        let db = folder.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, document.path]).status, 0)

        let output = folder.appendingPathComponent("compare.txt").path
        let run = try Fixtures.shell("timeout 120 \"$0\" compare --db \"$1\" reorder-data-row --width 100 > \"$2\"; echo \"status $?\"", [db, output])
        XCTAssertEqual(run.stdout, "status 0\n", "compare ended by itself (124: stopped after 120 s)")
        XCTAssertEqual(run.stderr, "")
        XCTAssertGreaterThan(Fixtures.fileSize(output), 10_000_000, "the whole token is in the table")

        let table = try Fixtures.run(["sql", "--db", db, "--max-output", "0", "SELECT text FROM guidance WHERE length(text) > 1000000"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(table.stdout.split(separator: "\n").last?.count, 80, "a table cell is cut to its width")
    }

    /// The linear wrap cuts a long token as the old one did: pieces as wide as the column under
    /// the bullet's indentation, nothing lost. (Its speed is the CLI test above, not asserted here.)
    func testWrapCutsALongTokenIntoFullPiecesLosingNothing() {
        let token = String(repeating: "y", count: 200_000)
        let lines = ColumnTable.wrap("- " + token + " end", width: 50)
        XCTAssertEqual(lines.count, (200_000 + 47) / 48, "every piece as wide as the column")
        XCTAssertEqual(lines.first, "- " + String(repeating: "y", count: 48))
        XCTAssertEqual(lines.dropFirst().first, "  " + String(repeating: "y", count: 48))
        XCTAssertEqual(lines.last, "  " + String(repeating: "y", count: 200_000 % 48) + " end")
        XCTAssertEqual(lines.map { $0.filter { $0 == "y" }.count }.reduce(0, +), 200_000, "no character lost")
    }
}
