import Foundation

/// How the team server runs: where it listens, who may call it, and the limits that keep one
/// request from taking the server down for the others. Every default is written here once: the
/// options (A11yKBServeOptions' `ServerOptions`) and their help read them from here.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The bearer token `/api` and `/mcp` require; nil: none (loopback only).
    public var token: String?
    /// Read connections answering at once: about two per core keeps both cores busy while one
    /// request waits on the disk. The cores are counted when the default is first read, not when
    /// a configuration is made: every start of a11ykb makes one for `serve`'s help, and counting
    /// them reads the control group's files (a tenth of `a11ykb --version`'s time).
    public var readers: Int {
        get { readersSet ?? max(2, ProcessInfo.processInfo.activeProcessorCount * 2) }
        set { readersSet = newValue }
    }
    private var readersSet: Int?
    /// Requests in the server at once; the next is refused with 503 and Retry-After.
    public var maxRequests = 512
    /// How long one request may take, in seconds; SQLite is interrupted then (504).
    public var timeLimit: TimeInterval = 10
    /// The largest request body (an MCP call carrying a results CSV or an axe run).
    public var maxBodyBytes = 8 << 20
    /// The longest request target (path and query).
    public var maxTargetBytes = 4096
    /// Origins whose pages may call the server from a browser, besides this machine's own on
    /// loopback (`HostRule`).
    public var allowedOrigins: [String] = []
    /// Answers kept to be given again while the knowledge base is the same, in bytes (0: none).
    public var cacheBytes = 64 << 20
    /// One line per request on stderr.
    public var accessLog = true

    // What one client may hold, and how a stop ends: the figures `a11ykb serve --help` states.

    /// Seconds a connection may send nothing before it is closed: one that never sends a byte,
    /// one kept alive between requests, one whose request's head stalls (HTTP1's `idleTimeout`).
    public var idleTimeout: TimeInterval = 20
    /// Seconds a request's body may take to arrive whole after its head, however steadily it
    /// trickles; past it, 408 and the connection closed (`ConnectionLimits`).
    public var bodyTimeout: TimeInterval = 30
    /// Requests one connection may make; the answer to the last says `Connection: close`.
    public var requestsPerConnection = 1000
    /// Connections open at once; past it, a new one waits in the system's queue until another
    /// closes. Never more than the process may open files, less those it keeps for itself
    /// (`connectionCap`).
    public var maxConnections = 2048
    /// Seconds a stop (SIGTERM, SIGINT) gives requests in flight to finish before every
    /// connection is closed.
    public var stopGrace: TimeInterval = 5
    /// Seconds within which a stop ends the process, whatever the clients do.
    public var stopBound: TimeInterval = 10

    public init() {}

    /// The connections the server accepts at once under a limit of `openFiles` descriptors: the
    /// configured cap, less the descriptors its own files, pipes and event loops need, so that an
    /// accepted connection never leaves it unable to open the knowledge base or accept the next.
    public func connectionCap(openFiles: Int) -> Int {
        max(1, min(maxConnections, openFiles - 64 - 4 * readers))
    }

    /// Whether `host` is a loopback address: only there may the server run without a token.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }
}

