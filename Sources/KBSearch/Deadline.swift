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
    /// A deadline `timeout` seconds away (0: none), never later than the time this knowledge base
    /// must answer by (`answerBy`, a server's request limit): one limit however a question is asked.
    package func within(_ timeout: TimeInterval) -> Deadline {
        guard let end = answerBy else { return Deadline(seconds: timeout) }
        let left = max(0.001, end.timeIntervalSinceNow)
        return Deadline(seconds: timeout > 0 ? min(timeout, left) : left)
    }

    /// Runs `body` with a deadline `timeout` seconds away (0: none; never past `answerBy`),
    /// interrupting SQLite then. Swift work between statements checks the deadline itself: an
    /// interrupt that arrives while no statement runs is lost.
    package func withTimeout<T>(_ timeout: TimeInterval, _ body: (Deadline) throws -> T) throws -> T {
        let deadline = within(timeout)
        let timer = DispatchWorkItem { [reader] in reader.interrupt() }
        if deadline.seconds > 0 { DispatchQueue.global().asyncAfter(deadline: .now() + deadline.seconds, execute: timer) }
        defer { timer.cancel() }
        do {
            return try body(deadline)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw QueryError.timedOut(seconds: deadline.seconds)
        }
    }
}
