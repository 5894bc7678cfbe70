import Foundation

/// Colour only on a terminal, and never with NO_COLOR set (https://no-color.org).
enum Terminal {
    static let useColor: Bool = {
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) != 0
    }()

    /// Columns of the terminal, or 100 when output is not one.
    static let width: Int = {
        var size = winsize()
        if isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
            return Int(size.ws_col)
        }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 20 { return columns }
        return 100
    }()

    static func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    static func dim(_ s: String) -> String { useColor ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    static func highlight(_ s: String) -> String { useColor ? "\u{1B}[1;33m\(s)\u{1B}[0m" : "[\(s)]" }
}
