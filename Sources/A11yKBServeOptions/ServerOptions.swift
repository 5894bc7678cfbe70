import A11yKBServeSettings
import ArgumentParser
import Foundation

/// The team server's options, declared once: `a11ykb serve` reads them to check them and show
/// its help, and hands the words on to `a11ykb-serve`, which reads them with this same type. The
/// defaults are `ServerConfiguration`'s.
public struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The address to listen on; anything but loopback needs --token-file.", valueName: "address"))
    public var host = ServerConfiguration().host

    @Option(help: ArgumentHelp("The port (0: any free one, said on stderr).", valueName: "n"))
    public var port = ServerConfiguration().port

    @Option(help: ArgumentHelp("A file holding the bearer token /api and /mcp require.", valueName: "file"), completion: .file())
    public var tokenFile: String?

    @Option(help: ArgumentHelp("An origin whose pages may call the server from a browser (repeatable), e.g. https://intranet.example.",
                               valueName: "origin"))
    public var allowOrigin: [String] = []

    @Option(help: ArgumentHelp("Seconds one request may take before it is interrupted (504).", valueName: "seconds"))
    public var timeLimit: Double = ServerConfiguration().timeLimit

    @Option(help: ArgumentHelp("Read connections answering at once (default: twice the cores).", valueName: "n"))
    public var readers: Int?

    @Option(help: ArgumentHelp("Requests in the server at once; past it, 503 with Retry-After.", valueName: "n"))
    public var maxRequests = ServerConfiguration().maxRequests

    @Option(help: ArgumentHelp("Megabytes of answers kept to be given again while the knowledge base is unchanged (0: none).",
                               valueName: "n"))
    public var cacheMb = ServerConfiguration().cacheBytes >> 20

    @Flag(help: "No access log.")
    public var quiet = false

    public init() {}

    /// Each value within its rule, said in one line with what was given.
    public func validate() throws {
        func check(_ valid: Bool, _ rule: String, _ given: some CustomStringConvertible) throws {
            if !valid { throw ValidationError("\(rule) (got \(given))") }
        }
        try check((0...65535).contains(port), "--port is a number from 0 to 65535", port)
        try check(timeLimit > 0, "--time-limit is a number of seconds above 0", Self.figure(timeLimit))
        if let readers { try check((1...64).contains(readers), "--readers is a number from 1 to 64", readers) }
        try check(maxRequests >= 1, "--max-requests is a number of 1 or more", maxRequests)
        try check((0...4096).contains(cacheMb), "--cache-mb is a number from 0 to 4096", cacheMb)
    }

    /// A token file that holds no token a client could send.
    public struct UnreadableToken: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "cannot read a token from \(path) (a file holding one line, such as head -c 32 /dev/urandom | base64 writes)"
        }
    }

    /// The configuration these options give, the token read from its file: one line of visible
    /// ASCII, what an Authorization header can carry (a second line would start a server no
    /// client could ever send the token to).
    public func configuration() throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        if let tokenFile {
            guard let data = FileManager.default.contents(atPath: tokenFile),
                  let token = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty,
                  token.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else { throw UnreadableToken(path: tokenFile) }
            configuration.token = token
        }
        configuration.allowedOrigins = allowOrigin
        configuration.timeLimit = timeLimit
        if let readers { configuration.readers = readers }
        configuration.maxRequests = maxRequests
        configuration.cacheBytes = cacheMb << 20
        configuration.accessLog = !quiet
        return configuration
    }

    public static let abstract = "Serve the knowledge base to a team: web pages, a JSON API and MCP over HTTP (read-only)."

    /// The help's discussion, its figures the configuration's own. Built at every start of
    /// a11ykb (ArgumentParser reads each command's configuration): a few numbers, nothing more.
    public static var discussion: String {
        let c = ServerConfiguration()
        return """
            One knowledge base, on one machine, for the whole team: people in a browser, scripts over JSON, assistants over MCP. The server only reads the file: an import into it while it serves is seen by the next request, whole. Each request reads one consistent snapshot; a request past --time-limit is interrupted (504); past --max-requests at once, the next gets 503 with Retry-After. An answer already given is given again from memory (--cache-mb) until the knowledge base changes. One access-log line per request on stderr (method, address with its query, status, milliseconds).

            Pages (HTML that needs no script, built to the criteria it serves):
              /                            a search box; every component by family
              /search?q=WORDS              components best first, matches marked
                                           (&family=, &platform= narrow)
              /components/FAMILY/SLUG      criteria by kind, announcements, notes,
                                           code, WCAG links, each fact's line
              /compare/SLUG?family=FAMILY  its platforms side by side (a slug
                                           both families use: 300, each family's
                                           address)
              /wcag/SC                     the components and rules that test it
              /coverage?level=AA&plan=NAME what tests each success criterion
              /plans, /plans/NAME          saved test plans; ?format=csv,
                                           jira-csv, jira or markdown downloads

            JSON, as the command line's --format json writes it, with an ETag (the knowledge base's version; If-None-Match gets 304); /api lists these routes:
              /api/search?q=WORDS          /api/components/FAMILY/SLUG
              /api/compare/SLUG            /api/wcag/SC
              /api/coverage[?format=csv]   /api/matrix[?format=json]

            MCP (Streamable HTTP, JSON answers) at /mcp: the tools of a11ykb mcp, but those that read a path on the server's machine. /healthz answers ok. A method an address does not answer is 405 with Allow.

            What one client may hold, so that a few cannot take the server from the others: a connection that sends nothing for \(seconds(c.idleTimeout)) is closed (one never used, one kept alive between requests, one whose request's head stalls); a request's body must arrive whole within \(seconds(c.bodyTimeout)) of its head (else 408); a connection makes at most \(grouped(c.requestsPerConnection)) requests (the last answer says Connection: close); at most \(grouped(c.maxConnections)) connections are open at once (fewer when the open-file limit, which the server raises to its hard limit, is lower), and a new one waits until another closes.

            Stopping: Ctrl-C or SIGTERM refuses new connections, closes idle ones and gives requests in flight \(seconds(c.stopGrace)) to finish; then every connection is closed. The process ends within \(seconds(c.stopBound)) of the signal, whatever the clients do.

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
            """
    }

    /// `20 s`, `2.5 s`.
    static func seconds(_ value: Double) -> String { figure(value) + " s" }

    /// A number of seconds as people write it: 20, 2.5.
    static func figure(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// `1,000`, `2,048`, `512`.
    static func grouped(_ n: Int) -> String {
        guard n >= 1000 else { return "\(n)" }
        // Not String(format:): Foundation's formatting loads a locale, at every start of a11ykb.
        let rest = String(n % 1000)
        return "\(n / 1000)," + String(repeating: "0", count: 3 - rest.count) + rest
    }
}
