import A11yKB
import MCP

/// What a tool answers: a text for whoever reads it (the model, a person), and the same facts as
/// JSON (`structuredContent`) for a client that reads data.
package struct Answer {
    package var text: String
    /// An object, as MCP requires of structured content.
    package var data: JSONValue
    package var isError = false

    package init(_ text: String, _ data: JSONValue) {
        self.text = text
        self.data = data
    }

    /// A document's answer: its text in `format`, and its data.
    package init<D: StructuredDocument>(_ document: D, _ format: DocumentFormat = .markdown) throws {
        self.init(try document.rendered(format), document.json)
    }

    /// A result whose JSON is an array or a value: put under `key` in an object.
    package init(_ text: String, _ key: String, _ data: JSONValue) {
        self.init(text, .object([(key, data)]))
    }

    /// A tool error: the call was understood but cannot be answered as asked (an unknown
    /// component, a bad argument, refused SQL). The model reads why and can ask again.
    package static func error(_ message: String, _ details: [(String, JSONValue)] = []) -> Answer {
        var answer = Answer(message, .object([("error", .string(message))] + details))
        answer.isError = true
        return answer
    }

    /// MCP's `CallToolResult` as JSON.
    package var json: JSONValue {
        .object([
            ("content", .array([.object([("type", .string("text")), ("text", .string(text))])])),
            ("structuredContent", data),
            ("isError", .bool(isError)),
        ])
    }

    /// The same as the SDK's type.
    package var result: CallTool.Result {
        let structured: Value? = Value(json: data)
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: isError)
    }
}

extension Document {
    /// The document as a tool's text: as a file holds it, but JSON without the line break a file
    /// ends with (what `get_component` and `build_conformance_report` have always answered).
    package func toolText(_ format: DocumentFormat, options: DocumentOptions = DocumentOptions()) throws -> String {
        let text = try rendered(format, options: options)
        return format == .json && text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

extension Value {
    /// MCP's JSON value from ours (whose objects keep their key order; MCP's are dictionaries).
    package init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(Int(i))
        case .double(let d): self = d.isFinite ? .double(d) : .null
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map { Value(json: $0) })
        case .object(let pairs): self = .object(Dictionary(pairs.map { ($0.0, Value(json: $0.1)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
