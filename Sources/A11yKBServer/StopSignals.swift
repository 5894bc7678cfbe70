import Foundation

/// SIGTERM and SIGINT as the team server's own: a plain handler that writes a byte to a pipe (all
/// a signal handler may safely do), installed once and never taken back, so no stop ever meets the
/// default action; the server reads the pipe and stops gracefully.
enum StopSignals {
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers, once.
    static func trap() {
        guard readEnd < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        (readEnd, writeEnd) = (ends[0], ends[1])
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(StopSignals.writeEnd, &byte, 1)
        }
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGINT, &action, nil)
    }

    /// Returns once a stop signal has arrived, or once the task is cancelled (a blocking read on a
    /// thread of its own, woken by a byte written here on cancellation).
    static func next() async {
        let (fd, wake) = (readEnd, writeEnd)
        guard fd >= 0 else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    var byte: UInt8 = 0
                    while read(fd, &byte, 1) < 0 && errno == EINTR {}
                    done.resume()
                }.start()
            }
        } onCancel: {
            var byte: UInt8 = 0
            _ = write(wake, &byte, 1)
        }
    }
}

/// The bound on a stop: `overdue` is called if the server has not ended `seconds` after the stop
/// began. It waits on a thread of its own, not on Swift's cooperative threads, which the work
/// being stopped may keep busy.
final class StopDeadline: @unchecked Sendable {
    private let seconds: TimeInterval
    private let overdue: @Sendable () -> Void
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var begun = false

    init(seconds: TimeInterval, overdue: @escaping @Sendable () -> Void) {
        self.seconds = seconds
        self.overdue = overdue
    }

    var hasBegun: Bool { lock.withLock { begun } }

    /// The stop has begun: the clock runs.
    func begin() {
        let first = lock.withLock { () -> Bool in
            defer { begun = true }
            return !begun
        }
        guard first else { return }
        let (ended, seconds, overdue) = (self.ended, self.seconds, self.overdue)
        Thread {
            if ended.wait(timeout: .now() + seconds) == .timedOut { overdue() }
        }.start()
    }

    /// The server has ended: nothing is overdue.
    func end() { ended.signal() }
}
