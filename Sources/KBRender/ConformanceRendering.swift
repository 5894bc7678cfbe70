import KBConformance
import KBModel
import KBQuery

/// An OpenACR report as a document a buyer reads: HTML (one self-contained file: no script, no
/// network, styles inline, printable, light and dark) or markdown with the same content. Each
/// chapter is a heading with a table of its criteria (`caption`, `th scope`), each success criterion
/// linked to W3C's Understanding page, and a summary of levels per chapter, as a table with a bar
/// drawn beside each count (the bars are decoration; the numbers are the text).
public enum ConformanceRendering {
    struct Row {
        var num: String
        var handle: String?
        var link: String?
        var components: [(name: String, level: String, notes: String)]
    }

    struct Chapter {
        var id: String
        var label: String
        var notes: String?
        var disabled: Bool
        var rows: [Row]
        var counts: [(label: String, count: Int)]
    }

    static func chapters(_ report: OpenACRReport) -> [Chapter] {
        let catalog = report.catalog.flatMap(OpenACRCatalog.named)
        let understanding = Dictionary(WCAGCatalogue.builtIn.compactMap { c in c.w3cID.map { (c.sc, $0) } }, uniquingKeysWith: { a, _ in a })
        return report.chapters.map { chapter in
            let known = catalog?.chapter(chapter.id)
            let rows = (chapter.criteria ?? []).map { c -> Row in
                let handle = known?.criteria.first { $0.id == c.num }?.handle
                let link = known?.wcagLevel != nil ? understanding[c.num].map { "https://www.w3.org/WAI/WCAG22/Understanding/\($0).html" } : nil
                return Row(num: c.num, handle: handle, link: link, components: (c.components ?? []).map { p in
                    (p.name, level(p.adherence?.level), p.adherence?.notes ?? "")
                })
            }
            var counts: [(label: String, count: Int)] = []
            for l in AdherenceLevel.allCases {
                let n = rows.reduce(0) { $0 + $1.components.filter { $0.level == l.label }.count }
                if n > 0 { counts.append((l.label, n)) }
            }
            let unstated = rows.reduce(0) { $0 + $1.components.filter { $0.level == "Not stated" }.count }
            if unstated > 0 { counts.append(("Not stated", unstated)) }
            return Chapter(id: chapter.id, label: known?.label ?? chapter.id, notes: chapter.notes, disabled: chapter.disabled == true,
                           rows: rows, counts: counts)
        }
    }

    /// A term's label; a level that is no term is shown as written, an empty one as not stated.
    static func level(_ id: String?) -> String {
        guard let id, !id.isEmpty else { return "Not stated" }
        return AdherenceLevel(rawValue: id)?.label ?? id
    }

    static func component(_ name: String) -> String {
        switch name {
        case "web": "Web"
        case "electronic-docs": "Electronic Documents"
        case "software": "Software"
        case "authoring-tool": "Authoring Tool"
        case "none": ""
        default: name
        }
    }

    public static func markdown(_ report: OpenACRReport) -> String {
        var out = "# " + MarkdownTable.cell(report.title ?? "Accessibility Conformance Report") + "\n\n"
        out += header(report).map { "- **\($0.0)**: " + MarkdownTable.cell($0.1) + "\n" }.joined()
        for (title, text) in prose(report) { out += "\n## \(title)\n\n" + MarkdownTable.cell(text) + "\n" }
        let all = chapters(report)
        out += "\n## Summary\n\n"
        out += MarkdownTable.render(header: ["Chapter", "Levels"], rows: all.map { c in
            [c.label, c.disabled ? "not provided" : c.counts.map { "\($0.label): \($0.count)" }.joined(separator: ", ")]
        })
        for chapter in all {
            out += "\n## " + MarkdownTable.cell(chapter.label) + "\n\n"
            if let notes = chapter.notes { out += MarkdownTable.cell(notes) + "\n\n" }
            if chapter.disabled { out += "Not provided in this report.\n"; continue }
            if chapter.rows.isEmpty { out += "No criteria stated.\n"; continue }
            // Every cell is the file's text, escaped; only the link to W3C's page, which this
            // renderer makes from the catalogue (a criterion the catalog knows), is markup.
            out += MarkdownTable.head(["Criterion", "Component", "Conformance Level", "Remarks and Explanations"])
            for row in chapter.rows {
                let name = MarkdownTable.cell(row.num + (row.handle.map { " " + $0 } ?? ""))
                let criterion = row.link.map { "[\(name)](\($0))" } ?? name
                let parts = row.components.isEmpty ? [(name: "", level: "Not stated", notes: "")] : row.components
                for (i, p) in parts.enumerated() {
                    out += "| " + (i == 0 ? criterion : "") + " | " + [component(p.name), p.level, p.notes].map(MarkdownTable.cell).joined(separator: " | ") + " |\n"
                }
            }
        }
        return out
    }

    static func header(_ r: OpenACRReport) -> [(String, String)] {
        var out: [(String, String)] = []
        if let p = r.product {
            out.append(("Product", [p.name, p.version.map { "version \($0)" }].compactMap { $0 }.joined(separator: ", ")))
            if let d = p.description { out.append(("Description", d)) }
        }
        if let v = r.vendor, let text = contact(v) { out.append(("Vendor", text)) }
        if let a = r.author, let text = contact(a) { out.append(("Author", text)) }
        if let d = r.reportDate { out.append(("Report date", d)) }
        if let d = r.lastModifiedDate { out.append(("Last modified", d)) }
        if let c = r.catalog { out.append(("Catalog", OpenACRCatalog.named(c).map { "\($0.title) (\(c))" } ?? c)) }
        if let l = r.license { out.append(("License", l)) }
        return out
    }

