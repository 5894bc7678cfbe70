import KBModel
import KBQuery

/// `explain`'s answer as lists: `nested`, a row per rule and node with its checks and
/// announcements inside (JSON, JSON Lines); `flat`, a row per rule, node and thing to verify (a
/// table, CSV), so that a node with nothing to verify still has its row.
extension AxeExplanation {
    static let nodeColumns: [Tabular.Column] = [
        .init("outcome"), .init("rule"), .init("impact"), .init("success_criteria"), .init("best_practice"), .init("help"),
        .init("target"), .init("html"), .init("element"), .init("component"), .init("component_title"), .init("matched_by"),
        .init("recreates_control"), .init("checks"), .init("announcements"), .init("also_at"),
    ]

    public var nested: Tabular {
        let checkColumns: [Tabular.Column] = [.init("kind"), .init("label"), .init("expectation"), .init("tests"),
                                              .init("source", .path), .init("line", .line)]
        let sayColumns: [Tabular.Column] = [.init("text"), .init("screen_reader"), .init("origin")]
        var rows: [[Tabular.Value]] = []
        for rule in rules {
            let criteria = Tabular.Value.json(.array(rule.successCriteria.map { sc in
                .object([("sc", .string(sc.sc.description)), ("title", .optional(sc.title)), ("level", .optional(sc.level?.rawValue))])
            }))
            // A rule with no node still says what it tests.
            for node in rule.nodes.isEmpty ? [nil] : rule.nodes.map(Optional.some) {
                let checks = Tabular(columns: checkColumns, rows: [])
                let says = Tabular(columns: sayColumns, rows: [])
                rows.append([
                    .text(rule.outcome.rawValue), .text(rule.id), .optional(rule.impact), criteria, .bool(rule.bestPractice),
                    .optional(rule.help), .optional(node?.target), .optional(node?.html), .optional(node?.element),
                    .optional(node?.component?.name), .optional(node?.component?.title), .optional(node?.component?.matchedBy),
                    .bool(node?.recreatesControl ?? false),
                    .json(.array((node?.checks ?? []).map { check in
                        checks.object([.text(check.kind.rawValue), .optional(check.label), .text(check.expectation), .texts(check.tests.map(AxeExplanation.words)),
                                       .text(check.source), .int(check.line)])
                    })),
                    .json(.array((node?.announcements ?? []).map { said in
                        says.object([.text(said.text), .optional(said.screenReader), .text(said.origin.rawValue)])
                    })),
                    .texts(node?.alsoAt ?? []),
                ])
            }
        }
        return Tabular(columns: AxeExplanation.nodeColumns, rows: rows)
    }

    static let flatColumns: [Tabular.Column] = [
        .init("outcome"), .init("rule"), .init("impact"), .init("sc"), .init("target"), .init("component"), .init("verify"),
        .init("text"), .init("tests"), .init("source", .path), .init("line", .line),
    ]

    public var flat: Tabular {
        var rows: [[Tabular.Value]] = []
        for rule in rules {
            let head: [Tabular.Value] = [.text(rule.outcome.rawValue), .text(rule.id), .optional(rule.impact),
                                         .texts(rule.successCriteria.isEmpty ? [rule.bestPractice ? "best-practice" : "none"]
                                                    : rule.successCriteria.map(\.sc.description))]
            func row(_ node: Node?, _ verify: String, _ text: String, tests: [String] = [], source: String? = nil, line: Int? = nil) {
                // Elements sharing one node's HTML are one entry: its rows say how many more.
                let target = node.map { $0.alsoAt.isEmpty ? $0.target : "\($0.target) (and \($0.alsoAt.count) more with this HTML)" }
                rows.append(head + [.optional(target), .optional(node?.component?.name), .text(verify), .text(text),
                                    .texts(tests), .optional(source), .optional(line)])
            }
            if rule.nodes.isEmpty { row(nil, "no node", "the run names no element for this rule") }
            for node in rule.nodes {
                guard let component = node.component else {
                    row(node, "unknown", "no component answers to \(node.element.map { "<\($0)>" } ?? "this node") in the element table")
                    continue
                }
                guard component.known else {
                    row(node, "unknown", "no web component \"\(component.slug)\" in the knowledge base")
                    continue
                }
                for check in node.checks {
                    row(node, [check.kind.rawValue, check.label].compactMap { $0 }.joined(separator: ": "), check.expectation,
                        tests: check.tests.map(AxeExplanation.words), source: check.source, line: check.line)
                }
                for said in node.announcements {
                    row(node, "hear" + (said.screenReader.map { " (\($0))" } ?? ""), said.text)
                }
                if node.checks.isEmpty && node.announcements.isEmpty { row(node, "nothing", "its component holds no criteria") }
            }
        }
        return Tabular(columns: AxeExplanation.flatColumns, rows: rows)
    }

