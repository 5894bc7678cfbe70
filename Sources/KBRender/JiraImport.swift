import KBModel
import KBQuery

/// A checklist as issues Jira imports from CSV: one issue per component, its description the
/// Jira wiki text of that component's part of the checklist, so that no description passes
/// Jira's limit of 32,767 characters (a five-component plan in one description passes it). A
/// component whose own text is longer is split by group of criteria into numbered issues; a
/// summary is cut at Jira's 255 characters.
extension ChecklistRendering {
    /// Jira's limits for an issue's description and summary, in characters.
    public static let jiraDescriptionLimit = 32_767
    public static let jiraSummaryLimit = 255

    public static func jiraIssues(_ checklist: Checklist, footer: TeamFooter = TeamFooter(), marks: Marks = [:],
                                  title: String? = nil, limit: Int = jiraDescriptionLimit) -> Tabular {
        var rows: [[Tabular.Value]] = []
        let prefix = title ?? "Accessibility checklist"
        let stackText = stack(checklist).map { " (\($0))" } ?? ""
        for section in checklist.sections {
            let parts = split(section, checklist: checklist, footer: footer, marks: marks, title: title, limit: limit)
            for (n, part) in parts.enumerated() {
                var summary = "\(prefix): \(section.component.title)\(stackText)" + (parts.count > 1 ? " (\(n + 1)/\(parts.count))" : "")
                if summary.count > jiraSummaryLimit { summary = String(summary.prefix(jiraSummaryLimit - 1)) + "…" }
                rows.append([.text(summary), .text(part), .text("accessibility"), .text(section.component.family.rawValue + "/" + section.component.slug)])
            }
        }
        return Tabular(columns: [.init("Summary"), .init("Description"), .init("Labels"), .init("Component id")], rows: rows)
    }

    /// The section's Jira text whole, or in as many parts (each a whole group of items, or items
    /// one by one where a group alone is too long) as keep each under the limit.
    static func split(_ section: Checklist.Section, checklist: Checklist, footer: TeamFooter, marks: Marks, title: String?,
                      limit: Int) -> [String] {
        func text(_ items: [ChecklistItem], guidance: [ChecklistItem]) -> String {
            var one = checklist
            var part = section
            part.items = items
            part.guidance = guidance
            one.sections = [part]
            one.missing = []
            return jira(one, footer: footer, marks: marks, title: title)
        }
        let whole = text(section.items, guidance: section.guidance)
        guard whole.count > limit else { return [whole] }
        // Too long: the items in parts, then the developer notes (guidance) in parts of their own.
        var parts: [String] = []
        for asGuidance in [false, true] {
            var current: [ChecklistItem] = []
            func render(_ items: [ChecklistItem]) -> String { asGuidance ? text([], guidance: items) : text(items, guidance: []) }
            for item in asGuidance ? section.guidance : runs(section.items).flatMap(\.items) {
                if !current.isEmpty && render(current + [item]).count > limit {
                    parts.append(render(current))
                    current = []
                }
                current.append(item)
            }
            if !current.isEmpty { parts.append(render(current)) }
        }
        return parts
    }
}
