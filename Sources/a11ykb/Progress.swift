import A11yKB
import Foundation

/// The import's progress line on stderr: files done of the total, the rate, and the file being
/// read, redrawn in place at most ten times a second. Only when stderr is a terminal (and TERM is
/// not dumb) and not `--quiet`: a log or a pipe gets no carriage returns.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var stage: ImportProgress.Stage?
    private var stageStart = Date()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    static func make(quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressLine? {
        guard !quiet, isatty(STDERR_FILENO) != 0, environment["TERM"] != "dumb" else { return nil }
        return ProgressLine()
    }

    func update(_ progress: ImportProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        if progress.stage != stage {
            stage = progress.stage
            stageStart = now
        } else if now.timeIntervalSince(lastDrawn) < 0.1 && progress.done < progress.total {
            return
        }
        lastDrawn = now
        drawn = true
        let text = ProgressLine.text(progress, elapsed: now.timeIntervalSince(stageStart), width: ProgressLine.columns)
        Output.err("\r\u{1B}[K" + text)
    }

    /// Clears the line, so that the summary and errors start on a clean one.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { Output.err("\r\u{1B}[K") }
        drawn = false
    }

    /// `reading 1234/20000 files, 850 files/s: …/native/controls/button.md`, cut to `width - 1`.
    static func text(_ progress: ImportProgress, elapsed: TimeInterval, width: Int) -> String {
        let head: String
        switch progress.stage {
        case .indexing: return "indexing \(progress.total) files for search…"
        case .checking: head = "checking"
        case .reading: head = "reading"
        }
        var text = "\(head) \(progress.done)/\(progress.total) files"
        if elapsed >= 0.5 { text += ", \(Int(Double(progress.done) / elapsed)) files/s" }
        guard let path = progress.path else { return text }
        let room = width - 1 - text.count - 2
        if room >= 10 {
            text += ": " + (path.count <= room ? path : "…" + path.suffix(room - 1))
        }
        return text
    }

    /// The width of the terminal stderr is on.
    static var columns: Int {
        if let size = Terminal.windowSize(STDERR_FILENO), size.ws_col > 20 { return Int(size.ws_col) }
        return 80
    }
}
