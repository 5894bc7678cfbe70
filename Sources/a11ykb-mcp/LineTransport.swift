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
                DispatchQueue.global().async { respond(to: data, id: id, with: responder, state) }
            } else {
                state.yield(data)
            }
        case .cancellation(let id):
            // A cancelled request gets no answer (MCP): do not wait for one at the end of input.
            if let id { state.answered(id) }
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

    /// Answers a request of a `direct` method: its result, or its error as JSON-RPC says.
    private static func respond(to request: Data, id: String, with responder: Responder, _ state: State) {
        let response: Data
        do {
            response = Data("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":\(try responder(request))}".utf8)
        } catch {
            response = Message.error(id: id, error as? MCPError ?? .internalError(String(describing: error)))
        }
        try? state.write(response)
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

/// What a line of input is, as far as the transport must know.
enum Message {
    enum Kind {
        case request(id: String, method: String)
        case cancellation(id: String?)
        case batch(ids: [String])
        case other
        /// Not a JSON-RPC message: answered with this error (`id`: the JSON of its id, or `null`).
        case invalid(id: String, MCPError)
    }

    /// The members of a message the transport reads, and nothing else: `result` and `params` are
    /// skipped, not built into values (the SDK's `Value` compiles a regular expression for every
    /// string it decodes, which made reading back a large answer cost more than computing it).
    struct Envelope: Decodable {
        enum ID { case none, null, key(String), invalid }

        var jsonrpc: String?
        var id: ID
        var method: String?
        var isResponse: Bool
        var requestID: ID

        enum Keys: String, CodingKey { case jsonrpc, id, method, result, error, params }
        enum ParamsKeys: String, CodingKey { case requestId }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            jsonrpc = try? container.decodeIfPresent(String.self, forKey: .jsonrpc)
            method = try? container.decodeIfPresent(String.self, forKey: .method)
            id = Envelope.id(container, .id)
            isResponse = container.contains(.result) || container.contains(.error)
            if method == "notifications/cancelled", let params = try? container.nestedContainer(keyedBy: ParamsKeys.self, forKey: .params) {
                requestID = Envelope.id(params, .requestId)
            } else {
                requestID = .none
            }
        }

        /// An id as JSON text (`7`, `"7"`): one key per id, and what an error response echoes.
        static func id<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> ID {
            guard container.contains(key) else { return .none }
            if (try? container.decodeNil(forKey: key)) == true { return .null }
            if let number = try? container.decode(Int.self, forKey: key) { return .key(String(number)) }
            if let text = try? container.decode(String.self, forKey: key) {
                return .key(LineTransport.jsonString(text))
            }
            return .invalid
        }

        var key: String? { if case .key(let key) = id { key } else { nil } }
    }

    static func classify(_ data: Data) -> Kind {
        let decoder = JSONDecoder()
        if let message = try? decoder.decode(Envelope.self, from: data) {
            guard message.jsonrpc == "2.0" else {
                return .invalid(id: message.key ?? "null", .invalidRequest("\"jsonrpc\": \"2.0\" is missing"))
            }
            if let method = message.method {
                if method == "notifications/cancelled" {
                    if case .key(let id) = message.requestID { return .cancellation(id: id) }
                    return .cancellation(id: nil)
                }
                switch message.id {
                case .none, .null: return .other
                case .key(let id): return .request(id: id, method: method)
                case .invalid: return .invalid(id: "null", .invalidRequest("a request id is a string or an integer"))
                }
            }
            if message.isResponse { return .other }
            return .invalid(id: message.key ?? "null", .invalidRequest("neither a request, a notification nor a response"))
        }
        if let items = try? decoder.decode([Envelope].self, from: data) {
            guard !items.isEmpty, items.allSatisfy({ $0.jsonrpc == "2.0" && $0.method != nil }) else {
                return .invalid(id: "null", .invalidRequest("a batch is a non-empty array of JSON-RPC requests and notifications"))
            }
            return .batch(ids: items.compactMap(\.key))
        }
        let depth = nesting(data)
        if depth > maxNesting {
            return .invalid(id: "null", .parseError("the line is JSON nested \(depth) levels deep, deeper than the \(maxNesting) a message may nest"))
        }
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
            return .invalid(id: "null", .invalidRequest("a JSON-RPC message is an object (or a batch of them)"))
        }
        return .invalid(id: "null", .parseError("the line is not JSON; send one JSON-RPC message per line"))
    }

    /// How deep Foundation's JSON parsers read before they give up.
    static let maxNesting = 512

    /// The deepest nesting of arrays and objects in `data`, strings skipped.
    static func nesting(_ data: Data) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The ids a message the server sends answers (a response, or a batch of them).
    static func answeredIDs(_ data: Data) -> [String] {
        let decoder = JSONDecoder()
        if let message = try? decoder.decode(Envelope.self, from: data) {
            return message.isResponse ? message.key.map { [$0] } ?? [] : []
        }
        return ((try? decoder.decode([Envelope].self, from: data)) ?? []).filter(\.isResponse).compactMap(\.key)
    }

    /// A JSON-RPC error response; `id` is JSON text (`null`, `7`, `"abc"`).
    static func error(id: String, _ error: MCPError) -> Data {
        let message = LineTransport.jsonString(error.errorDescription ?? "error")
        return Data("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"error\":{\"code\":\(error.code),\"message\":\(message)}}".utf8)
    }
}

extension LineTransport {
    /// `text` as a JSON string literal. Encoding a String cannot fail; the fallback keeps it a crash-free
    /// expression all the same.
    static func jsonString(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
