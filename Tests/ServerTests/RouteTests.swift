import A11yKB
import KBConformance
import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// Every route of the team server, answered in process on a knowledge base of the real corpus
/// (MagentaA11y today, WCAG, ACT and axe-core): good requests and bad, the token and Origin rules,
/// the ETag, the time limit.
final class RouteTests: XCTestCase {
    /// The corpus imported once per test process, with a saved plan.
    static func knowledgeBase() throws -> String { try Fixtures.servedKnowledgeBase() }

    func client(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> InProcessClient {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        configure(&configuration)
        return InProcessClient(try TeamServer.environment(path: try Self.knowledgeBase(), configuration: configuration))
    }

    func testPagesAnswerWithTheirContent() async throws {
        let c = try client()
        let home = try await c.get("/")
        XCTAssertEqual(home.status, .ok)
        XCTAssertTrue(home.body.contains("href=\"/components/web/button\""), "the home page links every component")
        XCTAssertEqual(home.body.components(separatedBy: "<h1").count, 2, "one h1")
        XCTAssertTrue(home.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true, "no script runs in a page")

        let search = try await c.get("/search?q=toggle+voiceover")
        XCTAssertEqual(search.status, .ok)
        XCTAssertTrue(search.body.contains("<mark>"), "matched words are marked")
        XCTAssertTrue(search.body.contains("href=\"/components/native/toggle-switch\""), search.body)
        XCTAssertTrue(search.body.contains("value=\"toggle voiceover\""), "the search box keeps the question")
        let misspelt = try await c.get("/search?q=buton")
        XCTAssertTrue(misspelt.body.contains("searched buton as button"), "the page says what the command line says of a misspelling")
        XCTAssertTrue(misspelt.body.contains("href=\"/components/web/button\""), misspelt.body)
        let narrowed = try await c.get("/search?q=toggle&family=web")
        XCTAssertFalse(narrowed.body.contains("href=\"/components/native/"), "a facet narrows to its family")
        XCTAssertTrue(narrowed.body.contains("aria-current=\"true\">Web</a>"), "the facet chosen is marked, not by colour alone")

        let button = try await c.get("/components/web/button")
        XCTAssertEqual(button.status, .ok)
        for part in ["<h1>Button</h1>", "What the screen reader says", "Cited by the page", "href=\"/wcag/", "(line "] {
            XCTAssertTrue(button.body.contains(part), "the component page holds \(part)")
        }

        let compare = try await c.get("/compare/toggle-switch?family=native")
        XCTAssertEqual(compare.status, .ok)
        XCTAssertTrue(compare.body.contains("<th scope=\"col\">iOS</th>") && compare.body.contains("<th scope=\"col\">Android</th>"), compare.body)

        let sc = try await c.get("/wcag/1.4.3")
        XCTAssertEqual(sc.status, .ok)
        XCTAssertTrue(sc.body.contains("color-contrast"), "the axe-core rule testing 1.4.3")

        let coverage = try await c.get("/coverage?level=A")
        XCTAssertEqual(coverage.status, .ok)
        XCTAssertTrue(coverage.body.contains("href=\"/wcag/1.1.1\""))
        XCTAssertFalse(coverage.body.contains("href=\"/wcag/1.4.3\""), "level A leaves out AA's criteria")

        let plans = try await c.get("/plans")
        XCTAssertTrue(plans.body.contains("href=\"/plans/release%2012\""), plans.body)
        let plan = try await c.get("/plans/release%2012")
        XCTAssertEqual(plan.status, .ok)
        XCTAssertTrue(plan.body.contains("?format=csv"))
        let csv = try await c.get("/plans/release%2012?format=csv")
        XCTAssertEqual(csv.status, .ok)
        XCTAssertEqual(csv.headers[.contentDisposition], "attachment; filename=\"release 12.csv\"")
        let rows = CSVReader.parse(csv.body)
        XCTAssertTrue(rows.first?.contains("id") == true && rows.count > 10, "a checklist a spreadsheet reads: \(rows.prefix(2))")

        // The plan's to-do list for a conformance report, linked from its page and its coverage: a
        // base to fill that the report reader takes, and the same list as CSV for a tracker.
        XCTAssertTrue(plan.body.contains("href=\"/plans/release%2012/todo\""), plan.body)
        let planCoverage = try await c.get("/coverage?plan=release%2012")
        XCTAssertTrue(planCoverage.body.contains("href=\"/plans/release%2012/todo\""))
        XCTAssertFalse(coverage.body.contains("/todo"), "the coverage of no plan links no plan's list")
        let todo = try await c.get("/plans/release%2012/todo")
        XCTAssertEqual(todo.status, .ok)
        XCTAssertEqual(todo.headers[.contentDisposition], "attachment; filename=\"release 12-todo.yaml\"")
        let (skeleton, problems) = try OpenACRReading.read(todo.body)
        XCTAssertEqual(problems, [])
        let empty = skeleton.chapters.flatMap { $0.criteria ?? [] }.flatMap { $0.components ?? [] }.filter { $0.adherence?.level == "" }
        XCTAssertGreaterThan(empty.count, 20, "every criterion the plan's results will not settle alone")
        XCTAssertTrue(todo.body.contains("# 1.1.1 ") || todo.body.contains("# 1.2.1 "), String(todo.body.prefix(800)))
        let list = try await c.get("/plans/release%2012/todo?format=csv")
        XCTAssertEqual(CSVReader.parse(list.body).first, ["chapter", "criterion", "title", "component", "rows", "guides", "automated_passes", "settle"])
        let missing = try await c.get("/plans/no-such-plan/todo")
        XCTAssertEqual(missing.status, .notFound)
    }

    func testBadRequestsAreFourHundredsWithAPage() async throws {
        let c = try client()
        let cases: [(String, HTTPResponse.Status)] = [
            ("/nothing-here", .notFound), ("/components/web/no-such-thing", .notFound), ("/components/martian/button", .notFound),
            ("/compare/button", .multipleChoices), ("/wcag/9.9.9", .notFound), ("/search?q=%zz", .badRequest),
            ("/search?q=x&family=martian", .badRequest), ("/plans/no-such-plan", .notFound),
            ("/plans/release%2012?format=pdf", .badRequest), ("/coverage?level=B", .badRequest),
            ("/api/search", .badRequest), ("/api/search?q=x&limit=0", .badRequest), ("/api/components/web/nope", .notFound),
            ("/api/wcag/nope", .notFound), ("/api/matrix?format=xml", .badRequest),
            ("/search?q=" + String(repeating: "a", count: 5000), .uriTooLong),
        ]
        for (path, status) in cases {
            let reply = try await c.get(path)
            XCTAssertEqual(reply.status, status, "\(path.prefix(60)): \(reply.body.prefix(300))")
            if path.hasPrefix("/api/") {
                let error = (reply.json as? [String: Any])?["error"] as? String
                XCTAssertNotNil(error, "\(path): a JSON error")
            } else {
                XCTAssertTrue(reply.body.contains("<h1>") && !reply.body.contains("Error("), "\(path): a page saying why, no internals")
            }
        }
        let redirect = try await c.get("/search")
        XCTAssertEqual(redirect.status, .seeOther, "no question: back to the home page's search box")
        let get = try await c.get("/mcp")
        XCTAssertEqual(get.status, .methodNotAllowed)
        XCTAssertEqual(get.headers[.allow], "POST")
    }

    /// The API answers with the command line's own `--format json`, byte for byte.
    func testAPIAnswersWhatTheCommandLineWrites() async throws {
        let c = try client()
        let path = try Self.knowledgeBase()
        for (route, command) in [("/api/components/web/button", ["show", "web/button", "--format", "json"]),
                                 ("/api/search?q=toggle", ["search", "toggle", "--format", "json"]),
                                 // a misspelling's correction and the automated rules are in the answer too
                                 ("/api/search?q=buton%20color%20contrast", ["search", "buton color contrast", "--format", "json"]),
                                 ("/api/wcag/4.1.2", ["wcag", "4.1.2", "--format", "json"])] {
            let reply = try await c.get(route)
            XCTAssertEqual(reply.status, .ok, route)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            XCTAssertNotNil(reply.json, "\(route) is JSON a reader parses")
            let cli = try Fixtures.run(command + ["--db", path])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            XCTAssertEqual(reply.body, cli.stdout, "\(route) = a11ykb \(command.joined(separator: " "))")
        }
        let compare = try await c.get("/api/compare/toggle-switch?family=native")
        XCTAssertEqual(compare.status, .ok)
        XCTAssertNotNil(compare.json, "compare as JSON")
        let coverage = try await c.get("/api/coverage?level=A&format=csv")
        XCTAssertEqual(CSVReader.parse(coverage.body).first?.first, "sc", coverage.body.prefix(80).description)
        let matrix = try await c.get("/api/matrix")
        let rows = CSVReader.parse(matrix.body)
        XCTAssertEqual(rows.first?.prefix(4).map { $0 }, ["component", "family", "category", "title"])
        XCTAssertGreaterThan(rows.count, 50)
    }

    /// Every page names its JSON twin (`Link: rel=alternate`), which answers the same question as
    /// JSON: the command line's own `--format json` where the command line asks it.
    func testEveryPageNamesItsJSONTwin() async throws {
        let c = try client()
        let path = try Self.knowledgeBase()
        let cli: [String: [String]] = ["/api/components": ["list", "--format", "json"],
                                       "/api/plans": ["plan", "list", "--format", "json"],
                                       "/api/plans/release%2012": ["plan", "show", "release 12", "--format", "json"],
                                       "/api/components/web/button": ["show", "web/button", "--format", "json"],
                                       "/api/search?q=toggle+voiceover": ["search", "toggle voiceover", "--format", "json"],
                                       "/api/wcag/1.4.3": ["wcag", "1.4.3", "--format", "json"]]
        var named: Set<String> = []
        for page in ["/", "/search?q=toggle+voiceover", "/components/web/button", "/compare/toggle-switch?family=native",
                     "/wcag/1.4.3", "/coverage?level=A", "/plans", "/plans/release%2012"] {
            let reply = try await c.get(page)
            XCTAssertEqual(reply.status, .ok, page)
            let link = try XCTUnwrap(reply.headers[HTTPField.Name("Link")!], "\(page) names no JSON twin")
            XCTAssertTrue(link.hasSuffix(">; rel=\"alternate\"; type=\"application/json\""), link)
            let twin = String(link.dropFirst().prefix { $0 != ">" })
            XCTAssertTrue(twin.hasPrefix("/api/"), "the twin is under /api, where the token rule holds: \(twin)")
            let json = try await c.get(twin)
            XCTAssertEqual(json.status, .ok, twin)
            XCTAssertNotNil(json.json, "\(twin) is JSON a reader parses")
            if let command = cli[twin] {
                let run = try Fixtures.run(command + ["--db", path])
                XCTAssertEqual(json.body, run.stdout, "\(twin) = a11ykb \(command.joined(separator: " "))")
                named.insert(twin)
            }
        }
        XCTAssertEqual(named, Set(cli.keys), "each twin the command line answers was named by its page")
        let missing = try await c.get("/api/plans/no-such-plan")
        XCTAssertEqual(missing.status, .notFound)
        // A query cannot close the link or add a parameter to it.
        let hostile = try await c.get("/search?q=a%3E;rel=x&x=%22%3E%3C,\"")
        let hostileLink = try XCTUnwrap(hostile.headers[HTTPField.Name("Link")!])
        XCTAssertEqual(hostileLink.filter { $0 == ">" }.count, 1, hostileLink)
        XCTAssertEqual(hostileLink.components(separatedBy: ";").count, 3, hostileLink)
        let bad = try await c.get("/components/web/no-such-component")
        XCTAssertNil(bad.headers[HTTPField.Name("Link")!], "a page that is not found names no twin")
    }

    /// A cache keeps an answer while the knowledge base is the same, and asks again once it changed.
    func testETagFollowsTheKnowledgeBase() async throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: try Self.knowledgeBase(), toPath: file)
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        let c = InProcessClient(try TeamServer.environment(path: file, configuration: configuration))
        let first = try await c.get("/api/components/web/button")
        let tag = try XCTUnwrap(first.headers[.eTag])
        let again = try await c.get("/api/components/web/button", headers: [.ifNoneMatch: tag])
        XCTAssertEqual(again.status, .notModified)
        XCTAssertEqual(again.body, "")

