import A11yKB
import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// A few cheap requests must not take the server down (issue 48): a message read two ways, a
/// body that never comes, connections that never speak; and a wrong method or address is told so.
final class AvailabilityTests: XCTestCase {
    func environment(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TeamServer.Environment {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        configure(&configuration)
        return try TeamServer.environment(path: try Fixtures.servedKnowledgeBase(), configuration: configuration)
    }

    /// `work`'s reply, or nil when none came within `seconds` (a request that never ends must
    /// fail the test, not hang it).
    func reply(within seconds: Double, _ work: @escaping @Sendable () async throws -> InProcessClient.Reply) async -> InProcessClient.Reply? {
        final class Once: @unchecked Sendable {
            let lock = NSLock()
            var continuation: CheckedContinuation<InProcessClient.Reply?, Never>?
            func resume(_ value: InProcessClient.Reply?) { lock.withLock { continuation?.resume(returning: value); continuation = nil } }
        }
        let once = Once()
        return await withCheckedContinuation { continuation in
            once.continuation = continuation
            Task { once.resume(try? await work()) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                once.resume(nil)
            }
        }
    }

    /// `{"id":10,"id":11,...}`: Foundation's JSONDecoder reads 10 and JSONSerialization 11, and
    /// the SDK's transport waited for an answer to 11 while its server answered 10, for good
    /// (before: no answer, and each such request kept its slot: 512 refused the server to all).
    /// Now -32600 naming the member, and the slot is free.
    func testARepeatedIDIsRefusedAndHoldsNoSlot() async throws {
        let c = InProcessClient(try environment { $0.maxRequests = 2 })
        let messages = [#"{"jsonrpc":"2.0","id":10,"id":11,"method":"tools/list"}"#,
                        #"{"jsonrpc":"2.0","id":"a","i\u0064":"b","method":"tools/list"}"#,
                        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/list","params":{"name":"list_components"}}"#]
        for message in messages + messages {
            let answer = await reply(within: 30) { try await c.mcp(message) }
            let refused = try XCTUnwrap(answer, "no answer to \(message)")
            XCTAssertEqual(refused.status, .badRequest, refused.body)
            let error = try XCTUnwrap((refused.json as? [String: Any])?["error"] as? [String: Any], refused.body)
            XCTAssertEqual(error["code"] as? Int, -32600, refused.body)
            XCTAssertTrue((error["message"] as? String ?? "").contains("twice"), refused.body)
        }
        let health = try await c.get("/healthz")
        XCTAssertEqual(health.status, .ok, "every slot is free")
        // A member repeated inside params is the tool's to read, not the envelope's.
        let nested = try await c.mcp(#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"x","cursor":"y"}}"#)
        XCTAssertNil((nested.json as? [String: Any])?["error"] as? [String: Any], nested.body)
    }

    /// A method a route does not answer is 405 with `Allow` (before: 404 "nothing is at ..."),
    /// in the words of the route's part of the server; an address no route has stays 404.
    func testAWrongMethodIsNotAllowedAndSaysWhichAre() async throws {
        let c = InProcessClient(try environment())
        let cases: [(HTTPRequest.Method, String, String)] = [
            (.post, "/api/search?q=button", "GET, HEAD"), (.options, "/mcp", "POST"), (.get, "/mcp", "POST"), (.delete, "/mcp/", "POST"),
            (.put, "/components/web/button", "GET, HEAD"), (.post, "//api//matrix", "GET, HEAD"), (.delete, "/healthz", "GET, HEAD"),
        ]
        for (method, path, allowed) in cases {
            let reply = try await c.send(method, path)
            XCTAssertEqual(reply.status, .methodNotAllowed, "\(method) \(path): \(reply.body.prefix(200))")
            XCTAssertEqual(reply.headers[.allow], allowed, "\(method) \(path)")
            XCTAssertTrue(reply.body.contains("answers \(allowed) only"), reply.body)
            if path.contains("mcp") {
                XCTAssertNotNil((reply.json as? [String: Any])?["error"], "MCP's refusal is JSON-RPC: \(reply.body)")
            } else if path.contains("api") {
                XCTAssertEqual((reply.json as? [String: Any])?["status"] as? Int, 405, reply.body)
            }
        }
        let head = try await c.send(.head, "/healthz")
        XCTAssertEqual(head.status, .ok, "HEAD is GET without the body")
        for (method, path) in [(HTTPRequest.Method.post, "/nowhere"), (.get, "/api/nowhere")] {
            let reply = try await c.send(method, path)
            XCTAssertEqual(reply.status, .notFound, "\(method) \(path)")
            XCTAssertNil(reply.headers[.allow])
        }
    }

    /// The footer's `/api` (every page's) answers: the API's routes, each with an address that
    /// answers (before: 404 on every page).
    func testTheAPILinkOfEveryPageAnswersWithTheRoutes() async throws {
        let c = InProcessClient(try environment())
        let page = try await c.get("/components/web/button")
        XCTAssertTrue(page.body.contains("<a href=\"/api\">"), "the footer links the index")
        let index = try await c.get("/api")
        XCTAssertEqual(index.status, .ok, index.body)
        let routes = try XCTUnwrap((index.json as? [String: Any])?["routes"] as? [[String: Any]], index.body)
        XCTAssertEqual(routes.compactMap { $0["path"] as? String },
                       ["/api/search", "/api/components/:family/:slug", "/api/compare/:slug", "/api/wcag/:sc", "/api/coverage", "/api/matrix",
                        "/api/components", "/api/plans", "/api/plans/:name"])
        for route in routes {
            // Only a route whose parameter is the team's own data (a plan's name) has no example.
            guard let example = route["example"] as? String else {
                XCTAssertEqual(route["path"] as? String, "/api/plans/:name")
                continue
            }
            XCTAssertFalse((route["answers"] as? String ?? "").isEmpty)
            let answer = try await c.get(example)
            XCTAssertEqual(answer.status, .ok, "\(example): \(answer.body.prefix(200))")
        }
    }

    /// What one connection may hold, over a real socket: one that never speaks and one whose
    /// body trickles a byte at a time are let go (408 for the trickle), and their request slots
    /// with them: `/healthz` answers although they took every slot. Before: no idle or body
    /// timeout, and the next request was 503 for as long as they stayed.
    func testSlowAndSilentConnectionsAreLetGo() throws {
        let server = try LiveServer(try environment {
            $0.maxRequests = 3
            $0.idleTimeout = 1
            $0.bodyTimeout = 2
        })
        defer { server.stop() }
        let silent = try (0..<3).map { _ in try server.connect() }
        var trickling: [RawConnection] = []
        for _ in 0..<3 {
            let connection = try server.connect()
            connection.send("POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                            + "Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{")
            trickling.append(connection)
        }
        // The trickling requests reach the server when its threads get to them: a loaded
        // machine may take a while, and a request asked before they all hold their slots takes
        // one of theirs (a flaky 200 here and a 503 below). So wait until the server holds them.
        let env = server.env
        for _ in 0..<400 where env.requestsInFlight < 3 { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertEqual(env.requestsInFlight, 3, "the three trickling requests hold the three slots")
        // While they hold the slots, the next request is refused: never answered ok.
        let busy = try server.connect(wait: 0.3).get("/healthz")
        XCTAssertFalse(busy.hasPrefix("HTTP/1.1 200"), busy)

        // A byte every half second on each: never idle, so only the body's own limit ends them.
        var outcomes = [String](repeating: "", count: trickling.count)
        for _ in 0..<40 where outcomes.contains("") {
            for (index, connection) in trickling.enumerated() where outcomes[index].isEmpty {
                connection.send(" ")
                try? setWait(connection, 0.15)
                switch connection.read() {
                case .data(let text): outcomes[index] = text
                case .closed: outcomes[index] = "closed"
                case .nothing: continue
                }
            }
        }
        for outcome in outcomes {
            XCTAssertTrue(outcome.hasPrefix("HTTP/1.1 408"), "a body that never arrives whole is 408: \(outcome.prefix(200))")
            XCTAssertTrue(outcome.contains("did not arrive whole within 2 s"), outcome)
        }
        for connection in silent {
            XCTAssertEqual(connection.readToEnd().closed, true, "a connection that never speaks is closed")
        }
        // Each connection is closed a second after its 408 (time for the client to read it), and
        // its slot is free then.
        var health = ""
        for _ in 0..<20 where !health.hasPrefix("HTTP/1.1 200") {
            health = try server.connect().get("/healthz")
            if !health.hasPrefix("HTTP/1.1 200") { Thread.sleep(forTimeInterval: 0.25) }
        }
        XCTAssertTrue(health.hasPrefix("HTTP/1.1 200"), health)
    }

    /// What the HTTP parser refuses, before any route, is said as every other refusal is: its
    /// status (414 for an address too long, 431 for headers too large, 400 otherwise) and one
    /// line of why, and the connection closed. Before: 400 with an empty body for all three.
    func testWhatTheParserRefusesIsSaid() throws {
        let server = try LiveServer(try environment())
        defer { server.stop() }
        let filler = (0..<200).map { "X-Filler-\($0): " + String(repeating: "f", count: 1000) + "\r\n" }.joined()
        let cases: [(request: String, status: String, says: String)] = [
            ("GET /search?q=" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n",
             "414 URI Too Long", "the address is longer than the server takes (4096 bytes)"),
            ("GET /api/search?q=button HTTP/1.1\r\nHost: localhost\r\n" + filler + "\r\n",
             "431 Request Header Fields Too Large", "the request's headers are larger than the server takes"),
            ("GET /search?q=caf\u{E9} HTTP/1.1\r\nHost: localhost\r\n\r\n",
             "400 Bad Request", "percent-encodes"),
            ("GET /search?q=a b HTTP/1.1\r\nHost: localhost\r\n\r\n",
             "400 Bad Request", "the request"),
        ]
        for (request, status, says) in cases {
            let connection = try server.connect()
            connection.send(request)
            let (answer, closed) = connection.readToEnd()
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 \(status)\r\n"), "\(request.prefix(40)): \(answer.prefix(300))")
            XCTAssertTrue(answer.contains(says), "\(request.prefix(40)): \(answer.prefix(300))")
            XCTAssertTrue(answer.lowercased().contains("connection: close"), answer)
            XCTAssertTrue(closed, "the connection is closed after the refusal")
        }
        // An address past the server's own limit but within the parser's is 414 too, in the
        // API's JSON.
        let long = try server.connect().get("/api/search?q=" + String(repeating: "a", count: 5000))
        XCTAssertTrue(long.hasPrefix("HTTP/1.1 414"), long.prefix(300).description)
        XCTAssertTrue(long.contains("\"status\":414"), long)
        // The server answers on.
        XCTAssertTrue(try server.connect().get("/healthz").hasPrefix("HTTP/1.1 200"))
    }

    /// A connection makes at most `requestsPerConnection` requests; the last answer says
    /// `Connection: close` and the connection ends.
    func testAConnectionMakesAtMostItsShareOfRequests() throws {
        let server = try LiveServer(try environment { $0.requestsPerConnection = 3 })
        defer { server.stop() }
        let connection = try server.connect()
        let answers = (1...3).map { _ in connection.get("/healthz") }
        XCTAssertTrue(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "\(answers)")
        XCTAssertFalse(answers[1].lowercased().contains("connection: close"), answers[1])
        XCTAssertTrue(answers[2].lowercased().contains("connection: close"), answers[2])
        XCTAssertEqual(connection.readToEnd().closed, true)
        // The cap on connections keeps what the server's own files need.
        var configuration = ServerConfiguration()
        configuration.readers = 4
        XCTAssertEqual(configuration.connectionCap(openFiles: 256), 256 - 64 - 16)
        XCTAssertEqual(configuration.connectionCap(openFiles: 1 << 20), configuration.maxConnections)
    }

    /// The figures `a11ykb serve --help` states are the server's own (`ServerConfiguration`,
    /// the one place they are set, which the options and the help read), and a11ykb-serve's help
    /// is the same (before: three lines of its own).
    func testTheHelpStatesTheServersOwnFigures() throws {
        let help = try Fixtures.run(["serve", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let serve = Fixtures.executable.deletingLastPathComponent().appendingPathComponent("a11ykb-serve")
        let serverHelp = try Fixtures.runProcess(serve, ["--help"], environment: [:])
        XCTAssertEqual(serverHelp.status, 0, serverHelp.stderr)
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        // Its discussion, between its overview and its usage, is a11ykb serve's (which lays its help out otherwise).
        let own = serverHelp.stdout.components(separatedBy: "\n\n").dropFirst().prefix { !$0.hasPrefix("USAGE:") }.joined(separator: " ")
        XCTAssertTrue(words(own).contains("at most 1,000 requests"), serverHelp.stdout)
        XCTAssertTrue(words(help.stdout).contains(words(own)), serverHelp.stdout)
        for option in ["--host", "--port", "--token-file", "--allow-origin", "--time-limit", "--readers", "--max-requests", "--cache-mb", "--quiet", "--db"] {
            XCTAssertTrue(serverHelp.stdout.contains(option), "a11ykb-serve --help names \(option): \(serverHelp.stdout)")
        }
        let text = words(help.stdout)
        let c = ServerConfiguration()
        func grouped(_ n: Int) -> String { n >= 1000 ? "\(n / 1000),\(String(format: "%03d", n % 1000))" : "\(n)" }
        for figure in ["sends nothing for \(Int(c.idleTimeout)) s", "whole within \(Int(c.bodyTimeout)) s of its head",
                       "at most \(grouped(c.requestsPerConnection)) requests", "at most \(grouped(c.maxConnections)) connections",
                       "gives requests in flight \(Int(c.stopGrace)) s", "within \(Int(c.stopBound)) s of the signal",
                       "before it is interrupted (504). (default: \(c.timeLimit))", "--max-requests <n> Requests in the server at once; past it, 503 with Retry-After. (default: \(c.maxRequests))"] {
            XCTAssertTrue(text.contains(figure), "a11ykb serve --help says \(figure): \(text)")
        }
    }

    func setWait(_ connection: RawConnection, _ seconds: Double) throws {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        setsockopt(connection.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
}
