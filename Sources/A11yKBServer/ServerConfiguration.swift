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

    public init() {}

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
