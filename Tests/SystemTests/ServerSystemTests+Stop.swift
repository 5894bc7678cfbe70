import Foundation
import TestSupport
import XCTest

/// The server a red team leans on (issue 48): clients that hold connections and never finish, and
/// a stop asked for meanwhile; and the access log's account of what was asked.
extension ServerSystemTests {
    /// A connection to `port` on 127.0.0.1 that sends `text` and then nothing (nil: none made).
    func holdingConnection(_ port: Int, sending text: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// SIGTERM with clients holding connections (silent ones, bodies begun and never finished, at
    /// `/mcp` and at a GET route) ends the process, status 0, within the bound `a11ykb serve
    /// --help` states (10 s). Before: the stop waited for the bodies forever.
    func testAStopEndsWithinItsBoundWhateverTheClientsHold() throws {
        let server = try ServerProcess(db: try Fixtures.servedKnowledgeBase())
        defer { server.stop() }
        let port = try XCTUnwrap(Int(server.baseURL.split(separator: ":").last ?? ""))
        let head = "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        for _ in 0..<30 {
            held += [holdingConnection(port, sending: ""),
                     holdingConnection(port, sending: head + "Content-Length: 1000\r\n\r\n{"),
                     holdingConnection(port, sending: "GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\nx")].compactMap { $0 }
        }
        XCTAssertEqual(held.count, 90)
        XCTAssertEqual(try server.get("/healthz").status, 200, "the server answers while they hold")

        let asked = Date()
        server.process.terminate()
        // Up to three times the bound, so that a server that never ends fails here, not hangs.
        while server.process.isRunning && Date().timeIntervalSince(asked) < 30 { Thread.sleep(forTimeInterval: 0.1) }
        let took = Date().timeIntervalSince(asked)
        XCTAssertFalse(server.process.isRunning, "SIGTERM ended the server (it was still running after \(Int(took)) s)")
        guard !server.process.isRunning else { return }
        XCTAssertLessThanOrEqual(took, 10 + 2, "within the stated bound of 10 s (and the process's own exit)")
        XCTAssertEqual(server.process.terminationStatus, 0, server.log)
    }

    /// The access log says what was asked: the query too (before: the path alone), escaped, and
    /// cut short when long.
    func testTheAccessLogShowsTheQuery() throws {
        let server = try ServerProcess(db: try Fixtures.servedKnowledgeBase())
        defer { server.stop() }
        XCTAssertEqual(try server.get("/api/search?q=toggle+voiceover&family=native").status, 200)
        _ = try server.get("/search?q=" + String(repeating: "a", count: 2000))
        server.stop()
        let lines = server.log.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("GET /api/search?q=toggle+voiceover&family=native 200 ") }, server.log)
        let long = try XCTUnwrap(lines.first { $0.hasPrefix("GET /search?q=aaa") }, server.log)
        XCTAssertTrue(long.contains("…"), String(long))
        XCTAssertLessThan(long.utf8.count, 400, "cut short")
    }
}
