import A11yKB
import Foundation
import TestSupport
import XCTest

/// The tool list is written once (`AssistantTool`); the README's copy, `a11ykb mcp --help` and the
/// server's own list and instructions are made from it. `scripts/mcp-tools` rewrites the README's from what a11ykb-mcp prints.
final class ToolTableTests: XCTestCase {
    static let begin = "<!-- mcp-tools: made from AssistantTool.swift by scripts/mcp-tools; do not edit by hand -->\n"
    static let end = "<!-- /mcp-tools -->\n"

    /// README.md's block between the markers.
    static func readmeBlock() throws -> String {
        let url = Fixtures.repoRoot.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        guard let start = readme.range(of: begin), let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return String(readme[start.upperBound..<stop.lowerBound])
    }

    func testReadmeListsTheToolTable() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(readme.contains(Self.begin) && readme.contains(Self.end), "README.md keeps the mcp-tools markers")
        let block = try Self.readmeBlock()
        XCTAssertEqual(block, AssistantTool.markdown, "README.md's tool list differs from AssistantTool: run scripts/mcp-tools")
    }

    /// scripts/mcp-tools writes what this prints into the README.
    func testTheGeneratorPrintsTheToolTable() throws {
        let mcp = Fixtures.executable.deletingLastPathComponent().appendingPathComponent("a11ykb-mcp")
        let run = try Fixtures.runProcess(mcp, ["--tool-table-markdown"], environment: nil)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, AssistantTool.markdown)
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
