import Foundation

/// The servers' own lines on stdout and stderr (a11ykb-mcp, a11ykb-serve, a11ykb-bench), written
/// checked: a reader that went away (EPIPE) or a closed descriptor is no crash (Foundation's
/// FileHandle.write traps on any error).
public enum Console {
    public static func say(_ text: String, to fd: Int32 = STDERR_FILENO) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
