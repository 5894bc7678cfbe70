import A11yKB
import Foundation
import TestSupport
import XCTest

/// `a11ykb trace`, as a user runs it: read-only, a line of account per source line, JSON with one
/// object per line, and an exit status that says whether anything is unaccounted for.
final class TraceCommandTests: XCTestCase {
    func testTraceOfACorpusEntryAccountsForEveryLineAndImportsNothing() throws {
        let file = try Fixtures.corpus("magentaA11y-2026").appendingPathComponent("public/content/documentation/web/component/radio-button.md")
        let lineCount = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").count - 1
        let home = try Fixtures.temporaryFolder(self)
        let text = try Fixtures.run(["trace", file.path], environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stderr, "")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // Paths are resolved one way (links followed): a corpus reached through a link is named
        // by its real path.
        XCTAssertTrue(lines[0].hasPrefix("\(file.resolvingSymlinksInPath().path) [magenta-v2] web/radio-button: \(lineCount) lines: "),
                      String(lines[0]))
        XCTAssertTrue(lines[0].hasSuffix(", 0 unaccounted"), String(lines[0]))
        XCTAssertTrue(text.stdout.contains("\n 13  fact        criteria keyboard  |       - Tab: Focus visibly moves"), text.stdout)
        XCTAssertTrue(text.stdout.contains("\n107  skipped     live HTML demo of the code example  | <example>\n"), text.stdout)
        // Read-only: no knowledge base was created or seeded.
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("a11ykb").path))

        let json = try Fixtures.run(["trace", file.path, "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, lineCount, "one object per source line")
        XCTAssertEqual(objects.map { $0["line"] as? Int }, (1...lineCount).map { $0 })
        let tab = objects[12]
        XCTAssertEqual(tab["disposition"] as? String, "fact")
        XCTAssertEqual(tab["table"] as? String, "criteria")
        XCTAssertEqual(tab["kind"] as? String, "keyboard")
        XCTAssertEqual(tab["text"] as? String, "      - Tab: Focus visibly moves to the checked radio button in the group. If a radio button is not checked, focus moves to the first radio button in the group.")
        XCTAssertEqual(Set(objects.compactMap { $0["disposition"] as? String }), ["fact", "structure", "skipped"])
    }

    func testCountsOverBothCheckoutsAndExitStatusOne() throws {
        // Both MagentaA11y checkouts (the corpus's WCAG, ACT and axe-core folders are not read yet).
        let checkouts = [try Fixtures.corpus("magentaA11y-2026").path, try Fixtures.corpus("magentaA11y-2024").path]
        let counts = try Fixtures.run(["trace"] + checkouts + ["--counts"])
        XCTAssertEqual(counts.status, 0, counts.stderr)
        let total = try XCTUnwrap(counts.stdout.split(separator: "\n").last)
        XCTAssertTrue(total.hasPrefix("total: "), String(total))
        XCTAssertTrue(total.hasSuffix(", 0 unaccounted"), String(total))

        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("entry.md")
        try "## iOS Developer Notes\n\n### Name\n- Use `accessibilityLabel`\n\n<blink>lost</blink>\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try Fixtures.run(["trace", file.path])
        XCTAssertEqual(run.status, 1, "an unaccounted line: exit status 1\n\(run.stdout)")
        XCTAssertTrue(run.stdout.contains("\n6  unaccounted HTML block <blink>  | <blink>lost</blink>\n"), run.stdout)
        let missing = try Fixtures.run(["trace", folder.appendingPathComponent("nowhere.md").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("a11ykb: ") && missing.stderr.contains("no such file or folder"), missing.stderr)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1)
    }

    func testImportNamesEachUnaccountedLineAndGivesTheTotal() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("entry.md")
        try "## iOS Developer Notes\n\n### Name\n- Use `accessibilityLabel`\n\n<blink>lost</blink>\n".write(to: file, atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, file.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("  \(file.path):6: line not accounted for (HTML block <blink>): <blink>lost</blink>\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains(", 1 unaccounted lines in 1 files\n"), run.stdout)
        let json = try Fixtures.run(["import", "--db", folder.appendingPathComponent("kb2.sqlite").path, "--format", "json", file.path])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["unaccounted_lines"] as? Int, 1)
    }

    func testTraceHelpTeaches() throws {
        let run = try Fixtures.run(["trace", "--help"])
        XCTAssertEqual(run.status, 0)
        for expected in ["Examples:", "a11ykb trace ", "unaccounted", "skipped", "structure", "Exit status:"] {
            XCTAssertTrue(run.stdout.contains(expected), expected)
        }
        XCTAssertTrue(try Fixtures.run(["--help"]).stdout.contains("trace"))
    }

    /// `trace` says which of the two an HTML block was: prose (its text kept) or a live demo (set
    /// aside), line by line (issue 34: the guides' HTML was all called a demo).
    func testTraceSaysWhetherHTMLWasProseOrADemo() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("guide.md")
        try """
            ## Developer Notes

            <div class="item">
            <h3>✓ Ensure it has a label</h3>
            <p>A placeholder is no label.</p>
            <form><input id="a"></form>
            </div>
            """.write(to: file, atomically: true, encoding: .utf8)
        let run = try Fixtures.run(["trace", file.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("\n3  structure   HTML block read as prose, its live demo set aside; HTML tags around the prose (no text)  | <div class=\"item\">\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\n5  fact        guidance general  | <p>A placeholder is no label.</p>\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\n6  skipped     live demo in HTML (<form>), not text of the page  | <form><input id=\"a\"></form>\n"), run.stdout)
    }
}
