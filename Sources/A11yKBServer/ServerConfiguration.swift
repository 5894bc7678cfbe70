import Foundation
import NIOCore

/// How `a11ykb serve` runs: where it listens, who may call it, and the limits that keep one
/// request from taking the server down for the others.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The bearer token `/api` and `/mcp` require; nil: none (loopback only).
    public var token: String?
    /// Read connections answering at once: about two per core keeps both cores busy while one
    /// request waits on the disk.
    public var readers = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
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

/// What keeps the server from starting, typed: the skin words it (it names its own options).
public struct ServerStartError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Listening off loopback without a token would let other machines in.
        case tokenNeeded
        /// Another program listens on the address.
        case addressInUse
        /// A port below 1024, which this user may not open.
        case privilegedPort
        /// No network interface of this machine has the address.
        case noSuchAddress
        /// Any other refusal, as the system words it.
        case refused(String)
    }

    public var reason: Reason
    /// The address asked for, as a URL writes it (`[::1]:8080`).
    public var address: String

    public init(_ reason: Reason, host: String, port: Int) {
        self.reason = reason
        address = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// Why the server could not listen where `configuration` says, from the system's error.
    init(listening configuration: ServerConfiguration, _ error: IOError) {
        let reason: Reason = switch error.errnoCode {
        case EADDRINUSE: .addressInUse
        case EACCES: .privilegedPort
        case EADDRNOTAVAIL: .noSuchAddress
        default: .refused(String(cString: strerror(error.errnoCode)))
        }
        self.init(reason, host: configuration.host, port: configuration.port)
    }

    /// For logs and tests; the skin words it for people.
    public var description: String { "\(reason) (\(address))" }
}

/// The descriptors this process may open: every connection is one, and the system's usual soft
/// limit (1,024) is below what `maxConnections` allows.
public enum OpenFiles {
    /// The soft limit now.
    public static func limit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one (as much as the system lets this user have), and
    /// returns the limit then.
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return self.limit()
    }
}
