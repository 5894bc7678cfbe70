import A11yKB
import A11yKBMCP
import Foundation

/// The server's reads: the knowledge base's `ReadHandle` with one connection per reader, so that
/// requests read side by side, each in one snapshot (an import committing meanwhile is seen whole
/// by the next request, never half by this one), and a file replaced or rewritten at the path is
/// read afresh by the next request (or is its error while it is no knowledge base). Requests past
/// the readers wait here for a turn, holding no thread.
///
/// A request past its time limit has its statement interrupted (the handle's one mechanism), and
/// gets `RequestFault.timedOut`.
public final class ReaderPool: @unchecked Sendable, KnowledgeBaseSource {
    public let path: String
    private let handle: ReadHandle
    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let timeLimit: TimeInterval

    /// Reads the knowledge base at `path`, which must hold one, with `count` readers. It is opened
    /// once as any command opens it (an older schema brought up to date), then read only.
    public init(path: String, count: Int, timeLimit: TimeInterval) throws {
        self.path = path
        self.timeLimit = timeLimit
        try KnowledgeBase.open(existing: path).close()
        free = max(1, count)
        handle = try ReadHandle(path: path, readers: free)
        handle.holdRankingIndexSoon()
    }

    /// The version of the file requests read now (what an answer is tagged and kept by).
    public var version: FileVersion? { handle.version }

    /// Runs `work` with a reader of its own, in one snapshot, off Swift's cooperative threads.
    public func answer<T: Sendable>(_ work: @escaping @Sendable (KnowledgeBase) throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        let end = Date().addingTimeInterval(timeLimit)
        do {
            return try await handle.answering(within: timeLimit, work)
        } catch {
            // Interrupted at the limit, or stopped by a deadline the work checked itself.
            if timeLimit > 0, Date() >= end { throw RequestFault.timedOut(seconds: timeLimit) }
            throw error
        }
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if free > 0 {
                free -= 1
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    private func release() {
        lock.lock()
        if waiting.isEmpty {
            free += 1
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume()
        }
    }
}
