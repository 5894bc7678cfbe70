import A11yKB
import Foundation
import TestSupport
import XCTest

/// The file a running server reads, truncated, emptied, replaced and corrupted under it (issue 51):
/// under the stdio MCP server and under the team server, every request is answered within its
/// time limit, with an error while the file is no knowledge base and with the data of the new one
/// once it is; the servers never write the file. Before, a file truncated in place (as `cp` does
/// before it writes) was opened as an import opens a file, given a schema, and the stdio server
/// waited for a lock with no limit: it never answered again.
final class FileUnderServerTests: XCTestCase {
    /// What the file holds at a step: no knowledge base, the seed (four components), or one of one
    /// component (reorder-data-row).
    enum Holding { case nothing, seed, one }

    /// The seeded knowledge base at `folder/kb.sqlite`, and the bytes of both knowledge bases.
    func files() throws -> (folder: URL, path: String, seed: Data, one: Data) {
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent("kb.sqlite").path
        let seeded = try Fixtures.seededKnowledgeBase(self)
        try seeded.close()
        let seed = try Data(contentsOf: URL(fileURLWithPath: seeded.path))
        let document = folder.appendingPathComponent("reorder-data-row.md")
        try Data(try Fixtures.seed("reorder-data-row.md").utf8).write(to: document)
        let onePath = folder.appendingPathComponent("one.sqlite").path
        let run = try Fixtures.run(["import", "--db", onePath, document.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let one = try Data(contentsOf: URL(fileURLWithPath: onePath))
        try seed.write(to: URL(fileURLWithPath: path))
        return (folder, path, seed, one)
    }

    /// Each change made to the file under the server, and what it holds then.
    func changes(_ folder: URL, _ path: String, seed: Data, one: Data) -> [(name: String, change: () throws -> Void, holds: Holding)] {
        func inPlace(_ body: (FileHandle) throws -> Void) throws {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try body(handle)
            try handle.close()
        }
        func renamedOver(_ bytes: Data) throws {
            let other = folder.appendingPathComponent("other-\(UUID().uuidString)").path
            try bytes.write(to: URL(fileURLWithPath: other))
            XCTAssertEqual(rename(other, path), 0)
        }
        return [
            ("truncated in place", { try inPlace { try $0.truncate(atOffset: 0) } }, .nothing),
            ("rewritten in place", { try inPlace { try $0.write(contentsOf: one) } }, .one),
            ("an empty file renamed over it", { try renamedOver(Data()) }, .nothing),
            ("the seed renamed over it", { try renamedOver(seed) }, .seed),
            ("corrupted in place", {
                try inPlace { handle in
                    try handle.seek(toOffset: 4096)
                    try handle.write(contentsOf: Data(repeating: 0xA5, count: min(seed.count, 40960) - 4096))
                }
            }, .nothing),
            ("the seed renamed over it again", { try renamedOver(seed) }, .seed),
        ]
    }

    /// The file's bytes and modification time: what the server must leave as they are.
    func state(_ path: String) throws -> (Data, Date?) {
        (try Data(contentsOf: URL(fileURLWithPath: path)), try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    func testTheStdioMCPServerAnswersWhateverBecomesOfItsFile() throws {
        let (folder, path, seed, one) = try files()
        let client = try MCPClient(["mcp", "--db", path])
        _ = try client.initialize()
        // Within 20 s: the tool's own limit is 5 s; a server that waits for a lock never answers.
        func components() throws -> (isError: Bool, count: Int, text: String) {
            let answer = try client.request("tools/call", ["name": "list_components", "arguments": [String: Any]()], timeout: 20)
            let result = try XCTUnwrap(answer["result"] as? [String: Any], "\(answer)")
            let text = (result["content"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.joined()
            let listed = (result["structuredContent"] as? [String: Any])?["components"] as? [[String: Any]]
            return (result["isError"] as? Bool ?? false, listed?.count ?? -1, text)
        }
        XCTAssertEqual(try components().count, 4)
        for step in changes(folder, path, seed: seed, one: one) {
            try step.change()
            let before = try state(path)
            for _ in 0..<2 {
                let answer = try components()
                switch step.holds {
                case .nothing: XCTAssertTrue(answer.isError, "\(step.name): \(answer.text.prefix(300))")
                case .seed: XCTAssertEqual(answer.count, 4, "\(step.name): \(answer.text.prefix(300))")
                case .one: XCTAssertEqual(answer.count, 1, "\(step.name): \(answer.text.prefix(300))")
                }
            }
            let after = try state(path)
            XCTAssertEqual(after.0, before.0, "\(step.name): the server never writes the file")
            XCTAssertEqual(after.1, before.1, "\(step.name): the server never writes the file")
        }
        XCTAssertEqual(client.finish().status, 0)
    }

    func testTheTeamServerAnswersWhateverBecomesOfItsFile() throws {
        let (folder, path, seed, one) = try files()
        let server = try ServerProcess(db: path, arguments: ["--time-limit", "5"])
        defer { server.stop() }
        // `get` gives up after 20 s (status 0): the server's time limit is 5 s.
        let seedOnly = "/api/components/native/expandable-region", both = "/api/components/native/reorder-data-row"
        XCTAssertEqual(try server.get(seedOnly).status, 200)
        for step in changes(folder, path, seed: seed, one: one) {
            try step.change()
            let before = try state(path)
            for _ in 0..<2 {
                let (status, body) = try server.get(seedOnly)
                let (bothStatus, bothBody) = try server.get(both)
                // No answer in 20 s: the server hangs, and so will every later request.
                guard status != 0, bothStatus != 0 else { return XCTFail("\(step.name): no answer within 20 s") }
                switch step.holds {
                case .nothing:
                    // The file's problem, said (a 404 would say the component is missing).
                    for (status, body) in [(status, body), (bothStatus, bothBody)] {
                        XCTAssertTrue(status >= 400 && status != 404 && body.contains("\"error\""), "\(step.name): \(status) \(body.prefix(300))")
                    }
                case .seed:
                    XCTAssertEqual(status, 200, "\(step.name): \(body.prefix(300))")
                    XCTAssertEqual(bothStatus, 200, "\(step.name): \(bothBody.prefix(300))")
                case .one:
                    XCTAssertEqual(status, 404, "\(step.name): \(body.prefix(300))")
                    XCTAssertEqual(bothStatus, 200, "\(step.name): \(bothBody.prefix(300))")
                }
            }
            let after = try state(path)
            XCTAssertEqual(after.0, before.0, "\(step.name): the server never writes the file")
            XCTAssertEqual(after.1, before.1, "\(step.name): the server never writes the file")
        }
    }
}
