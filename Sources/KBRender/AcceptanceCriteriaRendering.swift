/// One component in MagentaA11y's own shapes, rendered from its stored facts: the
/// condensed checklist ("How to test a ...", numbered test groups), the Gherkin scenarios
/// (GIVEN/WHEN/THEN), a whole markdown document in today's layout, and JSON.
import KBModel
import KBQuery

public enum AcceptanceCriteria {
    // MARK: - Shared pieces

    static func heading(_ facts: ComponentFacts) -> String {
        switch facts.component.family {
        case .web: "### #a11y - Web Accessibility Acceptance Criteria"
        case .native: "### #a11y - Native Accessibility Acceptance Criteria"
        case .howToTest: "### #a11y - How to Test"
        }
    }

    /// `a reorder data row`, `an expandable region`.
    static func noun(_ facts: ComponentFacts) -> String {
        let title = facts.component.title.lowercased()
        let article = title.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(article) \(title)"
    }

    static func the(_ facts: ComponentFacts) -> String { "the \(facts.component.title.lowercased())" }

    /// The MagentaA11y page of the component, when its category is known.
    public static func fullInformationURL(_ facts: ComponentFacts) -> String? {
        guard let category = facts.component.category else { return nil }
        return "https://www.magentaa11y.com/MagentaA11yV2#/\(facts.component.family.rawValue)-criteria/\(category)/\(facts.component.slug)"
    }

    /// The source's own "Full information" link when it wrote one, else the page's address.
    static func footer(_ facts: ComponentFacts) -> String {
        if let link = facts.component.pageLink { return "\nFull information: \(link)\n" }
        guard let url = fullInformationURL(facts) else { return "" }
        return "\nFull information: [\(url)](\(url))\n"
    }

    /// ` (iOS only)` after a criterion of one platform of a family of several; nothing for a web
    /// criterion (web is the web family's only platform).
    /// A section's opening lines as the source wrote them (its frame without the Full information
    /// line), else the usual caption and "How to test".
    static func intro(_ frame: String?, _ facts: ComponentFacts) -> String {
        guard let frame, !frame.isEmpty else { return heading(facts) + "\n\nHow to test \(noun(facts))\n" }
        return frame.split(separator: "\n").filter { !$0.hasASCIIPrefix("full information") }.joined(separator: "\n\n") + "\n"
    }

    /// A section's closing line as the source wrote it: its own Full information line, or none
    /// when it had none; the usual footer when the source wrote no such section.
    static func outro(_ frame: String?, _ facts: ComponentFacts) -> String {
        guard let frame, !frame.isEmpty else { return footer(facts) }
        return frame.split(separator: "\n").filter { $0.hasASCIIPrefix("full information") }.map { "\n\($0)\n" }.joined()
    }

    static func platformNote(_ platform: Platform?, family: Family) -> String {
        guard let platform, family.platforms.count > 1 else { return "" }
        return " (\(platform.name) only)"
    }

    static func gapLine(_ gap: Gap) -> String {
        Cell.gapText(problem: gap.problem, excerpt: gap.excerpt, line: gap.line)
    }

    /// ` (line 28)` after a fact when `lines` asks for them (an assistant quoting its source), else
    /// nothing: a document `show` prints reads as the source did.
    static func cite(_ line: Int, _ lines: Bool) -> String { lines ? " (line \(line))" : "" }

    // MARK: - Condensed

    public static func condensedTitle(_ kind: CriterionKind) -> String {
        switch kind {
        case .keyboard: "Test keyboard only, then screen reader + keyboard actions"
        case .gesture: "Test mobile screenreader gestures"
        case .screenreader: "Listen to screenreader output on all devices"
        case .settings: "Test device settings"
        default: "Test \(kind.rawValue.replacingOccurrences(of: "-", with: " "))"
        }
    }

