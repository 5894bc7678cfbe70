import A11yKB
import Foundation
import MCP


/// What a line of input is, as far as the transport must know.
package enum Message {
    package enum Kind {
        case request(id: String, method: String)
        case cancellation(id: String?)
        case batch(ids: [String])
        case other
        /// Not a JSON-RPC message: answered with this error (`id`: the JSON of its id, or `null`).
        case invalid(id: String, MCPError)
    }

    /// The members of a message the transport reads, and nothing else: `result` and `params` are
    /// skipped, not built into values (the SDK's `Value` compiles a regular expression for every
    /// string it decodes, which made reading back a large answer cost more than computing it).
    struct Envelope: Decodable {
        enum ID { case none, null, key(String), invalid }

        var jsonrpc: String?
        var id: ID
        var method: String?
        var isResponse: Bool
        var requestID: ID

        enum Keys: String, CodingKey { case jsonrpc, id, method, result, error, params }
        enum ParamsKeys: String, CodingKey { case requestId }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            jsonrpc = try? container.decodeIfPresent(String.self, forKey: .jsonrpc)
            method = try? container.decodeIfPresent(String.self, forKey: .method)
            id = Envelope.id(container, .id)
            isResponse = container.contains(.result) || container.contains(.error)
            if method == "notifications/cancelled", let params = try? container.nestedContainer(keyedBy: ParamsKeys.self, forKey: .params) {
                requestID = Envelope.id(params, .requestId)
            } else {
                requestID = .none
            }
        }

        /// An id as JSON text (`7`, `"7"`): one key per id, and what an error response echoes.
        static func id<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> ID {
            guard container.contains(key) else { return .none }
            if (try? container.decodeNil(forKey: key)) == true { return .null }
            if let number = try? container.decode(Int.self, forKey: key) { return .key(String(number)) }
            if let text = try? container.decode(String.self, forKey: key) {
                return .key(Message.jsonString(text))
            }
            return .invalid
        }

        var key: String? { if case .key(let key) = id { key } else { nil } }
    }

    package static func classify(_ data: Data) -> Kind {
        let decoder = JSONDecoder()
        if let message = try? decoder.decode(Envelope.self, from: data) {
            if let name = repeatedMember(data) {
                // Which of the two is meant is anyone's guess: say so rather than pick one.
                return .invalid(id: "null", .invalidRequest("the message gives \(jsonString(name)) twice: give each member once"))
            }
            guard message.jsonrpc == "2.0" else {
                return .invalid(id: message.key ?? "null", .invalidRequest("\"jsonrpc\": \"2.0\" is missing"))
            }
            if let method = message.method {
                if method == "notifications/cancelled" {
                    if case .key(let id) = message.requestID { return .cancellation(id: id) }
                    return .cancellation(id: nil)
                }
                switch message.id {
                case .none, .null: return .other
                case .key(let id): return .request(id: id, method: method)
                case .invalid: return .invalid(id: "null", .invalidRequest("a request id is a string or an integer"))
                }
            }
            if message.isResponse { return .other }
            return .invalid(id: message.key ?? "null", .invalidRequest("neither a request, a notification nor a response"))
        }
        if let items = try? decoder.decode([Envelope].self, from: data) {
            guard !items.isEmpty, items.allSatisfy({ $0.jsonrpc == "2.0" && $0.method != nil }) else {
                return .invalid(id: "null", .invalidRequest("a batch is a non-empty array of JSON-RPC requests and notifications"))
            }
            return .batch(ids: items.compactMap(\.key))
        }
        let depth = nesting(data)
        if depth > maxNesting {
            return .invalid(id: "null", .parseError("the line is JSON nested \(depth) levels deep, deeper than the \(maxNesting) a message may nest"))
        }
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
            return .invalid(id: "null", .invalidRequest("a JSON-RPC message is an object (or a batch of them)"))
        }
        return .invalid(id: "null", .parseError("the line is not JSON; send one JSON-RPC message per line"))
    }

    /// The first member the message's object names twice, or nil. JSON leaves a repeated name's
    /// meaning to the reader, and readers differ: Foundation's `JSONDecoder` keeps the first,
    /// `JSONSerialization` the last. The SDK's HTTP transport reads a request's id with the one
    /// and its server with the other, so `{"id":10,"id":11,...}` was answered as 10 while the
    /// transport waited for 11, for good.
    package static func repeatedMember(_ data: Data) -> String? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var depth = 0
            var inString = false, escaped = false, expectingName = false
            var nameStart: Int?
            var names = Set<String>()
            for (i, byte) in bytes.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        guard let start = nameStart else { continue }
                        nameStart = nil
                        let quoted = Data(bytes[start...i])
                        // A name with escapes (`"i\u0064"`) is the name they spell.
                        let name = (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: quoted, as: UTF8.self)
                        if !names.insert(name).inserted { return name }
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    if depth == 1 && expectingName {
                        nameStart = i
                        expectingName = false
                    }
                case UInt8(ascii: "{"):
                    depth += 1
                    if depth == 1 { expectingName = true }
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: ","): if depth == 1 { expectingName = true }
                default: break
                }
            }
            return nil
        }
    }

    /// How deep Foundation's JSON parsers read before they give up.
    static let maxNesting = 512

    /// The deepest nesting of arrays and objects in `data`, strings skipped.
    package static func nesting(_ data: Data) -> Int { JSONNesting.depth(data) }

    /// The ids a message the server sends answers (a response, or a batch of them).
    package static func answeredIDs(_ data: Data) -> [String] {
        let decoder = JSONDecoder()
        if let message = try? decoder.decode(Envelope.self, from: data) {
            return message.isResponse ? message.key.map { [$0] } ?? [] : []
        }
        return ((try? decoder.decode([Envelope].self, from: data)) ?? []).filter(\.isResponse).compactMap(\.key)
    }

    /// A JSON-RPC error response; `id` is JSON text (`null`, `7`, `"abc"`).
    package static func error(id: String, _ error: MCPError) -> Data {
        let message = Message.jsonString(error.errorDescription ?? "error")
        return Data("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"error\":{\"code\":\(error.code),\"message\":\(message)}}".utf8)
    }

    /// `text` as a JSON string literal. Encoding a String cannot fail; the fallback keeps it a crash-free
    /// expression all the same.
    package static func jsonString(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
