/// A string as a JSON literal: the one escaping every JSON a11ykb writes uses, and the OpenACR
/// YAML too (a YAML double-quoted scalar reads JSON's escapes alike). C0 and C1 controls and the
/// line and paragraph separators are escaped, so no terminal sequence survives in a file.
package enum JSONString {
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    package static func quoted(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }
}
