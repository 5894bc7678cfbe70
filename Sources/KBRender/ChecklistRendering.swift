/// A checklist in the formats teams paste into trackers: markdown task lists (GitHub, GitLab),
/// Jira wiki markup, CSV (a row per item, through `Tabular`), Gherkin and JSON. Every item shows
/// its stable id and fingerprint; the team footer closes the text formats.
import KBModel
import KBQuery

/// A checklist as a document: the items, the team's footer that closes the text formats, the
/// items marked as changed since an older knowledge base, and the title (a plan's).
public struct ChecklistDocument: StructuredDocument, Sendable {
    /// Jira's importer CSV (`jira-csv`, `JiraImport.swift`) is one issue per component.
    public static let formats: [DocumentFormat] = [.markdown, .jira, .csv, .gherkin, .json, .jiraCSV]

    public var checklist: Checklist
    public var footer: TeamFooter
    public var marks: ChecklistRendering.Marks
    public var title: String?

    public init(_ checklist: Checklist, footer: TeamFooter = TeamFooter(), marks: ChecklistRendering.Marks = [:], title: String? = nil) {
        (self.checklist, self.footer, self.marks, self.title) = (checklist, footer, marks, title)
    }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        ChecklistRendering.render(checklist, format, footer: footer, marks: marks, title: title, options: options)
    }

    public var json: JSONValue { ChecklistRendering.json(checklist, footer: footer, marks: marks) }

    /// The checklist's platform and framework as a heading names them (`iOS · SwiftUI`), or nil for every platform.
    public var stackName: String? { ChecklistRendering.stackName(checklist) }

    /// The most characters Jira takes in one issue's description.
    public static var jiraDescriptionLimit: Int { ChecklistRendering.jiraDescriptionLimit }
}

/// The test plans a team saved, as a markdown list and as data.
public struct SavedPlansDocument: MarkdownStructuredDocument, Sendable {
    public var plans: [SavedPlan]

    public init(_ plans: [SavedPlan]) { self.plans = plans }

    public var json: JSONValue { .object([("plans", plans.tabular.json)]) }

    public var markdown: String { ChecklistRendering.markdown(plans) }
}

public enum ChecklistRendering {
    /// The saved plans as a markdown list: name, components, stack and when it was saved.
    public static func markdown(_ plans: [SavedPlan]) -> String {
        guard !plans.isEmpty else { return "No test plan is saved.\n" }
        return plans.map { plan in
            let stack = [plan.platform?.rawValue, plan.framework?.rawValue].compactMap { $0 }.joined(separator: " ")
            return "- \(plan.name): \(plan.components.joined(separator: ", "))" + (stack.isEmpty ? "" : " (\(stack))")
                + ", saved \(plan.savedAt)\n"
        }.joined()
    }

    /// Items that changed since an older knowledge base, to mark when a plan is shown.
    public typealias Marks = [String: ChecklistDiff.ChangeKind]

    /// The checklist in `format`, one of `ChecklistDocument.formats` (markdown otherwise). Its CSV
    /// is for a tester's spreadsheet, whatever `options` say: a criterion a source wrote as
    /// `=HYPERLINK(…)` shows as text there, never runs (the results read back by id and
    /// fingerprint, which never begin with a formula's character). Jira's CSV goes to Jira's
    /// importer, which would keep the guard's `'` in the issue: guarded only when asked.
    public static func render(_ checklist: Checklist, _ format: DocumentFormat, footer: TeamFooter = TeamFooter(),
                              marks: Marks = [:], title: String? = nil, options: DocumentOptions = DocumentOptions()) -> String {
        let byteOrderMark = options.byteOrderMark
        return switch format {
        case .jira: jira(checklist, footer: footer, marks: marks, title: title)
        case .csv: tabular(checklist, marks: marks).rendered(.csv, options: .init(byteOrderMark: byteOrderMark, forSpreadsheet: true))
        case .gherkin: gherkin(checklist, footer: footer, marks: marks, title: title)
        case .json: json(checklist, footer: footer, marks: marks).rendered(pretty: true) + "\n"
        case .jiraCSV: jiraIssues(checklist, footer: footer, marks: marks, title: title).rendered(.csv, options: .init(byteOrderMark: byteOrderMark, forSpreadsheet: options.forSpreadsheet))
        default: markdown(checklist, footer: footer, marks: marks, title: title)
        }
    }

