import A11yKB
import A11yKBMCP
import A11yKBServer
import Foundation
import TestSupport
import XCTest

/// The server's readers answer from the ranking index held for the file's version (issue 52), and
/// a write to the file makes the next question build it again from what was written.
final class HeldRankingIndexTests: XCTestCase {
    func testAnImportBesideTheServerIsAnsweredFromANewIndex() async throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: try Fixtures.servedKnowledgeBase(), toPath: file)
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        configuration.cacheBytes = 0
        let c = InProcessClient(try TeamServer.environment(path: file, configuration: configuration))
        let reader = try KnowledgeBase.open(existing: file)

        let before = try await c.get("/api/search?q=zebra+crossing+widget")
        XCTAssertEqual(before.status, .ok)
        XCTAssertFalse(before.body.contains("zebra-crossing-widget"))
        // Built by the pool as it started, or by that search: a search asked during the build is
        // answered by SQL, so the index may land a moment after it.
        let waited = Date()
        while reader.heldRankingIndexSize == nil, Date().timeIntervalSince(waited) < 30 { usleep(20_000) }
        let held = try XCTUnwrap(reader.heldRankingIndexSize, "the pool built the index")

        let page = folder.appendingPathComponent("zebra-crossing-widget.md")
        try (try Fixtures.seed("expandable-region.md"))
            .replacingOccurrences(of: "Expandable region", with: "Zebra crossing widget")
            .replacingOccurrences(of: "expandable region", with: "zebra crossing widget")
            .write(to: page, atomically: true, encoding: .utf8)
        XCTAssertEqual(try reader.importFiles([page.path]).errors.count, 0)

        let after = try await c.get("/api/search?q=zebra+crossing+widget")
        XCTAssertTrue(after.body.contains("zebra-crossing-widget"), after.body.prefix(300).description)
        let rebuilt = try XCTUnwrap(reader.heldRankingIndexSize)
        XCTAssertGreaterThan(rebuilt.texts, held.texts, "built again from the file as written, holding the new component's facts")
    }

    /// The stdio MCP server answers `tools/call` directly (not through the SDK): that answer too
    /// comes from the held index. It did not: its searches took the SQL path, five times the
    /// cost of a held question.
    func testTheStdioServersDirectToolCallIsAnsweredFromTheHeldIndex() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: try Fixtures.servedKnowledgeBase(), toPath: file)
        let handle = try ReadHandle(path: file)
        XCTAssertNil(try handle.knowledgeBase().heldRankingIndexSize, "a file no question has read")
        let request = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"find_components","arguments":{"query":"what should voiceover say for a selected tab"}}}"#
        // The same answer the SQL path gives, byte for byte: the index changes what it costs only.
        let bySQL = try ToolCall.resultJSON(Data(request.utf8)) { try KnowledgeBase.open(existing: file) }
        XCTAssertNil(try handle.knowledgeBase().heldRankingIndexSize, "a file no question has read")
        let answer = try handle.toolCallJSON(Data(request.utf8))
        XCTAssertEqual(answer, bySQL)
        XCTAssertFalse(answer.contains("\"isError\":true"), answer.prefix(300).description)
        XCTAssertNotNil(try handle.knowledgeBase().heldRankingIndexSize, "the direct tools/call built the index and answered from it")
    }

    /// A reader that starts builds the index before its first question, not during it.
    func testTheServersReadersHoldTheIndexBeforeTheFirstQuestion() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: try Fixtures.servedKnowledgeBase(), toPath: file)
        let reader = try KnowledgeBase.open(existing: file)
        XCTAssertNil(reader.heldRankingIndexSize)
        let pool = try ReaderPool(path: file, count: 2, timeLimit: 10)
        let waited = Date()
        while reader.heldRankingIndexSize == nil, Date().timeIntervalSince(waited) < 30 { usleep(20_000) }
        XCTAssertNotNil(reader.heldRankingIndexSize, "built with no question asked")
        _ = pool
    }
}

