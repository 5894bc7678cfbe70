import A11yKB
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// The protocol around the tools: resources, what the server does with lines that are not
/// JSON-RPC, an unknown tool, the end of its input, and how `a11ykb mcp` starts it.
final class MCPProtocolTests: XCTestCase {
    func testResourcesListEveryComponentAndTheSchemaAndReadThem() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()

        let list = try XCTUnwrap((try client.request("resources/list")["result"] as? [String: Any])?["resources"] as? [[String: Any]])
        let uris = list.compactMap { $0["uri"] as? String }
        let components = try Fixtures.strings(kb, "SELECT 'a11ykb://component/' || family || '/' || slug FROM components ORDER BY family, category, slug")
        XCTAssertEqual(Set(uris), Set(components + ["a11ykb://schema"]))
        XCTAssertTrue(list.allSatisfy { $0["mimeType"] as? String == "text/markdown" })
        let table = try XCTUnwrap(list.first { $0["uri"] as? String == "a11ykb://component/native/table-row-button" })
        XCTAssertEqual(table["title"] as? String, "Table row button")

        // A component reads as `a11ykb show` prints it.
        let read = try client.request("resources/read", ["uri": "a11ykb://component/native/expandable"])
        let contents = try XCTUnwrap((read["result"] as? [String: Any])?["contents"] as? [[String: Any]])
        XCTAssertEqual(contents.count, 1)
        XCTAssertEqual(contents[0]["uri"] as? String, "a11ykb://component/native/expandable")
        XCTAssertEqual(contents[0]["text"] as? String, AcceptanceCriteria.markdown(try kb.component("native/expandable")))

