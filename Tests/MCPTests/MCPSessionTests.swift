import A11yKB
import Foundation
import TestSupport
import XCTest

/// Issue 24, item 9 (the server's part): a session opens with `initialize`; a line nested too
/// deep is told so, not called "not JSON"; and a knowledge base file replaced while the server
/// runs (an import elsewhere writing a new file into place) is answered from, whole, by every tool.
final class MCPSessionTests: XCTestCase {
    func testRequestsBeforeInitializeAreRefused() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        for method in ["tools/call", "tools/list"] {
            let early = try client.request(method, ["name": "list_components", "arguments": [String: Any]()])
            let error = try XCTUnwrap(early["error"] as? [String: Any], "\(method) before initialize: \(early)")
            XCTAssertEqual(error["code"] as? Int, -32600, "\(error)")
            XCTAssertTrue((error["message"] as? String ?? "").contains("send initialize first"), "\(error)")
        }
        _ = try client.initialize()
        let list = try client.call("list_components")
        XCTAssertFalse(list.isError)
        XCTAssertEqual((list.structured["components"] as? [[String: Any]])?.count, 4)
        XCTAssertEqual(client.finish().status, 0)
    }

    func testALineNestedTooDeepIsToldSo() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        client.sendLine("{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\": \"tools/call\", \"params\": {\"name\": \"search\", \"arguments\": {\"query\": \(deep)}}}")
        let answer = try client.receive()
        let message = ((answer["error"] as? [String: Any])?["message"] as? String) ?? ""
        XCTAssertTrue(message.contains("nested"), message)
        XCTAssertFalse(message.contains("not JSON"), message)
        XCTAssertFalse(try client.call("list_components").isError, "the server goes on")
        XCTAssertEqual(client.finish().status, 0)
    }

    /// A message that gives a member twice is refused as over HTTP (where the SDK read the two ids
    /// differently and never answered), whichever member it is; the session goes on.
    func testAMessageGivingAMemberTwiceIsRefused() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
        client.sendLine(#"{"jsonrpc":"2.0","id":7,"id":8,"method":"tools/list"}"#)
        let answer = try client.receive()
        let error = try XCTUnwrap(answer["error"] as? [String: Any], "\(answer)")
        XCTAssertEqual(error["code"] as? Int, -32600)
        XCTAssertTrue((error["message"] as? String ?? "").contains("\"id\" twice"), "\(error)")
        XCTAssertFalse(try client.call("list_components").isError, "the server goes on")
        XCTAssertEqual(client.finish().status, 0)
    }

    /// The seeded knowledge base at `folder/kb.sqlite`, served by `a11ykb mcp` (initialized).
    func servedSeed() throws -> (folder: URL, path: String, client: MCPClient) {
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent("kb.sqlite").path
        let seeded = try Fixtures.seededKnowledgeBase(self)
        try seeded.close()
        try FileManager.default.copyItem(atPath: seeded.path, toPath: path)
        let client = try MCPClient(["mcp", "--db", path])
        _ = try client.initialize()
        return (folder, path, client)
    }

    /// Another knowledge base in `folder`, of one component (reorder-data-row), imported as a user would.
    func oneComponentKnowledgeBase(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("new.sqlite").path
        let document = folder.appendingPathComponent("reorder-data-row.md")
        try Data(try Fixtures.seed("reorder-data-row.md").utf8).write(to: document)
        XCTAssertEqual(try Fixtures.run(["import", "--db", path, document.path]).status, 0)
        return path
    }

    /// Replaced by rename, as `export db` and a fresh build write a file: the server had one
    /// connection on the old file and opened SQL's on the new one, answering from both.
    func testAReplacedFileIsAnsweredFromWhole() throws {
        let (folder, path, client) = try servedSeed()
        func components() throws -> (listed: Int, counted: String) {
            let list = try client.call("list_components")
            let sql = try client.call("run_sql", ["query": "SELECT count(*) AS n FROM components"])
            let listed = (list.structured["components"] as? [[String: Any]])?.count ?? -1
            let rows = (sql.structured["results"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]]
            return (listed, rows?.first?["n"].map { "\($0)" } ?? sql.text)
        }
        XCTAssertEqual(try components().listed, 4)

        let replacement = try oneComponentKnowledgeBase(in: folder)
        XCTAssertEqual(rename(replacement, path), 0)
        let after = try components()
        XCTAssertEqual(after.listed, 1, "list_components reads the file now at the path")
        XCTAssertEqual(after.counted, "1", "sql reads the same file")
        XCTAssertEqual(client.finish().status, 0)
    }

    /// Overwritten in place (`cp new.sqlite kb.sqlite`): the file keeps its inode, so a check of
    /// device and inode alone kept the server's reader on pages of the old file ("malformed", or
    /// stale answers) while SQL read the new one. Issue 34.
    func testAFileOverwrittenInPlaceIsAnsweredFromWhole() throws {
        let (folder, path, client) = try servedSeed()
        func listed() throws -> Int {
            let list = try client.call("list_components")
            return (list.structured["components"] as? [[String: Any]])?.count ?? -1
        }
        XCTAssertEqual(try listed(), 4)

        let replacement = try oneComponentKnowledgeBase(in: folder)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        // Written over the old bytes, as cp does: same inode.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: replacement)))
        try handle.close()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int, before, "the same inode")
        let list = try client.call("list_components")
        XCTAssertFalse(list.isError, list.text)
        XCTAssertEqual((list.structured["components"] as? [[String: Any]])?.count, 1, "list_components reads the file as it is now: \(list.text)")
        XCTAssertEqual(client.finish().status, 0)
    }

    /// A knowledge base replaced by garbage under the server: a tool error the model reads (and
    /// the server goes on), not JSON-RPC's internal error. Issue 34.
    func testAFileReplacedByGarbageIsAToolError() throws {
        let (folder, path, client) = try servedSeed()
        XCTAssertFalse(try client.call("list_components").isError)
        let garbage = folder.appendingPathComponent("garbage").path
        try Data(String(repeating: "garbage ", count: 1_000).utf8).write(to: URL(fileURLWithPath: garbage))
        XCTAssertEqual(rename(garbage, path), 0)
        for tool in ["list_components", "run_sql"] {
            let answer = try client.call(tool, ["query": "SELECT 1"])
            XCTAssertTrue(answer.isError, "\(tool): \(answer.text)")
            XCTAssertTrue(answer.text.contains("not an SQLite database"), answer.text)
        }
        XCTAssertEqual(client.finish().status, 0)
    }

    /// Issue 34: `notifications/cancelled` for a tool call being answered stops it, and the call
    /// gets no answer (MCP); the session goes on. The lines arrive together: the cancelled call, the
    /// cancellation, a twin of the call that is not cancelled; once the twin is answered, and as
    /// long again, the cancelled one would have been too. (The cancellation comes before the twin:
    /// with the library optimized, reading the twin's 300 KB took longer than the call it follows.)
    func testACancelledToolCallIsNotAnswered() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
        let nodes = (0..<3_000).map { ##"{"html": "<button id=\"b\##($0)\"></button>", "target": ["#b\##($0)"]}"## }
        let run = #"{"violations": [{"id": "button-name", "tags": ["wcag412"], "nodes": [\#(nodes.joined(separator: ","))]}]}"#
        func call(_ id: String) -> [String: Any] {
            ["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": "explain_axe_results", "arguments": ["results": run]]]
        }
        let cancel: [String: Any] = ["jsonrpc": "2.0", "method": "notifications/cancelled",
                                     "params": ["requestId": "cancelled", "reason": "the user moved on"]]
        let lines = try [call("cancelled"), cancel, call("twin")].map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
        }
        let start = Date()
        client.sendLine(lines.joined(separator: "\n"))
        var answered: [String] = []
        while !answered.contains("twin") { answered.append(try client.receive()["id"] as? String ?? "") }
        Thread.sleep(forTimeInterval: Date().timeIntervalSince(start))
        try client.send(["jsonrpc": "2.0", "id": "after", "method": "ping"])
        while !answered.contains("after") { answered.append(try client.receive()["id"] as? String ?? "") }
        XCTAssertFalse(answered.contains("cancelled"), "a cancelled call was answered: \(answered)")
        XCTAssertFalse(try client.call("list_components").isError, "the session goes on")
        XCTAssertEqual(client.finish().status, 0)
    }
}