    static func heading(_ checklist: Checklist, _ title: String?) -> String {
        title ?? "Accessibility checklist: " + checklist.sections.map(\.component.title).joined(separator: ", ")
    }

    /// `iOS · SwiftUI`, or nil for every platform.
    public static func stackName(_ checklist: Checklist) -> String? { stack(checklist) }

    static func stack(_ checklist: Checklist) -> String? {
        guard let platform = checklist.platform else { return nil }
        let framework = checklist.framework?.name
        return ([AnnouncementRendering.platformName(platform)] + [framework].compactMap { $0 }).joined(separator: " · ")
    }

    static func groupTitle(_ item: ChecklistItem) -> String {
        switch item.kind {
        // A criterion's group is its kind's slug.
        case .criterion: AcceptanceCriteria.condensedTitle(CriterionKind(rawValue: item.group))
        case .note, .announcement: "Developer notes"
        }
    }

    static func text(_ item: ChecklistItem) -> String {
        let lead = item.kind == .note
            ? "[\(item.framework?.name ?? item.platform?.name ?? "")"
                + " · \(item.group)] "
            : (item.label.map { "\($0): " } ?? "")
        return lead + item.expectation
    }

    /// The heading of the developer notes shown beside the criteria (not items to tick).
    static let guidanceTitle = "Developer notes (how it is built: guidance, not items to tick)"

    static func markText(_ mark: ChecklistDiff.ChangeKind?) -> String {
        switch mark {
        case .added: "NEW"
        case .reworded: "CHANGED"
        case .removed, .typographic, nil: ""
        }
    }

    /// Runs of consecutive items under the same group title.
    static func runs(_ items: [ChecklistItem]) -> [(title: String, items: [ChecklistItem])] {
        var out: [(title: String, items: [ChecklistItem])] = []
        for item in items {
            let title = groupTitle(item)
            if out.last?.title == title { out[out.count - 1].items.append(item) } else { out.append((title, [item])) }
        }
        return out
    }

    static func missingLine(_ checklist: Checklist) -> String? {
        checklist.missing.isEmpty ? nil
            : "Removed from the knowledge base since the plan was saved: " + checklist.missing.joined(separator: ", ")
    }

    static func footerLines(_ footer: TeamFooter) -> [String] {
        [footer.contact.map { "Accessibility contact: \($0)" }, footer.ticketLink.map { "Ticket: \($0)" }].compactMap { $0 }
    }

    // MARK: markdown

    /// Every text of the knowledge base, the title and the footer go through `MarkdownText.inline`:
    /// whatever they hold, there is one `- [ ]` task per item and one heading per section and group.
    public static func markdown(_ checklist: Checklist, footer: TeamFooter = TeamFooter(), marks: Marks = [:], title: String? = nil) -> String {
        func e(_ s: String) -> String { MarkdownText.inline(s) }
        var out = "# \(e(heading(checklist, title)))\n"
        if let stack = stack(checklist) {
            out += "\nPlatform: \(e(stack)) (with the criteria written for every platform)\n"
        }
        if let missing = missingLine(checklist) { out += "\n> **\(e(missing))**\n" }
        for (i, section) in checklist.sections.enumerated() {
            let c = section.component
            out += "\n## \(i + 1). \(e(c.title)) (\(e(c.family.rawValue + "/" + c.slug))\(c.category.map { ", \(e($0))" } ?? ""))\n\nfrom \(e(c.source))\n"
            if section.items.isEmpty {
                out += "\nNo acceptance criteria are recorded for this component"
                    + (checklist.platform.map { " on \(e(AnnouncementRendering.platformName($0)))" } ?? "") + ".\n"
            }
            for run in runs(section.items) {
                out += "\n### \(e(run.title))\n\n"
                for item in run.items {
                    let mark = markText(marks[item.id])
                    out += "- [ ] " + (mark.isEmpty ? "" : "**\(mark)** ") + e(text(item)
                        + AcceptanceCriteria.platformNote(item.kind == .criterion ? item.platform : nil, family: c.family)
                        + (item.announcements.isEmpty ? "" : " (expected: " + item.announcements.map { "“\($0)”" }.joined(separator: "; ") + ")")
                        + (item.successCriteria.isEmpty ? "" : " (WCAG " + item.successCriteria.written.joined(separator: ", ") + ")")
                        + " (line \(item.line))") + " <!-- \(e(item.id)) \(e(item.fingerprint)) -->\n"
                }
            }
            if !section.guidance.isEmpty {
                out += "\n### \(guidanceTitle)\n\n"
                for item in section.guidance { out += "- " + e(text(item) + " (line \(item.line))") + "\n" }
            }
            if !section.gaps.isEmpty {
                out += "\nOpen in the source:\n\n"
                for gap in section.gaps { out += "- " + e(AcceptanceCriteria.gapLine(gap)) + "\n" }
            }
        }
        let lines = footerLines(footer).map(e)
        if !lines.isEmpty { out += "\n---\n\n" + lines.joined(separator: "  \n") + "\n" }
        return out
    }

