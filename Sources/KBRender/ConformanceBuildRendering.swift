import Foundation
import KBConformance

/// The to-do list of a build: a base report to fill (OpenACR YAML with a comment per entry), or the
/// same entries as a list for a tracker (CSV for a spreadsheet, whose formula-leading cells are
/// guarded; JSON).
extension ConformanceTodo: Document {
    public static let formats: [DocumentFormat] = [.openacr, .csv, .json]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        switch format {
        case .csv:
            // A tracker's import is opened in a spreadsheet: every cell guarded, with or without a byte order mark.
            (options.byteOrderMark ? "\u{FEFF}" : "")
                + CSV.record(["chapter", "criterion", "title", "component", "rows", "guides", "automated_passes", "settle"], forSpreadsheet: true)
                + pending.map { p in
                    CSV.record([p.chapter, p.criterion, p.title, p.component, p.rows.joined(separator: " "), p.guides.joined(separator: " "),
                                p.automatedPasses.joined(separator: " "), p.settle], forSpreadsheet: true)
                }.joined()
        case .json: JSONValue(encoding: pending).rendered() + "\n"
        default: yaml
        }
    }
}

/// Where each level of a build came from, as JSON (one record per level), or as the last section
/// of a buyer's HTML or markdown report, for an auditor.
extension ConformanceTrail: Document {
    public static let formats: [DocumentFormat] = [.json, .markdown]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        format == .markdown ? ConformanceTrailRendering.markdown(self) : JSONValue(encoding: self).rendered() + "\n"
    }
}

public enum ConformanceTrailRendering {
    static let intro = "Where each level of this report comes from: the results rows (file, line, row, page, result, note) and the automated rules (tool, file, page, rule, outcome, elements)."

    /// Each level that has anything behind it: a heading line and one line per row, rule and the
    /// criteria it rests on. Both renderings write these lines, each in its own escaping.
    static func entries(_ trail: ConformanceTrail) -> [(head: String, items: [String])] {
        trail.records.filter { !$0.rows.isEmpty || !$0.rules.isEmpty || !$0.basedOn.isEmpty || $0.baseLevel != nil }.map { r in
            var head = "\(r.criterion) (\(r.component)): \(r.level.label)"
            if let base = r.baseLevel { head += "; the base report states \(base.label)" }
            if let evidence = r.evidenceLevel, evidence != r.level { head += "; the evidence gives \(evidence.label)" }
            var items = r.rows.map { row -> String in
                let place = [row.file.map { "\($0) line \(row.line)" }, row.page.map { "page \($0)" }].compactMap { $0 }.joined(separator: ", ")
                return "\(row.result): \(row.id)" + (place.isEmpty ? "" : " (\(place))") + (row.note.isEmpty ? "" : ". Note: \(row.note)")
            }
            items += r.rules.map { rule in
                "\(rule.tool) \(rule.rule) \(rule.outcome) on \(rule.nodes) element\(rule.nodes == 1 ? "" : "s") (\(rule.file)"
                    + (rule.page.map { ", \($0)" } ?? "") + ")"
            }
            if !r.basedOn.isEmpty { items.append("rests on " + r.basedOn.joined(separator: ", ")) }
            return (head, items)
        }
    }

    /// The trail as a markdown section: a list per level.
    public static func markdown(_ trail: ConformanceTrail) -> String {
        let shown = entries(trail)
        var out = "## Evidence trail\n\n" + intro + "\n\n"
        if shown.isEmpty { return out + "No evidence was given.\n" }
        for entry in shown {
            out += "- " + MarkdownText.inline(entry.head) + "\n"
            for item in entry.items { out += "  - " + MarkdownText.inline(item) + "\n" }
        }
        return out
    }

    /// The trail as the last section of the report's HTML page: a list per level, every text escaped.
    public static func htmlSection(_ trail: ConformanceTrail) -> String {
        let e = HTMLText.escape
        let shown = entries(trail)
        var out = "<section aria-labelledby=\"trail\">\n<h2 id=\"trail\">Evidence trail</h2>\n<p>\(e(intro))</p>\n"
        if shown.isEmpty { return out + "<p>No evidence was given.</p>\n</section>\n" }
        out += "<ul>\n"
        for entry in shown {
            out += "<li>\(e(entry.head))\n<ul>\n" + entry.items.map { "<li>\(e($0))</li>\n" }.joined() + "</ul></li>\n"
        }
        return out + "</ul>\n</section>\n"
    }
}

/// A built report as a buyer reads it: the report, and in HTML and markdown the evidence trail as
/// its last section; OpenACR YAML, JSON and Word are the report alone (the trail is written apart).
extension ConformanceBuild: Document {
    public static let formats = OpenACRReport.formats

    public func renderData(_ format: DocumentFormat, options: DocumentOptions) throws -> Data {
        format.isBinary ? try report.renderData(format, options: options) : Data(render(format, options: options).utf8)
    }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        let page = report.render(format, options: options)
        switch format {
        case .markdown: return page + "\n" + ConformanceTrailRendering.markdown(trail)
        case .html:
            // The trail closes the page's main content.
            guard let end = page.range(of: "</main>", options: .backwards) else { return page }
            return page.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: ConformanceTrailRendering.htmlSection(trail))
        default: return page
        }
    }
}

/// The built report as an assistant's tool answers it beside its text: the report, the conflicts
/// with the base, what is left to test by hand and the base to fill with it, the trail, and the
/// rows of the results that were not counted.
extension ConformanceBuild: StructuredDocument {
    public var json: JSONValue {
        .object([("report", ConformanceDataRendering.json(report)),
                 ("conflicts", ConformanceDataRendering.json(problems: conflicts)),
                 ("to_test_by_hand", JSONValue(encoding: pending)), ("todo_base", .string(todo.yaml)),
                 ("trail", JSONValue(encoding: trail)),
                 ("rows_not_counted", .array(unreadRows.map { row in
                     .object([("file", .string(row.file)), ("line", .optional(row.problem.line)), ("id", .string(row.problem.id)),
                              ("problem", .string(row.problem.kind.rawValue))])
                 }))])
    }
}

/// What a check of a conformance report found: a line per problem with its place, or that it found
/// none; as data, the problems.
public struct ConformanceCheckDocument: StructuredDocument, Sendable {
    public var problems: [OpenACRProblem]

    public init(_ problems: [OpenACRProblem]) { self.problems = problems }

    public static let formats: [DocumentFormat] = [.text, .json]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        if format == .json { return json.rendered() + "\n" }
        return problems.isEmpty ? "No problem found.\n" : problems.map { "- \($0.kind.rawValue): \($0.located)\n" }.joined()
    }

    public var json: JSONValue { .object([("problems", ConformanceDataRendering.json(problems: problems))]) }
}