    /// The `## Condensed` section's body: the source's own, group lines and all, when it wrote one;
    /// else rebuilt from the criteria, a group per kind.
    /// With `lines`, each criterion ends with its source line.
    public static func condensed(_ facts: ComponentFacts, lines: Bool = false) -> String {
        TerminalText.text(ownCondensed(facts, lines: lines) ?? rebuiltCondensed(facts, lines: lines))
    }

    /// The source's Condensed section from its criteria in source order: each group line as
    /// written, a lead-in ("Test:") where one stood, `Label: expectation` bullets with nested
    /// expectations nested again, the source's own "Full information" link. Nothing added.
    static func ownCondensed(_ facts: ComponentFacts, lines: Bool = false) -> String? {
        guard !facts.criteria.isEmpty, facts.criteria.allSatisfy({ $0.group != nil }) else { return nil }
        var out = intro(facts.component.condensedFrame, facts)
        var number = 0
        var current: [Substring] = []
        let placeholders = facts.gaps.filter { gap in gap.isUnderStandardKind || facts.criteria.contains { Aspect($0.kind) == gap.aspect } }
        var pending = placeholders.sorted { $0.line < $1.line }[...]
        for c in facts.criteria {
            let path = (c.group ?? "").split(separator: "\n")
            if path.first != current.first {
                number += 1
                out += "\n\(number). \(path.first ?? "")\n\n"
            }
            if path.count > 1, path.dropFirst() != current.dropFirst() {
                out += "\n" + path.dropFirst().joined(separator: "\n") + "\n"
            }
            current = path
            while let gap = pending.first, gap.line < c.line {
                out += "   - " + (gap.excerpt ?? "") + "\n"
                pending = pending.dropFirst()
            }
            let expectations = c.expectation.split(separator: "\n", omittingEmptySubsequences: false)
            if let label = c.label, expectations.count > 1 {
                out += "   - \(label):" + cite(c.line, lines) + "\n" + expectations.map { "      - \($0)\n" }.joined()
            } else {
                out += "   - " + (c.label.map { "\($0): " } ?? "") + c.expectation + cite(c.line, lines) + "\n"
            }
        }
        for gap in pending { out += "   - " + (gap.excerpt ?? "") + "\n" }
        return out + outro(facts.component.condensedFrame, facts)
    }

    /// A checklist rebuilt from the stored criteria, a numbered group per kind.
    static func rebuiltCondensed(_ facts: ComponentFacts, lines: Bool = false) -> String {
        var out = heading(facts) + "\n\nHow to test \(noun(facts))\n"
        let groups = facts.criteriaGroups
        // A comment: read back, the document holds no criterion that is not in the knowledge base.
        if groups.isEmpty { out += "\n<!-- No acceptance criteria are recorded for this component. -->\n" }
        for (i, group) in groups.enumerated() {
            out += "\n\(i + 1). \(condensedTitle(group.kind))\n\n"
            for c in group.criteria {
                out += "   - " + (c.label.map { "\($0): " } ?? "") + c.expectation + platformNote(c.platform, family: facts.component.family) + cite(c.line, lines) + "\n"
            }
            for gap in group.gaps { out += "   - " + gapLine(gap) + "\n" }
        }
        return out + footer(facts)
    }

    // MARK: - Gherkin

    public static func scenarioTitle(_ group: ComponentFacts.CriteriaGroup) -> String {
        switch group.kind {
        case .keyboard: return "Test keyboard actions"
        case .gesture: return "Test mobile screen reader gestures"
        case .screenreader: return "Test screen reader output on all devices"
        case .settings:
            let labels = group.criteria.compactMap { $0.label?.lowercased() }
            return "Test device OS settings" + (labels.isEmpty ? "" : " for " + labels.joined(separator: " and "))
        default: return "Test \(group.kind.rawValue.replacingOccurrences(of: "-", with: " "))"
        }
    }