    // MARK: Jira wiki markup

    /// Text inside a Jira table cell, and every text of Jira markup (`TextEscaping.swift`): the
    /// characters wiki markup reads as formatting or as a cell boundary are escaped with a
    /// backslash; a backslash itself (`\\` is a line break) becomes its entity; line breaks become
    /// spaces; other control characters are dropped.
    public static func jiraCell(_ text: String) -> String {
        var out = ""
        let text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\u{85}" ? "\n" : $0 }
            .filter { $0 == "\n" || !TerminalText.isControl($0) }))
        for ch in text {
            switch ch {
            case "\\": out += "&#92;"
            case "|", "[", "]", "{", "}", "*", "_", "+", "^", "~", "?", "-", "#", "!": out += "\\" + String(ch)
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": out += " "
            default: out.append(ch)
            }
        }
        return out.isEmpty ? " " : out
    }

    public static func jira(_ checklist: Checklist, footer: TeamFooter = TeamFooter(), marks: Marks = [:], title: String? = nil) -> String {
        var out = "h1. \(jiraCell(heading(checklist, title)))\n"
        if let stack = stack(checklist) { out += "\nPlatform: \(jiraCell(stack)) (with the criteria written for every platform)\n" }
        if let missing = missingLine(checklist) { out += "\n{warning}\(jiraCell(missing)){warning}\n" }
        for (i, section) in checklist.sections.enumerated() {
            let c = section.component
            out += "\nh2. \(i + 1). \(jiraCell(c.title)) ({{\(jiraCell(c.family.rawValue + "/" + c.slug))}})\n\nfrom {{\(jiraCell(c.source))}}\n"
            for run in runs(section.items) {
                out += "\nh3. \(jiraCell(run.title))\n||Done||Check||Expected announcement||WCAG||Id||Source||\n"
                for item in run.items {
                    let mark = markText(marks[item.id])
                    out += "| |" + (mark.isEmpty ? "" : "*\(mark)* ") + jiraCell(text(item))
                        + "|" + jiraCell(item.announcements.joined(separator: "; "))
                        + "|" + jiraCell(item.successCriteria.written.joined(separator: ", "))
                        + "|{{\(jiraCell(item.id))}} \(item.fingerprint)|{{\(jiraCell(item.source)):\(item.line)}}|\n"
                }
            }
            if !section.guidance.isEmpty {
                out += "\nh3. \(jiraCell(guidanceTitle))\n"
                for item in section.guidance { out += "* " + jiraCell(text(item)) + " {{" + jiraCell(item.source) + ":\(item.line)}}\n" }
            }
            if !section.gaps.isEmpty {
                out += "\nOpen in the source:\n"
                for gap in section.gaps { out += "* " + jiraCell(AcceptanceCriteria.gapLine(gap)) + "\n" }
            }
        }
        let lines = footerLines(footer)
        if !lines.isEmpty { out += "\n----\n" + lines.map(jiraCell).joined(separator: "\n") + "\n" }
        return out
    }

    // MARK: CSV (and any list format)

    /// A row per item, with empty `result` and `note` columns for the tester to fill.
    public static func tabular(_ checklist: Checklist, marks: Marks = [:]) -> Tabular {
        Tabular(columns: [
            .init("id"), .init("fingerprint"), .init("component"), .init("title"), .init("platform"), .init("framework"),
            .init("kind"), .init("group"), .init("label"), .init("expectation"), .init("announcements"),
            .init("success_criteria"), .init("source", .path), .init("line", .line), .init("changed"), .init("result"), .init("note"),
        ], rows: checklist.items.map { item in
            [.text(item.id), .text(item.fingerprint), .text(item.component), .text(item.componentTitle), .optional(item.platform?.rawValue),
             .optional(item.framework?.rawValue), .text(item.kind.rawValue), .text(item.group), .optional(item.label), .text(item.expectation),
             .text(item.announcements.joined(separator: "; ")), .text(item.successCriteria.written.joined(separator: " ")),
             .text(item.source), .int(item.line), .text(markText(marks[item.id]).lowercased()), .text(""), .text("")]
        })
    }

    // MARK: Gherkin

    public static func gherkin(_ checklist: Checklist, footer: TeamFooter = TeamFooter(), marks: Marks = [:], title: String? = nil) -> String {
        func one(_ s: String) -> String { GherkinText.line(s) }
        var out = "Feature: \(one(heading(checklist, title)))\n"
        if let stack = stack(checklist) { out += "  # Platform: \(one(stack))\n" }
        if let missing = missingLine(checklist) { out += "  # \(one(missing))\n" }
        for section in checklist.sections {
            let c = section.component
            for item in section.items {
                let mark = markText(marks[item.id])
                out += "\n  # \(one(item.id)) \(item.fingerprint) \(one(item.source)):\(item.line)" + (mark.isEmpty ? "" : " \(mark)") + "\n"
                if !item.successCriteria.isEmpty { out += "  @wcag-" + item.successCriteria.written.map(one).joined(separator: " @wcag-") + "\n" }
                out += "  Scenario: \(one(c.title)): \(one(item.label ?? item.group))\n"
                let platform = (item.platform ?? checklist.platform).map(AnnouncementRendering.platformName)
                out += "    Given the \(one(c.title))" + (platform.map { " on \($0)" } ?? "") + "\n"
                switch item.kind {
                case .criterion:
                    out += "    When the tester checks \(one(item.group == CriterionKind.screenreader.rawValue ? "the screen reader output" : item.group)): \(one(item.label ?? "the criterion"))\n"
                    out += "    Then \(one(item.expectation))\n"
                    for spoken in item.announcements { out += "    And the screen reader may say \"\(one(spoken))\"\n" }
                case .note, .announcement:
                    out += "    When the developer notes for \(one(item.framework?.rawValue ?? item.group)) are checked\n"
                    out += "    Then \(one(item.expectation))\n"
                }
            }
        }
        let lines = footerLines(footer)
        if !lines.isEmpty { out += "\n" + lines.map { "# \(one($0))\n" }.joined() }
        return out
    }

    // MARK: JSON

    /// The item as it encodes, and whether it changed since an older knowledge base.
    static func itemJSON(_ item: ChecklistItem, _ marks: Marks) -> JSONValue {
        JSONValue(encoding: item).adding([("changed", marks[item.id].map { .string($0.rawValue) } ?? .null)])
    }

    public static func json(_ checklist: Checklist, footer: TeamFooter = TeamFooter(), marks: Marks = [:]) -> JSONValue {
        .object([
            ("platform", .optional(checklist.platform?.rawValue)),
            ("framework", .optional(checklist.framework?.rawValue)),
            ("criteria", .int(Int64(checklist.criteriaCount))),
            ("items", .int(Int64(checklist.items.count))),
            ("notes_as_items", .bool(checklist.notesAsItems)),
            ("missing", .array(checklist.missing.map(JSONValue.string))),
            ("components", .array(checklist.sections.map { section in
                JSONValue(encoding: section.component).adding([
                    ("items", .array(section.items.map { itemJSON($0, marks) })),
                    ("guidance", .array(section.guidance.map { itemJSON($0, marks) })),
                    ("gaps", .array(section.gaps.map { .object([("problem", .string($0.problem.rawValue)), ("excerpt", .optional($0.excerpt)), ("line", .int(Int64($0.line)))]) })),
                ])
            })),
            ("footer", JSONValue(encoding: footer)),
        ])
    }
}
