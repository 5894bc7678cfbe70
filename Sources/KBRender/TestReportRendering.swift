/// A results report as markdown (the tables a conformance report quotes) or, as any list, one
/// table of rows: a row per component, per success criterion, and per results line that could
/// not be counted.
import KBModel
import KBQuery

/// A results report as a document: markdown and HTML headed by `heading`, or its one table of rows
/// in a list's formats.
public struct TestReportDocument: StructuredDocument, Sendable {
    public static let formats: [DocumentFormat] = [.markdown, .html, .table, .csv, .json, .jsonl]

    public var report: TestReport
    public var heading: ReportHeading

    public init(_ report: TestReport, heading: ReportHeading = ReportHeading()) {
        self.report = report
        self.heading = heading
    }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        if let list = format.tabular {
            return TestReportRendering.tabular(report).rendered(list, options: .init(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet))
        }
        return format == .html ? TestReportRendering.html(report, heading: heading) : TestReportRendering.markdown(report, heading: heading)
    }

    public var json: JSONValue { .object([("rows", TestReportRendering.tabular(report).json)]) }
}

public enum TestReportRendering {
    /// With evidence files read, four columns more per row: the automated findings failed, passed
    /// and cannot tell (elements), and the pages where it failed (a component's row leaves them empty).
    public static func tabular(_ report: TestReport) -> Tabular {
        var rows: [[Tabular.Value]] = []
        let evidence = !report.evidenceFiles.isEmpty
        func row(_ scope: String, _ r: TestReport.Row) -> [Tabular.Value] {
            [.text(scope), .text(r.name), .text(r.title), .int(r.tally.passed), .int(r.tally.failed), .int(r.tally.blocked),
             .int(r.tally.notApplicable), .int(r.tally.notTested), .text(r.tally.conformance.words), .text("")]
                + (evidence ? findings(r.findings) : [])
        }
        func findings(_ f: CriterionFindings?) -> [Tabular.Value] {
            guard let f else { return [.null, .null, .null, .null] }
            return [.int(f.failed), .int(f.passed), .int(f.cannotTell), .texts(f.failingPages)]
        }
        rows += report.components.map { row("component", $0) }
        rows += report.successCriteria.map { row("success criterion", $0) }
        rows.append(row("total", TestReport.Row(name: "", title: "", tally: report.total)))
        rows += report.failures.map { o in
            [.text(o.result?.rawValue ?? ""), .text(o.item.id), .text(o.item.componentTitle), .null, .null, .null, .null, .null, .null,
             .text("line \(o.line): " + (o.item.label.map { "\($0): " } ?? "") + o.item.expectation
                   + (o.note.isEmpty ? "" : " — note: \(o.note)"))] + (evidence ? findings(nil) : [])
        }
        rows += report.problems.map {
            [.text("problem"), .text($0.id), .text($0.kind.rawValue), .null, .null, .null, .null, .null, .null,
             .text("line \($0.line)" + ($0.detail.isEmpty ? "" : ": \($0.detail)"))] + (evidence ? findings(nil) : [])
        }
        return Tabular(columns: [.init("scope"), .init("name"), .init("title"), .init("passed"), .init("failed"), .init("blocked"),
                                 .init("n/a"), .init("not tested"), .init("conformance"), .init("detail")]
                           + (evidence ? [.init("automated failed"), .init("automated passed"), .init("automated cannot tell"), .init("failing pages")] : []),
                       rows: rows)
    }

    /// A report as markdown: its heading, the summary, the tables, the failures with notes.
    public static func markdown(_ report: TestReport, heading: ReportHeading = ReportHeading()) -> String {
        document(report, heading: heading).markdown
    }

    /// The same document as one accessible, self-contained HTML page.
    public static func html(_ report: TestReport, heading: ReportHeading = ReportHeading()) -> String {
        document(report, heading: heading).html
    }

    /// What a product owner reads in ten seconds: how many rows passed, where it fails, what it touches.
    public static func summary(_ report: TestReport) -> String {
        let t = report.total
        let tested = t.passed + t.failed
        var out = tested == 0 ? "No row was tested." : "\(t.passed) of \(tested) tested rows passed"
        if t.failed > 0 {
            let where_ = report.outcomes.filter { $0.result == .fail }.map(\.item.componentTitle).uniqued()
            let scs = Array(Set(report.outcomes.filter { $0.result == .fail }.flatMap(\.item.successCriteria))).sorted()
            out += "; \(t.failed) failed, in " + where_.joined(separator: ", ")
                + (scs.isEmpty ? "" : " (WCAG " + scs.written.joined(separator: ", ") + ")")
        }
        if tested > 0 { out += "." }
        var open: [String] = []
        if t.blocked > 0 { open.append("\(t.blocked) blocked") }
        if t.notTested > 0 { open.append("\(t.notTested) not tested") }
        if t.notApplicable > 0 { open.append("\(t.notApplicable) marked n/a") }
        if !open.isEmpty { out += " " + open.joined(separator: ", ").prefix(1).uppercased() + open.joined(separator: ", ").dropFirst() + "." }
        out += evidenceSummary(report)
        out += " Overall: \(report.overall.conformance.words)."
        return out
    }

