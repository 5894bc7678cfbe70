import A11yKB
import A11yKBMCP
import Foundation

/// The server's read connections: a fixed number of knowledge bases opened on one file, each lent
/// to one request at a time, so that requests read side by side (one `DatabaseQueue` would answer
/// them one after the other). A request reads in one snapshot (`inSnapshot`): an import committing
/// meanwhile is seen whole by the next request, never half by this one. A file replaced at the
/// path (an `export db` renamed into place) is opened afresh by each connection's next request.
///
/// A request past its time limit has its connection interrupted (SQLite stops the statement), and
/// gets `RequestFault.timedOut`.
public final class ReaderPool: @unchecked Sendable, KnowledgeBaseSource {
    public let path: String
    private let lock = NSLock()
    private var idle: [Slot]
    private var waiting: [CheckedContinuation<Slot, Never>] = []
    private let timeLimit: TimeInterval

    /// One connection and the file it has open.
    final class Slot: @unchecked Sendable {
        var kb: KnowledgeBase
        var identity: FileIdentity?
        init(_ kb: KnowledgeBase) {
            self.kb = kb
            identity = FileIdentity(kb.path)
        }
    }

    /// Opens `count` connections on the knowledge base at `path`, which must hold one.
    public init(path: String, count: Int, timeLimit: TimeInterval) throws {
        self.path = path
        self.timeLimit = timeLimit
        let first = try KnowledgeBase.open(existing: path)
        var slots = [Slot(first)]
        for _ in 1..<max(1, count) { slots.append(Slot(try KnowledgeBase(path: path))) }
        idle = slots
    }

    /// Runs `work` with a connection of its own, in one snapshot, on a thread of Dispatch's
    /// (SQLite blocks; Swift's cooperative threads must not).
    public func answer<T: Sendable>(_ work: @escaping @Sendable (KnowledgeBase) throws -> T) async throws -> T {
        let slot = await acquire()
        defer { release(slot) }
        let timeLimit = self.timeLimit
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Self.run(work, on: slot, timeLimit: timeLimit) })
            }
        }
    }

    private static func run<T>(_ work: (KnowledgeBase) throws -> T, on slot: Slot, timeLimit: TimeInterval) throws -> T {
        if let now = FileIdentity(slot.kb.path), now != slot.identity {
            slot.kb = try KnowledgeBase(path: slot.kb.path)
            slot.identity = now
        }
        let kb = slot.kb
        let limit = TimeLimit(kb)
        if timeLimit > 0 {
            kb.answerBy = Date().addingTimeInterval(timeLimit)
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { limit.expire() }
        }
        defer {
            limit.finish()
            kb.answerBy = nil
        }
        do {
            return try kb.answering(dataVersion: DataVersion.tag(kb.path)) { try kb.inSnapshot { try work(kb) } }
        } catch {
            // Interrupted by the timer, or stopped by the deadline the work checked itself (`answerBy`).
            if limit.isExpired { throw RequestFault.timedOut(seconds: timeLimit) }
            if case QueryError.timedOut = error, let end = kb.answerBy, Date() >= end {
                throw RequestFault.timedOut(seconds: timeLimit)
            }
            throw error
        }
    }

    private func acquire() async -> Slot {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let slot = idle.popLast() {
                lock.unlock()
                continuation.resume(returning: slot)
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    private func release(_ slot: Slot) {
        lock.lock()
        if waiting.isEmpty {
            idle.append(slot)
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume(returning: slot)
        }
    }
}

/// One request's time limit on its connection: interrupts only while the request still holds it,
/// never the next request the connection serves.
private final class TimeLimit: @unchecked Sendable {
    private let lock = NSLock()
    private var active = true
    private var expired = false
    var isExpired: Bool { lock.withLock { expired } }
    private let kb: KnowledgeBase

    init(_ kb: KnowledgeBase) { self.kb = kb }

    func expire() {
        lock.withLock {
            guard active else { return }
            expired = true
            kb.interruptReads()
        }
    }

    func finish() { lock.withLock { active = false } }
}
