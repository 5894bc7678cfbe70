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
    /// Origins a browser page may call `/mcp` from, besides the server's own (`http://host:port`).
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

/// What keeps the server from starting, in one line.
public struct ServerStartError: Error, CustomStringConvertible {
    public var description: String
    /// Whether another port would do (the address is taken, or the port is a privileged one).
    public var anotherPortMayDo = false
    public init(_ description: String) { self.description = description }

    /// Why the server could not listen where `configuration` says, from the system's error.
    init(listening configuration: ServerConfiguration, _ error: IOError) {
        let address = configuration.host.contains(":") ? "[\(configuration.host)]:\(configuration.port)" : "\(configuration.host):\(configuration.port)"
        switch error.errnoCode {
        case EADDRINUSE:
            self.init("cannot listen on \(address): another program is listening there")
            anotherPortMayDo = true
        case EACCES:
            self.init("cannot listen on \(address): ports below 1024 need privileges this user lacks")
            anotherPortMayDo = true
        case EADDRNOTAVAIL:
            self.init("cannot listen on \(address): no network interface of this machine has that address")
        default:
            self.init("cannot listen on \(address): \(String(cString: strerror(error.errnoCode)))")
        }
    }
}
