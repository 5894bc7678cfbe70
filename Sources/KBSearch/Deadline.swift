import Foundation
import GRDB
import KBStore

/// A time limit over a whole command: the query, and the rendering of what it returned. The SQL
/// time limit once stopped only the query, and 2 GB of rows then rendered for 23 s past it.
public struct Deadline: Sendable {
    /// The limit in seconds; 0: none.
    public let seconds: TimeInterval
    private let end: Date?

    public init(seconds: TimeInterval) {
        self.seconds = seconds
        end = seconds > 0 ? Date().addingTimeInterval(seconds) : nil
    }

    public static let none = Deadline(seconds: 0)

    /// Seconds left (nil: no limit).
    package var remaining: TimeInterval? { end.map { max(0, $0.timeIntervalSinceNow) } }

    /// Throws `QueryError.timedOut` once the limit has passed, `QueryError.cancelled` once the
    /// question was withdrawn (`Cancellation.current`).
    public func check() throws {
        if Cancellation.current?.isCancelled == true { throw QueryError.cancelled }
        if let end, Date() >= end { throw QueryError.timedOut(seconds: seconds) }
    }

    /// What an interrupted statement means: the question withdrawn, or this limit passed.
    package var interruption: QueryError {
        Cancellation.current?.isCancelled == true ? .cancelled : .timedOut(seconds: seconds)
    }
}

/// A question its asker has withdrawn (an MCP client's `notifications/cancelled`). Bound to the
/// work answering it (`Cancellation.$current.withValue`): every deadline check then stops it, and
/// a statement running at that moment is interrupted. One mechanism with the time limit, so
/// whatever honours one honours the other.
public final class Cancellation: @unchecked Sendable {
    @TaskLocal public static var current: Cancellation?

    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextHandler = 0

    public init() {}

    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Withdraws the question: the running statement is interrupted, later checks throw.
    public func cancel() {
        let toRun = lock.withLock { () -> [@Sendable () -> Void] in
            guard !cancelled else { return [] }
            cancelled = true
            defer { handlers = [:] }
            return Array(handlers.values)
        }
        toRun.forEach { $0() }
    }

    /// Runs `handler` on cancellation (at once if already cancelled) until the returned key is
    /// passed to `remove`.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) -> Int? {
        let key = lock.withLock { () -> Int? in
            guard !cancelled else { return nil }
            nextHandler += 1
            handlers[nextHandler] = handler
            return nextHandler
        }
        if key == nil { handler() }
        return key
    }

    package func remove(_ key: Int?) {
        guard let key else { return }
        lock.withLock { _ = handlers.removeValue(forKey: key) }
    }
}

extension KnowledgeBase {
    /// A deadline `timeout` seconds away (0: none), never later than the time this knowledge base
    /// must answer by (`answerBy`, a server's request limit): one limit however a question is asked.
    package func within(_ timeout: TimeInterval) -> Deadline {
        guard let end = answerBy else { return Deadline(seconds: timeout) }
        let left = max(0.001, end.timeIntervalSinceNow)
        return Deadline(seconds: timeout > 0 ? min(timeout, left) : left)
    }

    /// Runs `body` with a deadline `timeout` seconds away (0: none; never past `answerBy`),
    /// interrupting SQLite then, or when the question is withdrawn (`Cancellation.current`). Swift work between statements checks the deadline itself: an
    /// interrupt that arrives while no statement runs is lost.
    package func withTimeout<T>(_ timeout: TimeInterval, _ body: (Deadline) throws -> T) throws -> T {
        let deadline = within(timeout)
        let timer = DispatchWorkItem { [reader] in reader.interrupt() }
        if deadline.seconds > 0 { DispatchQueue.global().asyncAfter(deadline: .now() + deadline.seconds, execute: timer) }
        let cancellation = Cancellation.current
        let onCancel = cancellation?.onCancel { [reader] in reader.interrupt() }
        defer {
            timer.cancel()
            cancellation?.remove(onCancel)
        }
        do {
            try deadline.check()
            return try body(deadline)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw deadline.interruption
        }
    }
}
