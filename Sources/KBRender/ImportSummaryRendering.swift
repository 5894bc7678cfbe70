/// The import summary as people read it, and as JSON for scripts.
import KBModel

/// An import's summary as a document: text file by file (a screenful at most when
/// `fileLineLimit` is given), or JSON.
public struct ImportSummaryDocument: Document, Sendable {
    public static let formats: [DocumentFormat] = [.text, .json]

    public var summary: ImportSummary
    public var fileLineLimit: Int?
    public var listsErrors: Bool
    public var hint: HintWording

    /// See `ImportSummaryRendering.text` for what the text lists.
    public init(_ summary: ImportSummary, fileLineLimit: Int? = nil, listsErrors: Bool = true, hint: @escaping HintWording = { _ in nil }) {
        (self.summary, self.fileLineLimit, self.listsErrors, self.hint) = (summary, fileLineLimit, listsErrors, hint)
    }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        format == .json ? ImportSummaryRendering.json(summary).rendered() + "\n"
            : ImportSummaryRendering.text(summary, fileLineLimit: fileLineLimit, listsErrors: listsErrors, hint: hint)
    }
}

public enum ImportSummaryRendering {
    /// The summary, file by file. With `fileLineLimit` (a screenful), a summary whose files take
    /// more lines than that lists none of them: it counts them per outcome (skipped files per
    /// reason) and says so, with the skin's words for listing them all; notices and errors are
    /// always listed one by one. Errors are counted; listed too unless `listsErrors` is false (the
    /// command line names each on stderr, once).
    public static func text(_ s: ImportSummary, fileLineLimit: Int? = nil, listsErrors: Bool = true,
                            hint: HintWording = { _ in nil }) -> String {
        var out = ""
        func section<T>(_ title: String, _ items: [T], _ line: (T) -> String) {
            guard !items.isEmpty else { return }
            out += "\(title) (\(items.count)):\n"
            for item in items { out += "  " + line(item) + "\n" }
        }
        let fileLines = [s.added.count, s.replaced.count, s.superseded.count, s.removed.count, s.transcripts.count, s.skipped.count]
            .reduce(0) { $0 + ($1 > 0 ? $1 + 1 : 0) }
        let listsFiles = fileLineLimit.map { fileLines <= $0 } ?? true
        if listsFiles {
            section("added", s.added) { "\($0.component)  ← \($0.path) [\($0.format.rawValue)]" }
            section("replaced", s.replaced) { "\($0.component)  ← \($0.path) [\($0.format.rawValue)]" }
            section("superseded", s.superseded) { "\($0.component): \($0.winner) replaces \($0.superseded)" }
            section("removed", s.removed) { "\($0.component) (no longer in \($0.path))" }
            section("transcripts", s.transcripts) { "\($0.component)  ← \($0.path)" }
            section("skipped", s.skipped) { "\($0.path): \($0.reason)" }
        } else {
            var reasons: [(reason: String, count: Int)] = []
            for skip in s.skipped {
                if let i = reasons.firstIndex(where: { $0.reason == skip.reason }) { reasons[i].count += 1 } else { reasons.append((skip.reason, 1)) }
            }
            if !reasons.isEmpty { out += "skipped (\(s.skipped.count)), by reason:\n" }
            for (reason, count) in reasons { out += "  \(count) × \(reason)\n" }
        }
        if !s.standards.isEmpty { out += standardsLine(s.standards) }
        // One rule set in two shapes gives a notice per file: on a screen they are counted, in full listed.
        let shared = s.notices.filter { $0.sharedRules != nil }
        if fileLineLimit == nil || shared.count < 2 {
            section("notices", s.notices) { $0.description }
        } else {
            let others = s.notices.filter { $0.sharedRules == nil }
            out += "notices (\(s.notices.count)):\n"
            for notice in others { out += "  " + notice.description + "\n" }
            let rules = shared.reduce(0) { $0 + ($1.sharedRules ?? 0) }
            out += "  \(rules) rules of \(shared.count) files are also given by another file: both are kept, and the file imported last is answered"
                + (hint(.listEveryFile).map { " (\($0))" } ?? "") + "\n"
        }
        if listsErrors { section("errors", s.errors) { $0.description } }
        var totals = ["\(s.added.count) added", "\(s.replaced.count) replaced", "\(s.superseded.count) superseded",
                      "\(s.unchanged.count) unchanged", "\(s.skipped.count) skipped", "\(s.errors.count) errors"]
        if !s.transcripts.isEmpty { totals.insert("\(s.transcripts.count) transcripts", at: 3) }
        if !s.removed.isEmpty { totals.insert("\(s.removed.count) removed", at: 3) }
        if s.ignoredInCheckout > 0 { totals.append("\(s.ignoredInCheckout) other checkout files ignored") }
        if !s.wroteNothing || s.unaccountedLines > 0 {
            totals.append("\(s.unaccountedLines) unaccounted lines" + (s.unaccounted.isEmpty ? "" : " in \(s.unaccounted.count) files"))
        }
        out += (s.refused ? "refused, nothing written: " : "") + totals.joined(separator: ", ") + "\n"
        if !listsFiles {
            out += "(files counted, not listed: \(fileLines) lines would not fit on one screen" + (hint(.listEveryFile).map { "; \($0)" } ?? "") + ")\n"
        }
        return out
    }

    /// Standards files are counted per format, never listed: one axe-core checkout is a hundred files.
    static func standardsLine(_ standards: [ImportSummary.Standards]) -> String {
        var formats: [(format: SourceFormat, files: Int, rules: Int, criteria: Int)] = []
        for item in standards {
            if let i = formats.firstIndex(where: { $0.format == item.format }) {
                formats[i].files += 1
                formats[i].rules += item.rules
                formats[i].criteria += item.criteria
            } else {
                formats.append((item.format, 1, item.rules, item.criteria))
            }
        }
        let parts = formats.map { f in
            "\(f.files) \(f.format.rawValue) file\(f.files == 1 ? "" : "s") (" + (f.criteria > 0 ? "\(f.criteria) success criteria" : "\(f.rules) rules") + ")"
        }
        return "standards: " + parts.joined(separator: ", ") + "\n"
    }

    public static func json(_ s: ImportSummary) -> JSONValue { JSONValue(encoding: s) }
}
