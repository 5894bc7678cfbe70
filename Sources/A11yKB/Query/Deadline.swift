import Foundation
import GRDB

/// When a search must stop (`--timeout`): SQLite is interrupted when the time is up, and the
/// Swift side checks the deadline between steps of its own.
struct Deadline {
    let seconds: Double
    let end: Date?

    init(seconds: Double) {
        self.seconds = seconds
        end = seconds > 0 ? Date().addingTimeInterval(seconds) : nil
    }

    func check() throws {
        if let end, Date() >= end { throw QueryError.timedOut(seconds: seconds) }
    }
}

extension KnowledgeBase {
    /// Runs `body` with a deadline `timeout` seconds away (0: none), interrupting SQLite then.
    func withTimeout<T>(_ timeout: TimeInterval, _ body: (Deadline) throws -> T) throws -> T {
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
