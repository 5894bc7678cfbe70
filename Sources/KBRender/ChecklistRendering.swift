/// A checklist of several components as markdown with check boxes (each criterion ending with its
/// source line) and as JSON.
import KBQuery

public enum ChecklistRendering {
    public static func markdown(_ checklist: Checklist) -> String {
        var out = "# Accessibility checklist: " + checklist.sections.map(\.component.title).joined(separator: ", ") + "\n"
        if let platform = checklist.platform {
            out += "\nPlatform: \(AnnouncementRendering.platformName(platform)) (with the criteria written for every platform)\n"
        }
        for (i, section) in checklist.sections.enumerated() {
            let c = section.component
            out += "\n## \(i + 1). \(c.title) (\(c.family.rawValue)/\(c.slug)\(c.category.map { ", \($0)" } ?? ""))\n\nfrom \(c.source)\n"
            if section.groups.isEmpty {
                out += "\nNo acceptance criteria are recorded for this component"
                    + (checklist.platform.map { " on \(AnnouncementRendering.platformName($0))" } ?? "") + ".\n"
            }
            for group in section.groups {
                out += "\n### \(AcceptanceCriteria.condensedTitle(group.kind))\n\n"
                for criterion in group.criteria {
                    out += "- [ ] " + (criterion.label.map { "\($0): " } ?? "") + criterion.expectation
                        + AcceptanceCriteria.platformNote(criterion.platform, family: c.family) + " (line \(criterion.line))\n"
                }
                for gap in group.gaps { out += "- " + AcceptanceCriteria.gapLine(gap) + "\n" }
            }
        }
        return out
    }

    public static func json(_ checklist: Checklist) -> JSONValue {
        .object([
            ("platform", .optional(checklist.platform)),
            ("criteria", .int(Int64(checklist.criteriaCount))),
            ("components", .array(checklist.sections.map { section in
                let c = section.component
                return .object([
                    ("slug", .string(c.slug)), ("title", .string(c.title)), ("family", .string(c.family.rawValue)),
                    ("category", .optional(c.category)), ("source", .string(c.source)),
                    ("groups", .array(section.groups.map(AcceptanceCriteria.groupJSON))),
                ])
            })),
        ])
    }
}
