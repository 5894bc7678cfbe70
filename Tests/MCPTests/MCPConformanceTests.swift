import A11yKB
import Foundation
import TestSupport
import XCTest

/// The conformance report's tools over JSON-RPC, as an assistant calls them: contents in, never
/// paths; on today's MagentaA11y checkout, GSA's examples and a real axe run.
final class MCPConformanceTests: XCTestCase {
    nonisolated(unsafe) static var shared: KnowledgeBase?
    var client: MCPClient!

    override func setUpWithError() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026").path
        if Self.shared == nil {
            let kb = try KnowledgeBase(path: Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path)
            _ = try kb.importFiles([corpus])
            Self.shared = kb
            addTeardownBlock { Self.shared = nil }
        }
        client = try MCPClient(["mcp", "--db", Self.shared!.path])
        _ = try client.initialize()
    }

    override func tearDownWithError() throws {
        guard let client else { return }
        XCTAssertEqual(client.finish().status, 0)
    }

    func testBuildCheckAndCompareFromContents() throws {
        let kb = try XCTUnwrap(Self.shared)
        let checklist = try kb.checklist(["link"], platform: .web)
        var csv = "id,fingerprint,result,note\n"
        for item in checklist.items where item.kind == .criterion {
            csv += "\(item.id),\(item.fingerprint),\(item.id == "web/link:keyboard:web:enter" ? "fail,SHOP-9" : "pass,")\n"
        }
        let axe = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/axe/faults-all-results.json"), encoding: .utf8)
        let built = try client.call("build_conformance_report", ["results": [csv], "axe": [axe], "format": "openacr"])
        XCTAssertFalse(built.isError, built.text)
        let report = try XCTUnwrap(built.structured["report"] as? [String: Any])
        let chapters = try XCTUnwrap(report["chapters"] as? [String: Any])
        let levelA = try XCTUnwrap((chapters["success_criteria_level_a"] as? [String: Any])?["criteria"] as? [[String: Any]])
        let keyboard = try XCTUnwrap(levelA.first { $0["num"] as? String == "2.1.1" }?["components"] as? [[String: Any]])
        XCTAssertEqual((keyboard.first?["adherence"] as? [String: Any])?["level"] as? String, "partially-supports")
        XCTAssertTrue(((built.structured["to_test_by_hand"] as? [[String: Any]]) ?? []).contains { $0["criterion"] as? String == "1.2.2" })

        // The text is the report itself, which the check tool accepts, and the compare tool compares.
        let checked = try client.call("check_conformance_report", ["report": built.text])
        XCTAssertEqual((checked.structured["problems"] as? [Any])?.count, 0)
        XCTAssertEqual(checked.text, "No problem found.\n")
        let changed = built.text.replacingOccurrences(of: "\"partially-supports\"", with: "\"supports\"")
        let compared = try client.call("compare_conformance_reports", ["old": built.text, "new": changed])
        let changes = try XCTUnwrap(compared.structured["changes"] as? [[String: Any]])
        XCTAssertFalse(changes.isEmpty)
        let levels = changes.filter { $0["field"] as? String == "level" }
        XCTAssertFalse(levels.isEmpty)
        XCTAssertTrue(levels.allSatisfy { $0["old"] as? String == "partially-supports" && $0["new"] as? String == "supports" })
        // SHOP-9 was in a failing remark and is in none now: fixed.
        XCTAssertTrue(changes.contains { $0["field"] as? String == "ticket_fixed" && $0["old"] as? String == "SHOP-9" }, "\(changes)")
        // The text is the release note in markdown, the same the command line writes.
        XCTAssertTrue(compared.text.hasPrefix("# What changed in the conformance report of Unnamed product\n"), compared.text)
        XCTAssertTrue(compared.text.contains("\n## Level changes\n\n- 2.1.1 Keyboard (web): Partially Supports → Supports (improved)\n  - **Before**: "), compared.text)
        XCTAssertTrue(compared.text.contains("\n## Tickets fixed\n\n- SHOP-9: 2.1.1 Keyboard (web), now Supports"), compared.text)
        let perChapter = try XCTUnwrap(compared.structured["chapters"] as? [[String: Any]])
        XCTAssertGreaterThan(perChapter.first { $0["chapter"] as? String == "success_criteria_level_a" }?["improved"] as? Int ?? 0, 0)
        let same = try client.call("compare_conformance_reports", ["old": built.text, "new": built.text])
        XCTAssertEqual((same.structured["changes"] as? [Any])?.count, 0)
        XCTAssertTrue(same.text.contains("\nNothing changed.\n"), same.text)

        let invalid = try String(contentsOf: Fixtures.corpus("openacr").appendingPathComponent("examples/invalid-terms.yaml"), encoding: .utf8)
        let refused = try client.call("check_conformance_report", ["report": invalid, "catalog": "2.4-edition-wcag-2.0-508-en"])
        XCTAssertEqual((refused.structured["problems"] as? [[String: Any]])?.count, 1)
        let nothing = try client.call("build_conformance_report", [:])
        XCTAssertTrue(nothing.isError)
    }

    /// A tool answers text: Word's bytes are no choice, and asking for them is one clean error.
    func testWordIsNoFormatOfATool() throws {
        let listed = try client.request("tools/list")
        let tools = try XCTUnwrap((listed["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let build = try XCTUnwrap(tools.first { $0["name"] as? String == "build_conformance_report" })
        let format = ((build["inputSchema"] as? [String: Any])?["properties"] as? [String: Any])?["format"] as? [String: Any]
        XCTAssertEqual(format?["enum"] as? [String], ["openacr", "json", "markdown", "html"])
        let refused = try client.call("build_conformance_report", ["base": "title: T\n", "format": "docx"])
        XCTAssertTrue(refused.isError)
        XCTAssertTrue(refused.text.contains("must be one of openacr, json, markdown, html (got docx)"), refused.text)
    }
}