    /// `"TAB", "ARROW KEYS", or "CTRL+TAB" keys` from `Tab, arrow keys or ctl+tab`.
    public static func keys(_ label: String) -> String {
        var parts: [String] = []
        for piece in label.replacingOccurrences(of: " or ", with: ",").replacingOccurrences(of: " and ", with: ",").split(separator: ",") {
            var key = piece.trimmingCharacters(in: .whitespaces).uppercased()
            if key.hasPrefix("CTL") { key = "CTRL" + key.dropFirst(3) }
            if !key.isEmpty { parts.append("\"\(key)\"") }
        }
        switch parts.count {
        case 0: return "the keys"
        case 1: return "the \(parts[0]) key"
        case 2: return "the \(parts[0]) or \(parts[1]) keys"
        default: return "the " + parts.dropLast().joined(separator: ", ") + ", or \(parts.last!) keys"
        }
    }

    static let verbs: Set<String> = [
        "activates", "expresses", "identifies", "moves", "announces", "reads", "opens", "closes", "selects", "dismisses",
        "toggles", "expands", "collapses", "navigates", "increments", "decrements", "adjusts", "changes", "displays",
        "performs", "returns", "scrolls", "shows", "hides", "submits", "updates", "deletes", "focuses", "triggers",
        "cycles", "allows", "provides", "remains", "stays", "goes", "lets", "enters", "exits",
    ]

    /// `THEN it activates the reorder action` from `Activates the reorder action`.
    static func then(_ expectation: String, subject: String) -> String {
        let first = expectation.prefix { $0.isLetter }.lowercased()
        let lowered = lowerFirst(expectation)
        return verbs.contains(first) ? "\(subject) \(lowered)" : lowered
    }

    static func lowerFirst(_ text: String) -> String {
        let chars = Array(text)
        guard chars.count > 1, chars[0].isUppercase, chars[1].isLowercase else { return text }
        return chars[0].lowercased() + String(chars.dropFirst())
    }

    static func when(_ c: ComponentFacts.Criterion, kind: CriterionKind, facts: ComponentFacts) -> String {
        let label = c.label ?? ""
        let lower = label.lowercased()
        switch kind {
        case .keyboard:
            return label.isEmpty ? "I use the keyboard on \(the(facts))" : "I press \(keys(label))"
        case .gesture:
            if lower.isEmpty { return "I use screen reader gestures on \(the(facts))" }
            if lower == "swipe" { return "I swipe to navigate to \(the(facts))" }
            for prefix in ["doubletap", "double tap", "double-tap"] where lower.hasPrefix(prefix) {
                return "I double-tap\(lower.dropFirst(prefix.count)) \(the(facts))"
            }
            return "I \(lower) on \(the(facts))"
        case .settings:
            if c.expectation.contains("200%") { return "I adjust the device \(lower) setting to 200%" }
            return "I change the device \(lower.isEmpty ? "" : lower + " ")setting"
        default:
            return label.isEmpty ? "I test \(the(facts))" : "I check \(lower) on \(the(facts))"
        }
    }

    /// The `## Gherkin` section's body: the source's own Gherkin when it wrote one (today's
    /// `## Gherkin` section, the web era's `gherkin-keyboard` / `gherkin-mobile`), else scenarios
    /// made from the criteria. With `lines`, each step ends with the line it comes from.
    public static func gherkin(_ facts: ComponentFacts, lines: Bool = false) -> String {
        TerminalText.text(facts.gherkin.isEmpty ? generatedGherkin(facts, lines: lines) : sourceGherkin(facts, lines: lines))
    }

    /// The stored lines, numbered by scenario and nested as written.
    static func sourceGherkin(_ facts: ComponentFacts, lines: Bool = false) -> String {
        var out = intro(facts.component.gherkinFrame, facts)
        var number = 0
        var scenario: String?
        // Today's sections write the scenario line itself (depth 0); front matter only names one.
        var scenarioIsALine = false
        for step in facts.gherkin {
            if step.scenario != scenario {
                scenario = step.scenario
                scenarioIsALine = step.scenario == step.text
                if let name = scenario, !scenarioIsALine {
                    number += 1
                    out += "\n\(number). Scenario: \(name.prefix(1).uppercased() + name.dropFirst())\n\n"
                }
            }
            let text = step.text + cite(step.line, lines)
            if step.scenario == nil {
                out += "\n\(text)\n"
            } else if scenarioIsALine && step.depth == 0 {
                number += 1
                out += "\n\(number). \(text)\n\n"
            } else {
                let level = step.depth + (scenarioIsALine ? 0 : 1)
                out += String(repeating: "   ", count: level) + "- " + text + "\n"
            }
        }
        return out + outro(facts.component.gherkinFrame, facts)
    }

