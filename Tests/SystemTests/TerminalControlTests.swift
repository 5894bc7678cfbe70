import Foundation
import TestSupport
import XCTest

/// Text a knowledge base holds never drives the terminal: an imported entry, an axe rule and an
/// axe run whose text holds escape sequences (a window title set by OSC 0, the screen cleared, a
/// bell) come out of every text renderer without a C0 or C1 control but tab and line breaks, on a
/// terminal or not.
final class TerminalControlTests: XCTestCase {
    static let title = "\u{1B}]0;pwned\u{07}", clear = "\u{1B}[2J", c1 = "\u{9B}31m"

    /// An entry whose title, criteria and notes hold the sequences, and an axe rule whose id and
    /// help do.
    func hostileKnowledgeBase() throws -> (db: String, folder: URL) {
        let folder = try Fixtures.temporaryFolder(self)
        let entry = """
            ---
            layout: entry
            title:  "Hostile \\e]0;pwned\\a widget"
            categories: controls

            keyboard:
              tab: "Focus moves\\e[2J to the widget\\e]0;pwned\\a"
            screenreader:
              name: "Purpose is clear\\x9B31m and matches visible label \\e]0;pwned\\a"
              role: "Identifies as a button\\a"
            ---

            ## Developer notes

            - Use a native \(Self.clear)button\(Self.title) for the widget

            """
        try entry.write(to: folder.appendingPathComponent("hostile-widget.md"), atomically: true, encoding: .utf8)
        let rule = #"""
            {
              "id": "hostile-name\u001b]0;pwned\u0007",
              "impact": "serious",
              "tags": ["cat.name-role-value", "wcag2a", "wcag412"],
              "metadata": {
                "description": "Ensures hostile widgets\u001b[2J have names",
                "help": "Hostile widgets must have names\u001b]0;pwned\u0007"
              },
              "all": [], "any": [], "none": []
            }
            """#
        try rule.write(to: folder.appendingPathComponent("hostile-name.json"), atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let imported = try Fixtures.run(["import", "--db", db, folder.appendingPathComponent("hostile-widget.md").path,
                                         folder.appendingPathComponent("hostile-name.json").path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        return (db, folder)
    }

    /// The control characters `text` holds but tab, LF and CR.
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || (0x7F...0x9F).contains($0.value) }
            .map { String(format: "U+%04X", $0.value) }
    }

    func testNoControlCharacterReachesTheOutput() throws {
        let (db, folder) = try hostileKnowledgeBase()
        let axe = #"""
            {"violations": [{"id": "hostile-name\u001b]0;pwned\u0007", "impact": "serious", "tags": ["wcag2a", "wcag412"],
              "help": "Hostile\u001b[2J widgets must have names", "helpUrl": "https://example.org",
              "nodes": [{"html": "<button>\u001b]0;pwned\u0007</button>", "target": ["#x\u001b[2J"], "failureSummary": "Fix\u0007 it"}]}],
             "incomplete": []}
            """#
        let results = folder.appendingPathComponent("axe.json")
        try axe.write(to: results, atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["show", "hostile-0-pwned-widget"], ["show", "hostile-0-pwned-widget", "--format", "markdown"], ["show", "hostile-0-pwned-widget", "--format", "condensed"],
            ["show", "hostile-0-pwned-widget", "--format", "gherkin"], ["compare", "hostile-0-pwned-widget"],
            ["search", "hostile widget"], ["search", "--facts", "widget"], ["search", "--facts", "widget", "--format", "csv"],
            ["search", "--rules", "hostile"], ["search", "--rules", "hostile", "--format", "csv"],
            ["checklist", "hostile-0-pwned-widget"], ["checklist", "hostile-0-pwned-widget", "--format", "jira"],
            ["checklist", "hostile-0-pwned-widget", "--format", "gherkin"], ["checklist", "hostile-0-pwned-widget", "--format", "csv"],
            ["wcag", "4.1.2"], ["wcag", "4.1.2", "--markdown"], ["wcag", "4.1.2", "--format", "csv"], ["wcag", "name role value"],
            ["coverage", "--markdown"], ["coverage"],
            ["list", "components"], ["export", "v_criteria", "--format", "csv"], ["sql", "SELECT title FROM components"],
            ["explain", results.path],
        ]
        for command in commands {
            let run = try Fixtures.run(command + ["--db", db])
            XCTAssertEqual(run.status, 0, "\(command): \(run.stderr)")
            XCTAssertEqual(Self.controls(run.stdout), [], "\(command): \(run.stdout)")
            XCTAssertEqual(Self.controls(run.stderr), [], "\(command): \(run.stderr)")
        }
        // The text itself is still there, without the controls.
        let show = try Fixtures.run(["show", "hostile-0-pwned-widget", "--db", db])
        XCTAssertTrue(show.stdout.contains("Hostile ]0;pwned widget"), show.stdout)
    }

    /// On a terminal (colour on, through the pager) as well.
    func testNoControlCharacterReachesATerminalButTheColours() throws {
        let (db, _) = try hostileKnowledgeBase()
        for command in [["show", "hostile-0-pwned-widget"], ["search", "hostile widget"], ["wcag", "4.1.2"], ["compare", "hostile-0-pwned-widget"]] {
            let run = try Fixtures.runInTerminal(Fixtures.commandLine(command + ["--db", db, "--no-pager", "--color", "always"]))
            // Colours are the renderer's own SGR sequences: ESC [ digits m, nothing else.
            let text = run.stdout.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
            XCTAssertEqual(Self.controls(text), [], "\(command): \(run.stdout)")
            XCTAssertFalse(run.stdout.contains("pwned\u{07}"), run.stdout)
        }
    }
}
