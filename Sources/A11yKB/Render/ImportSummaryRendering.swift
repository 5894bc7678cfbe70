/// The import summary as people read it, and as JSON for scripts.
public enum ImportSummaryRendering {
    public static func text(_ s: ImportSummary) -> String {
        var out = ""
        func section<T>(_ title: String, _ items: [T], _ line: (T) -> String) {
            guard !items.isEmpty else { return }
            out += "\(title) (\(items.count)):\n"
            for item in items { out += "  " + line(item) + "\n" }
        }
        section("added", s.added) { "\($0.component)  ← \($0.path) [\($0.format)]" }
        section("replaced", s.replaced) { "\($0.component)  ← \($0.path) [\($0.format)]" }
        section("superseded", s.superseded) { "\($0.component): \($0.winner) replaces \($0.superseded)" }
        section("removed", s.removed) { "\($0.component) (no longer in \($0.path))" }
        section("transcripts", s.transcripts) { "\($0.component)  ← \($0.path)" }
        section("skipped", s.skipped) { "\($0.path): \($0.reason)" }
        section("notices", s.notices) { $0.description }
        section("errors", s.errors) { $0.description }
        var totals = ["\(s.added.count) added", "\(s.replaced.count) replaced", "\(s.superseded.count) superseded",
                      "\(s.unchanged.count) unchanged", "\(s.skipped.count) skipped", "\(s.errors.count) errors"]
        if !s.transcripts.isEmpty { totals.insert("\(s.transcripts.count) transcripts", at: 3) }
        if s.ignoredInCheckout > 0 { totals.append("\(s.ignoredInCheckout) other checkout files ignored") }
        if !s.wroteNothing || s.unaccountedLines > 0 {
            totals.append("\(s.unaccountedLines) unaccounted lines" + (s.unaccounted.isEmpty ? "" : " in \(s.unaccounted.count) files"))
        }
        out += (s.refused ? "refused, nothing written: " : "") + totals.joined(separator: ", ") + "\n"
        return out
    }

    public static func json(_ s: ImportSummary) -> JSONValue {
        func items(_ list: [ImportSummary.Item]) -> JSONValue {
            .array(list.map { .object([("path", .string($0.path)), ("component", .string($0.component)), ("format", .string($0.format))]) })
        }
        func problems(_ list: [ImportSummary.Problem]) -> JSONValue {
            .array(list.map { .object([("path", .string($0.path)), ("line", .optional($0.line)), ("message", .string($0.message))]) })
        }
        return .object([
            ("refused", .bool(s.refused)),
            ("added", items(s.added)),
            ("replaced", items(s.replaced)),
            ("superseded", .array(s.superseded.map {
                .object([("component", .string($0.component)), ("winner", .string($0.winner)), ("superseded", .string($0.superseded))])
            })),
            ("removed", items(s.removed)),
            ("transcripts", items(s.transcripts)),
            ("unchanged", .array(s.unchanged.map(JSONValue.string))),
            ("skipped", .array(s.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("ignored_in_checkout", .int(Int64(s.ignoredInCheckout))),
            ("unaccounted_lines", .int(Int64(s.unaccountedLines))),
            ("unaccounted", .array(s.unaccounted.map { .object([("path", .string($0.path)), ("lines", .int(Int64($0.lines)))]) })),
            ("notices", problems(s.notices)),
            ("errors", problems(s.errors)),
        ])
    }
}
