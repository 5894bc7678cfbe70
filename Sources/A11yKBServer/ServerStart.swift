import Foundation
import NIOCore

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
