import KBConformance

/// A report, its comparison and a check's problems as data: lines for a terminal, or JSON through
/// `JSONValue` (a change has the contract's keys: chapter, criterion, component, field, old, new).
public enum ConformanceDataRendering {
    public static func text(_ diff: OpenACRDiff) -> String {
        diff.changes.map { c in
            let place = [c.chapter, c.criterion, c.component].compactMap { $0 }.joined(separator: " ")
            let old = c.old ?? "(not stated)", new = c.new ?? "(not stated)"
            let what: String = switch c.field {
            case "added": "added" + (c.new.map { " (\($0))" } ?? "")
            case "removed": "removed" + (c.old.map { " (was \($0))" } ?? "")
            case "notes": "notes changed"
            default: "\(c.field): \(old) -> \(new)"
            }
            return TerminalText.clean((place.isEmpty ? "" : place + ": ") + what) + "\n"
        }.joined()
    }

    public static func json(_ diff: OpenACRDiff) -> JSONValue {
        .array(diff.changes.map { c in
            .object([("chapter", .optional(c.chapter)), ("criterion", .optional(c.criterion)), ("component", .optional(c.component)),
                     ("field", .string(c.field)), ("old", .optional(c.old)), ("new", .optional(c.new))])
        })
    }

    public static func json(problems: [OpenACRProblem]) -> JSONValue {
        .array(problems.map { p in
            .object([("kind", .string(p.kind.rawValue)), ("chapter", .optional(p.chapter)), ("criterion", .optional(p.criterion)),
                     ("component", .optional(p.component)), ("message", .string(p.message))])
        })
    }

    /// A report as JSON: the OpenACR tree, keys in the schema's order.
    public static func json(_ report: OpenACRReport) -> JSONValue { value(OpenACRWriting.tree(report)) }

    static func value(_ v: OpenACRWriting.Value) -> JSONValue {
        switch v {
        case .string(let s): .string(s)
        case .int(let n): .int(Int64(n))
        case .bool(let b): .bool(b)
        case .list(let items): .array(items.map(value))
        case .map(let pairs): .object(pairs.map { ($0.0, value($0.1)) })
        }
    }
}
