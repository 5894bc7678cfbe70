import KBConformance
import KBQuery

/// What changed between two conformance reports is a document: a release note (text, markdown,
/// HTML) or a change per object (JSON, the data contract).
extension OpenACRDiff: Document {
    public static let formats: [DocumentFormat] = [.text, .markdown, .html, .json]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        switch format {
        case .json: ConformanceDataRendering.json(self).rendered() + "\n"
        case .markdown: ConformanceDiffRendering.document(self).markdown
        case .html: ConformanceDiffRendering.document(self).html
        default: ConformanceDiffRendering.document(self).text
        }
    }
}

/// As data beside a release note (an assistant's tool's structured answer): the changes, one
/// object each, and the counts per chapter.
extension OpenACRDiff: StructuredDocument {
    public var json: JSONValue {
        .object([("changes", ConformanceDataRendering.json(self)), ("chapters", JSONValue(encoding: chapters))])
    }
}

/// Two reports compared as a manager reads a release note: the summary first (the product version
/// and report date, then per chapter the levels improved, regressed, changed otherwise and
/// unchanged, the criteria added and removed), then each level change with its remark before and
/// after, the criteria added, removed and listed more than once, the tickets fixed and newly
/// failing, and, when every remark is asked for, the remarks that changed where the level did not.
public enum ConformanceDiffRendering {
    static func document(_ diff: OpenACRDiff) -> ReportDocument {
        let catalog = OpenACRCatalog.named(diff.new.catalog ?? diff.old.catalog ?? OpenACRCatalog.defaultID)
        func place(_ c: OpenACRDiff.Change) -> String {
            let handle = c.chapter.flatMap { catalog?.chapter($0) }?.criteria.first { $0.id == c.criterion }?.handle
            // A criterion of no component (`none`: the functional performance criteria) is named alone.
            return [c.criterion, handle].compactMap { $0 }.joined(separator: " ") + (c.component.flatMap { $0 == "none" ? nil : " (\($0))" } ?? "")
        }
        let product = diff.new.product ?? diff.old.product
        var doc = ReportDocument(title: "What changed in the conformance report" + (product.map { " of \($0)" } ?? ""))
        doc.facts = [fact("Product version", diff.old.productVersion, diff.new.productVersion),
                     fact("Report date", diff.old.reportDate, diff.new.reportDate)].compactMap { $0 }
        for c in diff.changes where [.title, .catalog, .version].contains(c.field) {
            let label = c.field == .version ? "Report version" : c.field == .title ? "Title" : "Catalog"
            doc.facts.append((label, "\(c.old ?? "not stated") → \(c.new ?? "not stated")"))
        }
        doc.summary = summary(diff)

        let anyDuplicates = diff.chapters.contains { $0.duplicates > 0 }
        doc.tables.append(.init(
            heading: "Per chapter", caption: "Levels per chapter, from the old report to the new",
            header: ["Chapter", "Improved", "Regressed", "Other level changes", "Unchanged", "Added", "Removed"] + (anyDuplicates ? ["Listed more than once"] : []),
            rows: diff.chapters.map { s in
                [catalog?.chapter(s.chapter)?.label ?? s.chapter] + [s.improved, s.regressed, s.otherLevelChanges, s.unchanged, s.added, s.removed].map(String.init)
                    + (anyDuplicates ? [String(s.duplicates)] : [])
            }))

        let listed = diff.listed
        func remarks(_ c: OpenACRDiff.Change) -> [(String, String)] {
            [("Before", c.oldNotes ?? "no remark"), ("After", c.newNotes ?? "no remark")]
        }
        doc.lists.append(.init(heading: "Level changes", entries: listed.filter { $0.field == .level }.map { c in
            let way = c.direction == .improved ? " (improved)" : c.direction == .regressed ? " (regressed)" : ""
            return .init(text: "\(place(c)): \(label(c.old)) → \(label(c.new))" + way, details: remarks(c))
        }))
        doc.lists.append(.init(heading: "Criteria added and removed", items: listed.compactMap { c in
            switch c.field {
            case .added: "Added: \(place(c)), \(label(c.new))"
            case .removed: "Removed: \(place(c)), was \(label(c.old))"
            default: nil
            }
        }))
        doc.lists.append(.init(heading: "Listed more than once", items: listed.filter { $0.field == .duplicate }.map { c in
            "\(place(c)): listed as \(c.old ?? "") before, as \(c.new ?? "") now"
        }))
        doc.lists.append(.init(heading: "Tickets fixed", items: tickets(listed, .ticketFixed) { "\(place($0)), now \(label($0.levelNow))" }))
        doc.lists.append(.init(heading: "Tickets newly failing", items: tickets(listed, .ticketNew) { "\(place($0)), \(label($0.levelNow))" }))
        doc.lists.append(.init(heading: "Other remark changes", entries: listed.filter { $0.field == .notes && !$0.besideLevelChange }.map { c in
            .init(text: place(c), details: remarks(c))
        }))
        return doc
    }

