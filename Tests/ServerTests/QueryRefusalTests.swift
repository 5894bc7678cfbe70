import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// What the routes say to a missing or bad parameter, in the address's path or its query: the
/// status, the type and the body, byte for byte. Recorded from the server that read its query by
/// hand, and kept when the routes came to decode their parameters as typed values.
final class QueryRefusalTests: XCTestCase {
    func client() throws -> InProcessClient {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        return InProcessClient(try TeamServer.environment(path: try Fixtures.servedKnowledgeBase(), configuration: configuration))
    }

    static let asked = [
        "/api/search", "/api/search?q=", "/api/search?q=+++", "/api/search?limit=abc", "/api/search?q=%zz", "/api/search?q=%",
        "/api/search?q=a&limit=0", "/api/search?q=a&limit=abc", "/api/search?q=a&limit=101", "/api/search?q=a&family=martian",
        "/api/search?q=a&platform=martian", "/api/search?q=a&limit=0&family=martian", "/api/search?q[]=a",
        "/search?limit=abc", "/search?q=a&family=martian", "/search?q=a&limit=0",
        "/api/compare/toggle-switch?family=martian", "/compare/toggle-switch?family=", "/api/components?family=martian",
        "/api/coverage?format=xml", "/api/coverage?level=B", "/api/coverage?format=xml&level=B", "/api/coverage?family=martian",
        "/api/coverage?platform=martian", "/coverage?level=B", "/coverage?format=xml",
        "/api/matrix?format=xml", "/api/matrix?cells=martian", "/api/matrix?family=martian", "/api/matrix?format=json&platforms=martian",
        "/plans/no-such-plan?format=pdf", "/plans/no-such-plan/todo?format=pdf", "/api/plans/no-such-plan",
        "/api/components/martian/button", "/components/%77eb/button", "/api/wcag/%zz", "/wcag/%zz", "/api/compare/%",
        "/api/wcag/9.9.9", "/api/search?q=%FF", "/api/search?q=caf%E9", "/api/search?q=a&limit=%FF", "/api/search?q=a%2",
    ]

    func testRefusalsAreSaidAsBefore() async throws {
        let c = try client()
        var lines: [String] = []
        for path in Self.asked {
            let reply = try await c.get(path)
            var line = "\(path) -> \(reply.status.code) \(reply.headers[.contentType] ?? "-")"
            if let location = reply.headers[.location] { line += " Location: \(location)" }
            if reply.status.code >= 400 {
                let body = reply.body.hasPrefix("{") ? reply.body : Self.message(reply.body)
                line += " " + body.trimmingCharacters(in: .newlines)
            }
            lines.append(line)
        }
        XCTAssertEqual(lines.joined(separator: "\n"), Self.expected)
    }

