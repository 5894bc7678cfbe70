import A11yKB
import ArgumentParser
import Foundation

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the knowledge base to a team: web pages, a JSON API and MCP over HTTP (read-only).",
        discussion: """
            One knowledge base, on one machine, for the whole team: people in a browser, scripts over JSON, assistants over MCP. The server only reads the file: an import into it while it serves is seen by the next request, whole. Each request reads one consistent snapshot; a request past --time-limit is interrupted (504); past --max-requests at once, the next gets 503 with Retry-After. An answer already given is given again from memory (--cache-mb) until the knowledge base changes. One access-log line per request on stderr (method, address with its query, status, milliseconds).

            Pages (HTML that needs no script, built to the criteria it serves):
              /                            a search box; every component by family
              /search?q=WORDS              components best first, matches marked
                                           (&family=, &platform= narrow)
              /components/FAMILY/SLUG      criteria by kind, announcements, notes,
                                           code, WCAG links, each fact's line
              /compare/SLUG?family=FAMILY  its platforms side by side
              /wcag/SC                     the components and rules that test it
              /coverage?level=AA&plan=NAME what tests each success criterion
              /plans, /plans/NAME          saved test plans; ?format=csv,
                                           jira-csv, jira or markdown downloads

            JSON, as the command line's --format json writes it, with an ETag (the knowledge base's version; If-None-Match gets 304); /api lists these routes:
              /api/search?q=WORDS          /api/components/FAMILY/SLUG
              /api/compare/SLUG            /api/wcag/SC
              /api/coverage[?format=csv]   /api/matrix[?format=json]

            MCP (Streamable HTTP, JSON answers) at /mcp: the tools of a11ykb mcp, but those that read a path on the server's machine. /healthz answers ok. A method an address does not answer is 405 with Allow.

            What one client may hold, so that a few cannot take the server from the others: a connection that sends nothing for 20 s is closed (one never used, one kept alive between requests, one whose request's head stalls); a request's body must arrive whole within 30 s of its head (else 408); a connection makes at most 1,000 requests (the last answer says Connection: close); at most 2,048 connections are open at once (fewer when the open-file limit, which the server raises to its hard limit, is lower), and a new one waits until another closes.

            Stopping: Ctrl-C or SIGTERM refuses new connections, closes idle ones and gives requests in flight 5 s to finish; then every connection is closed. The process ends within 10 s of the signal, whatever the clients do.

            Only on 127.0.0.1 (the default) may it run without a token. Elsewhere give --token-file: /api and /mcp then need the header Authorization: Bearer TOKEN (the pages stay open to the network). On loopback it answers only to this machine's own names (localhost, 127.0.0.1, [::1], --host): another Host, as a DNS-rebinding page sends, is 421. A browser page of another origin is refused (403) unless --allow-origin names it. Make one with:
              head -c 32 /dev/urandom | base64 > ~/.config/a11ykb/token

            Point an assistant at it, e.g. in Claude Desktop's or VS Code's MCP settings:
              "a11ykb": { "type": "http", "url": "http://127.0.0.1:8080/mcp",
                          "headers": { "Authorization": "Bearer TOKEN" } }

            The server is the executable a11ykb-serve, built beside a11ykb (it links SwiftNIO and Hummingbird, which the other commands need not load).

            Examples:
              a11ykb serve
              a11ykb serve --port 9000 --db ~/criteria/kb.sqlite
              a11ykb serve --host 0.0.0.0 --token-file ~/.config/a11ykb/token
            """)

    @Option(help: ArgumentHelp("The address to listen on; anything but loopback needs --token-file.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0: any free one, said on stderr).", valueName: "n"))
    var port = 8080

    @Option(help: ArgumentHelp("A file holding the bearer token /api and /mcp require.", valueName: "file"), completion: .file())
    var tokenFile: String?

    @Option(help: ArgumentHelp("An origin whose pages may call the server from a browser (repeatable), e.g. https://intranet.example.",
                               valueName: "origin"))
    var allowOrigin: [String] = []

    @Option(help: ArgumentHelp("Seconds one request may take before it is interrupted (504).", valueName: "seconds"))
    var timeLimit: Double = 10

    @Option(help: ArgumentHelp("Read connections answering at once (default: twice the cores).", valueName: "n"))
    var readers: Int?

    @Option(help: ArgumentHelp("Requests in the server at once; past it, 503 with Retry-After.", valueName: "n"))
    var maxRequests = 512

    @Option(help: ArgumentHelp("Megabytes of answers kept to be given again while the knowledge base is unchanged (0: none).",
                               valueName: "n"))
    var cacheMb = 64

    @Flag(help: "No access log.")
    var quiet = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port is a number from 0 to 65535") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit is a number of seconds above 0") }
        if let readers, !(1...64).contains(readers) { throw ValidationError("--readers is a number from 1 to 64") }
        guard maxRequests >= 1 else { throw ValidationError("--max-requests is 1 or more") }
        guard (0...4096).contains(cacheMb) else { throw ValidationError("--cache-mb is a number from 0 to 4096") }
    }

    func run() throws {
        guard let server = MCPCommand.serverExecutable("a11ykb-serve") else {
            Output.fail("a11ykb serve needs a11ykb-serve, built beside a11ykb (swift build -c release builds it), in \(MCPCommand.ownDirectory ?? "the folder of a11ykb") or on PATH")
        }
        var arguments = ["--host", host, "--port", String(port), "--time-limit", String(timeLimit), "--max-requests", String(maxRequests)]
        if let db = database.db { arguments += ["--db", db] }
        if let tokenFile { arguments += ["--token-file", tokenFile] }
        for origin in allowOrigin { arguments += ["--allow-origin", origin] }
        if let readers { arguments += ["--readers", String(readers)] }
        arguments += ["--cache-mb", String(cacheMb)]
        if quiet { arguments.append("--quiet") }
        MCPCommand.exec(server, arguments)
    }
}
