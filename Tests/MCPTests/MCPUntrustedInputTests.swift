import Foundation
import TestSupport
import XCTest

/// What a client names and what a knowledge base holds are both untrusted: a file named to a
/// read-only server is read without a `-wal` or `-shm` beside it, and whether it is missing,
/// unreadable or not a knowledge base gets one message; a multi-line criterion or a rule's help
/// makes no task, heading, script or link of its own in the markdown the tools answer with.
final class MCPUntrustedInputTests: XCTestCase {
    /// The seed, a plan of table-row-button, and a copy of the knowledge base elsewhere.
    func knowledgeBases() throws -> (db: String, old: String, folder: URL) {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        XCTAssertEqual(try Fixtures.run(["plan", "save", "buttons", "table-row-button", "--db", db]).status, 0)
        let archive = folder.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: true)
        let old = archive.appendingPathComponent("old.sqlite").path
        try FileManager.default.copyItem(atPath: db, toPath: old)
        return (db, old, folder)
    }

    func testANamedFileIsReadWithoutSideFiles() throws {
        let (db, old, _) = try knowledgeBases()
        let client = try MCPClient(["mcp", "--db", db])
        _ = try client.initialize()
        let diff = try client.call("diff_knowledge_bases", ["old": old])
        XCTAssertFalse(diff.isError, diff.text)
        let plan = try client.call("get_test_plan", ["name": "buttons", "changes_since": old])
        XCTAssertFalse(plan.isError, plan.text)
        XCTAssertEqual(client.finish().status, 0)
        let beside = try FileManager.default.contentsOfDirectory(atPath: (old as NSString).deletingLastPathComponent)
        XCTAssertEqual(beside, ["old.sqlite"])
    }

    func testEveryPathThatHoldsNoKnowledgeBaseGetsOneMessage() throws {
        let (db, _, folder) = try knowledgeBases()
        let garbage = folder.appendingPathComponent("garbage.sqlite"), empty = folder.appendingPathComponent("empty.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: garbage)
        try Data().write(to: empty)
        let foreign = folder.appendingPathComponent("foreign.sqlite").path
        XCTAssertEqual(try Fixtures.shell("python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"create table t(x)\"); c.commit()' \"$1\"",
                                          [foreign]).status, 0)
        let paths = [folder.appendingPathComponent("missing.sqlite").path, garbage.path, empty.path, foreign, folder.path, "/dev/null"]
        let client = try MCPClient(["mcp", "--db", db])
        _ = try client.initialize()
        var messages: Set<String> = []
        for path in paths {
            for (tool, arguments) in [("diff_knowledge_bases", ["old": path]), ("get_test_plan", ["name": "buttons", "changes_since": path])] {
                let answer = try client.call(tool, arguments)
                XCTAssertTrue(answer.isError, "\(tool) \(path): \(answer.text)")
                messages.insert(answer.text.replacingOccurrences(of: path, with: "PATH"))
            }
        }
        XCTAssertEqual(client.finish().status, 0)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") || $0.hasSuffix("-journal") }
                        .filter { !$0.hasPrefix("kb.sqlite") }, [])
    }

    /// A criterion of several lines (a task marked done, a heading, a script, a link) stays one
    /// task in build_checklist's and get_test_plan's markdown.
    func testAMultiLineCriterionStaysOneTask() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let entry = """
            ---
            layout: entry
            title:  "Injected widget"
            categories: controls

            keyboard:
              tab: |
                Focus moves to the widget
                - [x] Everything was tested already
                # Fake heading
                <script>alert(1)</script> [details](javascript:alert(1))
            screenreader:
              name:  |
                Purpose is clear
            ---

            ## Developer notes

            - Use a native button

            """
        try entry.write(to: folder.appendingPathComponent("injected-widget.md"), atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, folder.appendingPathComponent("injected-widget.md").path]).status, 0)
        XCTAssertEqual(try Fixtures.run(["plan", "save", "widgets", "injected-widget", "--db", db]).status, 0)
        let checklist = try Fixtures.run(["checklist", "injected-widget", "--format", "json", "--db", db])
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(checklist.stdout.utf8)) as? [String: Any])["items"] as? Int
        XCTAssertTrue(checklist.stdout.contains("Everything was tested already"), checklist.stdout)

        func assertOneTaskPerItem(_ text: String, _ what: String) {
            let lines = text.components(separatedBy: "\n")
            XCTAssertEqual(lines.filter { $0.hasPrefix("- [") }.count, items, "\(what):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("- [x]") }, [], "\(what):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("# Fake") }, [], "\(what):\n\(text)")
            XCTAssertFalse(text.contains("<script") || text.contains("](javascript:"), "\(what):\n\(text)")
        }
        assertOneTaskPerItem(try Fixtures.run(["checklist", "injected-widget", "--db", db]).stdout, "checklist")
        assertOneTaskPerItem(try Fixtures.run(["plan", "show", "widgets", "--db", db]).stdout, "plan show")
        let client = try MCPClient(["mcp", "--db", db])
        _ = try client.initialize()
        assertOneTaskPerItem(try client.call("build_checklist", ["components": ["injected-widget"]]).text, "build_checklist")
        assertOneTaskPerItem(try client.call("get_test_plan", ["name": "widgets"]).text, "get_test_plan")
        XCTAssertEqual(client.finish().status, 0)
    }

    /// A rule's help carries no script or link into `wcag --markdown`, `coverage --markdown` or
    /// get_success_criterion.
    func testARulesHelpMakesNoScriptOrLink() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let rule = #"""
            {
              "id": "injected-name",
              "impact": "serious",
              "tags": ["cat.name-role-value", "wcag2a", "wcag412"],
              "metadata": {
                "description": "Ensures <img src=x onerror=alert(1)> widgets have names",
                "help": "Widgets must have names <script>alert(1)</script> [fix](javascript:alert(1))"
              },
              "all": [], "any": [], "none": []
            }
            """#
        let file = folder.appendingPathComponent("injected-name.json")
        try rule.write(to: file, atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path, file.path]).status, 0)
        let wcag = try Fixtures.run(["wcag", "4.1.2", "--markdown", "--db", db])
        XCTAssertTrue(wcag.stdout.contains("injected-name"), wcag.stdout)
        let client = try MCPClient(["mcp", "--db", db])
        _ = try client.initialize()
        let texts = [("wcag --markdown", wcag.stdout), ("coverage --markdown", try Fixtures.run(["coverage", "--markdown", "--db", db]).stdout),
                     ("get_success_criterion", try client.call("get_success_criterion", ["criterion": "4.1.2"]).text)]
        XCTAssertEqual(client.finish().status, 0)
        for (what, text) in texts {
            // A code span shows its text as written: what is outside them counts.
            let text = text.replacingOccurrences(of: "`[^`\n]*`", with: "", options: .regularExpression)
            XCTAssertFalse(text.contains("<script") || text.contains("<img")
                           || text.range(of: #"(?<!\\)\]\(javascript:"#, options: .regularExpression) != nil, "\(what):\n\(text)")
        }
    }
}