    static func contact(_ c: OpenACRReport.Contact) -> String? {
        let parts = [c.name, c.companyName, c.address, c.email, c.phone, c.website].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func prose(_ r: OpenACRReport) -> [(String, String)] {
        [("Notes", r.notes), ("Evaluation methods used", r.evaluationMethodsUsed), ("Legal disclaimer", r.legalDisclaimer)]
            .compactMap { title, text in text.map { (title, $0) } }
    }

    public static func html(_ report: OpenACRReport) -> String {
        let e = HTMLText.escape
        let title = report.title ?? "Accessibility Conformance Report"
        var out = HTMLPage.head(title: title, style: """
            a { color: #0b57d0; }
            a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
            .skip { position: absolute; left: -999px; }
            .skip:focus { left: 1rem; top: 1rem; background: #ffffff; padding: .5rem; }
            td.notes, .prose { white-space: pre-line; }
            .bar { display: inline-block; height: .8rem; background: #1a5c38; vertical-align: middle; margin-right: .5rem; }
            @media (prefers-color-scheme: dark) {
              .skip:focus { color: #f0f0f0; background: #161616; }
              a { color: #9ec3ff; }
              a:focus-visible { outline-color: #9ec3ff; }
              .bar { background: #7fd1a2; }
            }
            @media print { .skip { display: none; } a { color: inherit; } }
            """)
        out += """
            <a class="skip" href="#main">Skip to the report</a>
            <header><p>Accessibility Conformance Report in GSA's OpenACR format</p></header>
            <main id="main">
            <h1>\(e(title))</h1>

            """
        out += HTMLPage.facts(header(report))
        for (heading, text) in prose(report) { out += "<h2>\(e(heading))</h2>\n<p class=\"prose\">\(e(text))</p>\n" }
        let all = chapters(report)
        let most = max(1, all.flatMap { $0.counts.map(\.count) }.max() ?? 1)
        out += "<h2 id=\"summary\">Summary of conformance levels</h2>\n<table>\n<caption>Criteria per conformance level, by chapter</caption>\n"
        out += "<thead><tr><th scope=\"col\">Chapter</th><th scope=\"col\">Conformance level</th><th scope=\"col\">Criteria</th></tr></thead>\n<tbody>\n"
        for (n, chapter) in all.enumerated() {
            let anchor = "chapter-\(n + 1)"
            if chapter.disabled || chapter.counts.isEmpty {
                out += "<tr><th scope=\"row\"><a href=\"#\(anchor)\">\(e(chapter.label))</a></th><td>\(chapter.disabled ? "Not provided" : "None stated")</td><td>0</td></tr>\n"
                continue
            }
            for (i, c) in chapter.counts.enumerated() {
                let width = Int((Double(c.count) / Double(most) * 12).rounded(.up))
                out += "<tr>" + (i == 0 ? "<th scope=\"row\" rowspan=\"\(chapter.counts.count)\"><a href=\"#\(anchor)\">\(e(chapter.label))</a></th>" : "")
                    + "<td>\(e(c.label))</td><td><span class=\"bar\" style=\"width: \(width)rem\" aria-hidden=\"true\"></span>\(c.count)</td></tr>\n"
            }
        }
        out += "</tbody>\n</table>\n"
        for (n, chapter) in all.enumerated() {
            out += "<section aria-labelledby=\"chapter-\(n + 1)\">\n<h2 id=\"chapter-\(n + 1)\">\(e(chapter.label))</h2>\n"
            if let notes = chapter.notes { out += "<p class=\"prose\">\(e(notes))</p>\n" }
            if chapter.disabled { out += "<p>Not provided in this report.</p>\n</section>\n"; continue }
            if chapter.rows.isEmpty { out += "<p>No criteria stated.</p>\n</section>\n"; continue }
            out += "<table>\n<caption>\(e(chapter.label)): conformance level and remarks per criterion</caption>\n"
            out += "<thead><tr><th scope=\"col\">Criterion</th><th scope=\"col\">Component</th><th scope=\"col\">Conformance level</th><th scope=\"col\">Remarks and explanations</th></tr></thead>\n<tbody>\n"
            for row in chapter.rows {
                let name = e(row.num + (row.handle.map { " " + $0 } ?? ""))
                let criterion = row.link.map { "<a href=\"\(e($0))\">\(name)</a>" } ?? name
                let parts = row.components.isEmpty ? [(name: "", level: "Not stated", notes: "")] : row.components
                for (i, p) in parts.enumerated() {
                    out += "<tr>" + (i == 0 ? "<th scope=\"row\"" + (parts.count > 1 ? " rowspan=\"\(parts.count)\"" : "") + ">\(criterion)</th>" : "")
                        + "<td>\(e(component(p.name)))</td><td>\(e(p.level))</td><td class=\"notes\">\(e(p.notes))</td></tr>\n"
                }
            }
            out += "</tbody>\n</table>\n</section>\n"
        }
        out += "</main>\n<footer><p>Made by a11ykb from the report's OpenACR data.</p></footer>\n" + HTMLPage.end
        return out
    }
}
