import A11yKB
import Foundation
import TestSupport
import XCTest

/// The advice in the server's answers is worded in the tools' own arguments: a model calling a
/// tool has no command line, and an option it cannot pass (`--limit 0`) sends it astray.
final class MCPHintTests: XCTestCase {
    var client: MCPClient!

    override func setUpWithError() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
    }

    override func tearDownWithError() throws {
        guard let client else { return }
        XCTAssertEqual(client.finish().status, 0)
    }

    /// A command-line option in an answer: `--limit`, `--platform ios`...
    static func option(in text: String) -> String? {
        text.range(of: #"--[a-z][a-z-]*"#, options: .regularExpression).map { String(text[$0]) }
    }

    func testCutListingsSayWhichArgumentShowsMore() throws {
        let hits = try client.call("search_facts", ["query": "button", "limit": 1])
        XCTAssertFalse(hits.isError, hits.text)
        XCTAssertTrue(hits.text.contains("showing the best 1") && hits.text.contains("(a limit up to 200 shows more)"), hits.text)
        XCTAssertNil(Self.option(in: hits.text), hits.text)

        let components = try client.call("find_components", ["query": "button", "limit": 1])
        XCTAssertFalse(components.isError, components.text)
        XCTAssertTrue(components.text.contains("(a limit up to 50 shows more, the search tool lists facts)"), components.text)
        XCTAssertTrue(components.text.contains("more matching facts (the search tool with component \""), components.text)
        XCTAssertNil(Self.option(in: components.text), components.text)
    }

    func testPlatformWordsSayWhichArgumentKeepsOnlyThatPlatform() throws {
        let answer = try client.call("find_components", ["query": "dimmed on iOS"])
        XCTAssertFalse(answer.isError, answer.text)
        XCTAssertTrue(answer.text.contains("ios facts first (platform \"ios\" keeps only those)"), answer.text)
        XCTAssertNil(Self.option(in: answer.text), answer.text)
    }

    func testTimeLimitErrorsNameTheToolsTimeoutArgument() throws {
        let slow = try client.call("run_sql", ["query": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
                                               "timeout": 0.2])
        XCTAssertTrue(slow.isError)
        XCTAssertEqual(slow.text, "query stopped after the 0.2 s time limit; raise it with the timeout argument (up to 60 seconds)")
    }
}
