import A11yKB

/// A success criterion's page (what tests it) and the coverage page.
enum StandardsPages {
    static func criterion(_ tests: CriterionTests) -> [String: Any] {
        let c = tests.criterion
        let manual: [[String: Any]] = tests.manual.map { m in
            ["title": m.title ?? m.component, "href": Links.component(m.family, m.component), "family": m.family.rawValue,
             "platform": m.platform.map { Words.platform($0) } as Any, "cited": m.link == .cited, "reason": m.reason as Any,
             "criteria": m.criteria]
        }
        func rules(_ kind: RuleKind) -> [[String: Any]] {
            tests.rules.filter { $0.kind == kind }.map { r in
                ["id": r.rule, "name": r.name ?? "", "impact": r.impact as Any, "secondary": r.secondary, "deprecated": r.deprecated]
            }
        }
        return [
            "title": "\(c.sc) \(c.title ?? "")", "sc": c.sc.description, "name": c.title ?? "", "level": c.level?.rawValue ?? "",
            "guideline": c.guidelineTitle as Any, "url": Links.source(c.url) as Any, "api": "/api/wcag/\(Links.escape(c.sc.description))",
            "cited": manual.filter { $0["cited"] as? Bool == true }, "inferred": manual.filter { $0["cited"] as? Bool != true },
            "act": rules(.act), "axe": rules(.axe),
            "untested": tests.manual.isEmpty && tests.rules.isEmpty,
        ]
    }

    static func coverage(_ coverage: Coverage, _ selection: CoverageSelection) -> [String: Any] {
        let words: [Coverage.Status: String] = [.both: "Manual and automated", .manual: "Manual only", .automated: "Automated only",
                                                .none: "Not covered"]
        let rows: [[String: Any]] = coverage.rows.map { r in
            ["sc": r.sc.description, "href": Links.criterion(r.sc), "title": r.title ?? "", "level": r.level.rawValue, "status": words[r.status] ?? r.status.rawValue,
             "statusKey": r.status.rawValue, "manual": r.manual.count, "automated": r.automated.count, "procedures": r.procedures.count]
        }
        let counts = Coverage.Status.allCases.map { status in
            ["label": words[status] ?? status.rawValue, "count": coverage.rows.filter { $0.status == status }.count]
        }
        var scope = selection.plan.map { "the test plan \($0)" } ?? "every component"
        if selection.plan == nil, let family = selection.family { scope = "the \(family.rawValue) components" }
        if selection.plan == nil, let platform = selection.platform { scope += " on \(Words.platform(platform))" }
        return [
            "title": "Coverage of WCAG \(coverage.level.rawValue)", "level": coverage.level.rawValue, "scope": scope,
            "components": coverage.components, "rows": rows, "counts": counts, "automatedCounted": coverage.automatedCounted,
            "csv": "/api/coverage?format=csv&level=\(coverage.level.rawValue)"
                + (selection.plan.map { "&plan=\(Links.escape($0))" } ?? "")
                + (selection.family.map { "&family=\($0.rawValue)" } ?? "") + (selection.platform.map { "&platform=\($0.rawValue)" } ?? ""),
            "levels": WCAGLevel.allCases.map { ["level": $0.rawValue, "current": $0 == coverage.level] },
            "todo": selection.plan.map { Links.plan($0) + "/todo" } as Any,
        ]
    }
}

/// The saved test plans, and one plan's checklist with its downloads.
enum PlanPages {
    /// A download the plan's page offers (any of `ChecklistDocument.formats` downloads; these are
    /// the ones a team uses most), named and typed by its format.
    struct Download: Sendable {
        var format: DocumentFormat
        var label: String
    }

    static let downloads = [
        Download(format: .csv, label: "CSV, to fill in results"),
        Download(format: .jiraCSV, label: "Jira import (CSV)"),
        Download(format: .jira, label: "Jira wiki markup"),
        Download(format: .markdown, label: "GitHub task list (markdown)"),
    ]

    static func list(_ plans: [SavedPlan]) -> [String: Any] {
        ["title": "Test plans",
         "plans": plans.map { p -> [String: Any] in
             ["name": p.name, "href": Links.plan(p.name), "components": p.components.joined(separator: ", "),
              "stack": [Words.platform(p.platform), Words.framework(p.framework)].compactMap { $0 }.joined(separator: ", "),
              "saved": p.savedAt]
         }]
    }

    static func plan(_ plan: SavedPlan, _ checklist: Checklist) -> [String: Any] {
        let sections: [[String: Any]] = checklist.sections.map { section in
            var groups: [String: [[String: Any]]] = [:]
            var order: [String] = []
            for item in section.items {
                if groups[item.group] == nil { order.append(item.group) }
                groups[item.group, default: []].append([
                    "id": item.id, "label": item.label as Any, "text": item.expectation, "line": item.line,
                    "criteria": item.successCriteria.map { ["sc": $0.description, "href": Links.criterion($0)] },
                    "said": item.announcements,
                ])
            }
            let guidance: [[String: Any]] = section.guidance.map { note in
                ["text": note.expectation, "aspect": note.group, "framework": Words.framework(note.framework) as Any, "line": note.line]
            }
            return ["title": section.component.title, "href": Links.component(section.component.family, section.component.slug),
                    "groups": order.map { ["name": $0, "items": groups[$0]!] }, "guidance": guidance, "hasGuidance": !guidance.isEmpty]
        }
        return [
            "title": "Test plan \(plan.name)", "name": plan.name, "saved": plan.savedAt,
            "stack": [Words.platform(plan.platform), Words.framework(plan.framework)].compactMap { $0 }.joined(separator: ", "),
            "sections": sections, "missing": checklist.missing, "count": checklist.items.count,
            "coverage": "/coverage?plan=\(Links.escape(plan.name))",
            "todo": Links.plan(plan.name) + "/todo",
            "downloads": downloads.map { ["label": $0.label, "href": Links.plan(plan.name) + "?format=\($0.format.rawValue)"] },
        ]
    }
}
