import A11yKB
import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// Who may ask what, whatever the address looks like: the token on every path that reaches the API
/// or MCP, the Host and Origin rule on every route, and answers kept only for the question asked.
final class AccessTests: XCTestCase {
    func client(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> InProcessClient {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        configure(&configuration)
        return InProcessClient(try TeamServer.environment(path: try Fixtures.servedKnowledgeBase(), configuration: configuration))
    }

    static let sql = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_sql","arguments":{"query":"SELECT count(*) FROM components"}}}"#

    /// The router skips empty segments, so a doubled or trailing slash reaches the same route: the
    /// token is asked of the route that answers, not of the path as written.
    func testTheTokenGuardsEveryPathThatReachesTheAPIOrMCP() async throws {
        let c = try client { $0.token = "s3cret-token" }
        let bearer: HTTPFields = [.authorization: "Bearer s3cret-token"]
        for path in ["//api/search?q=button", "//api/components/native/button", "//api/matrix", "/api//search?q=button",
                     "/api/search/?q=button", "///api///wcag//1.4.3"] {
            let none = try await c.get(path)
            XCTAssertEqual(none.status, .unauthorized, "\(path): \(none.status) \(none.body.prefix(120))")
            XCTAssertEqual((none.json as? [String: Any])?["status"] as? Int, 401, "\(path) answers as the API does: \(none.body)")
            let given = try await c.get(path, headers: bearer)
            XCTAssertEqual(given.status, .ok, "\(path) with the token: \(given.body.prefix(200))")
        }
        for path in ["/mcp/", "//mcp", "/mcp//"] {
            let none = try await c.mcp(Self.sql, path: path)
            XCTAssertEqual(none.status, .unauthorized, "\(path): \(none.body)")
            XCTAssertFalse(none.body.contains("count(*)"), "\(path) ran no SQL: \(none.body)")
            XCTAssertEqual((none.json as? [String: Any])?["jsonrpc"] as? String, "2.0", "\(path) answers as MCP does: \(none.body)")
            let given = try await c.mcp(Self.sql, headers: bearer, path: path)
            XCTAssertEqual(given.status, .ok, "\(path) with the token: \(given.body)")
        }
        let page = try await c.get("//components/web/button")
        XCTAssertEqual(page.status, .ok, "the pages are the team's to read, however written")
    }

    /// DNS rebinding: a page of another site whose name points at 127.0.0.1 reaches a loopback
    /// server but names itself in Host; every route refuses it (421), as `/mcp` always did.
    func testALoopbackServerAnswersOnlyToItsOwnNames() async throws {
        let c = try client()
        let evil = "rebind.evil.example"
        for path in ["/", "/components/web/button", "/api/search?q=button", "/plans/release%2012?format=csv", "/healthz", "/no-such-page"] {
            let refused = try await c.get(path, host: evil)
            XCTAssertEqual(refused.status, .misdirectedRequest, "\(path): \(refused.body.prefix(200))")
            XCTAssertFalse(refused.body.contains("web/button,"), "\(path) gave nothing of the plan")
            let own = try await c.get(path, host: "127.0.0.1:8080")
            XCTAssertNotEqual(own.status, .misdirectedRequest, path)
        }
        let mcp = try await c.mcp(Self.sql, host: evil + ":8080")
        XCTAssertEqual(mcp.status, .misdirectedRequest, mcp.body)
        XCTAssertNotNil((mcp.json as? [String: Any])?["error"], "MCP's refusal is JSON-RPC: \(mcp.body)")

        for host in ["localhost", "LocalHost:9", "127.0.0.1", "[::1]:8080", "[::1]", nil] {
            let health = try await c.get("/healthz", host: host)
            XCTAssertEqual(health.status, .ok, "Host \(host ?? "none")")
        }
        for host in ["localhost.evil.example", "127.0.0.1.evil.example", "localhost:80x", "evil.example:8080", "[::2]:8080"] {
            let refused = try await c.get("/api/search?q=button", host: host)
            XCTAssertEqual(refused.status, .misdirectedRequest, host)
        }

        // A script of another site sends its Origin: refused on every route, this machine's own allowed.
        for path in ["/api/search?q=button", "/plans/release%2012?format=csv", "/components/web/button"] {
            let foreign = try await c.get(path, headers: [.origin: "http://evil.example"])
            XCTAssertEqual(foreign.status, .forbidden, path)
            let own = try await c.get(path, headers: [.origin: "http://127.0.0.1:3000"])
            XCTAssertEqual(own.status, .ok, path)
        }
        let configured = try client { $0.allowedOrigins = ["https://intranet.example"] }
        let allowed = try await configured.get("/api/search?q=button", headers: [.origin: "https://intranet.example"])
        XCTAssertEqual(allowed.status, .ok)
    }

    /// Off loopback (a token given), Host is whatever name the team uses for the machine.
    func testAServerOnTheNetworkAnswersToTheTeamsName() async throws {
        let c = try client { $0.host = "0.0.0.0"; $0.token = "s3cret-token" }
        let page = try await c.get("/components/web/button", host: "a11ykb.team.example:8080")
        XCTAssertEqual(page.status, .ok)
        let api = try await c.get("/api/search?q=button", headers: [.authorization: "Bearer s3cret-token"], host: "a11ykb.team.example")
        XCTAssertEqual(api.status, .ok)
        let foreign = try await c.get("/api/search?q=button", headers: [.authorization: "Bearer s3cret-token", .origin: "http://evil.example"])
        XCTAssertEqual(foreign.status, .forbidden)
    }

    /// The same SQL in precomposed and decomposed form is two questions (its `hex` differs), and a
    /// question whose answer is not the file's (`random()`) is asked again each time.
    func testSQLAnswersAreNeverKept() async throws {
        let c = try client()
        func answer(_ query: String) async throws -> String {
            let reply = try await c.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_sql","arguments":{"query":"\#(query)"}}}"#)
            let result = try XCTUnwrap((reply.json as? [String: Any])?["result"] as? [String: Any], reply.body)
            XCTAssertEqual(result["isError"] as? Bool, false, reply.body)
            return ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        }
        let composed = try await answer("SELECT hex('caf\u{E9}')")
        let decomposed = try await answer("SELECT hex('cafe\u{301}')")
        XCTAssertTrue(composed.contains("636166C3A9"), composed)
        XCTAssertTrue(decomposed.contains("636166" + "65CC81"), decomposed)
        var randoms: Set<String> = []
        for _ in 0..<3 { randoms.insert(try await answer("SELECT random()")) }
        XCTAssertEqual(randoms.count, 3, "random() asked anew each time: \(randoms)")
        let time = try await answer("SELECT strftime('%f', 'now'), random()")
        let again = try await answer("SELECT strftime('%f', 'now'), random()")
        XCTAssertNotEqual(time, again)
    }

    /// Pages and the API keep answers by the address's bytes: a question in precomposed and in
    /// decomposed form each gets its own (the search box shows the words as asked).
    func testKeptAnswersAreKeyedByBytes() async throws {
        let c = try client()
        let composed = try await c.get("/search?q=caf\u{E9}")
        let decomposed = try await c.get("/search?q=cafe\u{301}")
        XCTAssertTrue(bytes(composed.body, hold: "caf\u{E9}"), composed.body.prefix(300).description)
        XCTAssertTrue(bytes(decomposed.body, hold: "cafe\u{301}"), "the decomposed question's own answer")
        XCTAssertFalse(bytes(decomposed.body, hold: "caf\u{E9}"), "not the composed one's")
    }

    /// Whether `text`'s UTF-8 holds `part`'s, byte for byte (`String.contains` compares under
    /// canonical equivalence).
    func bytes(_ text: String, hold part: String) -> Bool {
        let text = Array(text.utf8), part = Array(part.utf8)
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