    /// What the evidence files add, in a sentence: the criteria they fail and where; empty where none was read.
    static func evidenceSummary(_ report: TestReport) -> String {
        guard !report.evidenceFiles.isEmpty else { return "" }
        let found = report.successCriteria.compactMap { r in r.findings.map { (name: r.name, findings: $0) } }
        let failing = found.filter { $0.findings.failed > 0 || $0.findings.manual.failed > 0 }
        let files = report.evidenceFiles.count == 1 ? "The evidence file" : "The \(report.evidenceFiles.count) evidence files"
        guard !failing.isEmpty else {
            let tested = found.filter { $0.findings.testedAutomatically || $0.findings.testedByHand }.count
            return " \(files) fail no success criterion (\(tested) tested); automated passes alone make none supported."
        }
        let pages = failing.flatMap(\.findings.failingPages).uniqued()
        return " \(files) fail WCAG " + failing.map(\.name).joined(separator: ", ")
            + (pages.isEmpty ? "" : " on \(pages.count) page\(pages.count == 1 ? "" : "s")") + "."
    }

    static func document(_ report: TestReport, heading: ReportHeading) -> ReportDocument {
        let header = ["", "passed", "failed", "blocked", "n/a", "not tested", "conformance"]
        func cells(_ name: String, _ t: TestReport.Tally) -> [String] {
            [name, "\(t.passed)", "\(t.failed)", "\(t.blocked)", "\(t.notApplicable)", "\(t.notTested)", t.conformance.words]
        }
        var doc = ReportDocument(title: heading.title)
        doc.facts = [("Stack", heading.stack), ("Date", heading.date), ("Contact", heading.contact),
                     ("Results", report.file)].compactMap { k, v in v.map { (k, $0) } }
            + report.evidenceFiles.map { ("Evidence", $0) }
        doc.summary = summary(report)
        doc.tables.append(.init(heading: "Per component", caption: "Results per component", header: ["Component"] + header.dropFirst(),
                                rows: report.components.map { cells("\($0.title) (\($0.name))", $0.tally) } + [cells("All", report.total)]))
        // With evidence files, what they found beside the rows: elements that failed, passed, and
        // that a tool could not tell, and the pages where it failed (a person's outcomes are in the rows' counts).
        let evidence = !report.evidenceFiles.isEmpty
        doc.tables.append(.init(heading: "Per WCAG success criterion",
                                caption: "Results per WCAG success criterion, level \(report.level.rawValue) and below, and any other tested"
                                    + (evidence ? ", with the evidence files' findings" : ""),
                                header: ["Success criterion"] + header.dropFirst()
                                    + (evidence ? ["automated failed", "automated passed", "automated cannot tell", "failing on"] : []),
                                rows: report.successCriteria.map { r in
                                    cells(r.title.isEmpty ? r.name : "\(r.name) \(r.title)", r.tally)
                                        + (evidence ? r.findings.map { f in
                                            ["\(f.failed)", "\(f.passed)", "\(f.cannotTell)", f.failingPages.joined(separator: ", ")]
                                        } ?? ["", "", "", ""] : [])
                                }))
        if evidence {
            doc.notes.append("A person's outcomes that another tool holds count as rows; automated passes alone never make a criterion supported.")
        }
        if report.withoutSuccessCriteria > 0 {
            doc.notes.append("\(report.withoutSuccessCriteria) counted item\(report.withoutSuccessCriteria == 1 ? "" : "s") test\(report.withoutSuccessCriteria == 1 ? "s" : "") no success criterion.")
        }
        doc.lists.append(.init(heading: "Failed and blocked", items: report.failures.map { o in
            "\(o.result?.rawValue ?? ""): \(o.item.componentTitle) (\(o.item.id)): " + (o.item.label.map { "\($0): " } ?? "") + o.item.expectation
                + (o.item.successCriteria.isEmpty ? "" : " (WCAG " + o.item.successCriteria.written.joined(separator: ", ") + ")")
                + (o.note.trimmingCharacters(in: .whitespaces).isEmpty ? "" : " Note: " + o.note)
                + " (line \(o.line))"
        }))
        doc.lists.append(.init(heading: "Not counted", items: report.problems.map { p in
            "line \(p.line): " + (p.id.isEmpty ? "" : "\(p.id) ") + p.kind.rawValue + (p.detail.isEmpty ? "" : " (\(p.detail))")
        }))
        return doc
    }
}