    /// A success criterion a check tests, with how it is linked: `4.1.2 inferred`, `1.1.1 cited`.
    static func words(_ test: ManualCheck.Test) -> String { "\(test.sc) \(test.link.rawValue)" }

    /// The closing line under a table: what was explained and what was not.
    public var tally: String {
        let ruleCount = rules.count
        return "\(ruleCount) rule\(ruleCount == 1 ? "" : "s"), \(nodeCount) node\(nodeCount == 1 ? "" : "s")"
            + "; \(unknownNodeCount) without a known component, \(rulesWithoutCriteria) rule\(rulesWithoutCriteria == 1 ? "" : "s") naming no success criterion"
            + (engine.map { " (axe-core \($0))" } ?? "")
    }
}

extension AxeExplanation {
    /// For a reader (the MCP server's text): a section per rule, a bullet per node with its checks
    /// and what a screen reader should say.
    public var markdown: String {
        // Everything here comes from the run or the knowledge base: text, never structure.
        let t = { (text: String) in MarkdownText.inline(text) }
        let code = { (text: String) in MarkdownText.inline("`" + text.replacingOccurrences(of: "`", with: "'") + "`") }
        var out = "# axe results explained\n\n"
        if rules.isEmpty { return out + "The run reports no violations and nothing incomplete.\n" }
        for rule in rules {
            let scs = rule.successCriteria.map { sc in
                [sc.sc.description, sc.title, sc.level.map { "(\($0.rawValue))" }].compactMap { $0 }.joined(separator: " ")
            }
            out += "## \(t(rule.id)) (\(rule.outcome.rawValue)\(rule.impact.map { ", \(t($0))" } ?? ""))\n\n"
            if let help = rule.help { out += "\(t(help)).\n\n" }
            out += "Success criteria: " + (scs.isEmpty ? (rule.bestPractice ? "none (a best practice)" : "none in its tags") : t(scs.joined(separator: "; "))) + "\n\n"
            for node in rule.nodes {
                out += "- \(code(node.target))" + (node.alsoAt.isEmpty ? "" : " and \(node.alsoAt.count) more with this HTML") + " \(code(node.html)): "
                guard let component = node.component else {
                    out += "no component answers to \(node.element.map { t("<\($0)>") } ?? "this node")\n"
                    continue
                }
                guard let title = component.title else {
                    out += "most likely \(t(component.slug)) (by \(t(component.matchedBy))), which the knowledge base does not hold\n"
                    continue
                }
                out += component.family == .howToTest
                    ? "no component: the testing guide \(t(component.name)), \(t(title)), covers its success criteria\n"
                    : "most likely the web component \(t(component.slug)), \(t(title)) (by \(t(component.matchedBy)))"
                        + (node.recreatesControl ? "; re-created with a role, so all its keyboard and screen-reader criteria are to verify" : "") + "\n"
                for check in node.checks {
                    out += "  - [ ] " + t([check.kind.rawValue, check.label].compactMap { $0 }.joined(separator: ": ") + ": " + check.expectation)
                        + (check.tests.isEmpty ? "" : " \\[" + t(check.tests.map(AxeExplanation.words).joined(separator: ", ")) + "\\]") + " (\(t(check.source)):\(check.line))\n"
                }
                if !node.announcements.isEmpty {
                    out += "  - expected: " + t(node.announcements.map { "\"\($0.text)\"" + ($0.screenReader.map { " (\($0))" } ?? "") }
                        .joined(separator: "; ")) + "\n"
                }
            }
            out += "\n"
        }
        if omittedNodes > 0 { out += "\(omittedNodes) more node entr\(omittedNodes == 1 ? "y" : "ies") not shown.\n\n" }
        return out + tally + "\n"
    }
}
