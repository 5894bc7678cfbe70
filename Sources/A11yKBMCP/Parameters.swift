import A11yKB
import Foundation
import MCP

/// One argument a tool takes. The tool's JSON Schema and the check of what a client sends are
/// both made from these, so that the schema a model reads is the rule the server applies.
package struct Parameter: Sendable {
    package enum Kind: Sendable {
        case string
        /// One of these words.
        case choice([String], default: String?)
        /// A list of strings (each one of `choices` when given).
        case strings(choices: [String]?)
        case boolean(default: Bool)
        case integer(default: Int, range: ClosedRange<Int>)
        case number(default: Double, range: ClosedRange<Double>)
    }

    package var name: String
    package var kind: Kind
    package var description: String
    package var required = false
    /// The value is a path on the machine the server runs on (an older knowledge base): offered
    /// only where client and server share that machine (stdio), never over HTTP.
    package var namesServerPath = false

    package static func string(_ name: String, _ description: String, required: Bool = false) -> Parameter {
        Parameter(name: name, kind: .string, description: description, required: required)
    }

    package static func choice(_ name: String, _ choices: [String], _ description: String, default value: String? = nil,
                       required: Bool = false) -> Parameter {
        Parameter(name: name, kind: .choice(choices, default: value), description: description, required: required)
    }

    /// A document's `format`: its choices are the formats the document is written in.
    package static func format<D: Document>(_ document: D.Type, _ description: String, default value: DocumentFormat) -> Parameter {
        // A tool's answer is text: a binary format (Word) is no choice here.
        .choice("format", D.textFormats.map(\.rawValue), description, default: value.rawValue)
    }

    /// The JSON Schema of the value.
    package var schema: Value {
        var object: [String: Value] = ["description": .string(description)]
        switch kind {
        case .string:
            object["type"] = "string"
        case let .choice(choices, value):
            object["type"] = "string"
            object["enum"] = .array(choices.map(Value.string))
            if let value { object["default"] = .string(value) }
        case .strings(let choices):
            object["type"] = "array"
            var items: [String: Value] = ["type": "string"]
            if let choices { items["enum"] = .array(choices.map(Value.string)) }
            object["items"] = .object(items)
            if required { object["minItems"] = 1 }
        case .boolean(let value):
            object["type"] = "boolean"
            object["default"] = .bool(value)
        case let .integer(value, range):
            object["type"] = "integer"
            object["default"] = .int(value)
            object["minimum"] = .int(range.lowerBound)
            object["maximum"] = .int(range.upperBound)
        case let .number(value, range):
            object["type"] = "number"
            object["default"] = .double(value)
            object["minimum"] = .double(range.lowerBound)
            object["maximum"] = .double(range.upperBound)
        }
        return .object(object)
    }

    package static func inputSchema(_ parameters: [Parameter]) -> Value {
        .object([
            "type": "object",
            "properties": .object(Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.schema) })),
            "required": .array(parameters.filter(\.required).map { .string($0.name) }),
            "additionalProperties": false,
        ])
    }
}

