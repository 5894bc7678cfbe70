import A11yKB
import A11yKBMCP
import Foundation
import Logging
import MCP

/// MCP's stdio transport: one JSON-RPC message per line on stdin, one per line on stdout.
///
/// Ours rather than the SDK's `StdioTransport`, for three reasons. That one sets O_NONBLOCK on
/// the descriptors it inherits (the terminal's, when run by hand) and polls stdin every 10 ms:
/// up to 10 ms added to every request, and a wake-up a hundred times a second for as long as an
/// assistant keeps the server open. A line that is not JSON-RPC gets, from the SDK, an error with a
/// made-up id that no client can match; here it gets `"id": null` as JSON-RPC says (or its own id
/// when it has one), and the server goes on. And at the end of input the SDK's loop stops at once,
/// dropping answers still being computed (`echo REQUEST | a11ykb mcp` would print nothing); here
/// the stream ends only once every request read has been answered.
///
/// Requests of the methods in `direct` (tools/call) are answered here, on a thread of Dispatch's,
/// and never reach the SDK: see `ToolCall.resultJSON` for why.
actor LineTransport: Transport {
    /// A request line to the JSON text of its result; throws an `MCPError` for an error response.
    typealias Responder = @Sendable (Data) throws -> String

    nonisolated let logger = Logger(label: "a11ykb.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let state: State

    /// How long answers still being computed may take once input has ended (a SQL query's own
    /// limit is at most a minute).
    static let drainSeconds = 70.0

    init(direct: [String: Responder] = [:]) {
        var continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation!
        messages = AsyncThrowingStream { continuation = $0 }
        state = State(continuation: continuation, direct: direct)
    }

    func connect() async throws {
        let state = self.state
        let thread = Thread { LineTransport.readLoop(state) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func disconnect() async { state.finish() }

    func send(_ data: Data) async throws {
        try state.write(data)
        for id in Message.answeredIDs(data) { state.answered(id) }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }

    // MARK: - Reading

    /// Blocking reads on a thread of its own: the server is idle between requests, and wakes only
    /// when one arrives.
    private static func readLoop(_ state: State) {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0..<count])
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                accept(Array(pending[start..<newline]), state)
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { accept(pending, state) }
        state.inputEnded()
    }

    /// Passes one line to the server, or answers it here when it is not a JSON-RPC message.
    private static func accept(_ line: [UInt8], _ state: State) {
        var bytes = line
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let data = Data(bytes)
        switch Message.classify(data) {
        case let .request(id, method):
            state.received(id)
            if method == "initialize" { state.initializing() }
            if method != "initialize", method != "ping", !state.isInitialized {
                // A session opens with initialize (MCP); the SDK, even strict, would only log it.
                try? state.write(Message.error(id: id, .invalidRequest("the session has not begun: send initialize first")))
                state.answered(id)
            } else if let responder = state.direct[method] {
                let cancellation = state.cancellable(id)
                DispatchQueue.global().async { respond(to: data, id: id, with: responder, cancellation, state) }
            } else {
                state.yield(data)
            }
        case .cancellation(let id):
            // A cancelled request gets no answer (MCP): do not wait for one at the end of input.
            // One answered here stops at its next check and its answer is dropped.
            if let id {
                state.cancel(id)
                state.answered(id)
            }
            state.yield(data)
        case .batch(let ids):
            ids.forEach(state.received)
            state.yield(data)
        case .other:
            state.yield(data)
        case .invalid(let id, let error):
            try? state.write(Message.error(id: id, error))
        }
    }

    /// Answers a request of a `direct` method: its result, or its error as JSON-RPC says; nothing
    /// once the client has cancelled it (the work stops at its next deadline check).
    private static func respond(to request: Data, id: String, with responder: Responder, _ cancellation: Cancellation,
                                _ state: State) {
        let response: Data
        do {
            let result = try Cancellation.$current.withValue(cancellation) { try responder(request) }
            response = Data("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":\(result)}".utf8)
        } catch {
            response = Message.error(id: id, error as? MCPError ?? .internalError(ErrorMessage.text(error)))
        }
        if !state.finished(id) { try? state.write(response) }
        state.answered(id)
    }

    // MARK: - Shared state

    /// What the reading thread and the server share: the stream, stdout, and the requests read
    /// but not yet answered.
    final class State: @unchecked Sendable {
        private let lock = NSLock()
        private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
        let direct: [String: Responder]
        private var unanswered = Set<String>()
        /// The direct path's requests being answered, each withdrawable.
        private var running: [String: Cancellation] = [:]
        private var initialized = false
        private var ended = false
        private var finished = false

        init(continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation, direct: [String: Responder]) {
            self.continuation = continuation
            self.direct = direct
        }

        func yield(_ data: Data) { continuation.yield(data) }

        /// An `initialize` request was read: requests after it are the session's.
        func initializing() { lock.withLock { initialized = true } }

        var isInitialized: Bool { lock.withLock { initialized } }

        func received(_ id: String) { lock.withLock { _ = unanswered.insert(id) } }

        /// A request about to be answered on the direct path, and what withdraws it.
        func cancellable(_ id: String) -> Cancellation {
            let cancellation = Cancellation()
            lock.withLock { running[id] = cancellation }
            return cancellation
        }

        /// The client cancelled request `id`: stop its work.
        func cancel(_ id: String) { lock.withLock { running[id] }?.cancel() }

        /// A direct request's work ended; whether it had been cancelled (then it gets no answer).
        func finished(_ id: String) -> Bool {
            lock.withLock { running.removeValue(forKey: id)?.isCancelled ?? false }
        }

        func answered(_ id: String) {
            let done = lock.withLock { unanswered.remove(id) != nil && ended && unanswered.isEmpty }
            if done { finish() }
        }

        func inputEnded() {
            let done = lock.withLock {
                ended = true
                return unanswered.isEmpty
            }
            if done { return finish() }
            DispatchQueue.global().asyncAfter(deadline: .now() + LineTransport.drainSeconds) { self.finish() }
        }

        func finish() {
            let first = lock.withLock {
                defer { finished = true }
                return !finished
            }
            if first { continuation.finish() }
        }

        /// Writes one message and its newline whole; messages from the server and from the reading
        /// thread never interleave.
        func write(_ data: Data) throws {
            var line = data
            line.append(UInt8(ascii: "\n"))
            try lock.withLock {
                try line.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let written = Foundation.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                        if written < 0 {
                            if errno == EINTR { continue }
                            throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                        }
                        offset += written
                    }
                }
            }
        }
    }
}
