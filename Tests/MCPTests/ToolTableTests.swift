import A11yKB
import Foundation
import TestSupport
import XCTest

/// The tool list is written once (`AssistantTool`); the README's copy, `a11ykb mcp --help` and the
/// server's own list and instructions are made from it. `scripts/mcp-tools` rewrites the README's.
final class ToolTableTests: XCTestCase {
    static let begin = "<!-- mcp-tools: made from AssistantTool.swift by scripts/mcp-tools; do not edit by hand -->\n"
    static let end = "<!-- /mcp-tools -->\n"

    /// README.md's block between the markers, and the README as it would be with `block` there.
    static func readmeBlock(replacingWith block: String? = nil) throws -> (block: String, readme: String, url: URL) {
        let url = Fixtures.repoRoot.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        guard let start = readme.range(of: begin), let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        let current = String(readme[start.upperBound..<stop.lowerBound])
        let replaced = readme.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: block ?? current)
        return (current, replaced, url)
    }

    func testReadmeListsTheToolTable() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(readme.contains(Self.begin) && readme.contains(Self.end), "README.md keeps the mcp-tools markers")
        let (block, updated, _) = try Self.readmeBlock(replacingWith: AssistantTool.markdown)
        if ProcessInfo.processInfo.environment["A11YKB_WRITE_TOOL_LIST"] == "1", block != AssistantTool.markdown {
            try updated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(block, AssistantTool.markdown, "README.md's tool list differs from AssistantTool: run scripts/mcp-tools")
    }

    func testMCPHelpListsTheToolTable() throws {
        let help = try Fixtures.run(["mcp", "--help"])
        XCTAssertEqual(help.status, 0)
        // The help wraps long lines: compare words.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        XCTAssertTrue(words(help.stdout).contains(words(AssistantTool.lines(indent: "  "))), help.stdout)
    }

    func testServerOffersTheToolTableAndItsInstructionsListIt() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        let initialized = try client.initialize()
        let tools = try XCTUnwrap((try client.request("tools/list")["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        XCTAssertEqual(tools.compactMap { $0["name"] as? String }, AssistantTool.allCases.map(\.name))
        let instructions = try XCTUnwrap(initialized["instructions"] as? String)
        XCTAssertTrue(instructions.hasSuffix(AssistantTool.lines(indent: "- ")), instructions)
        XCTAssertEqual(client.finish().status, 0)
    }
}
