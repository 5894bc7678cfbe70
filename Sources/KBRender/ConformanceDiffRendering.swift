import KBConformance

/// A report comparison and a check's problems as lines or as JSON: one object per change (the
/// contract's keys: chapter, criterion, component, field, old, new) or per problem.
public enum ConformanceDiffRendering {
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

    public static func json(_ diff: OpenACRDiff) -> String {
        array(diff.changes.map { c in
            [("chapter", c.chapter), ("criterion", c.criterion), ("component", c.component), ("field", c.field), ("old", c.old), ("new", c.new)]
        })
    }

    public static func json(problems: [OpenACRProblem]) -> String {
        array(problems.map { p in
            [("kind", p.kind.rawValue), ("chapter", p.chapter), ("criterion", p.criterion), ("component", p.component), ("message", p.message)]
        })
    }

    static func array(_ objects: [[(String, String?)]]) -> String {
        if objects.isEmpty { return "[]\n" }
        return "[\n" + objects.map { pairs in
            "  {" + pairs.map { key, value in JSONText.quoted(key) + ": " + (value.map(JSONText.quoted) ?? "null") }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n") + "\n]\n"
    }
}
