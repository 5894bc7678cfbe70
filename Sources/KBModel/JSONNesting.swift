import Foundation

/// How deep JSON nests, counted over its bytes before a parser (which recurses per level) sees it:
/// the MCP server's messages and the evidence files are both held to a depth this way.
package enum JSONNesting {
    /// The deepest nesting of arrays and objects in `data`, strings skipped.
    package static func depth(_ data: Data) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