    /// Scenarios made from the stored criteria, for components whose source wrote no Gherkin.
    public static func generatedGherkin(_ facts: ComponentFacts, lines: Bool = false) -> String {
        var out = heading(facts) + "\n\nHow to test \(noun(facts))\n\nGIVEN THAT I am on a screen with \(noun(facts))\n"
        let groups = facts.criteriaGroups
        if groups.isEmpty { out += "\n<!-- No acceptance criteria are recorded for this component. -->\n" }
        for (i, group) in groups.enumerated() {
            out += "\n\(i + 1). Scenario: \(scenarioTitle(group))\n\n"
            if group.kind == .screenreader && !group.criteria.isEmpty {
                out += "   - WHEN a screen reader reads \(the(facts))\n"
                for (j, c) in group.criteria.enumerated() {
                    let subject = c.label.map { "its \($0.lowercased()): " } ?? ""
                    let step = subject + lowerFirst(c.expectation) + platformNote(c.platform, family: facts.component.family) + cite(c.line, lines)
                    out += j == 0 ? "      - THEN \(step)\n" : "         - AND \(step)\n"
                }
            } else {
                for c in group.criteria {
                    out += "   - WHEN \(when(c, kind: group.kind, facts: facts))\(platformNote(c.platform, family: facts.component.family))\n"
                    out += "      - THEN \(then(c.expectation, subject: the(facts)))\(cite(c.line, lines))\n"
                }
            }
            for gap in group.gaps { out += "   - " + gapLine(gap) + "\n" }
        }
        return TerminalText.text(out + footer(facts))
    }

    // MARK: - Markdown document

    static func aspectHeading(_ aspect: Aspect) -> String {
        switch aspect {
        case .general: "General Notes"
        case .name: "Name"
        case .role: "Role"
        case .group: "Groupings"
        case .state: "State"
        case .focus: "Focus"
        case .customAction: "Custom Accessibility Action"
        case .announcements: "Announcement examples"
        default: aspect.rawValue.prefix(1).uppercased() + aspect.rawValue.dropFirst().replacingOccurrences(of: "-", with: " ")
        }
    }

    /// Today's MagentaA11y layout: general notes, `## Condensed`, `## Gherkin`, then the developer
    /// notes of each platform, aspect by aspect in source order, frameworks as bold bullets, nesting
    /// kept, gaps marked where they sit.
    public static func markdown(_ facts: ComponentFacts, lines: Bool = false) -> String {
        var out = "# \(facts.component.title)\n\n"
        out += "<!-- a11ykb: \(facts.component.family.rawValue)/\(facts.component.slug)"
        out += (facts.component.category.map { ", category \($0)" } ?? "") + "; from \(facts.component.source) -->\n"

        let generalNotes = CellBuilder.cell(facts, row: .aspect(.general), platform: nil, includeAllPlatforms: false)
        out += "\n## General Notes\n\n"
        out += generalNotes.isEmpty ? "How to test \(noun(facts))\n" : bullets(generalNotes, lines: lines)
        out += "\n## Condensed\n\n" + condensed(facts, lines: lines)
        out += "\n## Gherkin\n\n" + gherkin(facts, lines: lines)
        out += developerNotes(facts, lines: lines)

        let transcripts = facts.announcements.filter { $0.origin == .transcript }
        if !transcripts.isEmpty {
            out += "\n## Screen reader transcripts\n"
            var readers: [String] = []
            for t in transcripts where !readers.contains(t.screenReader ?? "screen reader") { readers.append(t.screenReader ?? "screen reader") }
            for reader in readers {
                out += "\n### \(reader)\n\n"
                for t in transcripts where (t.screenReader ?? "screen reader") == reader {
                    // A transcript's line is in its caption file, not in the component's source.
                    out += "- \"\(t.text)\"" + (lines ? " (\(t.source):\(t.line))" : "") + "\n"
                }
            }
        }
        return TerminalText.text(out)
    }

