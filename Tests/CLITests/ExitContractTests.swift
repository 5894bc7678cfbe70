import A11yKB
import Foundation
import TestSupport
import XCTest

/// The exit-status contract and the one output writer (issue 13, cases 2, 10 and 11): 0 ok, 1
/// nothing found or partly failed, 2 usage or fatal, one line on stderr; every write checked.
final class ExitContractTests: XCTestCase {
    // MARK: case 2: failed writes to stdout and stderr

    func testFullStdoutIsOneLineAndStatus2() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        for arguments in [["stats"], ["export", "v_criteria"], ["search", "dimmed"], ["--help"]] {
            let run = try Fixtures.shell("exec \"$0\" \"$@\" > /dev/full", arguments + (arguments == ["--help"] ? [] : ["--db", db]))
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr, "a11ykb: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
    }

    func testClosedStdoutOrStderrIsNoCrash() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let closedOut = try Fixtures.shell("exec \"$0\" stats --db \"$1\" >&-", [db])
        XCTAssertEqual(closedOut.status, 2, closedOut.stderr)
        XCTAssertEqual(closedOut.stderr, "a11ykb: cannot write to standard output: Bad file descriptor\n")

        // stderr closed: output that needs no stderr goes through; a message that cannot be said
        // is status 2 (never a crash, never written into another file).
        let quiet = try Fixtures.shell("exec \"$0\" stats --db \"$1\" 2>&-", [db])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertTrue(quiet.stdout.contains("components"), quiet.stdout)
        let noHits = try Fixtures.shell("exec \"$0\" search --db \"$1\" zzyzx 2>&-", [db])
        XCTAssertEqual(noHits.status, 2)
    }

    /// `a11ykb ... | head`: the reader goes away early. With SIGPIPE ignored (as a shell with
    /// `trap '' PIPE`, or Python's subprocess, hands it on) the write fails with EPIPE.
    func testClosedPipeEndsQuietly() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let query = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 2000) SELECT n, printf('%.*c', 1000, 'x') FROM r"
        let run = try Fixtures.shell("""
            trap '' PIPE
            { "$0" sql --db "$1" --format csv "$2"; echo "status $?" >&2; } | head -c 10 > /dev/null
            """, [db, query])
        XCTAssertEqual(run.stderr, "status 0\n", "no message, no crash, the command's own status")
    }

    // MARK: case 10: usage errors

    func testUsageErrorsAreOneLineWithAHintAndStatus2() throws {
        let cases: [([String], String, String)] = [
            (["compare"], "name a COMPONENT", "a11ykb compare --help"),
            (["search", "--platform", "windows", "dimmed"], "'windows' is invalid for '--platform <platform>'", "a11ykb search --help"),
            (["search", "--limit=-1", "dimmed"], "--limit must be 0 (all) or more", "a11ykb search --help"),
            (["search", "--limit", "-1", "dimmed"], "--limit", "a11ykb search --help"),
            (["frobnicate"], "'frobnicate' is not an a11ykb command", "a11ykb --help"),
            (["import", "--keep-going", "--strict", "x"], "--strict", "a11ykb import --help"),
            (["sql", "--max-output", "lots", "SELECT 1"], "--max-output", "a11ykb sql --help"),
        ]
        for ((arguments, message, hint), run) in zip(cases, try Fixtures.runEach(cases.map(\.0))) {
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "\(arguments): one line: \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("a11ykb: ") && run.stderr.contains(message), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasSuffix("(see '\(hint)')\n"), "\(arguments): \(run.stderr)")
        }
    }

    func testStatusesOfTheContract() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        XCTAssertEqual(try Fixtures.run(["search", "--db", db, "dimmed"]).status, 0)
        XCTAssertEqual(try Fixtures.run(["search", "--db", db, "zzyzx"]).status, 1, "nothing found")
        XCTAssertEqual(try Fixtures.run(["show", "--db", db, "no-such-thing"]).status, 2, "fatal: nothing to show")
        let help = try Fixtures.run(["compare", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Examples:"), help.stdout)
        let bare = try Fixtures.run([])
        XCTAssertEqual(bare.status, 0, "a11ykb alone prints its help")
        XCTAssertTrue(bare.stdout.contains("SUBCOMMANDS"), bare.stdout)
    }

    // MARK: case 11: a file name with a line break

    func testFileNameWithALineBreakStaysOneLine() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let name = "bad\nname.md"
        try Data().write(to: folder.appendingPathComponent(name))
        let db = folder.appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, folder.appendingPathComponent(name).path])
        XCTAssertEqual(run.status, 2, "nothing but an error: nothing could be done (issue 25): \(run.stderr)")
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("bad\\nname.md: "), run.stderr)

        // A knowledge base that cannot be made: its "folder" is a file.
        let plain = folder.appendingPathComponent("plain")
        try Data("x".utf8).write(to: plain)
        let cannot = try Fixtures.run(["stats", "--db", plain.appendingPathComponent("my\nkb.sqlite").path])
        XCTAssertEqual(cannot.status, 2)
        XCTAssertTrue(cannot.stderr.contains("my\\nkb.sqlite"), cannot.stderr)
        XCTAssertEqual(cannot.stderr.filter { $0 == "\n" }.count, 1, "one line: \(cannot.stderr)")
    }

    /// No `try!` (Foundation's FileHandle.write is one) and no unchecked write in the library or the CLI.
    func testNoUncheckedWritesInTheSources() throws {
        let sources = Fixtures.repoRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        XCTAssertFalse(files.isEmpty)
        for file in files where !file.hasPrefix("a11ykb-fuzz/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for needle in ["try!", "FileHandle.standardOutput", "FileHandle.standardError", "print("] {
                XCTAssertFalse(text.contains(needle), "\(file) holds \(needle)")
            }
        }
    }
}
