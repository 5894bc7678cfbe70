import KBModel

/// A JSON value that keeps its keys in the order they were given, so output reads like the
/// schema it comes from. Foundation's encoders sort or scramble keys.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }

    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    public static func optional(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }

    public func rendered(pretty: Bool = true) -> String { rendered(pretty: pretty, line: false) }

    /// `line`: with a line break after it (a document's last line), written with the rest rather
    /// than appended to the string made (a copy of the whole).
    package func rendered(pretty: Bool, line: Bool) -> String {
        var out: [UInt8] = []
        write(into: &out, indent: pretty ? 0 : nil)
        if line { out.append(UInt8(ascii: "\n")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Pretty, as it reads nested `level` deep in a document (an element of a streamed array).
    package func rendered(level: Int) -> String {
        var out: [UInt8] = []
        write(into: &out, indent: level)
        return String(decoding: out, as: UTF8.self)
    }

    // Written as bytes, made a String once: appending to a String checked and grew it at every
    // piece, a third of the team server's time answering a search went to writing its JSON. The
    // fixed pieces (an indentation, a literal) are appended whole from static bytes: appended as a
    // string's UTF-8 view, two spaces at a time, they were a fifth of writing a search's answer.
    func write(into out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: JSONValue.append("null", to: &out)
        case .bool(let b): JSONValue.append(b ? "true" : "false", to: &out)
        case .int(let i): JSONValue.append(i, to: &out)
        case .double(let d): JSONValue.append(d, to: &out)
        case .string(let s): JSONString.quote(s, into: &out)
        case .array(let items):
            JSONValue.writeArray(items.count, into: &out, indent: indent) { index, out, inner in items[index].write(into: &out, indent: inner) }
        case .object(let pairs):
            JSONValue.writeObject(pairs.count, key: { pairs[$0].0 }, into: &out, indent: indent) { index, out, inner in
                pairs[index].1.write(into: &out, indent: inner)
            }
        }
    }

    /// An array of `count` items as `write` lays one out, `item` writing each (at the indentation
    /// it is given): a value's tree, or a list written as it is read (`Tabular.writeObject`).
    static func writeArray(_ count: Int, into out: inout [UInt8], indent: Int?, item: (Int, inout [UInt8], Int?) -> Void) {
        writeItems(count, UInt8(ascii: "["), UInt8(ascii: "]"), into: &out, indent: indent, item: item)
    }

    /// An object of `count` pairs as `write` lays one out, `key` naming each, `value` writing it.
    static func writeObject(_ count: Int, key: (Int) -> String, into out: inout [UInt8], indent: Int?,
                            value: (Int, inout [UInt8], Int?) -> Void) {
        writeItems(count, UInt8(ascii: "{"), UInt8(ascii: "}"), into: &out, indent: indent) { index, out, inner in
            JSONString.quote(key(index), into: &out)
            if indent != nil { JSONValue.append(": ", to: &out) } else { out.append(UInt8(ascii: ":")) }
            value(index, &out, inner)
        }
    }

    /// The same with keys quoted once (`Keys`): the objects a list writes many of, each with the
    /// same keys (a search's facts: most of the strings its answer quoted were their keys).
    /// `runs` of pairs already `written` as `writePair` writes them, at this indentation, each
    /// appended whole in place of its pairs.
    static func writeObject(_ keys: Keys, into out: inout [UInt8], indent: Int?, runs: [Range<Int>] = [], written: [[UInt8]] = [],
                            value: (Int, inout [UInt8], Int?) -> Void) {
        let count = keys.pretty.count
        out.append(UInt8(ascii: "{"))
        if count == 0 { out.append(UInt8(ascii: "}")); return }
        var index = 0, run = 0
        while index < count {
            if run < min(written.count, runs.count), runs[run].lowerBound == index {
                out.append(contentsOf: written[run])
                index = runs[run].upperBound
                run += 1
                continue
            }
            writePair(index, keys, into: &out, indent: indent, value: value)
            index += 1
        }
        JSONValue.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }

    /// The pair at `index` of an object written at `indent`, as `writeObject` writes it: the comma
    /// before it (but the first), its line, its key, its value.
    static func writePair(_ index: Int, _ keys: Keys, into out: inout [UInt8], indent: Int?, value: (Int, inout [UInt8], Int?) -> Void) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        let inner = indent.map { $0 + 1 }
        JSONValue.newline(&out, inner)
        out.append(contentsOf: indent == nil ? keys.compact[index] : keys.pretty[index])
        value(index, &out, inner)
    }

    /// An object's keys, each quoted with what follows it as `writeObject` writes it (`"key": `
    /// pretty, `"key":` compact).
    struct Keys: Sendable {
        let pretty: [[UInt8]]
        let compact: [[UInt8]]

        init(_ names: [String]) {
            compact = names.map { name in
                var quoted: [UInt8] = []
                JSONString.quote(name, into: &quoted)
                quoted.append(UInt8(ascii: ":"))
                return quoted
            }
            pretty = compact.map { $0 + [UInt8(ascii: " ")] }
        }
    }

    /// Items between `open` and `close`, each on a line of its own when pretty, a comma between.
    private static func writeItems(_ count: Int, _ open: UInt8, _ close: UInt8, into out: inout [UInt8], indent: Int?,
                                   item: (Int, inout [UInt8], Int?) -> Void) {
        out.append(open)
        if count == 0 { out.append(close); return }
        let inner = indent.map { $0 + 1 }
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.newline(&out, inner)
            item(index, &out, inner)
        }
        JSONValue.newline(&out, indent)
        out.append(close)
    }

    static func append(_ value: Double, to out: inout [UInt8]) {
        out += (value.isFinite ? String(value) : "null").utf8
    }

    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// An integer's digits, as `String(i)` writes them, without making the string.
    static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    /// A line break and two spaces per level (nothing when not pretty).
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        var left = 2 * indent
        while left > 0 {
            let run = min(left, spaces.count)
            out.append(contentsOf: spaces[..<run])
            left -= run
        }
    }

    static func quote(_ s: String, into out: inout String) { JSONString.quote(s, into: &out) }
}
