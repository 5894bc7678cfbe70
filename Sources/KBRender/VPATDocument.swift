import KBConformance
import KBModel
import KBQuery

/// A report's text that may hold markdown links (`[contact us](https://...)`, as published reports
/// write them): plain text and links, each renderer writing a link its own way (HTML as a link,
/// the others as the text and the address). Only an http or https address is a link; any other
/// bracketed text stays text as written.
package struct RichText: Sendable, Equatable {
    package struct Piece: Sendable, Equatable {
        package var text: String
        package var url: String?
    }

    package var pieces: [Piece]

    package init(_ text: String) {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]"), rest.index(after: close) < rest.endIndex,
                  rest[rest.index(after: close)] == "(",
                  let end = rest[close...].firstIndex(of: ")") else { break }
            let label = rest[rest.index(after: open)..<close]
            let url = String(rest[rest.index(close, offsetBy: 2)..<end])
            let web = (url.hasPrefix("https://") || url.hasPrefix("http://")) && !url.contains { $0 == " " || $0 == "\n" || $0 == "<" || $0 == ">" || $0 == "\"" }
            if web && !label.isEmpty && !label.contains("\n") {
                if open > rest.startIndex { pieces.append(Piece(text: String(rest[..<open]), url: nil)) }
                pieces.append(Piece(text: String(label), url: url))
            } else {
                pieces.append(Piece(text: String(rest[...end]), url: nil))
            }
            rest = rest[rest.index(after: end)...]
        }
        if !rest.isEmpty { pieces.append(Piece(text: String(rest), url: nil)) }
        self.pieces = pieces
    }

    package var isEmpty: Bool { pieces.allSatisfy { $0.text.isEmpty } }

    /// The text with each link as its text and its address: `contact us (https://...)`.
    package var plain: String { pieces.map { p in p.url.map { p.text + " (" + $0 + ")" } ?? p.text }.joined() }
}

