import Foundation
import GRDB
import KBStore

/// A time limit over a whole command: the query, and the rendering of what it returned. The SQL
/// time limit once stopped only the query, and 2 GB of rows then rendered for 23 s past it.
public struct Deadline: Sendable {
    /// The limit in seconds; 0: none.
    public let seconds: TimeInterval
    /// When it passes; nil: never.
    package let end: Date?

    public init(seconds: TimeInterval) {
        self.seconds = seconds
        end = seconds > 0 ? Date().addingTimeInterval(seconds) : nil
    }

    public static let none = Deadline(seconds: 0)

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

extension KnowledgeBase {
    /// A deadline `timeout` seconds away (0: none), never later than the time the work must be
    /// answered by (`KnowledgeBase.answerBy`, a server's request limit): one limit however a
    /// question is asked.
    package func within(_ timeout: TimeInterval) -> Deadline {
        guard let end = KnowledgeBase.answerBy else { return Deadline(seconds: timeout) }
        let left = max(0.001, end.timeIntervalSinceNow)
        return Deadline(seconds: timeout > 0 ? min(timeout, left) : left)
    }

    /// Runs `body` with a deadline `timeout` seconds away (0: none; never past `answerBy`), which
    /// every read it makes is interrupted at (`interrupting`), as it is when the question is
    /// withdrawn (`Cancellation.current`); an interrupted statement is the deadline's error.
    package func withTimeout<T>(_ timeout: TimeInterval, _ body: (Deadline) throws -> T) throws -> T {
        let deadline = within(timeout)
        do {
            try deadline.check()
            return try KnowledgeBase.$answerBy.withValue(deadline.end) { try body(deadline) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw deadline.interruption
        }
    }
}
