import A11yKB
import Foundation
import Hummingbird
import HummingbirdCore

// The query parameters of each route family as typed values, decoded from the address by
// Hummingbird's form decoder (`request.uri.decodeQuery(as:context:)`: `+` is a space, `%xx` a
// byte). A value is read as the server has always read it (trimmed; blank is absent) and a bad
// one is refused with the same words (`RequestFault.badRequest`, which the decoder passes on),
// checked in the order the routes always checked them.

/// `/search` and `/api/search`: the words, and what narrows them.
package struct SearchParameters: Decodable, Sendable {
    /// The words and their options; nil when the address gives no words (the API refuses that,
    /// the page goes back home), and then what would narrow them is not read.
    package let question: (text: String, options: SearchOptions)?

    private enum CodingKeys: String, CodingKey { case q, limit, platform, family }

    package init(from decoder: any Decoder) throws {
        let query = try decoder.container(keyedBy: CodingKeys.self)
        guard let text = try query.text(.q) else {
            question = nil
            return
        }
        let limit = try query.text(.limit).map { value -> Int in
            guard let n = Int(value), (1...100).contains(n) else { throw RequestFault.badRequest("limit is a number from 1 to 100 (got \"\(value)\")") }
            return n
        } ?? SearchOptions.defaultComponentLimit
        question = (text, SearchOptions(platform: try query.platform(.platform), family: try query.family(.family), limit: limit))
    }

    /// The same decoding for an address read outside a route (the load run's floor), where no
    /// request context is at hand: `plain`, else the decoder `decodeQuery` uses.
    package init(_ uri: URI) throws {
        self = try Self.plain(uri) ?? URLEncodedFormDecoder().decode(Self.self, from: uri.query ?? "")
    }

    /// A route's address: `plain`, else the decoder (`decodeQuery`, which says what it refused).
    static func of(_ uri: URI, context: some RequestContext) throws -> SearchParameters {
        try plain(uri) ?? uri.decodeQuery(as: SearchParameters.self, context: context)
    }

    private init(question: (text: String, options: SearchOptions)?) { self.question = question }

    /// The address most searches send, `q=` alone whose words are printable ASCII, read byte by
    /// byte as the form decoder reads it (`+` a space, `%xx` a byte, trimmed, blank absent); nil
    /// for any other address, which the decoder reads. The decoder's general path (its tree of
    /// keys, Foundation's trimming) cost a question's address more than its rules cost.
    package static func plain(_ uri: URI) -> SearchParameters? {
        guard let query = uri.query else { return nil }
        var bytes = query.utf8[...]
        guard bytes.starts(with: "q=".utf8) else { return nil }
        bytes = bytes.dropFirst(2)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var byte = bytes[index]
            switch byte {
            // Another parameter, a list's key, a fragment: the decoder's.
            case UInt8(ascii: "&"), UInt8(ascii: "#"): return nil
            case UInt8(ascii: "+"): byte = UInt8(ascii: " ")
            case UInt8(ascii: "%"):
                let high = bytes.index(after: index)
                guard high < bytes.endIndex, bytes.index(after: high) < bytes.endIndex,
                      let h = hexDigit(bytes[high]), let l = hexDigit(bytes[bytes.index(after: high)]) else { return nil }
                byte = h << 4 | l
                index = bytes.index(after: high)
            default: break
            }
            // Printable ASCII only: a control, a byte of UTF-8 and a malformed escape are the decoder's.
            guard (0x20...0x7E).contains(byte) else { return nil }
            text.append(byte)
            index = bytes.index(after: index)
        }
        // `.whitespaces` of printable ASCII is the space alone.
        let words = text.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
        guard !words.isEmpty else { return SearchParameters(question: nil) }
        let options = SearchOptions(platform: nil, family: nil, limit: SearchOptions.defaultComponentLimit)
        return SearchParameters(question: (String(decoding: words, as: UTF8.self), options))
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// `?family=`, where a family alone narrows (the components, a comparison).
struct FamilyParameter: Decodable, Sendable {
    let family: Family?

    private enum CodingKeys: String, CodingKey { case family }

    init(from decoder: any Decoder) throws {
        family = try decoder.container(keyedBy: CodingKeys.self).family(.family)
    }
}

/// `?format=` of a document: one of the formats it is written in (`Document.formats`).
struct FormatParameter<D: Document>: Decodable, Sendable {
    let format: DocumentFormat?

    private enum CodingKeys: String, CodingKey { case format }

    init(from decoder: any Decoder) throws {
        format = try decoder.container(keyedBy: CodingKeys.self).format(.format, of: D.self)
    }
}

/// `/api/coverage`'s `?format=`: coverage is a list, JSON or CSV of its one table.
struct CoverageFormatParameter: Decodable, Sendable {
    let format: TabularFormat

    private enum CodingKeys: String, CodingKey { case format }

    init(from decoder: any Decoder) throws {
        let query = try decoder.container(keyedBy: CodingKeys.self)
        format = try query.choice(.format, [TabularFormat.json, .csv].map(\.rawValue)).flatMap(TabularFormat.init(rawValue:)) ?? .json
    }
}

/// `/api/matrix`'s parameters: the format, what a cell holds, the platforms' columns, the family.
struct MatrixParameters: Decodable, Sendable {
    let format: DocumentFormat
    let cells: Matrix.CellMode
    /// As given: the matrix checks them as the command line's option is checked.
    let platforms: [String]
    let family: Family?

    private enum CodingKeys: String, CodingKey { case format, cells, platforms, family }

    init(from decoder: any Decoder) throws {
        let query = try decoder.container(keyedBy: CodingKeys.self)
        format = try query.format(.format, of: Matrix.self) ?? .csv
        cells = try query.choice(.cells, Matrix.CellMode.allCases.map(\.rawValue)).flatMap(Matrix.CellMode.init(rawValue:)) ?? .text
        platforms = try query.text(.platforms)?.split(separator: ",").map(String.init) ?? []
        family = try query.family(.family)
    }
}

extension KeyedDecodingContainer {
    /// A parameter's text, trimmed; nil when absent or blank. A name written as a list or a map
    /// (`q[]=`) is another name than this one, as it always was here. Escaped bytes that are no
    /// UTF-8 (`%E9`, Latin-1's é) are refused as the malformed escape they are: the decoder reads
    /// them as U+FFFD, a character no one types, and would search for it.
    func text(_ key: Key) throws -> String? {
        guard let value = (try? decodeIfPresent(String.self, forKey: key)) ?? nil else { return nil }
        guard !value.unicodeScalars.contains("\u{FFFD}") else { throw RequestFault.badRequest("the address holds a malformed %-escape") }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A value that must be one of `choices` when given.
    func choice(_ key: Key, _ choices: [String]) throws -> String? {
        guard let value = try text(key) else { return nil }
        guard choices.contains(value) else {
            throw RequestFault.badRequest("\(key.stringValue) is one of \(choices.joined(separator: ", ")) (got \"\(value)\")")
        }
        return value
    }

    /// A document's format, named as the command line's `--format` names it.
    func format<D: Document>(_ key: Key, of document: D.Type) throws -> DocumentFormat? {
        guard let value = try text(key) else { return nil }
        do {
            return try D.format(named: value)
        } catch {
            throw RequestFault.badRequest("\(key.stringValue) is one of \(error.supported.map(\.rawValue).joined(separator: ", ")) (got \"\(error.given)\")")
        }
    }

    func family(_ key: Key) throws -> Family? { try choice(key, Family.allCases.map(\.rawValue)).flatMap(Family.init(rawValue:)) }

    func platform(_ key: Key) throws -> Platform? { try choice(key, Platform.allCases.map(\.rawValue)).map { try Platform(slug: $0) } }
}

extension Parameters {
    /// A path parameter, percent-decoded (the router hands it on as sent).
    func decoded(_ name: String) throws -> String {
        guard let value = try require(name).removingPercentEncoding, !value.isEmpty else {
            throw RequestFault.badRequest("the address lacks its \(name)")
        }
        return value
    }
}
