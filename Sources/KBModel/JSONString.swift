/// A string as a JSON literal: the one escaping every JSON a11ykb writes uses, and the OpenACR
/// YAML too (a YAML double-quoted scalar reads JSON's escapes alike). C0 and C1 controls and the
/// line and paragraph separators are escaped, so no terminal sequence survives in a file.
package enum JSONString {
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        // Runs of characters that need no escape are appended whole: a search's JSON quotes
        // hundreds of strings, and a scalar at a time was most of the cost of writing them.
        var runStart = s.startIndex
        var index = s.startIndex
        let utf8 = s.utf8
        while index != s.endIndex {
            let byte = utf8[index]
            let escape: String?
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x00..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
            case 0xC2, 0xE2:
                // C1 controls (U+0080...U+009F) and the line and paragraph separators.
                let scalar = s.unicodeScalars[index].value
                escape = (0x80...0x9F).contains(scalar) || scalar == 0x2028 || scalar == 0x2029 ? unicodeEscape(scalar) : nil
            default: escape = nil
            }
            if let escape {
                // Scalar-exact bounds: a String slice would round to a grapheme (\r\n is one).
                out += Substring(s.unicodeScalars[runStart..<index])
                out += escape
                index = s.unicodeScalars.index(after: index)
                runStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        out += Substring(s.unicodeScalars[runStart..<s.endIndex])
        out += "\""
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
