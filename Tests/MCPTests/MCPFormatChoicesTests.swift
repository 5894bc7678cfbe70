import A11yKB
import Foundation
import TestSupport
import XCTest

/// Every tool's `format` offers its document's formats (`Document.formats`), as `tools/list`
/// gives them to a model, and each is answered: a format added to a document reaches the tool.
final class MCPFormatChoicesTests: XCTestCase {
    func testEachToolsFormatChoicesAreItsDocumentsFormats() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
        defer { XCTAssertEqual(client.finish().status, 0) }
        let answer = try client.request("tools/list")
        let tools = try XCTUnwrap((answer["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        var choices: [String: [String]] = [:]
        for tool in tools {
            let properties = (tool["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]] ?? [:]
            if let format = properties["format"] { choices[tool["name"] as? String ?? "?"] = format["enum"] as? [String] ?? [] }
        }
        XCTAssertEqual(choices, [
            "get_component": AcceptanceCriteriaDocument.formatNames,
            "build_checklist": ChecklistDocument.formatNames,
            "get_test_plan": ChecklistDocument.formatNames,
            // A tool answers text: a binary format (Word) is no choice of it.
            "build_conformance_report": OpenACRReport.textFormats.map(\.rawValue),
        ], "every tool that takes a format, and its choices")

        _ = try kb.savePlan("p", checklist: try kb.checklist(["expandable-region"]))
        for format in AcceptanceCriteriaDocument.formatNames {
            let result = try client.call("get_component", ["component": "expandable-region", "format": format])
            XCTAssertFalse(result.isError, "get_component \(format): \(result.text)")
        }
        for format in ChecklistDocument.formatNames {
            let built = try client.call("build_checklist", ["components": ["expandable-region"], "format": format])
            XCTAssertFalse(built.isError, "build_checklist \(format): \(built.text)")
            let plan = try client.call("get_test_plan", ["name": "p", "format": format])
            XCTAssertFalse(plan.isError, "get_test_plan \(format): \(plan.text)")
        }
    }
}
