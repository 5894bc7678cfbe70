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

    /// Throws `QueryError.timedOut` once the limit has passed.
    public func check() throws {
        if let end, Date() >= end { throw QueryError.timedOut(seconds: seconds) }
    }
}

extension KnowledgeBase {
    /// Runs `body` with a deadline `timeout` seconds away (0: none), interrupting SQLite then.
    package func withTimeout<T>(_ timeout: TimeInterval, _ body: (Deadline) throws -> T) throws -> T {
        let deadline = Deadline(seconds: timeout)
        let timer = DispatchWorkItem { [reader] in reader.interrupt() }
        if timeout > 0 { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer) }
        defer { timer.cancel() }
        do {
            return try body(deadline)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw QueryError.timedOut(seconds: timeout)
        }
    }
}
