/// The one way a value becomes JSON: an `Encodable` value is encoded into a `JSONValue` tree, keys
/// in the order it encodes them (a type's `CodingKeys`, in the order its cases are declared), and
/// `JSONValue.rendered()` writes the tree. Foundation's `JSONEncoder` sorts or scrambles keys and
/// drops nil; here an optional that is nil is written `null`, as every document has always
/// written it, so a key is in every object of its type whether it has a value or not.
///
///     struct Change: Encodable { var field: String; var old: String? }
///     JSONValue(encoding: Change(field: "level", old: nil)).rendered()   // {"field": "level", "old": null}
extension JSONValue {
    public init<T: Encodable>(encoding value: T) {
        self = JSONValueEncoding.encode(value)
    }
}

extension JSONValue {
    /// An object with `pairs` after its own (a value's encoding and what the document says beside
    /// it); any other value as it is.
    package func adding(_ pairs: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let own) = self else { return self }
        return .object(own + pairs)
    }
}

/// `JSONValue` is `Encodable` too: a tree already built (a row of a list, the OpenACR tree) goes
/// into an encoded value as it is.
extension JSONValue: Encodable {
    public func encode(to encoder: Encoder) throws {
        if let tree = encoder as? JSONValueEncoding.Node {
            tree.value = self
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .int(let i): try container.encode(i)
        case .double(let d): try container.encode(d)
        case .string(let s): try container.encode(s)
        case .array(let items): try container.encode(items)
        case .object(let pairs):
            // Another encoder (not this project's) gets the pairs as a dictionary.
            try container.encode(Dictionary(pairs, uniquingKeysWith: { _, last in last }))
        }
    }
}

enum JSONValueEncoding {
    static func encode<T: Encodable>(_ value: T) -> JSONValue {
        if let tree = value as? JSONValue { return tree }
        let node = Node(codingPath: [])
        // Encoding into a tree cannot fail: a value that throws from its own `encode(to:)` is
        // written as far as it got.
        try? value.encode(to: node)
        return node.resolved
    }

    /// One value being encoded: a scalar, or an object or array still being filled.
    final class Node: Encoder {
        let codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var value: JSONValue = .null
        var pairs: [(String, Node)]?
        var items: [Node]?

        init(codingPath: [CodingKey]) { self.codingPath = codingPath }

        var resolved: JSONValue {
            if let pairs { return .object(pairs.map { ($0.0, $0.1.resolved) }) }
            if let items { return .array(items.map(\.resolved)) }
            return value
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if pairs == nil { pairs = [] }
            return KeyedEncodingContainer(Keyed<Key>(node: self))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            if items == nil { items = [] }
            return Unkeyed(node: self)
        }

        func singleValueContainer() -> SingleValueEncodingContainer { Single(node: self) }

        /// The node for `key`: a key encoded again is replaced where it first stood.
        func child(_ key: CodingKey) -> Node {
            let child = Node(codingPath: codingPath + [key])
            if let i = pairs!.firstIndex(where: { $0.0 == key.stringValue }) {
                pairs![i].1 = child
            } else {
                pairs!.append((key.stringValue, child))
            }
            return child
        }

        func appended() -> Node {
            let child = Node(codingPath: codingPath + [Index(intValue: items!.count)])
            items!.append(child)
            return child
        }

        func set<T: Encodable>(_ encodable: T) throws {
            switch encodable {
            case let tree as JSONValue: value = tree
            case let s as String: value = .string(s)
            case let b as Bool: value = .bool(b)
            case let i as Int: value = .int(Int64(i))
            case let i as Int64: value = .int(i)
            case let i as Int32: value = .int(Int64(i))
            case let d as Double: value = .double(d)
            default: try encodable.encode(to: self)
            }
        }
    }

    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { String(intValue!) }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [CodingKey] { node.codingPath }

        mutating func encodeNil(forKey key: Key) throws { node.child(key).value = .null }
        mutating func encode(_ value: Bool, forKey key: Key) throws { node.child(key).value = .bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { node.child(key).value = .string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { node.child(key).value = .double(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { node.child(key).value = .int(Int64(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { node.child(key).value = .int(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try node.child(key).set(value) }

        // nil is written as null: the key stays in the object.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }

        private func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
            if let value { try node.child(key).set(value) } else { node.child(key).value = .null }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            node.child(key).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { node.child(key).unkeyedContainer() }
        mutating func superEncoder() -> Encoder { node.child(SuperKey()) }
        mutating func superEncoder(forKey key: Key) -> Encoder { node.child(key) }
    }

    struct SuperKey: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [CodingKey] { node.codingPath }
        var count: Int { node.items?.count ?? 0 }

        mutating func encodeNil() throws { node.appended().value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.appended().set(value) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            node.appended().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { node.appended().unkeyedContainer() }
        mutating func superEncoder() -> Encoder { node.appended() }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [CodingKey] { node.codingPath }

        mutating func encodeNil() throws { node.value = .null }
        mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
        mutating func encode(_ value: String) throws { node.value = .string(value) }
        mutating func encode(_ value: Double) throws { node.value = .double(value) }
        mutating func encode(_ value: Int) throws { node.value = .int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { node.value = .int(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.set(value) }
    }
}
