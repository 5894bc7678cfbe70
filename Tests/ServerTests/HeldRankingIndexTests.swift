import A11yKB
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
        let held = try XCTUnwrap(reader.heldRankingIndexSize, "the pool's search built the index")

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
}