    /// A page's message, between its `<main>` tags, spaces folded.
    static func message(_ page: String) -> String {
        guard let start = page.range(of: "<main"), let end = page.range(of: "</main>") else { return page }
        return page[start.lowerBound..<end.upperBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static let expected = #"""
    /api/search -> 400 application/json; charset=utf-8 {"error":"search needs q, the words to look for: /api/search?q=toggle","status":400}
    /api/search?q= -> 400 application/json; charset=utf-8 {"error":"search needs q, the words to look for: /api/search?q=toggle","status":400}
    /api/search?q=+++ -> 400 application/json; charset=utf-8 {"error":"search needs q, the words to look for: /api/search?q=toggle","status":400}
    /api/search?limit=abc -> 400 application/json; charset=utf-8 {"error":"search needs q, the words to look for: /api/search?q=toggle","status":400}
    /api/search?q=%zz -> 400 application/json; charset=utf-8 {"error":"the address holds a malformed %-escape","status":400}
    /api/search?q=% -> 400 application/json; charset=utf-8 {"error":"the address holds a malformed %-escape","status":400}
    /api/search?q=a&limit=0 -> 400 application/json; charset=utf-8 {"error":"limit is a number from 1 to 100 (got \"0\")","status":400}
    /api/search?q=a&limit=abc -> 400 application/json; charset=utf-8 {"error":"limit is a number from 1 to 100 (got \"abc\")","status":400}
    /api/search?q=a&limit=101 -> 400 application/json; charset=utf-8 {"error":"limit is a number from 1 to 100 (got \"101\")","status":400}
    /api/search?q=a&family=martian -> 400 application/json; charset=utf-8 {"error":"family is one of native, web, how-to-test (got \"martian\")","status":400}
    /api/search?q=a&platform=martian -> 400 application/json; charset=utf-8 {"error":"platform is one of ios, android, web (got \"martian\")","status":400}
    /api/search?q=a&limit=0&family=martian -> 400 application/json; charset=utf-8 {"error":"limit is a number from 1 to 100 (got \"0\")","status":400}
    /api/search?q[]=a -> 400 application/json; charset=utf-8 {"error":"search needs q, the words to look for: /api/search?q=toggle","status":400}
    /search?limit=abc -> 303 - Location: /
    /search?q=a&family=martian -> 400 text/html; charset=utf-8 <main id="main" tabindex="-1"> <h1>Bad Request</h1> <p>family is one of native, web, how-to-test (got &quot;martian&quot;)</p> <p><a href="/">Start again from the home page</a>.</p> </main>
    /search?q=a&limit=0 -> 400 text/html; charset=utf-8 <main id="main" tabindex="-1"> <h1>Bad Request</h1> <p>limit is a number from 1 to 100 (got &quot;0&quot;)</p> <p><a href="/">Start again from the home page</a>.</p> </main>
    /api/compare/toggle-switch?family=martian -> 400 application/json; charset=utf-8 {"error":"family is one of native, web, how-to-test (got \"martian\")","status":400}
    /compare/toggle-switch?family= -> 300 text/html; charset=utf-8
    /api/components?family=martian -> 400 application/json; charset=utf-8 {"error":"family is one of native, web, how-to-test (got \"martian\")","status":400}
    /api/coverage?format=xml -> 400 application/json; charset=utf-8 {"error":"format is one of json, csv (got \"xml\")","status":400}
    /api/coverage?level=B -> 400 application/json; charset=utf-8 {"error":"level is one of A, AA, AAA (got \"B\")","status":400}
    /api/coverage?format=xml&level=B -> 400 application/json; charset=utf-8 {"error":"format is one of json, csv (got \"xml\")","status":400}
    /api/coverage?family=martian -> 400 application/json; charset=utf-8 {"error":"family is one of native, web, how-to-test (got \"martian\")","status":400}
    /api/coverage?platform=martian -> 400 application/json; charset=utf-8 {"error":"platform is one of ios, android, web (got \"martian\")","status":400}
    /coverage?level=B -> 400 text/html; charset=utf-8 <main id="main" tabindex="-1"> <h1>Bad Request</h1> <p>level is one of A, AA, AAA (got &quot;B&quot;)</p> <p><a href="/">Start again from the home page</a>.</p> </main>
    /coverage?format=xml -> 200 text/html; charset=utf-8
    /api/matrix?format=xml -> 400 application/json; charset=utf-8 {"error":"format is one of csv, json (got \"xml\")","status":400}
    /api/matrix?cells=martian -> 400 application/json; charset=utf-8 {"error":"cells is one of text, count, presence (got \"martian\")","status":400}
    /api/matrix?family=martian -> 400 application/json; charset=utf-8 {"error":"family is one of native, web, how-to-test (got \"martian\")","status":400}
    /api/matrix?format=json&platforms=martian -> 400 application/json; charset=utf-8 {"error":"unknown platform \"martian\"; known: ios, android, web","status":400}
    /plans/no-such-plan?format=pdf -> 400 text/html; charset=utf-8 <main id="main" tabindex="-1"> <h1>Bad Request</h1> <p>format is one of markdown, jira, csv, gherkin, json, jira-csv (got &quot;pdf&quot;)</p> <p><a href="/">Start again from the home page</a>.</p> </main>
    /plans/no-such-plan/todo?format=pdf -> 400 text/html; charset=utf-8 <main id="main" tabindex="-1"> <h1>Bad Request</h1> <p>format is one of openacr, csv, json (got &quot;pdf&quot;)</p> <p><a href="/">Start again from the home page</a>.</p> </main>
    /api/plans/no-such-plan -> 404 application/json; charset=utf-8 {"error":"no test plan no-such-plan is saved","status":404}
    /api/components/martian/button -> 404 application/json; charset=utf-8 {"error":"no family martian: native, web or how-to-test","status":404}
    /components/%77eb/button -> 200 text/html; charset=utf-8
    /api/wcag/%zz -> 400 application/json; charset=utf-8 {"error":"the address lacks its sc","status":400}
    /wcag/%zz -> 400 text/html; charset=utf-8 <main id="main" tabindex="-1"> <h1>Bad Request</h1> <p>the address lacks its sc</p> <p><a href="/">Start again from the home page</a>.</p> </main>
    /api/compare/% -> 400 application/json; charset=utf-8 {"error":"the address lacks its slug","status":400}
    /api/wcag/9.9.9 -> 404 application/json; charset=utf-8 {"error":"no success criterion 9.9.9 in the knowledge base","status":404}
    /api/search?q=%FF -> 400 application/json; charset=utf-8 {"error":"the address holds a malformed %-escape","status":400}
    /api/search?q=caf%E9 -> 400 application/json; charset=utf-8 {"error":"the address holds a malformed %-escape","status":400}
    /api/search?q=a&limit=%FF -> 400 application/json; charset=utf-8 {"error":"the address holds a malformed %-escape","status":400}
    /api/search?q=a%2 -> 400 application/json; charset=utf-8 {"error":"the address holds a malformed %-escape","status":400}
    """#
}

extension QueryRefusalTests {
    /// A query the form decoder cannot read as one value per name is the client's to mend (400
    /// saying where), not the server's failure (it was 503 "could not answer" when the routes
    /// first decoded their parameters with it). Before that, the first of two values was used
    /// silently and a bracketed name was ignored.
    func testAQueryOfTwoValuesForANameIsTheClientsToMend() async throws {
        let c = try client()
        for (path, words) in [("/api/search?q=a&q=b", "the address gives q more than once; give it once"),
                              ("/api/search?q=a&x[=1", "the address's query cannot be read at \"x[\": give each parameter as name=value"),
                              ("/api/coverage?level=A&level[]=AA", "the address's query cannot be read at \"level\": give each parameter as name=value")] {
            let reply = try await c.get(path)
            XCTAssertEqual(reply.status, .badRequest, "\(path): \(reply.body)")
            XCTAssertEqual((reply.json as? [String: Any])?["error"] as? String, words, path)
        }
    }
}

extension QueryRefusalTests {
    /// A body past the server's limit is 413, said in the endpoint's JSON-RPC, naming no Swift
    /// type (before: 503 "could not answer", the framework's own error taken for the server's
    /// failure). No error reaches a client in its own words.
    func testABodyPastTheLimitIsTooLargeAndNamesNoType() async throws {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        configuration.maxBodyBytes = 1_000
        let c = InProcessClient(try TeamServer.environment(path: try Fixtures.servedKnowledgeBase(), configuration: configuration))
        let padding = String(repeating: " ", count: 2_000)
        let reply = try await c.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"# + padding)
        XCTAssertEqual(reply.status, .contentTooLarge, reply.body)
        let error = (reply.json as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["message"] as? String, "the request's body is larger than the server takes", reply.body)
        for word in ["NIO", "Error(", "Bytes"] { XCTAssertFalse(reply.body.contains(word), reply.body) }
    }
}
