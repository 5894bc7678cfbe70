/// `a11ykb trace` as people read it (a line of the account per line of the source) and as JSON
/// (one object per source line).
import KBModel

public enum TraceRendering {
    public static func text(_ traces: [SourceTrace], countsOnly: Bool = false) -> String {
        var out = ""
        for trace in traces {
            out += header(trace) + "\n"
            if countsOnly { continue }
            let width = String(trace.lines.count).count
            for line in trace.lines {
                let number = String(repeating: " ", count: width - String(line.number).count) + String(line.number)
                let disposition = line.disposition.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
                let detail = line.details.joined(separator: "; ")
                out += "\(number)  \(disposition) \(detail)" + (line.text.trimmingSpaces().isEmpty ? "" : "  | \(line.text)") + "\n"
            }
            out += "\n"
        }
        if traces.count > 1 || countsOnly { out += "total: " + counts(traces.flatMap(\.lines)) + "\n" }
        return out
    }

    static func header(_ trace: SourceTrace) -> String {
        var parts = [trace.path]
        if let format = trace.format { parts.append("[\(format)]") }
        if !trace.components.isEmpty { parts.append(trace.components.joined(separator: ", ")) }
        var line = parts.joined(separator: " ") + ": " + counts(trace.lines)
        if let note = trace.note { line += " (\(note))" }
        return line
    }

    static func counts(_ lines: [SourceTrace.Line]) -> String {
        var total: [LineDisposition: Int] = [:]
        for line in lines { total[line.disposition, default: 0] += 1 }
        return "\(lines.count) lines: " + [LineDisposition.fact, .structure, .skipped, .unaccounted]
            .map { "\(total[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// One object per source line.
    public static func json(_ traces: [SourceTrace]) -> JSONValue {
        .array(traces.flatMap { trace in
            trace.lines.map { line in
                JSONValue.object([
                    ("path", .string(trace.path)), ("line", .int(Int64(line.number))),
                    ("disposition", .string(line.disposition.rawValue)),
                    ("table", .optional(line.table)), ("kind", .optional(line.kind)),
                    ("detail", .string(line.details.joined(separator: "; "))), ("text", .string(line.text)),
                ])
            }
        })
    }

    /// Counts per file, as JSON.
    public static func countsJSON(_ traces: [SourceTrace]) -> JSONValue {
        .array(traces.map { trace in
            .object([("path", .string(trace.path)), ("format", .optional(trace.format)), ("lines", .int(Int64(trace.lines.count)))]
                + LineDisposition.allCases.reversed().map { ($0.rawValue, .int(Int64(trace.count($0)))) }
                + [("note", .optional(trace.note))])
        })
    }
}