/// What changed between two knowledge bases is a document: markdown, or a row per change in a
/// list's formats.
extension ChecklistDiff: StructuredDocument {
    public static let formats: [DocumentFormat] = [.markdown, .table, .csv, .json, .jsonl]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        guard let list = format.tabular else { return ChecklistDiffRendering.markdown(self) }
        return ChecklistDiffRendering.tabular(self).rendered(list, options: .init(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet))
    }

    public var json: JSONValue {
        .object([("summary", .string(ChecklistDiffRendering.summary(self))), ("changes", ChecklistDiffRendering.tabular(self).json)])
    }
}

/// What changed between two knowledge bases: a summary line, then per component the items added,
/// removed and reworded (markdown), or a row per change (any list format).
public enum ChecklistDiffRendering {
    public static func summary(_ diff: ChecklistDiff) -> String {
        func counts(_ kind: ChecklistItem.Kind) -> String {
            "+\(diff.count(.added, kind)) −\(diff.count(.removed, kind)) ~\(diff.count(.reworded, kind))"
        }
        let criteriaChanged = diff.changed.filter { $0.changes.contains { $0.item.kind == .criterion } }
        return "\(diff.changed.count) component\(diff.changed.count == 1 ? "" : "s") changed (\(criteriaChanged.count) in their criteria), "
            + "\(diff.added.count) added, \(diff.removed.count) removed; criteria \(counts(.criterion)), "
            + "notes \(counts(.note)), announcements \(counts(.announcement))"
            + (diff.typographicChanges > 0 ? "; \(diff.typographicChanges) change\(diff.typographicChanges == 1 ? "" : "s") of typography only (quotes, dashes, spaces, case) not shown" : "")
            + diff.absentFamilies.map { "; no \($0.family.rawValue) component in the \($0.fromOld ? "older" : "newer") knowledge base: that family is not compared" }.joined()
    }

    public static func markdown(_ diff: ChecklistDiff) -> String {
        var out = "# Changes\n\n" + summary(diff) + "\n"
        let criteria = diff.changed.filter { $0.changes.contains { $0.item.kind == .criterion } }.map(\.component)
        if !criteria.isEmpty { out += "\nCriteria changed in: " + criteria.joined(separator: ", ") + "\n" }
        if !diff.added.isEmpty { out += "\nComponents added: " + diff.added.joined(separator: ", ") + "\n" }
        if !diff.removed.isEmpty { out += "\nComponents removed: " + diff.removed.joined(separator: ", ") + "\n" }
        for component in diff.changed {
            out += "\n## \(component.title) (\(component.component))\n\n"
            for change in component.changes {
                let item = change.item
                let what = item.kind == .criterion ? "criterion" : item.kind.rawValue
                switch change.kind {
                case .added: out += "- added \(what) `\(item.id)`: \(ChecklistRendering.text(item))\n"
                case .removed: out += "- removed \(what) `\(item.id)`: \(ChecklistRendering.text(item))\n"
                case .reworded, .typographic:
                    let ids = change.old!.id == change.new!.id ? "`\(item.id)`" : "`\(change.old!.id)` → `\(change.new!.id)`"
                    out += "- \(change.kind == .reworded ? "reworded" : "typography of") \(what) \(ids):\n  - was: \(ChecklistRendering.text(change.old!))\n  - now: \(ChecklistRendering.text(change.new!))\n"
                }
            }
        }
        return out
    }

    public static func tabular(_ diff: ChecklistDiff) -> Tabular {
        var rows: [[Tabular.Value]] = []
        rows += diff.added.map { [.text($0), .text("component added"), .null, .null, .null, .null, .null, .null] }
        rows += diff.removed.map { [.text($0), .text("component removed"), .null, .null, .null, .null, .null, .null] }
        for component in diff.changed {
            for change in component.changes {
                rows.append([.text(component.component), .text(change.kind.rawValue), .text(change.item.kind.rawValue), .text(change.item.id),
                             .optional(change.old?.fingerprint), .optional(change.new?.fingerprint),
                             .optional(change.old.map(ChecklistRendering.text)), .optional(change.new.map(ChecklistRendering.text))])
            }
        }
        return Tabular(columns: [.init("component"), .init("change"), .init("kind"), .init("id"), .init("old_fingerprint"),
                                 .init("new_fingerprint"), .init("old"), .init("new")], rows: rows)
    }
}