        let schema = try client.request("resources/read", ["uri": "a11ykb://schema"])
        let schemaText = ((schema["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first?["text"] as? String
        XCTAssertEqual(schemaText, try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/schema.md"), encoding: .utf8),
                       "the schema resource is docs/schema.md as built in")

        let templates = try XCTUnwrap((try client.request("resources/templates/list")["result"] as? [String: Any])?["resourceTemplates"] as? [[String: Any]])
        XCTAssertEqual(templates.compactMap { $0["uriTemplate"] as? String }, ["a11ykb://component/{family}/{slug}"])

        let unknown = try client.request("resources/read", ["uri": "a11ykb://component/native/expandible-region"])
        let error = try XCTUnwrap(unknown["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32002, "MCP's resource not found")
        XCTAssertTrue((error["message"] as? String ?? "").contains("closest: expandable"), "\(error)")
        let byTitle = try client.request("resources/read", ["uri": "a11ykb://component/native/Table row button"])
        XCTAssertTrue(((byTitle["error"] as? [String: Any])?["message"] as? String ?? "").contains("a11ykb://component/native/table-row-button"))
        let elsewhere = try client.request("resources/read", ["uri": "file:///etc/passwd"])
        XCTAssertEqual((elsewhere["error"] as? [String: Any])?["code"] as? Int, -32002)
        XCTAssertEqual(client.finish().status, 0)
    }

    func testMalformedLinesAndUnknownToolsAreAnsweredAndTheServerKeepsServing() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()

        client.sendLine("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ")
        var answer = try client.receive()
        XCTAssertTrue(answer["id"] is NSNull, "JSON-RPC: a line that does not parse gets id null, got \(answer)")
        XCTAssertEqual((answer["error"] as? [String: Any])?["code"] as? Int, -32700)

        client.sendLine("not json at all")
        answer = try client.receive()
        XCTAssertEqual((answer["error"] as? [String: Any])?["code"] as? Int, -32700)

        client.sendLine("{\"id\": 8, \"method\": \"tools/list\"}")
        answer = try client.receive()
        XCTAssertEqual(answer["id"] as? Int, 8, "an invalid request with an id gets its id back")
        XCTAssertEqual((answer["error"] as? [String: Any])?["code"] as? Int, -32600)

        client.sendLine("[1, 2]")
        answer = try client.receive()
        XCTAssertNotNil(answer["error"], "a batch of non-messages is refused: \(answer)")

        client.sendLine("")
        client.sendLine("   ")
        let unknownTool = try client.request("tools/call", ["name": "delete_everything", "arguments": [String: Any]()])
        let error = try XCTUnwrap(unknownTool["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32602)
        XCTAssertTrue((error["message"] as? String ?? "").contains("unknown tool \"delete_everything\"; tools: list_components"), "\(error)")

        let unknownMethod = try client.request("prompts/list")
        XCTAssertEqual((unknownMethod["error"] as? [String: Any])?["code"] as? Int, -32601)

        let still = try client.call("search_facts", ["query": "dimmed", "limit": 1])
        XCTAssertEqual((still.structured["hits"] as? [[String: Any]])?.first?["component"] as? String, "table-row-button")
        let end = client.finish()
        XCTAssertEqual(end.status, 0)
        XCTAssertEqual(end.stderr, "")
    }

    /// A batch (JSON-RPC 2.0; MCP before 2025-06-18) goes through the SDK, tools/call included,
    /// and gets the same answer as a single call.
    func testABatchIsAnsweredByTheSDKWithTheSameToolAnswers() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
        let single = try client.call("get_component", ["component": "table-row-button", "format": "condensed"])
        let call: [String: Any] = ["jsonrpc": "2.0", "id": 41, "method": "tools/call",
                                   "params": ["name": "get_component", "arguments": ["component": "table-row-button", "format": "condensed"]]]
        let list: [String: Any] = ["jsonrpc": "2.0", "id": 42, "method": "tools/list"]
        client.sendLine(String(decoding: try JSONSerialization.data(withJSONObject: [call, list]), as: UTF8.self))
        let answers = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(client.receiveLine().utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(answers.compactMap { $0["id"] as? Int }), [41, 42])
        let result = try XCTUnwrap(answers.first { $0["id"] as? Int == 41 }?["result"] as? [String: Any])
        let text = (result["content"] as? [[String: Any]])?.first?["text"] as? String
        XCTAssertEqual(text, single.text)
        XCTAssertEqual((result["structuredContent"] as? [String: Any]).map { NSDictionary(dictionary: $0) },
                       NSDictionary(dictionary: single.structured))
        XCTAssertEqual(client.finish().status, 0)
    }

    /// A client that writes its requests and closes its input at once (a shell pipe, a script)
    /// gets every answer before the server ends.
    func testEveryRequestReadIsAnsweredBeforeTheEndOfInputEndsTheServer() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        try client.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [
            "protocolVersion": "2025-06-18", "capabilities": [String: Any](), "clientInfo": ["name": "pipe", "version": "1"]]])
        try client.send(["jsonrpc": "2.0", "method": "notifications/initialized"])
        for id in 2...6 {
            try client.send(["jsonrpc": "2.0", "id": id, "method": "tools/call",
                             "params": ["name": "get_component", "arguments": ["component": "expandable"]]])
        }
        let end = client.finish()
        XCTAssertEqual(end.status, 0, end.stderr)
        var answered = Set<Int>()
        while let message = try? client.receive(timeout: 1) {
            if let id = message["id"] as? Int, message["result"] != nil { answered.insert(id) }
        }
        XCTAssertEqual(answered, Set(1...6), "every request read before the end of input is answered")
    }

    /// Without --db the server uses the default knowledge base, created and seeded on first use
    /// as for every command.
    func testTheDefaultKnowledgeBaseIsSeededOnFirstUse() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let client = try MCPClient(["mcp"], environment: ["A11YKB_DB": folder.appendingPathComponent("kb.sqlite").path])
        _ = try client.initialize()
        let list = try client.call("list_components")
        XCTAssertEqual((list.structured["components"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }.sorted(),
                       ["expandable", "reorder-data-row", "table", "table-row-button"])
        XCTAssertTrue(list.text.contains("(embedded)/seed/table-row-button.md"), list.text)
        XCTAssertEqual(client.finish().status, 0)
    }

    func testHelpAndStartUpFailuresAreOneLineOnStderr() throws {
        let help = try Fixtures.run(["mcp", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("\"a11ykb\": { \"command\": \"a11ykb\", \"args\": [\"mcp\"] }"), help.stdout)
        XCTAssertTrue(try Fixtures.run(["--help"]).stdout.contains("mcp"), "a11ykb --help lists mcp")

        let folder = try Fixtures.temporaryFolder(self)
        let notSQLite = folder.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: notSQLite)
        let refused = try Fixtures.run(["mcp", "--db", notSQLite.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("a11ykb mcp: ") && refused.stderr.split(separator: "\n").count == 1, refused.stderr)
        XCTAssertEqual(refused.stdout, "", "nothing on stdout, which belongs to the protocol")

        // a11ykb copied alone, without its a11ykb-mcp: a clear error, not a crash.
        let alone = folder.appendingPathComponent("a11ykb")
        try FileManager.default.copyItem(at: Fixtures.executable, to: alone)
        let missing = try Fixtures.runProcess(alone, ["mcp"], environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("a11ykb mcp needs a11ykb-mcp"), missing.stderr)
    }
}
