import A11yKB
import Foundation

/// The one writer of stdout and stderr: every byte a11ykb prints goes through here, and every
/// write is checked.
///
/// Foundation's `FileHandle.write(_:)` forces its `try` (a crash on any error): `> /dev/full`, `>&-` or
/// `2>&-` crashed every command with SIGILL and a 60-line backtrace. Here:
/// - a closed pipe (EPIPE: `a11ykb export v_criteria | head -1`) is not an error: the rest of the
///   output is dropped quietly and the command ends with its own status, as `head` expects;
/// - any other failure (ENOSPC, EBADF, EIO) is one line on stderr, when stderr still works, and
///   exit status 2.
enum Output {
    /// Set once stdout's reader has gone; later output is dropped. One thread prints, the
    /// lock-wait notice aside, which goes to stderr.
    nonisolated(unsafe) private static var stdoutGone = false

    /// Called once, before anything else runs.
    static func prepare() {
        // A write to a closed pipe returns EPIPE instead of killing the process unannounced.
        signal(SIGPIPE, SIG_IGN)
        // A closed descriptor 0, 1 or 2 would be handed to the next file opened (the knowledge
        // base, an --output file) and messages written into it. /dev/null opened read-only takes
        // its place: writes to it still fail (EBADF), as they would have.
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
            let held = open("/dev/null", O_RDONLY)
            if held >= 0 && held != fd { close(held) }
        }
    }

    /// Writes to stdout.
    static func out(_ text: String) { out(Data(text.utf8)) }

    static func out(_ data: Data) {
        guard !stdoutGone else { return }
        let error = write(data, to: STDOUT_FILENO)
        if error == 0 { return }
        if error == EPIPE {
            stdoutGone = true
            return
        }
        fail("cannot write to standard output: \(String(cString: strerror(error)))")
    }

    /// Writes to stdout by the time `end` (nil: whenever the reader takes it); false once it has
    /// passed with output left. A page at a time, each only once the reader has room for it
    /// (`poll`), so that a slow reader holds the command no longer than its time limit.
    static func out(_ data: Data, until end: Date?) -> Bool {
        guard let end else {
            out(data)
            return true
        }
        var offset = 0
        while offset < data.count, !stdoutGone {
            let left = end.timeIntervalSinceNow
            if left <= 0 { return false }
            var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if polled < 0 && errno == EINTR { continue }
            // Not pollable (0 < 0 aside): write as before and let the write say what it has to.
            if polled == 0 { continue }
            let page = data[(data.startIndex + offset)..<(data.startIndex + min(data.count, offset + 4096))]
            out(Data(page))
            offset += page.count
        }
        return true
    }

    /// Writes text as it is to stderr (a diagnostic already formatted, help on request).
    static func err(_ text: String) {
        let error = write(Data(text.utf8), to: STDERR_FILENO)
        if error == 0 || error == EPIPE { return }
        // Nowhere left to say it.
        ExitStatus.failure.exit()
    }

    /// `a11ykb: MESSAGE` on stderr, as one line whatever the message holds: a line break or
    /// another control character in it (a file name may hold one) is written escaped, `\n`.
    static func error(_ message: String) {
        err("a11ykb: " + OneLine.escaped(message) + "\n")
    }

    /// One line on stderr and exit status 2.
    static func fail(_ message: String) -> Never {
        error(message)
        ExitStatus.failure.exit()
    }

    /// Writes all of `data`; 0, or the errno that stopped it.
    private static func write(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}
