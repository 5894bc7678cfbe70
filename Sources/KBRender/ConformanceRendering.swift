import KBConformance
import KBModel
import KBQuery

/// An OpenACR report as a document a buyer reads, laid out as VPAT 2.5 (`VPATDocument`): HTML
/// (one self-contained file: no script, no network, styles inline, printable, light and dark) or
/// markdown with the same content; Word is `ConformanceWordRendering`. Each chapter is a heading
/// with a table of its criteria (`caption`, `th scope`), each success criterion linked to W3C's
/// Understanding page, and a summary of levels per chapter, as a table with a bar drawn beside
/// each count (the bars are decoration; the numbers are the text).
public enum ConformanceRendering {
    /// The column headers of every criteria table, as VPAT 2.5 names them.
    static let columns = ["Criteria", "Conformance Level", "Remarks and Explanations"]
    static let notStated = "Not stated"

    /// A term's label; a level that is no term is shown as written, an empty one as not stated.
    static func level(_ id: String?) -> String {
        guard let id, !id.isEmpty else { return notStated }
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

    /// What a chapter with no table says in its place.
    static func placeholder(_ body: VPATDocument.Body) -> (text: String, reason: RichText?)? {
        switch body {
        case .rows: nil
        case .notApplicable(let reason): ("Not Applicable" + (reason == nil ? ": the report marks this chapter not applicable." : ":"), reason)
        case .noCriteria: ("The report lists no criteria in this chapter.", nil)
        case .notIncluded: ("Not included in this report.", nil)
        }
    }

    /// An entry's level and remarks, with the component before each where it has one: `Web: Supports`.
    static func levelLine(_ e: VPATDocument.Entry) -> String { e.component.isEmpty ? e.level : "\(e.component): \(e.level)" }

    /// A row's remarks, as every rendering writes them: each component's (after its name, where the
    /// row has several), then the rendering's own note on the criterion.
    static func remarks(_ row: VPATDocument.Row) -> [(label: String?, text: RichText)] {
        row.entries.filter { !$0.remarks.isEmpty }.map { ($0.component.isEmpty || row.entries.count == 1 ? nil : $0.component, $0.remarks) }
            + (row.note.map { [(nil, RichText($0))] } ?? [])
    }

    /// The summary's line per chapter that has a table.
    static func summaryLevels(_ table: VPATDocument.Table) -> String {
        switch table.body {
        case .rows: table.counts.map { "\($0.label): \($0.count)" }.joined(separator: ", ")
        case .notApplicable: AdherenceLevel.notApplicable.label
        case .noCriteria: "None stated"
        case .notIncluded: "Not included"
        }
    }

    public static func markdown(_ report: OpenACRReport) -> String { markdown(VPATDocument(report)) }

    static func markdown(_ doc: VPATDocument) -> String {
        let cell = MarkdownTable.cell
        var out = "# " + cell(doc.title) + "\n\n"
        if let edition = doc.edition { out += cell(edition) + "\n\n" }
        out += doc.facts.map { "- **\(cell($0.label))**: " + cell($0.value.plain) + "\n" }.joined()
        if let note = doc.catalogNote { out += "\n" + cell(note) + "\n" }
        for (title, text) in doc.prose { out += "\n## \(title)\n\n" + cell(text.plain) + "\n" }
        out += "\n## Applicable Standards/Guidelines\n\n"
        out += MarkdownTable.render(header: ["Standard/Guideline", "Included in Report"], rows: doc.standards.map { s in
            [s.name + (s.url.map { " (\($0))" } ?? ""), s.included.joined(separator: "\n")]
        })
        out += "\n## Terms\n\n"
        out += MarkdownTable.render(header: ["Term", "Definition"], rows: doc.terms.map { [$0.label, $0.definition] })
        out += "\n## Summary of Conformance Levels\n\n"
        out += MarkdownTable.render(header: ["Chapter", "Levels"], rows: doc.sections.flatMap(\.tables).map { [$0.title, summaryLevels($0)] })
        for section in doc.sections {
            out += "\n## " + cell(section.heading) + "\n"
            for table in section.tables {
                out += "\n### " + cell(table.title) + "\n\n"
                if let notes = table.notes { out += cell(notes.plain) + "\n\n" }
                if let (text, reason) = placeholder(table.body) {
                    out += text + (reason.map { " " + cell($0.plain) } ?? "") + "\n"
                    continue
                }
                guard case .rows(let rows) = table.body else { continue }
                // Every cell is the file's text, escaped; only the link to W3C's page, which this
                // renderer makes from the catalogue (a criterion the catalog knows), is markup.
                out += MarkdownTable.head(columns)
                for row in rows {
                    let name = cell(row.criterion)
                    let criterion = row.link.map { "[\(name)](\($0))" } ?? name
                    let remarks = Self.remarks(row).map { ($0.label.map { $0 + ": " } ?? "") + $0.text.plain }
                    out += "| " + criterion + " | " + cell(row.entries.map(levelLine).joined(separator: "\n")) + " | "
                        + cell(remarks.joined(separator: "\n")) + " |\n"
                }
            }
        }
        if let legal = doc.legalDisclaimer { out += "\n## Legal Disclaimer\n\n" + cell(legal.plain) + "\n" }
        return out
    }

    /// Text with its links as links: the text escaped, an http(s) address as the `href`.
    static func html(_ text: RichText) -> String {
        text.pieces.map { p in p.url.map { "<a href=\"\(HTMLText.escape($0))\">\(HTMLText.escape(p.text))</a>" } ?? HTMLText.escape(p.text) }.joined()
    }

    public static func html(_ report: OpenACRReport) -> String { html(VPATDocument(report)) }

    static func html(_ doc: VPATDocument) -> String {
        let e = HTMLText.escape
        var out = HTMLPage.head(title: doc.title, style: """
            a { color: #0b57d0; }
            a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
            .skip { position: absolute; left: -999px; }
            .skip:focus { left: 1rem; top: 1rem; background: #ffffff; padding: .5rem; }
            td.notes, .prose { white-space: pre-line; }
            td p { margin: 0 0 .4rem; }
            .edition { font-size: 1.1rem; margin-top: -.5rem; }
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
            <h1>\(e(doc.title))</h1>

            """
        if let edition = doc.edition { out += "<p class=\"edition\">\(e(edition))</p>\n" }
        if !doc.facts.isEmpty {
            out += "<dl>\n" + doc.facts.map { "<dt>\(e($0.label))</dt><dd>\(html($0.value))</dd>\n" }.joined() + "</dl>\n"
        }
        if let note = doc.catalogNote { out += "<p>\(e(note))</p>\n" }
        for (heading, text) in doc.prose { out += "<h2>\(e(heading))</h2>\n<p class=\"prose\">\(html(text))</p>\n" }
        out += "<h2 id=\"standards\">Applicable Standards/Guidelines</h2>\n<table>\n<caption>The standards this edition reports on, and which this report covers</caption>\n"
        out += "<thead><tr><th scope=\"col\">Standard/Guideline</th><th scope=\"col\">Included in Report</th></tr></thead>\n<tbody>\n"
        for s in doc.standards {
            let name = s.url.map { "<a href=\"\(e($0))\">\(e(s.name))</a>" } ?? e(s.name)
            out += "<tr><th scope=\"row\">\(name)</th><td>\(s.included.map(e).joined(separator: "<br>"))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        out += "<h2 id=\"terms\">Terms</h2>\n<table>\n<caption>The conformance levels used in this report</caption>\n"
        out += "<thead><tr><th scope=\"col\">Term</th><th scope=\"col\">Definition</th></tr></thead>\n<tbody>\n"
        out += doc.terms.map { "<tr><th scope=\"row\">\(e($0.label))</th><td>\(e($0.definition))</td></tr>\n" }.joined()
        out += "</tbody>\n</table>\n"
        let tables = doc.sections.flatMap(\.tables)
        let most = max(1, tables.flatMap { $0.counts.map(\.count) }.max() ?? 1)
        out += "<h2 id=\"summary\">Summary of Conformance Levels</h2>\n<table>\n<caption>Criteria per conformance level, by chapter</caption>\n"
        out += "<thead><tr><th scope=\"col\">Chapter</th><th scope=\"col\">Conformance level</th><th scope=\"col\">Criteria</th></tr></thead>\n<tbody>\n"
        for (n, table) in tables.enumerated() {
            let link = "<a href=\"#chapter-\(n + 1)\">\(e(table.title))</a>"
            if table.counts.isEmpty {
                out += "<tr><th scope=\"row\">\(link)</th><td>\(e(summaryLevels(table)))</td><td>0</td></tr>\n"
                continue
            }
            for (i, c) in table.counts.enumerated() {
                let width = Int((Double(c.count) / Double(most) * 12).rounded(.up))
                out += "<tr>" + (i == 0 ? "<th scope=\"row\" rowspan=\"\(table.counts.count)\">\(link)</th>" : "")
                    + "<td>\(e(c.label))</td><td><span class=\"bar\" style=\"width: \(width)rem\" aria-hidden=\"true\"></span>\(c.count)</td></tr>\n"
            }
        }
        out += "</tbody>\n</table>\n"
        var n = 0
        for section in doc.sections {
            out += "<section>\n<h2>\(e(section.heading))</h2>\n"
            for table in section.tables {
                n += 1
                out += "<section aria-labelledby=\"chapter-\(n)\">\n<h3 id=\"chapter-\(n)\">\(e(table.title))</h3>\n"
                if let notes = table.notes { out += "<p class=\"prose\">\(html(notes))</p>\n" }
                if let (text, reason) = placeholder(table.body) {
                    out += "<p class=\"prose\">\(e(text))" + (reason.map { " " + html($0) } ?? "") + "</p>\n</section>\n"
                    continue
                }
                guard case .rows(let rows) = table.body else { continue }
                out += "<table>\n<caption>\(e(table.title)): conformance level and remarks per criterion</caption>\n<thead><tr>"
                    + columns.map { "<th scope=\"col\">\(e($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
                for row in rows {
                    let name = e(row.criterion)
                    let criterion = row.link.map { "<a href=\"\(e($0))\">\(name)</a>" } ?? name
                    let remarks = Self.remarks(row).map { "<p>" + ($0.label.map { e($0) + ": " } ?? "") + html($0.text) + "</p>" }
                    out += "<tr><th scope=\"row\">\(criterion)</th><td>\(row.entries.map { e(levelLine($0)) }.joined(separator: "<br>"))</td>"
                        + "<td class=\"notes\">\(remarks.joined())</td></tr>\n"
                }
                out += "</tbody>\n</table>\n</section>\n"
            }
            out += "</section>\n"
        }
        if let legal = doc.legalDisclaimer { out += "<h2>Legal Disclaimer</h2>\n<p class=\"prose\">\(html(legal))</p>\n" }
        out += "</main>\n<footer><p>Made by a11ykb from the report's OpenACR data.</p></footer>\n" + HTMLPage.end
        return out
    }
}
