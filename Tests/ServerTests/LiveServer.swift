import A11yKBServer
import Foundation
import Logging
import ServiceLifecycle
import XCTest

/// The team server's application on a port of 127.0.0.1, in this process, with the limits a test
/// sets: what a connection meets (timeouts, caps) that the in-process router never sees.
final class LiveServer: @unchecked Sendable {
    let port: Int
    let env: TeamServer.Environment
    private let group: ServiceGroup
    private let running: Task<Void, Error>

    init(_ env: TeamServer.Environment) throws {
        let listening = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var port = 0
        var quiet = Logger(label: "a11ykb.tests")
        quiet.logLevel = .critical
        let app = TeamServer.application(env, logger: quiet) { given in
            port = given
            listening.signal()
        }
        let group = ServiceGroup(services: [app], logger: quiet)
        self.group = group
        running = Task.detached { try await group.run() }
        guard listening.wait(timeout: .now() + 20) == .success else { throw XCTSkip("the server did not listen") }
        self.port = port
        self.env = env
    }

    /// A connection of this test's own, on a blocking socket (reads give up after `wait` seconds).
    func connect(wait: TimeInterval = 20) throws -> RawConnection { try RawConnection(port: port, wait: wait) }

    func stop() {
        let (group, done) = (group, DispatchSemaphore(value: 0))
        Task.detached {
            await group.triggerGracefulShutdown()
            done.signal()
        }
        done.wait()
        running.cancel()
    }
}

/// One TCP connection, sent and read as bytes: a client as slow or as silent as a test needs.
final class RawConnection {
    let fd: Int32

    init(port: Int, wait: TimeInterval) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw XCTSkip("cannot connect to 127.0.0.1:\(port): errno \(errno)") }
        var timeout = timeval(tv_sec: Int(wait), tv_usec: Int((wait - Double(Int(wait))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    enum Read: Equatable {
        /// Bytes arrived.
        case data(String)
        /// The server closed the connection.
        case closed
        /// Nothing within the wait.
        case nothing
    }

    /// What the server sends next (one read).
    func read() -> Read {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .data(String(decoding: buffer[0..<count], as: UTF8.self)) }
        if count == 0 || errno == ECONNRESET { return .closed }
        return .nothing
    }

    /// Everything until the server closes the connection (or stops sending for the wait).
    func readToEnd() -> (text: String, closed: Bool) {
        var text = ""
        while true {
            switch read() {
            case .data(let more): text += more
            case .closed: return (text, true)
            case .nothing: return (text, false)
            }
        }
    }

    /// A GET of `path`, kept alive; its status line and headers (reads until the blank line and a
    /// body of Content-Length).
    func get(_ path: String) -> String {
        send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        var text = ""
        while true {
            if let end = text.range(of: "\r\n\r\n") {
                let head = String(text[..<end.lowerBound])
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<end.upperBound].utf8.count >= length { return text }
            }
            guard case .data(let more) = read() else { return text }
            text += more
        }
    }
}
