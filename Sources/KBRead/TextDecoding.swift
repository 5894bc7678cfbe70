import Foundation

/// Bytes to text: UTF-8 (with or without a byte-order mark) or UTF-16 with its mark. Anything
/// else (UTF-32 with its mark included) is refused with a reason rather than guessed at.
package enum TextDecoding {
    package static func decode(_ data: Data) throws -> String {
        if data.isEmpty { throw ReadError("empty file") }
        let bytes = [UInt8](data.prefix(4))
        // UTF-32's marks first: little-endian's begins as UTF-16's does.
        if bytes == [0xFF, 0xFE, 0x00, 0x00] || bytes == [0x00, 0x00, 0xFE, 0xFF] {
            throw ReadError("UTF-32 text (byte-order mark \(bytes.map { String(format: "%02X", $0) }.joined(separator: " "))): "
                            + "only UTF-8 and UTF-16 are read; save it as UTF-8")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else { throw ReadError("invalid UTF-16") }
            return text
        }
        var body = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { body = data.dropFirst(3) }
        if body.withUnsafeBytes({ $0.count > 0 && memchr($0.baseAddress!, 0, $0.count) != nil }) {
            throw ReadError("binary file (NUL bytes), not text")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw ReadError(line: firstInvalidLine(body), "not valid UTF-8")
        }
        return text
    }

    static func firstInvalidLine(_ data: Data) -> Int? {
        var line = 1
        var lineStart = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            if String(validating: data[lineStart..<index], as: UTF8.self) == nil { return line }
            line += 1
            lineStart = data.index(after: index)
        }
        return line
    }
}