    /// The developer notes sections: `## Developer Notes` (for every platform: `platform` nil) and
    /// `## iOS Developer Notes`..., aspect by aspect in source order, frameworks as bold bullets.
    /// `platforms` chooses the sections (nil in it: the general one); nil: all, general first.
    /// With `lines`, each note ends with its source line.
    public static func developerNotes(_ facts: ComponentFacts, platforms: [Platform?]? = nil, lines: Bool = false) -> String {
        var out = ""
        let sections: [(platform: Platform?, title: String)] = (platforms ?? [nil] + facts.platforms).map { platform in
            (platform, platform.map { "\($0.name) Developer Notes" } ?? "Developer Notes")
        }
        // The general section leaves out the general aspect, which `markdown` shows as General Notes;
        // asked for on its own, it keeps it.
        let generalShownApart = platforms == nil
        for section in sections {
            var aspects: [Aspect] = []
            for g in facts.guidance where g.platform == section.platform && !aspects.contains(g.aspect) { aspects.append(g.aspect) }
            for gap in facts.gaps where gap.platform == section.platform {
                let aspect = gap.aspect ?? .general
                if !gap.isUnderStandardKind && !aspects.contains(aspect) { aspects.append(aspect) }
            }
            for code in facts.codeExamples where code.platform == section.platform && !aspects.contains(code.aspect ?? .general) {
                aspects.append(code.aspect ?? .general)
            }
            let examples = facts.announcements.filter { $0.platform == section.platform && $0.origin == .example }
            if !examples.isEmpty && !aspects.contains(.announcements) { aspects.append(.announcements) }
            if section.platform == nil && generalShownApart { aspects.removeAll { $0 == .general } }
            if aspects.isEmpty { continue }
            out += "\n## \(section.title)\n"
            for aspect in aspects {
                out += "\n### \(aspectHeading(aspect))\n\n"
                if aspect == .announcements {
                    for a in examples { out += "- \"\(a.text)\"" + (a.context.map { " (\($0))" } ?? "") + cite(a.line, lines) + "\n" }
                }
                let cell = CellBuilder.cell(facts, row: .aspect(aspect), platform: section.platform, includeAllPlatforms: false)
                out += bullets(cell, lines: lines)
            }
        }
        return TerminalText.text(out)
    }

    /// A cell as markdown bullets: frameworks as `- **UIKit**` with their notes nested under them;
    /// a guide's notes under the headings of their step (`#### Manual testing`, `##### Getting
    /// started`), each written where it starts.
    static func bullets(_ cell: Cell, lines: Bool = false) -> String {
        var out = ""
        var headings: [String] = []
        for group in cell.groups where !group.items.isEmpty {
            var base = 0
            if let framework = group.framework {
                out += "\n- **\(Cell.frameworkName(framework))**\n\n"
                base = 1
            }
            // A bad example is labelled as the sources label it, and the next good one as good, so
            // that nobody copies it and the document reads back the same.
            var afterBad = false
            for entry in group.items {
                if let path = entry.headingPath {
                    let parts = path.components(separatedBy: StepPlace.separator)
                    let kept = zip(parts, headings).prefix { $0 == $1 }.count
                    for (index, part) in parts.enumerated().dropFirst(kept) {
                        out += (out.isEmpty ? "" : "\n") + String(repeating: "#", count: min(4 + index, 6)) + " " + part + "\n\n"
                    }
                    headings = parts
                }
                let indent = String(repeating: "  ", count: base + entry.depth)
                if case let .code(language, code, bad) = entry.content {
                    if bad || afterBad { out += "\n" + indent + (bad ? "**Bad example**" : "**Good example**") + "\n" }
                    afterBad = bad
                    let fenced = "```\(language ?? "")\n\(code)\n```"
                    out += "\n" + fenced.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n") + "\n\n"
                } else {
                    // A gap's text already ends with its line.
                    let line = entry.isGap ? "" : cite(entry.line, lines)
                    out += indent + "- " + entry.text.replacingOccurrences(of: "\n", with: "\n" + indent + "  ") + line + "\n"
                }
            }
        }
        return out
    }

