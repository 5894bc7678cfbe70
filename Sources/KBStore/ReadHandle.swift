import Foundation

/// The one way a reader that lives on reads a knowledge base (the team server, the MCP server,
/// shell completion): the file at a path, read only, never created, migrated or written, through
/// a pool of read connections (`KnowledgeBase.init(reading:readers:)`, over GRDB's `DatabasePool`),
/// each question in a snapshot of its own.
///
/// The file at the path is looked at before every question (its `FileVersion`): once it is another
/// (renamed over), or the same rewritten (copied over in place, an import's checkpoint), it is
/// opened afresh (a commit still in the `-wal` the open connections see on their own), and what is wrong with it
/// now (nothing there but an empty file, not a knowledge base, a newer or older schema, corrupt) is
/// that question's error; the next question looks again. A reader open on a file rewritten in
/// place would otherwise answer from pages of the old one, and a reader that opened an empty file
/// the way an import does would give it a schema, waiting for its lock with no limit meanwhile.
///
/// A question read through `read` is interrupted at its time limit or when it is withdrawn (a
/// `Cancellation`, a cancelled task), through `KnowledgeBase.interrupting`.
public final class ReadHandle: @unchecked Sendable {
    public let path: String
    private let readers: Int
    private let lock = NSLock()
    /// The knowledge base open now and the version of the file it opened; nil while none is.
    private var opened: (kb: KnowledgeBase, version: FileVersion)?

    /// Opens the knowledge base at `path` with `readers` connections (how many questions read at
    /// once), or refuses it (`StoreError`, as `KnowledgeBase.init(reading:readers:)` says).
    public init(path: String, readers: Int = 1) throws {
        self.path = path
        self.readers = max(1, readers)
        _ = try knowledgeBase()
    }

    /// The version of the file at the path now (nil: nothing there), a commit still in its `-wal`
    /// included: what an answer or an index built from the data can be kept by. Taken before a
    /// read, it is never newer than what the read sees, so a keeper asks again rather than keep
    /// an old answer under a new version.
    public var version: FileVersion? { FileVersion(path) }

    /// The knowledge base the file at the path holds now: the one open while the file is as it
    /// was, else opened afresh. A file gone from the path leaves the one open answering (its
    /// connections still read it); a file there that cannot be read is the error.
    public func knowledgeBase() throws -> KnowledgeBase {
        try lock.withLock {
            let before = FileVersion(path)
            if let opened, before.map({ $0.sameFile(as: opened.version) }) ?? true { return opened.kb }
            opened = nil
            let kb = try KnowledgeBase(reading: path, readers: readers)
            // A file that changed while it was opened is opened again by the next question.
            if let after = FileVersion(path), let before, after.sameFile(as: before) { opened = (kb, after) }
            return kb
        }
    }

    /// Runs `body` on the knowledge base the file holds now, in one snapshot: every read it makes
    /// sees one state of the file. Its statements are interrupted `seconds` from now (0: no limit
    /// of its own; never later than `KnowledgeBase.answerBy`) or when `Cancellation.current` is
    /// withdrawn, and every deadline a question makes within it ends no later.
    public func read<T>(within seconds: TimeInterval = 0, _ body: (KnowledgeBase) throws -> T) throws -> T {
        try read(until: end(seconds), body)
    }

    /// `read`, off Swift's cooperative threads (SQLite blocks; they must not): on a thread of
    /// Dispatch's. Cancelling the task withdraws the question.
    public func read<T: Sendable>(within seconds: TimeInterval = 0,
                                  _ body: @escaping @Sendable (KnowledgeBase) throws -> T) async throws -> T {
        let end = end(seconds)
        let cancellation = Cancellation()
        let outer = Cancellation.current?.onCancel { cancellation.cancel() }
        defer { Cancellation.current?.remove(outer) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result {
                        try Cancellation.$current.withValue(cancellation) { try self.read(until: end, body) }
                    })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    private func read<T>(until end: Date?, _ body: (KnowledgeBase) throws -> T) throws -> T {
        let kb = try knowledgeBase()
        return try KnowledgeBase.$answerBy.withValue(end) { try kb.inSnapshot { try body(kb) } }
    }

    /// `seconds` from now (0: none), never past the time the caller must answer by.
    private func end(_ seconds: TimeInterval) -> Date? {
        let own = seconds > 0 ? Date().addingTimeInterval(seconds) : nil
        guard let outer = KnowledgeBase.answerBy else { return own }
        return own.map { min($0, outer) } ?? outer
    }
}