/// A conformance report laid out as ITI's VPAT 2.5 lays one out, for every rendering a buyer reads
/// (HTML, markdown, Word: each renders this value and nothing else, so the three never differ):
/// the product and contact facts, the notes and evaluation methods, the standards the edition
/// reports on and which this report covers, the terms, a summary, one section per standard with
/// a table per chapter (Criteria | Conformance Level | Remarks and Explanations), and the legal
/// disclaimer. Titles come from the report's catalog, or the built-in catalog its ids match best.
package struct VPATDocument: Sendable {
    package struct Fact: Sendable { package var label: String; package var value: RichText }
    package struct Term: Sendable { package var label: String; package var definition: String }
    package struct Standard: Sendable {
        package var name: String
        package var url: String?
        /// `Yes`, `No`, `Partially: ...`, or per WCAG level `Level A (Yes)` lines.
        package var included: [String]
    }

    /// One component's level and remarks in a criterion's row: `Web`, `Partially Supports`.
    package struct Entry: Sendable {
        /// Empty for a criterion with no kind of product (`none`).
        package var component: String
        package var level: String
        package var remarks: RichText
    }

    package struct Row: Sendable {
        /// `1.1.1 Non-text Content`.
        package var criterion: String
        /// W3C's Understanding page, for a WCAG success criterion.
        package var link: String?
        package var entries: [Entry]
        /// What the rendering says of the criterion itself, once, after the entries' remarks (4.1.1).
        package var note: String?
    }

    package enum Body: Sendable {
        case rows([Row])
        /// The report disables the chapter; its reason, if it gives one.
        case notApplicable(RichText?)
        /// The report lists the chapter with no criteria.
        case noCriteria
        /// The edition has the chapter and the report leaves it out.
        case notIncluded
    }

    package struct Table: Sendable {
        /// `Table 1: Success Criteria, Level A`.
        package var title: String
        package var notes: RichText?
        package var body: Body
        /// Criteria per level, best first (the summary).
        package var counts: [(label: String, count: Int)]
    }

    package struct Section: Sendable {
        /// `WCAG 2.2 Report`.
        package var heading: String
        package var tables: [Table]
    }

    package var title: String
    /// `VPAT® 2.5 WCAG 2.2 and Revised Section 508 Edition`, where the catalog is known.
    package var edition: String?
    /// Why the titles are those of a catalog the report does not name.
    package var catalogNote: String?
    package var facts: [Fact]
    package var prose: [(heading: String, text: RichText)]
    package var standards: [Standard]
    package var terms: [Term]
    package var sections: [Section]
    package var legalDisclaimer: RichText?

    package static let defaultTitle = "Accessibility Conformance Report"

    package init(_ report: OpenACRReport) {
        let named = report.catalog.flatMap(OpenACRCatalog.named)
        let catalog = named ?? OpenACRCatalog.inferred(for: report)
        title = Self.nonEmpty(report.title) ?? Self.defaultTitle
        edition = catalog.map { "Based on \($0.title)" }
        if named == nil, let catalog {
            catalogNote = (report.catalog.map { "The report names the VPAT edition \"\($0)\", which a11ykb does not know" }
                           ?? "The report names no VPAT edition")
                + "; its chapters and criteria are titled as in \(catalog.title) (\(catalog.id)), the built-in edition they match best."
        }
        facts = Self.facts(report, catalog: catalog, inferred: named == nil)
        prose = [("Notes", report.notes), ("Evaluation Methods Used", report.evaluationMethodsUsed)]
            .compactMap { heading, text in Self.nonEmpty(text).map { (heading, RichText($0)) } }
        legalDisclaimer = Self.nonEmpty(report.legalDisclaimer).map(RichText.init)
        terms = AdherenceLevel.allCases.map { Term(label: $0.label, definition: $0.definition) }
        let rows = RowMaker(catalog: catalog)
        var sections: [Section] = []
        var standards: [Standard] = []
        var placed = Set<String>()
        for standard in catalog?.standards ?? [] {
            let chapters = catalog?.chapters(of: standard) ?? []
            let tables = chapters.map { chapter -> Table in
                placed.insert(chapter.id)
                guard let stated = report.chapter(chapter.id) else {
                    return Table(title: chapter.label, notes: nil, body: .notIncluded, counts: [])
                }
                return rows.table(stated, title: chapter.label)
            }
            sections.append(Section(heading: standard.reportHeading, tables: tables))
            standards.append(Self.standard(standard, chapters: chapters, in: report))
        }
        // A chapter the catalog does not hold (or a report with no catalog at all) is still shown.
        let others = report.chapters.filter { !placed.contains($0.id) }
        if !others.isEmpty {
            sections.append(Section(heading: "Other Chapters", tables: others.map { rows.table($0, title: $0.id) }))
        }
        self.sections = sections
        self.standards = standards
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// VPAT 2.5's opening facts, in its order.
    static func facts(_ r: OpenACRReport, catalog: OpenACRCatalog?, inferred: Bool) -> [Fact] {
        var out: [Fact] = []
        func add(_ label: String, _ text: String?) { if let text = nonEmpty(text) { out.append(Fact(label: label, value: RichText(text))) } }
        add("Name of Product/Version", [nonEmpty(r.product?.name), nonEmpty(r.product?.version).map { "version \($0)" }].compactMap { $0 }.joined(separator: ", "))
        add("Report Date", r.reportDate)
        add("Last Modified", r.lastModifiedDate)
        add("Product Description", r.product?.description)
        add("Contact Information", r.vendor.flatMap(contact))
        add("Report Author", r.author.flatMap(contact))
        add("VPAT Edition", catalog.map { "\($0.title) (\($0.id))" + (inferred ? ", inferred from the report's criteria" : "") } ?? r.catalog)
        add("License", r.license)
        add("Repository", r.repository)
        add("Feedback", r.feedback)
        return out
    }

    static func contact(_ c: OpenACRReport.Contact) -> String? {
        let parts = [c.name, c.companyName, c.address, c.email, c.phone, c.website].compactMap { nonEmpty($0) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Whether the report covers a standard: per WCAG level, else all of its chapters, some, none.
    static func standard(_ s: OpenACRCatalog.Standard, chapters: [OpenACRCatalog.Chapter], in report: OpenACRReport) -> Standard {
        let present = chapters.filter { report.chapter($0.id) != nil }
        let included: [String]
        if s.family == .wcag {
            included = chapters.map { "Level \($0.shortLabel) (" + (report.chapter($0.id) != nil ? "Yes" : "No") + ")" }
        } else if present.count == chapters.count {
            included = ["Yes"]
        } else if present.isEmpty {
            included = ["No"]
        } else {
            included = ["Partially: not included " + chapters.filter { report.chapter($0.id) == nil }.map(\.label).joined(separator: "; ")]
        }
        return Standard(name: s.label, url: s.url, included: included)
    }

    /// Each chapter's table of criteria, titled from the catalog, with 4.1.1 Parsing as the
    /// catalog's WCAG version has it.
    struct RowMaker {
        var catalog: OpenACRCatalog?
        let understanding: [String: String] = Dictionary(WCAGCatalogue.builtIn.compactMap { c in c.w3cID.map { (c.sc, $0) } },
                                                         uniquingKeysWith: { a, _ in a })

        func table(_ chapter: OpenACRReport.Chapter, title: String) -> Table {
            let notes = VPATDocument.nonEmpty(chapter.notes).map(RichText.init)
            if chapter.disabled == true { return Table(title: title, notes: nil, body: .notApplicable(notes), counts: []) }
            guard let criteria = chapter.criteria, !criteria.isEmpty else { return Table(title: title, notes: notes, body: .noCriteria, counts: []) }
            let known = catalog?.chapter(chapter.id)
            let rows = criteria.map { c -> Row in
                let handle = known?.criteria.first { $0.id == c.num }?.handle
                    ?? catalog?.chapters.lazy.compactMap { $0.criteria.first { $0.id == c.num }?.handle }.first
                // Some EN 301 549 handles begin with their own number.
                let name = handle.map { $0.hasPrefix(c.num + " ") ? $0 : c.num + " " + $0 } ?? c.num
                let link = OpenACRCatalog.family(ofChapter: chapter.id) == .wcag
                    ? understanding[c.num].map { "https://www.w3.org/WAI/WCAG22/Understanding/\($0).html" } : nil
                let parts = c.components ?? []
                var entries = parts.map { p in
                    Entry(component: ConformanceRendering.component(p.name), level: ConformanceRendering.level(p.adherence?.level),
                          remarks: RichText(p.adherence?.notes ?? ""))
                }
                if entries.isEmpty { entries = [Entry(component: "", level: ConformanceRendering.level(nil), remarks: RichText(""))] }
                var row = Row(criterion: name, link: link, entries: entries)
                if c.num == "4.1.1", OpenACRCatalog.family(ofChapter: chapter.id) == .wcag { parsing(&row) }
                return row
            }
            var counts: [(label: String, count: Int)] = []
            for label in AdherenceLevel.allCases.map(\.label) + [ConformanceRendering.notStated] {
                let n = rows.reduce(0) { $0 + $1.entries.filter { $0.level == label }.count }
                if n > 0 { counts.append((label, n)) }
            }
            return Table(title: title, notes: notes, body: .rows(rows), counts: counts)
        }

        /// 4.1.1 Parsing: W3C's 2023 errata to WCAG 2.0 and 2.1 make it always satisfied for
        /// content in HTML or XML, and WCAG 2.2 removed it as obsolete. A level the report leaves
        /// unstated or not evaluated follows from that (Supports, or Not Applicable for a WCAG 2.2
        /// edition with no Section 508 report, whose WCAG 2.0 keeps it); a stated level is kept.
        /// The row's note says which, once.
        func parsing(_ row: inout Row) {
            guard let catalog, let rule = ParsingCriterion.rule(for: catalog) else { return }
            var note = rule.note
            let unstated = rule.level
            let open = [ConformanceRendering.notStated, AdherenceLevel.notEvaluated.label]
            // A report a11ykb built says it in each entry's remarks already: once is enough.
            if !row.entries.isEmpty, row.entries.allSatisfy({ !open.contains($0.level) && $0.remarks.plain.contains(note) }) { return }
            if row.entries.contains(where: { open.contains($0.level) }) {
                note += " Where the report states no level (or not evaluated), this rendering gives \(unstated.label) for that reason."
                for i in row.entries.indices where open.contains(row.entries[i].level) { row.entries[i].level = unstated.label }
            }
            row.note = note
        }
    }
}

