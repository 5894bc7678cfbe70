import Foundation
import TestSupport
import XCTest

/// `import` on a terminal shows its progress on stderr; piped it is silent; `--quiet` prints only
/// errors; the summary lists files one by one only while they fit on a screen (or with
/// `--verbose`), else counts them, and always lists every notice and error.
final class ImportProgressTests: XCTestCase {
    func testProgressOnATerminalNamesDoneTotalRateAndFile() throws {
        let checkout = try Fixtures.generatedCheckout(self, count: 40)
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let summary = folder.appendingPathComponent("summary.txt").path
        // stdout to a file: the terminal shows stderr only.
        let run = try Fixtures.runInTerminal(Fixtures.commandLine(["import", "--db", db, checkout.path]) + " > " + Fixtures.shellQuoted(summary))
        XCTAssertEqual(run.status, 0, run.stdout)
        let redraws = run.stdout.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        XCTAssertTrue(redraws.contains { $0.hasPrefix("reading 40/40 files") }, run.stdout)
        XCTAssertTrue(redraws.allSatisfy { $0.hasPrefix("reading ") || $0.hasPrefix("indexing ") }, run.stdout)
        XCTAssertTrue(redraws.contains { $0.contains(": ") && $0.hasSuffix(".md") }, "the file being read: \(run.stdout)")
        XCTAssertTrue(run.stdout.hasSuffix("\r\u{1B}[K"), "the line is cleared at the end")
        XCTAssertTrue(try String(contentsOf: URL(fileURLWithPath: summary), encoding: .utf8).contains("40 added, 0 replaced"))
    }

    func testNoProgressWhenStderrIsNotATerminal() throws {
        let checkout = try Fixtures.generatedCheckout(self, count: 40)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, checkout.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stderr, "")
    }

    func testQuietPrintsOnlyErrors() throws {
        let (folder, bad) = try Fixtures.mixedFolder(self)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, "--quiet", folder.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr.split(separator: "\n").count, bad.count, run.stderr)
        let terminal = try Fixtures.runInTerminal(Fixtures.commandLine(["import", "--db", db, "-q", Fixtures.seedFolder.path]))
        XCTAssertEqual(terminal.status, 0)
        XCTAssertEqual(terminal.stdout, "", "no progress and no summary on a terminal either")
        XCTAssertNotEqual(try Fixtures.run(["import", "--quiet", "--verbose", Fixtures.seedFolder.path]).status, 0)
    }

    /// 60 generated files and the mixed folder: more files than a screen (24 lines when stdout is
    /// not a terminal and LINES is unset) are counted, not listed; every notice still is, and every
    /// error on stderr.
    func testALongSummaryCountsFilesButListsEveryErrorAndNotice() throws {
        let checkout = try Fixtures.generatedCheckout(self, count: 60)
        let (mixed, bad) = try Fixtures.mixedFolder(self)
        let notice = mixed.appendingPathComponent("odd-heading.md")
        try Data("## iOS Developer Notes\n\n### Accessibility Trait\n\n- Use the button trait\n".utf8).write(to: notice)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, checkout.path, mixed.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.contains { $0.contains("generated-") }, "no file listed one by one:\n\(run.stdout)")
        XCTAssertTrue(lines.contains("skipped (4), by reason:"), run.stdout)
        XCTAssertTrue(lines.contains("  2 × broken or looping symbolic link"), run.stdout)
        XCTAssertTrue(lines.contains("notices (1):"), run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  " + notice.path + ":3: unknown heading") }, run.stdout)
        // Errors are named once, on stderr (issue 25), and counted in the summary.
        XCTAssertFalse(run.stdout.contains("errors ("), run.stdout)
        let errors = run.stderr.split(separator: "\n").map(String.init)
        for file in bad { XCTAssertTrue(errors.contains { $0.hasPrefix("a11ykb: " + mixed.appendingPathComponent(file.name).path) }, file.name) }
        XCTAssertTrue(lines.contains { $0.contains(", \(bad.count) errors") }, run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("65 added, 0 replaced, 1 superseded,") }, run.stdout)
        XCTAssertEqual(lines.last, "(files counted, not listed: 73 lines would not fit on one screen; --verbose lists every file)")

        let db2 = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let verbose = try Fixtures.run(["import", "--db", db2, "--verbose", checkout.path])
        XCTAssertEqual(verbose.stdout.split(separator: "\n").filter { $0.contains("generated-") }.count, 60)
        let db3 = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let tall = try Fixtures.run(["import", "--db", db3, checkout.path], environment: ["LINES": "100"])
        XCTAssertEqual(tall.stdout.split(separator: "\n").filter { $0.contains("generated-") }.count, 60, "LINES=100: a screen holds them")
    }
}
