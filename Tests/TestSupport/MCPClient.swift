import Foundation
import XCTest

/// An MCP client, as an assistant's host is one: it starts the built `a11ykb mcp` as a child
/// process and speaks JSON-RPC to it, one message per line on its stdin and stdout.
public final class MCPClient: @unchecked Sendable {
    public struct ToolResult {
        public var text: String
        public var structured: [String: Any]
        public var isError: Bool
        public var raw: [String: Any]

        /// The result of a `tools/call` response: the text of its content, its structured
        /// content and whether it is an error.
        init(_ answer: [String: Any], tool: String) throws {
            guard let result = answer["result"] as? [String: Any] else { throw Failure("tools/call \(tool) failed: \(answer)") }
            text = (result["content"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.joined(separator: "\n")
            structured = result["structuredContent"] as? [String: Any] ?? [:]
            isError = result["isError"] as? Bool ?? false
            raw = result
        }
    }

    public let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var outputEnded = false
    private var stderrData = Data()
    private let stderrRead = DispatchSemaphore(value: 0)
    private var nextID = 1

    /// Starts `a11ykb ARGUMENTS` (`mcp --db PATH`) in the tests' clean environment; `user`: as
    /// that user id (util-linux `setpriv`, which needs root).
    public init(_ arguments: [String], environment: [String: String] = [:], user: uid_t? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Fixtures.executable.path) else {
            throw XCTSkip("the a11ykb executable is not built at \(Fixtures.executable.path)")
        }
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", Fixtures.executable.path] + arguments
        } else {
            process.executableURL = Fixtures.executable
            process.arguments = arguments
        }
        process.environment = Fixtures.cleanEnvironment.merging(environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading, err = errors.fileHandleForReading
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = out.availableData
                condition.lock()
                if chunk.isEmpty {
                    if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
                    outputEnded = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
                condition.broadcast()
                condition.unlock()
            }
        }.start()
        Thread { [self] in
            let data = err.readDataToEndOfFile()
            condition.lock()
            stderrData = data
            condition.unlock()
            stderrRead.signal()
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Writes one line as it is (a malformed one, when a test wants it).
    public func sendLine(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    public func send(_ message: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: message)
        sendLine(String(decoding: data, as: UTF8.self))
    }

    /// The next line the server writes, as it is; fails after `timeout` seconds.
    public func receiveLine(timeout: TimeInterval = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty {
            if outputEnded { throw Failure("the server closed its output; stderr: \(String(decoding: stderrData, as: UTF8.self))") }
            if !condition.wait(until: deadline) { throw Failure("no message from the server within \(timeout) s") }
        }
        return lines.removeFirst()
    }

    /// The next line the server writes, as a JSON object; fails after `timeout` seconds.
    public func receive(timeout: TimeInterval = 60) throws -> [String: Any] {
        let line = try receiveLine(timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Failure("the server wrote a line that is not a JSON object: \(line)")
        }
        return object
    }

    /// Sends a request and waits for its response (the answer with its id).
    @discardableResult
    public func request(_ method: String, _ params: [String: Any]? = nil, timeout: TimeInterval = 60) throws -> [String: Any] {
        try requestAll([(method, params)], timeout: timeout)[0]
    }

    /// Sends every request at once, as a client with several questions in flight does, and waits
    /// for all their responses: in the requests' order. The server answers tool calls on several
    /// threads, so a test of hundreds of calls takes the machine's cores.
    public func requestAll(_ requests: [(method: String, params: [String: Any]?)], timeout: TimeInterval = 120) throws -> [[String: Any]] {
        let first = nextID
        nextID += requests.count
        let lines = try requests.enumerated().map { offset, request in
            var message: [String: Any] = ["jsonrpc": "2.0", "id": first + offset, "method": request.method]
            if let params = request.params { message["params"] = params }
            return String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
        }
        sendLine(lines.joined(separator: "\n"))
        var answers: [Int: [String: Any]] = [:]
        while answers.count < requests.count {
            let answer = try receive(timeout: timeout)
            if let id = answer["id"] as? Int, (first..<(first + requests.count)).contains(id) { answers[id] = answer }
        }
        return (first..<(first + requests.count)).map { answers[$0]! }
    }

    /// `tools/call` of every call at once (`requestAll`), the results in the calls' order.
    public func callAll(_ calls: [(tool: String, arguments: [String: Any])]) throws -> [ToolResult] {
        try zip(calls, requestAll(calls.map { ("tools/call", ["name": $0.tool, "arguments": $0.arguments]) })).map { call, answer in
            try ToolResult(answer, tool: call.tool)
        }
    }

    /// `initialize`, then `notifications/initialized`, as a client opens a session; the
    /// `initialize` result.
    public func initialize() throws -> [String: Any] {
        let answer = try request("initialize", [
            "protocolVersion": "2025-06-18", "capabilities": [String: Any](),
            "clientInfo": ["name": "a11ykb-tests", "version": "1"],
        ])
        try send(["jsonrpc": "2.0", "method": "notifications/initialized"])
        guard let result = answer["result"] as? [String: Any] else { throw Failure("initialize failed: \(answer)") }
        return result
    }

    /// `tools/call`: the text of its content, its structured content and whether it is an error.
    public func call(_ tool: String, _ arguments: [String: Any] = [:]) throws -> ToolResult {
        try ToolResult(try request("tools/call", ["name": tool, "arguments": arguments]), tool: tool)
    }

    /// Closes the server's input and waits (up to `timeout` seconds, then kills it) for it to end:
    /// its exit status (nil when it had to be killed) and stderr.
    public func finish(timeout: TimeInterval = 60) -> (status: Int32?, stderr: String) {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        let killed = process.isRunning
        if killed { process.terminate() }
        process.waitForExit()
        _ = stderrRead.wait(timeout: .now() + 10)
        condition.lock()
        defer { condition.unlock() }
        return (killed ? nil : process.terminationStatus, String(decoding: stderrData, as: UTF8.self))
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
