import Foundation
import GRDB
import GRDBSQLite

/// A question its asker has withdrawn (an MCP client's `notifications/cancelled`, a server's
/// request task cancelled). Bound to the work answering it (`Cancellation.$current.withValue`):
/// every deadline check then stops it, and the statement running at that moment is interrupted
/// (`KnowledgeBase.interrupting`). One mechanism with the time limit, so whatever honours one
/// honours the other.
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
    /// When the work bound to it must be answered by: a server's limit on a request, narrowed by a
    /// question's own (`withTimeout`). Every read interrupts its statement then, and every deadline
    /// the library makes ends no later (`within`). Nil: no limit.
    @TaskLocal public static var answerBy: Date?

    /// Runs `body` on `db`, interrupting its statement (SQLite's `sqlite3_interrupt`, which fails
    /// it with SQLITE_INTERRUPT) at `end` or when `Cancellation.current` is withdrawn: the one
    /// place a11ykb interrupts SQLite. Only while `body` runs: a connection lent to the next
    /// question is never interrupted by this one's timer. Swift work between statements checks its
    /// deadline itself, since an interrupt that arrives while no statement runs is lost.
    package static func interrupting<T>(_ db: Database, at end: Date?, _ body: () throws -> T) rethrows -> T {
        let cancellation = Cancellation.current
        guard end != nil || cancellation != nil else { return try body() }
        let watch = Watch(db.sqliteConnection)
        let timer = DispatchWorkItem { watch.interrupt() }
        if let end { DispatchQueue.global().asyncAfter(deadline: .now() + max(0, end.timeIntervalSinceNow), execute: timer) }
        let key = cancellation?.onCancel { watch.interrupt() }
        defer {
            watch.finish()
            timer.cancel()
            cancellation?.remove(key)
        }
        return try body()
    }

    /// One connection while one question reads on it.
    private final class Watch: @unchecked Sendable {
        private let lock = NSLock()
        private var connection: OpaquePointer?
        init(_ connection: OpaquePointer?) { self.connection = connection }
        func interrupt() { lock.withLock { if let connection { sqlite3_interrupt(connection) } } }
        func finish() { lock.withLock { connection = nil } }
    }
}
