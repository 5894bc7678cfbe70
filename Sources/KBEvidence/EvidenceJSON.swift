import Foundation
import KBModel

/// A JSON value read with `JSONSerialization`, looked into without a `Decodable` per format: every
/// tool's file is a tree of objects, and a reader asks a few paths of it. A path that is not there
/// (or of another type) is `nil`, never an error: what a reader needs, it checks.
struct JSON {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    subscript(key: String) -> JSON { JSON((value as? [String: Any])?[key]) }
    subscript(index: Int) -> JSON {
        guard let list = value as? [Any], list.indices.contains(index) else { return JSON(nil) }
        return JSON(list[index])
    }

    /// Text, as the file writes it; a number or true/false is not text.
    var string: String? { value as? String }
    /// A number. (On Linux a parsed 0 or 1 also reads as a Bool, so no reader asks which it is.)
    var number: Double? { (value as? NSNumber)?.doubleValue }
    var int: Int? { number.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil } }
    var isObject: Bool { value is [String: Any] }
    var isArray: Bool { value is [Any] }
    var exists: Bool { value != nil && !(value is NSNull) }
    /// The list's items; one item for a value that is not a list (JSON-LD writes a one-item list as the item).
    var items: [JSON] {
        if let list = value as? [Any] { return list.map(JSON.init) }
        return exists ? [self] : []
    }
    /// An object's keys in sorted order: the same file reads the same way every time.
    var keys: [String] { ((value as? [String: Any]).map { Array($0.keys) } ?? []).sorted() }
    /// Text of a string or of each string in a list.
    var strings: [String] { items.compactMap(\.string) }
}

extension JSON {
    /// Bytes to a JSON tree, held to `EvidenceReading`'s limits: size first, then the nesting
    /// depth counted over the bytes (a parser recurses per level), then the parse. Nil: not JSON.
    static func parse(_ data: Data) -> JSON? {
        guard data.count <= EvidenceReading.maxBytes, nesting(data) <= EvidenceReading.maxNesting else { return nil }
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return JSON(value)
    }

    /// The deepest `[`/`{` nesting outside strings.
    static func nesting(_ data: Data) -> Int { JSONNesting.depth(data) }
}
