import Foundation

/// A JSON document's structure read over its bytes, without building it: an object's members and
/// an array's elements as byte ranges, each value skipped by matching its brackets outside strings.
/// A reader that needs a few lists of a large file (an axe run's violations, never its passes)
/// decodes only their ranges, so memory follows what it keeps, not the file (issue 48: decoding a
/// whole 3.3 MB run held 680 MB). The ranges are as well-formed as the bytes are: a reader decodes
/// each with a real parser, and falls back to one where any is not.
package enum JSONSpans {
    /// The members of the object whose `{` is the first non-space byte of `range`, keys decoded;
    /// nil when the bytes there are no object.
    package static func members(_ data: Data, in range: Range<Int>? = nil) -> [(key: String, value: Range<Int>)]? {
        data.withUnsafeBytes { raw -> [(key: String, value: Range<Int>)]? in
            let b = raw.bindMemory(to: UInt8.self)
            let end = range?.upperBound ?? b.count
            var out: [(key: String, value: Range<Int>)] = []
            let read = walk(b, range ?? 0..<b.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { i in
                guard b[i] == UInt8(ascii: "\""), let keyEnd = skipValue(b, i, end),
                      let key = try? JSONDecoder().decode(String.self, from: Data(b[i..<keyEnd])) else { return nil }
                let colon = skipSpace(b, keyEnd, end)
                guard colon < end, b[colon] == UInt8(ascii: ":") else { return nil }
                let start = skipSpace(b, colon + 1, end)
                guard let valueEnd = skipValue(b, start, end) else { return nil }
                out.append((key, start..<valueEnd))
                return valueEnd
            }
            return read ? out : nil
        }
    }

    /// The elements of the array whose `[` is the first non-space byte of `range`; nil when none is there.
    package static func elements(_ data: Data, in range: Range<Int>? = nil) -> [Range<Int>]? {
        data.withUnsafeBytes { raw -> [Range<Int>]? in
            let b = raw.bindMemory(to: UInt8.self)
            let end = range?.upperBound ?? b.count
            var out: [Range<Int>] = []
            let read = walk(b, range ?? 0..<b.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { i in
                guard let valueEnd = skipValue(b, i, end) else { return nil }
                out.append(i..<valueEnd)
                return valueEnd
            }
            return read ? out : nil
        }
    }

    /// Walks the object or array that `open` starts at the first non-space byte of `range`: `item`
    /// reads each member or element from its first byte and says where it ends (nil: malformed).
    /// False when the bytes are not that container, whole.
    static func walk(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, open: UInt8, close: UInt8, item: (Int) -> Int?) -> Bool {
        let end = range.upperBound
        var i = skipSpace(b, range.lowerBound, end)
        guard i < end, b[i] == open else { return false }
        i = skipSpace(b, i + 1, end)
        if i < end, b[i] == close { return true }
        while i < end {
            guard let itemEnd = item(i) else { return false }
            i = skipSpace(b, itemEnd, end)
            guard i < end else { return false }
            if b[i] == close { return true }
            guard b[i] == UInt8(ascii: ",") else { return false }
            i = skipSpace(b, i + 1, end)
        }
        return false
    }

    /// The first byte that is not JSON's white space, from `i`.
    static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var i = i
        while i < end, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        return i
    }

    /// Just past the value that starts at `i`: a string to its closing quote, an array or object
    /// to its matching bracket (strings inside skipped), anything else to the next `,`, `]` or `}`.
    static func skipValue(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        guard i < end else { return nil }
        var j = i, depth = 0, inString = false, escaped = false
        switch b[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{"):
            while j < end {
                let byte = b[j]
                j += 1
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { return j }
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return j }
                default: break
                }
            }
            return nil
        default:
            while j < end, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09].contains(b[j]) { j += 1 }
            return j > i ? j : nil
        }
    }
}

extension JSONSpans {
    /// The bytes of `range` (as `members` and `elements` give it, counted from the data's first byte).
    package static func bytes(_ data: Data, _ range: Range<Int>) -> Data {
        data.withUnsafeBytes { Data($0[range]) }
    }
}
