/// JSON parsed with the line each key and value starts on. content.json holds a component's
/// markdown as one JSON string per field, each on a line of its own: the line is all a fact read
/// from it can point at, and Foundation's parser does not keep it.
package indirect enum LinedJSON: Sendable, Equatable {
    case object([Member])
    case array([Element])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    package struct Member: Sendable, Equatable {
        package var key: String
        package var line: Int
        package var value: LinedJSON
    }

    package struct Element: Sendable, Equatable {
        package var line: Int
        package var value: LinedJSON
    }

    package subscript(key: String) -> LinedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    package var members: [Member] {
        if case .object(let m) = self { return m }
        return []
    }

    package var elements: [Element] {
        if case .array(let e) = self { return e }
        return []
    }

    /// The parsed value, and the lines that hold nothing but punctuation (`{`, `],`).
    package static func parse(_ text: String) throws -> (value: LinedJSON, punctuationLines: [Int]) {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("text after the JSON value") }
        let lineCount = parser.line
        let punctuation = (1...max(lineCount, 1)).filter { !parser.tokenLines.contains($0) && parser.nonBlankLines.contains($0) }
        return (value, punctuation)
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        /// Lines where a string, number or literal starts.
        var tokenLines = Set<Int>()
        var nonBlankLines = Set<Int>()
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> ReadError {
            ReadError(line: line, "content.json is not valid JSON: \(message)")
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A: line += 1
                case 0x20, 0x09, 0x0D: break
                default: return
                }
                index += 1
            }
        }

        mutating func value() throws -> LinedJSON {
            guard index < bytes.count else { throw error("unexpected end") }
            nonBlankLines.insert(line)
            switch bytes[index] {
            case UInt8(ascii: "{"):
                var members: [Member] = []
                try container(closing: "}") {
                    guard $0.index < $0.bytes.count, $0.bytes[$0.index] == UInt8(ascii: "\"") else { throw $0.error("expected a key") }
                    let keyLine = $0.line
                    let key = try $0.string()
                    $0.skipSpace()
                    guard $0.index < $0.bytes.count, $0.bytes[$0.index] == UInt8(ascii: ":") else { throw $0.error("expected ':'") }
                    $0.index += 1
                    $0.skipSpace()
                    members.append(Member(key: key, line: keyLine, value: try $0.value()))
                }
                return .object(members)
            case UInt8(ascii: "["):
                var elements: [Element] = []
                try container(closing: "]") {
                    let start = $0.line
                    elements.append(Element(line: start, value: try $0.value()))
                }
                return .array(elements)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                let start = index
                tokenLines.insert(line)
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { throw error("unexpected character") }
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        /// An object's or array's items, each read by `item`, separated by commas up to `closing`.
        mutating func container(closing: Unicode.Scalar, _ item: (inout Parser) throws -> Void) throws {
            depth += 1
            guard depth <= 256 else { throw error("nested too deeply") }
            defer { depth -= 1 }
            index += 1
            skipSpace()
            let close = UInt8(ascii: closing)
            if index < bytes.count, bytes[index] == close {
                nonBlankLines.insert(line)
                index += 1
                return
            }
            while true {
                skipSpace()
                try item(&self)
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end") }
                nonBlankLines.insert(line)
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == close { index += 1; return }
                throw error("expected ',' or '\(closing)'")
            }
        }

        mutating func literal(_ word: String, _ value: LinedJSON) throws -> LinedJSON {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<(index + w.count)]) == w else { throw error("unexpected word") }
            tokenLines.insert(line)
            index += w.count
            return value
        }

        mutating func string() throws -> String {
            tokenLines.insert(line)
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let b = bytes[index]
                switch b {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { throw error("unfinished escape") }
                    let e = bytes[index + 1]
                    index += 2
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                    default: out.append(e)
                    }
                case 0x0A:
                    line += 1
                    out.append(b)
                    index += 1
                default:
                    out.append(b)
                    index += 1
                }
            }
            throw error("unfinished string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
                throw error("bad \\u escape")
            }
            index += 4
            return value
        }
    }
}
