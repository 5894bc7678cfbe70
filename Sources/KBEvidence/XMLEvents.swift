/// The few XML events a spreadsheet's parts need: an element opened (its local name, its attributes
/// by local name) or closed, and the text between, entities decoded. Not a general XML parser: a
/// declaration, comment or doctype is skipped, no entity is defined, namespaces are dropped to local
/// names. Foundation's XMLParser is not used: on Linux it links libxml2, which the statically
/// linked release build (scripts/install) does not carry.
enum XMLEvents {
    enum Event {
        case open(String, [String: String])
        case close(String)
        case text(String)
    }

    static func scan(_ bytes: [UInt8], _ handle: (Event) throws -> Void) rethrows {
        let n = bytes.count
        var i = 0
        func find(_ pattern: [UInt8], from start: Int) -> Int {
            var j = start
            while j + pattern.count <= n {
                if bytes[j] == pattern[0] && Array(bytes[j..<j + pattern.count]) == pattern { return j }
                j += 1
            }
            return n
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func local(_ from: Int, _ to: Int) -> String {
            var start = from
            for j in from..<to where bytes[j] == UInt8(ascii: ":") { start = j + 1 }
            return String(decoding: bytes[start..<to], as: UTF8.self)
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                var j = i
                while j < n && bytes[j] != UInt8(ascii: "<") { j += 1 }
                try handle(.text(decode(bytes[i..<j])))
                i = j
                continue
            }
            if i + 1 < n && bytes[i + 1] == UInt8(ascii: "?") { i = find(Array("?>".utf8), from: i) + 2; continue }
            if i + 3 < n && bytes[i + 1] == UInt8(ascii: "!") {
                if Array(bytes[i..<min(n, i + 4)]) == Array("<!--".utf8) { i = find(Array("-->".utf8), from: i) + 3; continue }
                if i + 9 <= n && Array(bytes[i..<i + 9]) == Array("<![CDATA[".utf8) {
                    let end = find(Array("]]>".utf8), from: i + 9)
                    try handle(.text(String(decoding: bytes[i + 9..<end], as: UTF8.self)))
                    i = end + 3
                    continue
                }
                i = find([UInt8(ascii: ">")], from: i) + 1
                continue
            }
            if i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
                let end = find([UInt8(ascii: ">")], from: i)
                var nameEnd = i + 2
                while nameEnd < end && !isSpace(bytes[nameEnd]) { nameEnd += 1 }
                try handle(.close(local(i + 2, nameEnd)))
                i = end + 1
                continue
            }
            var j = i + 1
            while j < n && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: "/") && bytes[j] != UInt8(ascii: ">") { j += 1 }
            let name = local(i + 1, j)
            var attributes: [String: String] = [:]
            var closed = false
            while j < n {
                while j < n && isSpace(bytes[j]) { j += 1 }
                guard j < n else { break }
                if bytes[j] == UInt8(ascii: ">") { j += 1; break }
                if bytes[j] == UInt8(ascii: "/") { closed = true; j += 1; continue }
                let nameStart = j
                while j < n && bytes[j] != UInt8(ascii: "=") && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") { j += 1 }
                let attribute = local(nameStart, j)
                while j < n && (isSpace(bytes[j]) || bytes[j] == UInt8(ascii: "=")) { j += 1 }
                guard j < n, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { continue }
                let quote = bytes[j]
                let valueStart = j + 1
                j = valueStart
                while j < n && bytes[j] != quote { j += 1 }
                attributes[attribute] = decode(bytes[valueStart..<min(j, n)])
                j += 1
            }
            try handle(.open(name, attributes))
            if closed { try handle(.close(name)) }
            i = j
        }
    }

    /// XML's five named entities and numeric character references; anything else stays as written.
    static func decode(_ slice: ArraySlice<UInt8>) -> String {
        let text = String(decoding: slice, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(entity)]
            var scalar: Unicode.Scalar?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") { scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
            else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst(1)).flatMap(Unicode.Scalar.init) }
            if let replacement = named ?? scalar.map({ String(Character($0)) }) {
                out += replacement
                rest = rest[rest.index(after: semi)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return out + rest
    }
}
