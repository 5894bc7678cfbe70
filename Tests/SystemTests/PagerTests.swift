import Foundation
import TestSupport
import XCTest

/// The pager, as git does it: on a terminal only, `$A11YKB_PAGER`, else `$PAGER`, else `less -FRX`;
/// never when piped, with `--no-pager`, `PAGER=cat` or `--output`. Run under a pseudo-terminal.
final class PagerTests: XCTestCase {
    /// A pager that marks every line it shows.
    let marking = "sed s/^/PAGED:/"

    func testOutputOnATerminalGoesThroughThePagerWhole() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let plain = try Fixtures.run(["show", "expandable", "--db", db])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let paged = try Fixtures.runInTerminal(Fixtures.commandLine(["show", "expandable", "--db", db]), environment: ["PAGER": marking])
        XCTAssertEqual(paged.status, 0, paged.stdout)
        let lines = paged.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertGreaterThan(lines.count, 100)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("PAGED:") }, paged.stdout)
        XCTAssertEqual(lines.map { $0.dropFirst("PAGED:".count) }.joined(separator: "\n") + "\n", plain.stdout,
                       "the pager gets every byte, and a11ykb waits for it to finish")
    }

    func testNeverWhenPipedWithNoPagerWithCatOrWithOutput() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let piped = try Fixtures.run(["list", "components", "--db", db], environment: ["PAGER": marking])
        XCTAssertFalse(piped.stdout.contains("PAGED:"), "stdout is a pipe here")
        XCTAssertTrue(piped.stdout.contains("table-row-button"))

        let noPager = try Fixtures.runInTerminal(Fixtures.commandLine(["--no-pager", "list", "components", "--db", db]),
                                                 environment: ["PAGER": marking])
        XCTAssertFalse(noPager.stdout.contains("PAGED:"), noPager.stdout)
        XCTAssertTrue(noPager.stdout.contains("table-row-button"))
        let after = try Fixtures.runInTerminal(Fixtures.commandLine(["list", "components", "--db", db, "--no-pager"]),
                                               environment: ["PAGER": marking])
        XCTAssertFalse(after.stdout.contains("PAGED:"), after.stdout)

        let cat = try Fixtures.runInTerminal(Fixtures.commandLine(["list", "components", "--db", db]), environment: ["PAGER": "cat"])
        XCTAssertTrue(cat.stdout.hasPrefix("component "), cat.stdout)

        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("region.md")
        let output = try Fixtures.runInTerminal(Fixtures.commandLine(["show", "expandable", "--db", db, "--output", file.path]),
                                                environment: ["PAGER": marking])
        XCTAssertEqual(output.stdout, "", "nothing on the terminal, no pager started")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).hasPrefix("# Expandable region\n"))
    }

    /// Without a pager set, `less -FRX`, found on PATH; a pager the user set gets LESS=FRX too
    /// (unless LESS is set), and A11YKB_PAGER beats PAGER.
    func testDefaultIsLessFRXAndTheEnvironmentChoosesOtherwise() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let bin = try Fixtures.temporaryFolder(self)
        let fakeLess = bin.appendingPathComponent("less")
        try Data("#!/bin/sh\necho \"less $* LESS=$LESS\"\ncat >/dev/null\n".utf8).write(to: fakeLess)
        XCTAssertEqual(chmod(fakeLess.path, 0o755), 0)
        let path = bin.path + ":/usr/bin:/bin"
        let byDefault = try Fixtures.runInTerminal(Fixtures.commandLine(["stats", "--db", db]), environment: ["PATH": path])
        XCTAssertEqual(byDefault.stdout, "less -FRX LESS=FRX\n")

        let user = try Fixtures.runInTerminal(Fixtures.commandLine(["stats", "--db", db]),
                                              environment: ["PATH": path, "PAGER": "less -S", "LESS": "R"])
        XCTAssertEqual(user.stdout, "less -S LESS=R\n")
        let own = try Fixtures.runInTerminal(Fixtures.commandLine(["stats", "--db", db]),
                                             environment: ["PATH": path, "PAGER": "less -S", "A11YKB_PAGER": "less -X"])
        XCTAssertEqual(own.stdout, "less -X LESS=FRX\n")
        let dumb = try Fixtures.runInTerminal(Fixtures.commandLine(["stats", "--db", db]), environment: ["PATH": path, "TERM": "dumb"])
        XCTAssertTrue(dumb.stdout.hasPrefix("knowledge base: "), "no pager on a dumb terminal: \(dumb.stdout)")
    }

    func testErrorsAndExitStatusesComeThroughThePager() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let failed = try Fixtures.runInTerminal(Fixtures.commandLine(["show", "no-such-thing", "--db", db]), environment: ["PAGER": marking])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stdout.contains("a11ykb: no component \"no-such-thing\""), failed.stdout)
        let nothing = try Fixtures.runInTerminal(Fixtures.commandLine(["search", "xylophone", "--db", db]), environment: ["PAGER": marking])
        XCTAssertEqual(nothing.status, 1, nothing.stdout)
    }
}
