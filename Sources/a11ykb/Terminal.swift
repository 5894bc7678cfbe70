import ArgumentParser
import Foundation

/// `--color`: as ls and git take it.
enum ColorChoice: String, ArgumentWords {
    case auto, always, never
}

/// Colour only on a terminal, and never with NO_COLOR set (https://no-color.org), unless
/// `--color=always` asks for it (`never` turns it off on a terminal too).
enum Terminal {
    /// Set from `--color` once the options are read (`DatabaseOptions.validate`).
    nonisolated(unsafe) static var colorChoice = ColorChoice.auto

    static var useColor: Bool {
        switch colorChoice {
        case .always: return true
        case .never: return false
        case .auto: return automaticColor
        }
    }

    private static let automaticColor: Bool = {
        if let noColor = variable("NO_COLOR"), !noColor.isEmpty { return false }
        if variable("TERM") == "dumb" { return false }
        return isatty(STDOUT_FILENO) != 0
    }()

    /// Columns of the terminal, or 100 when output is not one.
    static let width: Int = {
        if let size = windowSize(STDOUT_FILENO), size.ws_col > 20 { return Int(size.ws_col) }
        if let columns = variable("COLUMNS").flatMap(Int.init), columns > 20 { return columns }
        return 100
    }()

    /// Lines of the terminal stdout is on; else $LINES, else 24: what "a screenful" means.
    static let rows: Int = {
        if let size = windowSize(STDOUT_FILENO), size.ws_row > 2 { return Int(size.ws_row) }
        if let lines = variable("LINES").flatMap(Int.init), lines > 2 { return lines }
        return 24
    }()

    /// One variable of the environment. (`ProcessInfo.environment` copies all of them into a
    /// dictionary at each call: 3 % of a short search's own instructions.)
    static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The size of the terminal `fd` is on; nil when it is not a terminal.
    static func windowSize(_ fd: Int32) -> winsize? {
        var size = winsize()
        guard isatty(fd) != 0, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return size
    }

    static func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    static func dim(_ s: String) -> String { useColor ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    static func highlight(_ s: String) -> String { useColor ? "\u{1B}[1;33m\(s)\u{1B}[0m" : "[\(s)]" }
}