    // MARK: - JSON

    public static func json(_ facts: ComponentFacts) -> JSONValue {
        var children: [Int64?: [ComponentFacts.Guidance]] = [:]
        for g in facts.guidance { children[g.parentID, default: []].append(g) }
        let ids = Set(facts.guidance.map(\.id))
        func node(_ g: ComponentFacts.Guidance) -> JSONValue {
            .object([
                ("platform", .optional(g.platform?.rawValue)), ("framework", .optional(g.framework?.rawValue)), ("aspect", .string(g.aspect.rawValue)),
                ("text", .string(g.text)), ("line", .int(Int64(g.line))),
                ("children", .array((children[g.id] ?? []).map(node))),
            ])
        }
        let roots = facts.guidance.filter { $0.parentID == nil || !ids.contains($0.parentID!) }
        return .object([
            ("component", componentJSON(facts)),
            ("criteria", JSONValue(encoding: facts.criteria)),
            ("guidance", .array(roots.map(node))),
            ("announcements", JSONValue(encoding: facts.announcements)),
            ("gaps", .array(facts.gaps.map {
                .object([("platform", .optional($0.platform?.rawValue)), ("framework", .optional($0.framework?.rawValue)), ("aspect", .optional($0.aspect?.rawValue)),
                         ("problem", .string($0.problem.rawValue)), ("excerpt", .optional($0.excerpt)), ("line", .int(Int64($0.line)))])
            })),
            ("code_examples", JSONValue(encoding: facts.codeExamples)),
        ])
    }

    /// Who the component is and where its facts come from.
    public static func componentJSON(_ facts: ComponentFacts) -> JSONValue {
        JSONValue(encoding: facts.component).adding([("platforms", JSONValue(encoding: facts.platforms))])
    }

    /// The condensed checklist as data: the criteria groups, each criterion and gap with its line.
    public static func condensedJSON(_ facts: ComponentFacts) -> JSONValue {
        .object([("component", componentJSON(facts)), ("groups", .array(facts.criteriaGroups.map(groupJSON)))])
    }

    /// The Gherkin as data: the source's own lines when it wrote them (`"origin": "source"`), else
    /// the criteria groups the scenarios are made from (`"origin": "criteria"`).
    public static func gherkinJSON(_ facts: ComponentFacts) -> JSONValue {
        if facts.gherkin.isEmpty {
            return .object([("component", componentJSON(facts)), ("origin", .string("criteria")),
                            ("groups", .array(facts.criteriaGroups.map(groupJSON)))])
        }
        return .object([
            ("component", componentJSON(facts)), ("origin", .string("source")),
            ("steps", JSONValue(encoding: facts.gherkin)),
        ])
    }

    static func groupJSON(_ group: ComponentFacts.CriteriaGroup) -> JSONValue {
        .object([
            ("kind", .string(group.kind.rawValue)), ("title", .string(condensedTitle(group.kind))),
            ("criteria", .array(group.criteria.map {
                .object([("label", .optional($0.label)), ("expectation", .string($0.expectation)),
                         ("platform", .optional($0.platform?.rawValue)), ("line", .int(Int64($0.line)))])
            })),
            ("gaps", .array(group.gaps.map {
                .object([("problem", .string($0.problem.rawValue)), ("excerpt", .optional($0.excerpt)),
                         ("platform", .optional($0.platform?.rawValue)), ("line", .int(Int64($0.line)))])
            })),
        ])
    }
}
