import A11yKB
import Foundation
import TestSupport
import XCTest

/// The server as its users meet it: started by `a11ykb serve`, checked by axe-core in Chromium,
/// driven by keyboard, spoken to by the Python MCP SDK, stopped by signals, fed by an import.
/// Each skips with a message where its tool is missing (.ci/run installs them).
final class ServerSystemTests: XCTestCase {
    func python(_ script: String, _ arguments: [String]) throws -> Fixtures.Run {
        try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                ["python3", Fixtures.repoRoot.appendingPathComponent(script).path] + arguments, environment: nil)
    }

    func requireBrowser() throws {
        for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) is missing (apt-get install chromium chromium-driver): the browser tests are skipped")
        }
        let check = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import selenium"], environment: nil)
        if check.status != 0 { throw XCTSkip("selenium is missing (pip install selenium): the browser tests are skipped") }
    }

    /// Every page type passes axe-core with no violation.
    func testEveryPageTypePassesAxeCore() throws {
        try requireBrowser()
        let server = try ServerProcess(db: try Fixtures.servedKnowledgeBase())
        defer { server.stop() }
        let pages = ["/", "/search?q=toggle+voiceover", "/search?q=zzzqqq", "/components/web/button", "/components/native/toggle-switch",
                     "/compare/toggle-switch?family=native", "/compare/toggle-switch", "/wcag/1.4.3", "/coverage", "/plans", "/plans/release%2012",
                     "/no-such-page"]
        // Light, then dark (prefers-color-scheme): the colours of both must pass.
        for scheme in [[], ["--dark"]] {
            let output = try Fixtures.temporaryFolder(self).appendingPathComponent("axe.json").path
            let run = try python("scripts/axe-run", pages.map { server.baseURL + $0 } + ["-o", output] + scheme)
            if run.status != 0 { throw XCTSkip("scripts/axe-run could not run axe-core (\(run.stderr.split(separator: "\n").last ?? "")): skipped") }
            let runs = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [[String: Any]])
            XCTAssertEqual(runs.count, pages.count)
            for result in runs {
                let violations = (result["violations"] as? [[String: Any]]) ?? []
                XCTAssertEqual(violations.map { $0["id"] as? String ?? "?" }, [],
                               "\(scheme) \(result["url"] ?? "?"): \(violations.first?["help"] ?? "")")
            }
        }
    }

    /// Tab to the search box, type, Enter, Tab to the first result, Enter: the component opens.
    func testHomePageByKeyboardOnly() throws {
        try requireBrowser()
        let server = try ServerProcess(db: try Fixtures.servedKnowledgeBase())
        defer { server.stop() }
        let run = try python("Tests/fixtures/server/keyboard_search.py", [server.baseURL, "toggle voiceover"])
        if run.status == 2 { throw XCTSkip("the keyboard test could not start a browser: \(run.stdout)") }
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let walk = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(walk["opened"] as? String, "/components/native/toggle-switch", "\(walk)")
        XCTAssertEqual(walk["outline"] as? String, "solid", "the focused search box shows its focus")
        for (path, pair) in walk["widths"] as? [String: [Int]] ?? [:] {
            XCTAssertLessThanOrEqual(pair[0], pair[1], "\(path) reflows at 320 px: nothing scrolls sideways")
        }
        XCTAssertEqual((walk["widths"] as? [String: [Int]])?.count, 4)
    }

    /// The Python MCP SDK's Streamable HTTP client: tools listed and search called, with and without
    /// a token; a wrong token is 401, a foreign Origin 403.
    func testPythonMCPClient() throws {
        let check = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import mcp"], environment: nil)
        if check.status != 0 { throw XCTSkip("the Python MCP SDK is missing (pip install mcp): skipped") }
        let folder = try Fixtures.temporaryFolder(self)
        let token = folder.appendingPathComponent("token").path
        try "t0ken-for-tests\n".write(toFile: token, atomically: true, encoding: .utf8)
        for withToken in [false, true] {
            let server = try ServerProcess(db: try Fixtures.servedKnowledgeBase(), arguments: withToken ? ["--token-file", token] : [])
            defer { server.stop() }
            let url = server.baseURL + "/mcp"
            let good = try python("Tests/fixtures/server/mcp_http_client.py", [url] + (withToken ? ["--token", "t0ken-for-tests"] : []))
            XCTAssertEqual(good.status, 0, good.stdout + good.stderr)
            let session = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(good.stdout.utf8)) as? [String: Any])
            let tools = session["tools"] as? [String] ?? []
            XCTAssertTrue(tools.contains("find_components") && !tools.contains("diff_knowledge_bases"), "\(tools)")
            XCTAssertTrue((session["search"] as? String ?? "").contains("toggle"), "\(session)")
            if withToken {
                let wrong = try python("Tests/fixtures/server/mcp_http_client.py", [url, "--token", "not-it"])
                XCTAssertEqual(wrong.status, 1, wrong.stdout)
                XCTAssertTrue(server.log.contains("POST /mcp 401"), server.log)
            } else {
                let foreign = try python("Tests/fixtures/server/mcp_http_client.py", [url, "--origin", "http://evil.example"])
                XCTAssertEqual(foreign.status, 1, foreign.stdout)
                XCTAssertTrue(server.log.contains("POST /mcp 403"), server.log)
            }
        }
    }

    /// Over a socket, as the red team sent them: the Host header a rebinding page's browser sends
    /// is refused on every route of a loopback server (421), and a doubled or trailing slash does
    /// not pass the token (401). Python's http.client sends each request as written.
    func testHostAndTokenHoldOverTheNetwork() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let token = folder.appendingPathComponent("token").path
        try "t0ken-for-tests\n".write(toFile: token, atomically: true, encoding: .utf8)
        let script = """
            import http.client, json, sys
            out = []
            for line in sys.argv[2:]:
                method, path, host = line.split(" ")
                c = http.client.HTTPConnection(sys.argv[1])
                headers = {"Host": host, "Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
                body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' if method == "POST" else None
                c.request(method, path, body=body, headers=headers)
                out.append(c.getresponse().status)
            print(json.dumps(out))
            """
        func statuses(_ server: ServerProcess, _ requests: [String]) throws -> [Int] {
            let address = String(server.baseURL.dropFirst("http://".count))
            let run = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, address] + requests, environment: nil)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try JSONDecoder().decode([Int].self, from: Data(run.stdout.utf8))
        }
        let open = try ServerProcess(db: try Fixtures.servedKnowledgeBase())
        defer { open.stop() }
        let evil = ["/", "/api/search?q=button", "/plans/release%2012?format=csv", "/healthz"].map { "GET \($0) rebind.evil.example:80" }
        XCTAssertEqual(try statuses(open, evil + ["POST /mcp rebind.evil.example", "GET /healthz localhost:1"]), [421, 421, 421, 421, 421, 200])
        let guarded = try ServerProcess(db: try Fixtures.servedKnowledgeBase(), arguments: ["--token-file", token])
        defer { guarded.stop() }
        let slashes = ["GET //api/search?q=button", "GET //api/matrix", "POST /mcp/", "POST //mcp", "POST /mcp//"].map { $0 + " 127.0.0.1" }
        XCTAssertEqual(try statuses(guarded, slashes), [401, 401, 401, 401, 401])
    }

    /// A missing or corrupt knowledge base at start: one line, exit 2.
    /// a11ykb-serve checks what it is given, however it is started: each value out of range is one
    /// line naming the rule and what was given, status 2, before any file is opened; and
    /// `a11ykb serve` says the same, for both read the options as one type (`ServerOptions`:
    /// before, a hand parser in a11ykb-serve and the command's own options said them apart).
    func testOptionsOutOfRangeAreOneLine() throws {
        let serve = Fixtures.executable.deletingLastPathComponent().appendingPathComponent("a11ykb-serve")
        for (arguments, said) in [(["--port", "70000"], "--port is a number from 0 to 65535 (got 70000)"),
                                  (["--port", "x"], "The value 'x' is invalid for '--port <n>'"),
                                  (["--time-limit", "0"], "--time-limit is a number of seconds above 0 (got 0)"),
                                  (["--readers", "65"], "--readers is a number from 1 to 64 (got 65)"),
                                  (["--max-requests", "0"], "--max-requests is a number of 1 or more (got 0)"),
                                  (["--cache-mb", "5000"], "--cache-mb is a number from 0 to 4096 (got 5000)"),
                                  (["--cache-mb"], "Missing value for '--cache-mb <n>'")] {
            let run = try Fixtures.runProcess(serve, ["--db", "/nonexistent/kb.sqlite"] + arguments, environment: [:])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderr, "a11ykb serve: \(said)\n")
            let command = try Fixtures.run(["serve", "--db", "/nonexistent/kb.sqlite"] + arguments)
            XCTAssertEqual(command.status, 2, command.stderr)
            XCTAssertEqual(command.stderr, "a11ykb: \(said) (see 'a11ykb serve --help')\n")
        }
        // The command hands its words on as given, its global options left out: a11ykb-serve
        // reads them (here, to the knowledge base's absence, past every option).
        let passed = try Fixtures.run(["--no-pager", "--db", "/nonexistent/kb.sqlite", "serve", "--color", "never", "--port", "0",
                                       "--allow-origin", "https://intranet.example", "--quiet"])
        XCTAssertEqual(passed.status, 2, passed.stderr)
        XCTAssertTrue(passed.stderr.hasPrefix("a11ykb serve: no knowledge base at /nonexistent/kb.sqlite"), passed.stderr)
    }

    /// A token no header can carry (two lines, a control character) is refused at start, as an
    /// empty one is: before, a two-line file started a server no client could call.
    func testATokenFileOfTwoLinesIsRefused() throws {
        let serve = Fixtures.executable.deletingLastPathComponent().appendingPathComponent("a11ykb-serve")
        let folder = try Fixtures.temporaryFolder(self)
        for (name, content) in [("empty", "\n"), ("two-lines", "first-half\nsecond-half\n"), ("control", "tok\u{7}en\n")] {
            let file = folder.appendingPathComponent(name).path
            try content.write(toFile: file, atomically: true, encoding: .utf8)
            let run = try Fixtures.runProcess(serve, ["--db", try Fixtures.servedKnowledgeBase(), "--port", "0", "--token-file", file], environment: [:])
            XCTAssertEqual(run.status, 2, "\(name): \(run.stderr)")
            XCTAssertEqual(run.stderr, "a11ykb serve: cannot read a token from \(file) (a file holding one line, such as head -c 32 /dev/urandom | base64 writes)\n")
        }
    }

    func testAMissingOrCorruptKnowledgeBaseIsOneLine() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let corrupt = folder.appendingPathComponent("corrupt.sqlite")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try Fixtures.servedKnowledgeBase()))
        bytes.replaceSubrange(4096..<min(bytes.count, 40960), with: Data(repeating: 0xA5, count: min(bytes.count, 40960) - 4096))
        try bytes.write(to: corrupt)
        for path in [folder.appendingPathComponent("none.sqlite").path, corrupt.path, "/dev/null"] {
            let run = try Fixtures.run(["serve", "--db", path, "--port", "0"])
            XCTAssertEqual(run.status, 2, "\(path): \(run.stderr)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("a11ykb serve: "), run.stderr)
        }
        let open = try Fixtures.run(["serve", "--db", try Fixtures.servedKnowledgeBase(), "--host", "0.0.0.0", "--port", "0"])
        XCTAssertEqual(open.status, 2)
        // Said once, with how to make a token. Before: "a11ykb serve: a11ykb serve: listening on ...".
        XCTAssertTrue(open.stderr.hasPrefix("a11ykb serve: listening on 0.0.0.0 lets other machines in: give it a token ("), open.stderr)
        XCTAssertTrue(open.stderr.contains("--token-file"), open.stderr)
    }

    /// An address the server cannot have is one line saying why, status 2. Before: the system
    /// call's own words ("bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)").
    func testAnAddressItCannotHaveIsOneLineSayingWhy() throws {
        // A port this process holds, listening.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        XCTAssertTrue(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let kb = try Fixtures.servedKnowledgeBase()
        let taken = try Fixtures.run(["serve", "--db", kb, "--port", String(port)])
        XCTAssertEqual(taken.status, 2, taken.stderr)
        XCTAssertEqual(taken.stderr, "a11ykb serve: cannot listen on 127.0.0.1:\(port): another program is listening there "
                       + "(choose another with --port, or --port 0 for any free one)\n")
        // An address of the documentation range (TEST-NET-1), which no interface here holds.
        let token = try Fixtures.temporaryFolder(self).appendingPathComponent("token")
        try "secret\n".write(to: token, atomically: true, encoding: .utf8)
        let foreign = try Fixtures.run(["serve", "--db", kb, "--host", "192.0.2.1", "--port", "0", "--token-file", token.path])
        XCTAssertEqual(foreign.status, 2, foreign.stderr)
        XCTAssertEqual(foreign.stderr, "a11ykb serve: cannot listen on 192.0.2.1:0: no network interface of this machine has that address\n")
    }

    /// A stop sent as soon as the address is printed is a graceful one, every time: the service
    /// group's Dispatch signal handling, registered beside the server's start and let go at its
    /// end, once left it to the default action (status 143 in 10 runs of 15 under load).
    func testAStopRightAfterTheAddressIsGraceful() throws {
        let file = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        // As a script stops it: started in the background, stopped once its log shows the address.
        // Each run's log is removed first: the background job truncates it only once it runs, and
        // until then the earlier run's address would be read.
        let script = """
            cd "$1" || exit 3
            for run in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
                rm -f serve.log
                "$0" serve --port 0 --db "$2" 2> serve.log &
                pid=$!
                until grep -q "http://" serve.log 2> /dev/null; do
                    kill -0 "$pid" 2> /dev/null || break
                    sleep 0.02
                done
                if [ $((run % 2)) = 0 ]; then kill -TERM "$pid"; else kill -INT "$pid"; fi
                wait "$pid"
                echo "$?"
            done
            """
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, Fixtures.executable.path, folder.path, file],
                                          environment: nil)
        let statuses = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(statuses.count, 15, run.stderr)
        XCTAssertEqual(statuses.filter { $0 != "0" }, [], "each stop is graceful (143 or 130: the default action ended it)")
    }

    /// SIGTERM stops it cleanly; kill -9 loses nothing, since the server never writes the file;
    /// an import into the served file is seen by the next request, and no request fails meanwhile.
    func testSignalsAndAnImportWhileServing() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: try Fixtures.servedKnowledgeBase(), toPath: file)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        let server = try ServerProcess(db: file)
        XCTAssertEqual(try server.get("/api/components/web/button").status, 200)
        let stop = Date()
        server.process.terminate()
        server.process.waitForExit()
        XCTAssertEqual(server.process.terminationStatus, 0, "SIGTERM is a clean stop")
        XCTAssertLessThan(Date().timeIntervalSince(stop), 10)

        let killed = try ServerProcess(db: file)
        _ = try killed.get("/search?q=toggle")
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitForExit()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before, "the server never writes the knowledge base")

        let serving = try ServerProcess(db: file)
        defer { serving.stop() }
        // A document of the seed's shape, under a title nothing else holds.
        let document = folder.appendingPathComponent("zebra-crossing-widget.md")
        let seed = try String(contentsOf: Fixtures.seedFolder.appendingPathComponent("expandable-region.md"), encoding: .utf8)
        try seed.replacingOccurrences(of: "Expandable region", with: "Zebra crossing widget")
            .replacingOccurrences(of: "expandable region", with: "zebra crossing widget").write(to: document, atomically: true, encoding: .utf8)
        nonisolated(unsafe) var failures: [String] = []
        let lock = NSLock()
        let group = DispatchGroup()
        let finish = Date().addingTimeInterval(3)
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                while Date() < finish {
                    if let reply = try? serving.get("/api/search?q=button"), reply.status != 200 {
                        lock.withLock { failures.append("\(reply.status)") }
                    }
                }
            }
        }
        let imported = try Fixtures.run(["import", "--db", file, document.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        group.wait()
        XCTAssertEqual(failures, [], "no request failed while the import wrote")
        let after = try serving.get("/search?q=zebra+crossing")
        XCTAssertTrue(after.body.contains("href=\"/components/native/zebra-crossing-widget\""), "the next request sees the import")
    }
}
