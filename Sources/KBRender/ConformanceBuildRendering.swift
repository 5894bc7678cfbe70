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
    /// One line per piece of evidence: the level's place, then each row and rule with its file.
    public static func markdown(_ trail: ConformanceTrail) -> String {
        var out = "## Evidence trail\n\n"
        out += "Where each level of this report comes from: the results rows (file, line, row, page, result, note) and the automated rules (file, page, rule, outcome, elements).\n\n"
        let shown = trail.records.filter { !$0.rows.isEmpty || !$0.rules.isEmpty || !$0.basedOn.isEmpty || $0.baseLevel != nil }
        if shown.isEmpty { return out + "No evidence was given.\n" }
        for r in shown {
            var head = "\(r.criterion) (\(r.component)): \(r.level.label)"
            if let base = r.baseLevel { head += "; the base report states \(base.label)" }
            if let e = r.evidenceLevel, e != r.level { head += "; the evidence gives \(e.label)" }
            out += "- " + MarkdownText.inline(head) + "\n"
            for row in r.rows {
                let place = [row.file.map { "\($0) line \(row.line)" }, row.page.map { "page \($0)" }].compactMap { $0 }.joined(separator: ", ")
                out += "  - " + MarkdownText.inline("\(row.result): \(row.id)" + (place.isEmpty ? "" : " (\(place))")
                                                    + (row.note.isEmpty ? "" : ". Note: \(row.note)")) + "\n"
            }
            for rule in r.rules {
                out += "  - " + MarkdownText.inline("axe-core \(rule.rule) \(rule.outcome) on \(rule.nodes) element\(rule.nodes == 1 ? "" : "s")"
                                                    + " (\(rule.file)" + (rule.page.map { ", \($0)" } ?? "") + ")") + "\n"
            }
            if !r.basedOn.isEmpty { out += "  - " + MarkdownText.inline("rests on " + r.basedOn.joined(separator: ", ")) + "\n" }
        }
        return out
    }
}

extension ConformanceTrailRendering {
    /// The trail as the last section of the report's HTML page: a list per level, every text escaped.
    public static func htmlSection(_ trail: ConformanceTrail) -> String {
        let e = HTMLText.escape
        var out = "<section aria-labelledby=\"trail\">\n<h2 id=\"trail\">Evidence trail</h2>\n"
        out += "<p>Where each level of this report comes from: the results rows and the automated rules, with their files.</p>\n"
        let shown = trail.records.filter { !$0.rows.isEmpty || !$0.rules.isEmpty || !$0.basedOn.isEmpty || $0.baseLevel != nil }
        if shown.isEmpty { return out + "<p>No evidence was given.</p>\n</section>\n" }
        out += "<ul>\n"
        for r in shown {
            var head = "\(r.criterion) (\(r.component)): \(r.level.label)"
            if let base = r.baseLevel { head += "; the base report states \(base.label)" }
            if let ev = r.evidenceLevel, ev != r.level { head += "; the evidence gives \(ev.label)" }
            out += "<li>\(e(head))\n<ul>\n"
            for row in r.rows {
                let place = [row.file.map { "\($0) line \(row.line)" }, row.page.map { "page \($0)" }].compactMap { $0 }.joined(separator: ", ")
                out += "<li>" + e("\(row.result): \(row.id)" + (place.isEmpty ? "" : " (\(place))") + (row.note.isEmpty ? "" : ". Note: \(row.note)")) + "</li>\n"
            }
            for rule in r.rules {
                out += "<li>" + e("axe-core \(rule.rule) \(rule.outcome) on \(rule.nodes) element\(rule.nodes == 1 ? "" : "s") (\(rule.file)"
                                  + (rule.page.map { ", \($0)" } ?? "") + ")") + "</li>\n"
            }
            if !r.basedOn.isEmpty { out += "<li>" + e("rests on " + r.basedOn.joined(separator: ", ")) + "</li>\n" }
            out += "</ul></li>\n"
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
