/// A string as a JSON literal: the one escaping every JSON a11ykb writes uses, and the OpenACR
/// YAML too (a YAML double-quoted scalar reads JSON's escapes alike). C0 and C1 controls and the
/// line and paragraph separators are escaped, so no terminal sequence survives in a file.
package enum JSONString {
    package static func quote(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        quote(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// The same into bytes: a document's JSON is written as bytes and made a String once.
    package static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        escape(s, into: &out)
        out.append(0x22)
    }

    /// What `quote` writes between the quotes: a string written in parts (a snippet's, between
    /// its marks) is escaped part by part, each a whole string, so as the parts joined would be.
    package static func escape(_ s: String, into out: inout [UInt8]) {
        // The string's own bytes where it holds them (a copy of the string to reach them, and a
        // closure per string, were most of quoting the few words a search's JSON holds each time).
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ escape(bytes: $0, into: &out) }) { return done }
        var text = s
        text.withUTF8 { escape(bytes: $0, into: &out) }
    }

    private static func escape(bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        // Runs of bytes that need no escape are appended whole: a search's JSON quotes hundreds
        // of strings, and a scalar at a time was most of the cost of writing them.
        var runStart = 0
        var index = 0
        func escape(_ escaped: StaticString, width: Int) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            out.append(contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
            index += width
            runStart = index
        }
        func escape(scalar value: UInt32, width: Int) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            out.append(contentsOf: unicodeEscape(value).utf8)
            index += width
            runStart = index
        }
        let special = JSONString.special
        while index < bytes.count {
            // Eight bytes at a time while none may need an escape: most of a search's answer is
            // the facts' text, quoted a byte at a time it was most of the cost of its JSON.
            if index + 8 <= bytes.count,
               !mayNeedEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            // Most bytes need nothing: one look in a table passes them.
            if !special[Int(byte)] {
                index += 1
                continue
            }
            switch byte {
            case 0x22: escape("\\\"", width: 1)
            case 0x5C: escape("\\\\", width: 1)
            case 0x0A: escape("\\n", width: 1)
            case 0x0D: escape("\\r", width: 1)
            case 0x09: escape("\\t", width: 1)
            case 0x00..<0x20, 0x7F: escape(scalar: UInt32(byte), width: 1)
            // C1 controls (U+0080...U+009F: C2 80...C2 9F) and the line and paragraph separators
            // (U+2028, U+2029: E2 80 A8, E2 80 A9).
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                escape(scalar: UInt32(bytes[index + 1]), width: 2)
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape(scalar: 0x2000 + UInt32(bytes[index + 2]) - 0x80, width: 3)
            default: index += 1
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// Whether any of eight bytes is one `special` names, or not ASCII (each a first byte of
    /// UTF-8 to look at): a control (below 0x20), a quote, a backslash, DEL. Exact for "any"; which
    /// one is left to the byte-by-byte look.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let below20 = (word &- ones &* 0x20) & ~word & highs
        return (word & highs) | below20 | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C)) | hasZero(word ^ (ones &* 0x7F)) != 0
    }

    /// The bytes `quote` looks at twice: a quote, a backslash, a control, and the first byte of a
    /// C1 control or of a line or paragraph separator.
    private static let special: [Bool] = (0..<256).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    package static func quoted(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }
}