        let before = try await c.get("/plans")
        XCTAssertFalse(before.body.contains(">after<"))
        let writer = try KnowledgeBase.open(existing: file)
        _ = try writer.savePlan("after", checklist: try writer.checklist(["web/button"]))
        let plans = try await c.get("/plans")
        XCTAssertTrue(plans.body.contains(">after<"), "the next request sees what was written, not the answer kept from before")
        let changed = try await c.get("/api/components/web/button", headers: [.ifNoneMatch: tag])
        XCTAssertEqual(changed.status, .ok, "a write makes the tag older")
        XCTAssertNotEqual(changed.headers[.eTag], tag)
    }

    func testTokenGuardsTheAPIAndMCP() async throws {
        let c = try client { $0.token = "s3cret-token" }
        let none = try await c.get("/api/search?q=toggle")
        XCTAssertEqual(none.status, .unauthorized)
        XCTAssertEqual(none.headers[.wwwAuthenticate], "Bearer realm=\"a11ykb\"")
        let wrong = try await c.get("/api/search?q=toggle", headers: [.authorization: "Bearer s3cret-tokem"])
        XCTAssertEqual(wrong.status, .unauthorized)
        let right = try await c.get("/api/search?q=toggle", headers: [.authorization: "Bearer s3cret-token"])
        XCTAssertEqual(right.status, .ok)
        let mcp = try await c.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        XCTAssertEqual(mcp.status, .unauthorized)
        let page = try await c.get("/components/web/button")
        XCTAssertEqual(page.status, .ok, "the pages are the team's to read")
    }

    func testANonLoopbackAddressNeedsAToken() throws {
        var configuration = ServerConfiguration()
        configuration.host = "0.0.0.0"
        let path = try Self.knowledgeBase()  // outside the assertion: without the corpus, a skip
        XCTAssertThrowsError(try TeamServer.environment(path: path, configuration: configuration)) { error in
            XCTAssertEqual((error as? ServerStartError)?.reason, .tokenNeeded, "\(error)")
        }
    }

    func testMCPOverHTTP() async throws {
        let c = try client()
        let initialize = try await c.mcp("""
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
            """)
        XCTAssertEqual(initialize.status, .ok, initialize.body)
        XCTAssertEqual(((initialize.json as? [String: Any])?["result"] as? [String: Any])?["serverInfo"] as? [String: String] != nil, true)

        let list = try await c.mcp(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#, headers: [HTTPField.Name("MCP-Protocol-Version")!: "2025-06-18"])
        let tools = (((list.json as? [String: Any])?["result"] as? [String: Any])?["tools"] as? [[String: Any]]) ?? []
        let names = Set(tools.compactMap { $0["name"] as? String })
        XCTAssertTrue(names.contains("search") && names.contains("get_component"), "\(names)")
        XCTAssertFalse(names.contains("diff_knowledge_bases"), "no tool reads a path on the server")
        let plan = tools.first { $0["name"] as? String == "get_test_plan" }
        let properties = ((plan?["inputSchema"] as? [String: Any])?["properties"] as? [String: Any]) ?? [:]
        XCTAssertNil(properties["changes_since"], "nor an argument that names one")

        let call = try await c.mcp(#"{"jsonrpc":"2.0","id":"c1","method":"tools/call","params":{"name":"find_components","arguments":{"query":"toggle voiceover"}}}"#)
        XCTAssertEqual(call.status, .ok)
        let text = ((((call.json as? [String: Any])?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        XCTAssertTrue(text.contains("toggle-switch"), text)

        // The same call again, its arguments in another order and another id: the same answer, its own id.
        let again = try await c.mcp(#"{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"arguments":{"query":"toggle voiceover"},"name":"find_components"}}"#)
        let againJSON = try XCTUnwrap(again.json as? [String: Any])
        XCTAssertEqual(againJSON["id"] as? Int, 77)
        XCTAssertEqual(((((againJSON["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first)?["text"] as? String), text)

        let sneaky = try await c.mcp(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_test_plan","arguments":{"name":"release 12","changes_since":"/etc/passwd"}}}"#)
        let result = (sneaky.json as? [String: Any])?["result"] as? [String: Any]
        XCTAssertEqual(result?["isError"] as? Bool, true, "a path argument is refused: \(sneaky.body)")

        for method in ["server/discover", "no/such/method"] {
            let unknown = try await c.mcp(#"{"jsonrpc":"2.0","id":9,"method":"\#(method)"}"#)
            let code = ((unknown.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int
            XCTAssertEqual(code, -32601, "\(method): \(unknown.body)")
        }
        let notification = try await c.mcp(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        XCTAssertEqual(notification.status, .accepted)

        let foreign = try await c.mcp(#"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#, headers: [.origin: "http://evil.example"])
        XCTAssertEqual(foreign.status, .forbidden, "a page of another site cannot drive the server (DNS rebinding)")
        let own = try await c.mcp(#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#, headers: [.origin: "http://localhost:8080"])
        XCTAssertEqual(own.status, .ok)
    }

    /// A question past the time limit is interrupted in SQLite: 504, and the server answers on.
    /// A binary evidence file, the Trusted Tester workbook (the corpus's blank template: every test
    /// untested), reaches the evidence tools over HTTP as base64; text that is not base64 is the
    /// tool's error, naming its place.
    func testMCPOverHTTPTakesABinaryEvidenceFileAsBase64() async throws {
        let c = try client()
        let workbook = try Data(contentsOf: Fixtures.corpus("evidence").appendingPathComponent("trusted-tester/tt-5.1.3-ICT-Review-Test-Results-Template.xlsm"))
        func call(_ evidence: [String]) async throws -> [String: Any] {
            let request: [String: Any] = ["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": [
                "name": "build_conformance_report", "arguments": ["evidence_base64": evidence, "format": "json"]]]
            let reply = try await c.mcp(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
            XCTAssertEqual(reply.status, .ok, reply.body)
            return try XCTUnwrap((reply.json as? [String: Any])?["result"] as? [String: Any], reply.body)
        }
        let built = try await call([workbook.base64EncodedString()])
        XCTAssertNotEqual(built["isError"] as? Bool, true, "\(built)")
        let report = (built["structuredContent"] as? [String: Any])?["report"] as? [String: Any]
        XCTAssertEqual(report?["evaluation_methods_used"] as? String, "Manual evaluation recorded with Trusted Tester 5.1.3: 61 outcomes.",
                       "\(String(describing: report?["evaluation_methods_used"]))")
        let refused = try await call(["bm90IGJhc2U2NA==", "not base64!"])
        XCTAssertEqual(refused["isError"] as? Bool, true)
        let text = ((refused["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        XCTAssertTrue(text.contains("evidence_base64 2 is not base64"), text)
    }

    func testTimeLimitInterruptsAndTheServerGoesOn() async throws {
        let c = try client { $0.timeLimit = 0.001; $0.readers = 1 }
        let everything = (UnicodeScalar("a").value...UnicodeScalar("z").value).map { String(UnicodeScalar($0)!) + "*" }.joined(separator: " OR ")
        let slow = try await c.get("/api/search?q=" + encoded(everything))
        XCTAssertEqual(slow.status, .gatewayTimeout, slow.body)
        XCTAssertTrue(slow.body.contains("limit"), slow.body)
        let health = try await c.get("/healthz")
        XCTAssertEqual(health.status, .ok)
    }

    /// SQL an assistant sends over MCP, made slow on purpose (a recursive count to a billion), stops at
    /// the request's limit though the tool's own timeout is a minute, and says that limit; the
    /// connection answers on.
    func testTheRequestLimitStopsSQLOverMCPToo() async throws {
        let c = try client { $0.timeLimit = 0.3; $0.readers = 1 }
        let slow = #"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) SELECT count(*) FROM n"#
        let start = Date()
        let reply = try await c.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_sql","arguments":{"query":"\#(slow)","timeout":60}}}"#)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "stopped at the request's limit, not the tool's minute")
        let result = (reply.json as? [String: Any])?["result"] as? [String: Any]
        XCTAssertEqual(result?["isError"] as? Bool, true, reply.body)
        XCTAssertTrue(reply.body.contains("time"), reply.body)
        // The advice names the server's cap, which the argument cannot pass (before: "up to 60 seconds").
        XCTAssertTrue(reply.body.contains("raise it with the timeout argument (up to 0.3 seconds, this server's limit)"), reply.body)
        let fast = try await c.mcp(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_sql","arguments":{"query":"SELECT count(*) FROM components"}}}"#)
        XCTAssertEqual(((fast.json as? [String: Any])?["result"] as? [String: Any])?["isError"] as? Bool, false, fast.body)
        let page = try await c.get("/plans")
        XCTAssertEqual(page.status, .ok, "the connection interrupted answers the next request")
    }

    func testTooManyRequestsAtOnceGetRetryAfter() async throws {
        let c = try client { $0.maxRequests = 1; $0.readers = 1; $0.timeLimit = 5 }
        // One request that takes a while whatever search costs: SQL counting to two million.
        let count = #"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) SELECT count(*) FROM n"#
        async let slow = c.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_sql","arguments":{"query":"\#(count)"}}}"#)
        try await Task.sleep(nanoseconds: 30_000_000)
        let refused = try await c.get("/healthz")
        _ = try await slow
        XCTAssertEqual(refused.status, .serviceUnavailable)
        XCTAssertEqual(refused.headers[.retryAfter], "1")
    }

    func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
}