/// A tool's arguments, checked against its parameters: every name known, every value of its type
/// and among its choices, every required one there. Read back typed; defaults filled in.
package struct Arguments {
    /// Why the arguments cannot be used, in words a model can act on.
    package struct Invalid: Error, CustomStringConvertible {
        package var description: String
    }

    private let values: [String: Value]
    private let parameters: [String: Parameter]
    /// The tool's words for the library's advice (see Hints).
    package let hint: HintWording

    /// How the tool's search listings mark matches and word their advice.
    package var style: SearchStyle { SearchStyle(hint: hint) }

    /// `timeLimit`: the server's own limit on a request's time, when it has one (`ToolTable`).
    package init(_ values: [String: Value]?, for parameters: [Parameter], tool: String, timeLimit: TimeInterval? = nil) throws {
        let values = values ?? [:]
        let known = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0) })
        for name in values.keys.sorted() where known[name] == nil {
            throw Invalid(description: "\(tool) has no argument \"\(name)\"; its arguments: "
                          + parameters.map(\.name).joined(separator: ", "))
        }
        for parameter in parameters {
            guard let value = values[parameter.name], !value.isNull else {
                if parameter.required { throw Invalid(description: "\(tool) needs the argument \"\(parameter.name)\": \(parameter.description)") }
                continue
            }
            try Arguments.check(value, parameter)
        }
        self.values = values.filter { !$0.value.isNull }
        self.parameters = known
        self.hint = Hints.wording(parameters, timeLimit: timeLimit)
    }

    private static func check(_ value: Value, _ p: Parameter) throws {
        func invalid(_ expected: String) -> Invalid {
            Invalid(description: "argument \"\(p.name)\" must be \(expected) (got \(value))")
        }
        switch p.kind {
        case .string:
            guard let text = value.stringValue else { throw invalid("a string") }
            if p.required && text.trimmingCharacters(in: .whitespaces).isEmpty { throw invalid("a non-empty string") }
        case .choice(let choices, _):
            guard let text = value.stringValue, choices.contains(text) else { throw invalid("one of " + choices.joined(separator: ", ")) }
        case .strings(let choices):
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else { throw invalid("an array of strings") }
            if p.required && items.isEmpty { throw invalid("an array of at least one string") }
            if let choices, let bad = items.compactMap(\.stringValue).first(where: { !choices.contains($0) }) {
                throw Invalid(description: "argument \"\(p.name)\": \"\(bad)\" is not one of " + choices.joined(separator: ", "))
            }
        case .boolean:
            guard value.boolValue != nil else { throw invalid("true or false") }
        case .integer(_, let range):
            guard let number = integer(value) else { throw invalid("an integer") }
            guard range.contains(number) else { throw invalid("between \(range.lowerBound) and \(range.upperBound)") }
        case .number(_, let range):
            guard let number = value.doubleValue ?? value.intValue.map(Double.init) else { throw invalid("a number") }
            guard range.contains(number) else { throw invalid("between \(range.lowerBound) and \(range.upperBound)") }
        }
    }

    /// An integer, also when a client sends it as `10.0`.
    private static func integer(_ value: Value) -> Int? {
        if let int = value.intValue { return int }
        if let double = value.doubleValue, double == double.rounded(), abs(double) < 1e15 { return Int(double) }
        return nil
    }

    /// The string given, else the choice's default.
    package func string(_ name: String) -> String? {
        if let value = values[name]?.stringValue { return value }
        if case .choice(_, let value)? = parameters[name]?.kind { return value }
        return nil
    }

    /// The document format given (checked against its choices, `Parameter.format`), else its default.
    package func format<D: Document>(_ document: D.Type, _ name: String = "format") throws -> DocumentFormat {
        do {
            let format = try D.format(named: string(name) ?? "")
            guard !format.isBinary else { throw UnsupportedFormat(given: format.rawValue, supported: D.textFormats) }
            return format
        } catch let error as UnsupportedFormat {
            throw Invalid(description: "argument \"\(name)\" must be one of " + error.supported.map(\.rawValue).joined(separator: ", ")
                          + " (got \(error.given))")
        }
    }

    package func strings(_ name: String) -> [String] { values[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// Files given as texts, each named by the argument and its place (`evidence 2`), as a
    /// command line names the files it reads.
    package func inputs(_ name: String) -> [NamedInput] {
        strings(name).enumerated().map { NamedInput(name: "\(name) \($0.offset + 1)", data: Data($0.element.utf8)) }
    }

    /// Files given as base64 (a binary file, a workbook, cannot travel as text), each named as
    /// `inputs` names them; one refused before decoding when it would decode to more than `limit`
    /// bytes. Whitespace is left out: a client may wrap the text in lines.
    package func base64Inputs(_ name: String, limit: Int) throws -> [NamedInput] {
        try strings(name).enumerated().map { offset, text in
            let packed = text.filter { !$0.isWhitespace }, place = "\(name) \(offset + 1)"
            guard packed.utf8.count <= (limit / 3 + 1) * 4 else {
                throw Invalid(description: "argument \"\(name)\": \(place) decodes to more than \(limit >> 20) MB; not read")
            }
            guard let data = Data(base64Encoded: packed) else {
                throw Invalid(description: "argument \"\(name)\": \(place) is not base64 (RFC 4648: A-Z a-z 0-9 + /, padded with =)")
            }
            return NamedInput(name: place, data: data)
        }
    }

    /// A platform given by its slug (the choices are the slugs).
    package func platform(_ name: String = "platform") throws -> Platform? { try string(name).map { try Platform(slug: $0) } }

    /// Platforms given by their slugs, each once.
    package func platforms(_ name: String) throws -> [Platform] { try strings(name).map { try Platform(slug: $0) }.uniqued() }

    /// A framework given by its slug.
    package func framework(_ name: String = "framework") throws -> Framework? { try string(name).map { try Framework(slug: $0) } }

    /// A conformance level (`A`, `AA`, `AAA`).
    package func level(_ name: String = "level") throws -> WCAGLevel? { try string(name).map { try WCAGLevel(typed: $0) } }

    package func bool(_ name: String) -> Bool {
        if let value = values[name]?.boolValue { return value }
        if case .boolean(let value)? = parameters[name]?.kind { return value }
        return false
    }

    package func int(_ name: String) -> Int {
        if let value = values[name].flatMap(Arguments.integer) { return value }
        if case .integer(let value, _)? = parameters[name]?.kind { return value }
        return 0
    }

    package func double(_ name: String) -> Double {
        if let value = values[name], let number = value.doubleValue ?? value.intValue.map(Double.init) { return number }
        if case .number(let value, _)? = parameters[name]?.kind { return value }
        return 0
    }
}
