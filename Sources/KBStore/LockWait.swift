import Foundation

/// How a writer waits for the write lock another process holds: SQLite's busy handler.
///
/// A fixed busy timeout made a second import fail with "database is locked" after 10 s while the
/// first was still writing, and its files were not imported. A writer now waits as long as the
/// lock is held (an import holds it for one transaction, and a killed one releases it), or up to
/// `limit` seconds when one is given (an import told how long to wait); past one second `onWaiting` is told once,
/// so that a terminal can say why nothing happens.
final class LockWait: @unchecked Sendable {
    private let lock = NSLock()
    private var limit: TimeInterval?
    private var onWaiting: (@Sendable () -> Void)?
    private var started = Date()
    private var announced = false

    /// `limit` nil: wait as long as the lock is held.
    func configure(limit: TimeInterval?, onWaiting: (@Sendable () -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        self.limit = limit
        self.onWaiting = onWaiting
    }

    /// Runs `body` waiting at most `seconds` (less if the bound in force is lower) and telling no
    /// one: the checkpoint after a commit waits for readers, not for another import's lock.
    func bounded<T>(by seconds: TimeInterval, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        let saved = (limit, onWaiting)
        limit = min(limit ?? seconds, seconds)
        onWaiting = nil
        lock.unlock()
        defer {
            lock.lock()
            (limit, onWaiting) = saved
            lock.unlock()
        }
        return try body()
    }

    /// The bound in force (for the message when it is reached).
    var currentLimit: TimeInterval? {
        lock.lock()
        defer { lock.unlock() }
        return limit
    }

    /// SQLite's busy handler: called with 0 when a statement first finds the lock taken, then
    /// with 1, 2... True: sleep a little and try again.
    func shouldRetry(_ tries: Int) -> Bool {
        lock.lock()
        if tries == 0 {
            started = Date()
            announced = false
        }
        let waited = Date().timeIntervalSince(started)
        if let limit, waited >= limit {
            lock.unlock()
            return false
        }
        let announce = !announced && waited >= 1
        if announce { announced = true }
        let callback = onWaiting
        lock.unlock()
        if announce { callback?() }
        // 1 ms at first (a short transaction is over at once), then up to 50 ms between tries.
        usleep(UInt32(min(50, 1 + tries) * 1000))
        return true
    }
}
