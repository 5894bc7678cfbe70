/// A source's trace as people read it: a line of the account per line of the source. (Every other
/// format is the traces' `Tabular`, one row per source line, or per file for the counts.)
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
        if let format = trace.format { parts.append("[\(format.rawValue)]") }
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
}

extension Array where Element == SourceTrace {
    /// One row per source line.
    public var tabular: Tabular {
        Tabular(columns: [.init("path", .path), .init("line", .line), .init("disposition"), .init("table"), .init("kind"), .init("detail"),
                          .init("text")],
                rows: flatMap { trace in
                    trace.lines.map { line in
                        [.text(trace.path), .int(line.number), .text(line.disposition.rawValue), .optional(line.table), .optional(line.kind),
                         .text(line.details.joined(separator: "; ")), .text(line.text)]
                    }
                })
    }

    /// One row per file: its lines counted per disposition.
    public var counts: Tabular {
        let dispositions = LineDisposition.allCases.reversed()
        return Tabular(columns: [.init("path", .path), .init("format"), .init("lines")] + dispositions.map { .init($0.rawValue) } + [.init("note")],
                       rows: map { trace in
                           [.text(trace.path), .optional(trace.format?.rawValue), .int(trace.lines.count)]
                               + dispositions.map { .int(trace.count($0)) } + [.optional(trace.note)]
                       })
    }
}

/// The traces of sources as people read them (the account, or the counts), as a document; every
/// other format is the traces' `Tabular`.
public struct TraceDocument: Document, Sendable {
    public static let formats: [DocumentFormat] = [.text]

    public var traces: [SourceTrace]
    public var countsOnly: Bool

    public init(_ traces: [SourceTrace], countsOnly: Bool = false) { (self.traces, self.countsOnly) = (traces, countsOnly) }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        TraceRendering.text(traces, countsOnly: countsOnly)
    }
}