    /// `Partially Supports`; a term that is none as written; nothing as `Not stated`.
    static func label(_ level: String?) -> String {
        guard let level else { return "Not stated" }
        return AdherenceLevel(rawValue: level)?.label ?? level
    }

    /// `12 → 13`, `12 (unchanged)`; nil where neither report states it.
    static func fact(_ name: String, _ old: String?, _ new: String?) -> (String, String)? {
        switch (old, new) {
        case (nil, nil): nil
        case let (a, b) where a == b: (name, "\(b ?? "") (unchanged)")
        default: (name, "\(old ?? "not stated") → \(new ?? "not stated")")
        }
    }

    /// One line per ticket: its id, then every place it names.
    static func tickets(_ changes: [OpenACRDiff.Change], _ field: OpenACRDiff.Field, _ place: (OpenACRDiff.Change) -> String) -> [String] {
        var order: [String] = [], places: [String: [String]] = [:]
        for c in changes where c.field == field {
            guard let id = c.old ?? c.new else { continue }
            if places[id] == nil { order.append(id) }
            places[id, default: []].append(place(c))
        }
        return order.map { "\($0): " + places[$0]!.joined(separator: "; ") }
    }

    /// The counts in one paragraph, zeros left out but for the levels unchanged.
    static func summary(_ diff: OpenACRDiff) -> String {
        func total(_ count: (OpenACRDiff.ChapterSummary) -> Int) -> Int { diff.chapters.reduce(0) { $0 + count($1) } }
        func n(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        let others = diff.otherRemarks.count
        guard !diff.changes.isEmpty else { return "Nothing changed." }
        var levels = [(total(\.improved), "improved"), (total(\.regressed), "regressed"),
                      (total(\.otherLevelChanges), "changed to or from a level that is not ranked (not applicable, not evaluated, not stated)")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        levels.append("\(total(\.unchanged)) unchanged")
        var out = "Levels: " + levels.joined(separator: ", ") + "."
        let added = total(\.added), removed = total(\.removed), twice = total(\.duplicates)
        if added + removed > 0 {
            out += " Criteria: " + [(added, "added"), (removed, "removed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + "."
        }
        if twice > 0 { out += " " + n(twice, "criterion", "criteria") + " listed more than once." }
        let fixed = Set(diff.changes.filter { $0.field == .ticketFixed }.compactMap(\.old)).count
        let newly = Set(diff.changes.filter { $0.field == .ticketNew }.compactMap(\.new)).count
        if fixed + newly > 0 { out += " Tickets: \(fixed) fixed, \(newly) newly failing." }
        if others > 0 {
            out += " " + n(others, "other remark", "other remarks") + " changed" + (diff.listsEveryRemark ? "." : " (counted, not listed).")
        }
        return out
    }
}
