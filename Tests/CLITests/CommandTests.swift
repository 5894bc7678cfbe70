import A11yKB
import Foundation
import TestSupport
import XCTest

/// The executable as a user runs it.
final class CommandTests: XCTestCase {
    func testBinaryCopiedAloneSeedsItsDefaultKnowledgeBase() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let lonely = folder.appendingPathComponent("bin/a11ykb")
        try FileManager.default.createDirectory(at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.executable, to: lonely)
        let run = try Fixtures.runProcess(lonely, ["stats", "--format", "json"],
                                          environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tables = try XCTUnwrap(json["tables"] as? [String: Int])
        XCTAssertEqual(tables["components"], 4)
        XCTAssertEqual(tables["criteria"], 28)
        XCTAssertEqual(tables["announcements"], 6)
        XCTAssertEqual(json["database"] as? String, folder.path + "/data/a11ykb/kb.sqlite")
        XCTAssertEqual(json["families"] as? [String: Int], ["native": 4])
    }

    func testSQLRefusesWritesAndLeavesTheFileUntouched() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let run = try Fixtures.run(["sql", "--db", db, "DELETE FROM components"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("a11ykb: DELETE is refused: SQL here is read-only"), run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before)
        let count = try Fixtures.run(["sql", "--db", db, "SELECT count(*) AS n FROM components", "--format", "csv"])
        XCTAssertEqual(count.stdout, "n\r\n4\r\n")
    }

    func testSQLFormats() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        _ = try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path])
        let json = try Fixtures.run(["sql", "--db", db, "--format", "json",
                                     "SELECT text, context, line FROM v_announcements WHERE platform = 'android' ORDER BY position"])
        XCTAssertEqual(json.status, 0)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows[0]["context"] as? String, "Brings the TalkBack menu into view")
        XCTAssertEqual(rows[0]["line"] as? Int, 216)
        let table = try Fixtures.run(["sql", "--db", db, "SELECT slug FROM components ORDER BY slug"])
        XCTAssertEqual(table.stdout, "slug\n----------------\nexpandable\nreorder-data-row\ntable\ntable-row-button\n")
    }

    func testImportSummaryAsJSONAndExitStatus() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let first = try Fixtures.run(["import", "--db", db, "--format", "json", Fixtures.seedFolder.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((summary["added"] as? [[String: Any]])?.count, 4)
        XCTAssertEqual((summary["superseded"] as? [[String: Any]])?.first?["component"] as? String, "reorder-data-row")
        let again = try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("0 added, 0 replaced, 0 superseded, 5 unchanged"), again.stdout)
        let missing = try Fixtures.run(["import", "--db", db, folder.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 2, "nothing imported at all: status 2 (issue 25)")
        XCTAssertTrue(missing.stderr.contains("nope: no such file or folder"), missing.stderr)
    }

    func testHelpTeachesAndUnknownCommandsFail() throws {
        let help = try Fixtures.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["import", "stats", "sql"] { XCTAssertTrue(help.stdout.contains(command), command) }
        XCTAssertTrue(try Fixtures.run(["sql", "--help"]).stdout.contains("v_announcements"))
        XCTAssertNotEqual(try Fixtures.run(["frobnicate"]).status, 0)
    }

    func testRefusesAFileThatIsNotAKnowledgeBase() throws {
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("notes.txt")
        try Data("just some text\n".utf8).write(to: file)
        let run = try Fixtures.run(["stats", "--db", file.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("is not an SQLite database"), run.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "just some text\n")
    }
}
