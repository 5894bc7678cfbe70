import A11yKB
import Foundation

/// The standards' tools: a success criterion with what tests it, and coverage.
extension Tools {
    package static let getSuccessCriterion = ToolDefinition(
        tool: .getSuccessCriterion, title: "Get a WCAG success criterion and what tests it",
        description: """
            One WCAG 2.2 success criterion (number, title, level, guideline, principle, the version that added it) and \
            everything that tests it: MagentaA11y components per family and platform (cited by the entry, or inferred \
            from its criteria), the W3C ACT rules (secondary ones are related, not tests of it) and the axe-core rules, \
            with axe ↔ ACT links. Give a number (4.1.2) or words of its title (focus visible); without either, the \
            whole catalogue with counts.
            """,
        parameters: [
            .string("criterion", "A success criterion's number (2.4.7) or words of its title."),
            .choice("level", WCAGLevel.allCases.map(\.rawValue), "For the catalogue: only criteria up to this level."),
        ],
        answer: { arguments, kb in
            switch try kb.wcag(arguments.string("criterion"), level: try arguments.level()) {
            case .criterion(let tests):
                let document = CriterionTestsDocument(tests)
                return Answer(try document.rendered(.markdown), .object([
                    ("criterion", [tests.criterion].tabular.json), ("tested_by", document.table.json), ("standards", document.standards),
                ]))
            case .catalogue(let criteria):
                let text = criteria.isEmpty ? "No success criterion matches.\n"
                    : criteria.tabular.rendered(.table, options: .init(maxColumnWidth: 40)) + "\(criteria.count) success criteria\n"
                return Answer(text, "criteria", criteria.tabular.json)
            }
        })

    package static let getCoverage = ToolDefinition(
        tool: .getCoverage, title: "Get WCAG coverage of a test plan",
        description: """
            For each WCAG success criterion up to a level (default AA: A and AA), what covers it among the components \
            chosen (named ones, else those of a category, family or platform, else all): MagentaA11y's manual criteria \
            (which components), automated rules (which ACT and axe-core rules; web only), both, or nothing; with totals. \
            Covering a criterion with tests is not conformance.
            """,
        parameters: [
            Parameter(name: "components", kind: .strings(choices: nil), description: "Components: slugs, family/slug or titles."),
            .string("category", "Only components of this category."),
            Common.family, Common.platform,
            .choice("level", WCAGLevel.allCases.map(\.rawValue), "Criteria up to this level (default AA).", default: "AA"),
            Common.evidence, Common.evidenceBase64,
        ],
        answer: { arguments, kb in
            let coverage = try kb.coverage(components: arguments.strings("components"), category: arguments.string("category"),
                                           family: Common.family(arguments), platform: try arguments.platform(),
                                           level: try arguments.level() ?? .aa, evidence: try Common.evidence(arguments, kb))
            let totals: JSONValue = .object(Coverage.Status.allCases.map { ($0.rawValue, .int(Int64(coverage.total($0)))) })
            let document = CoverageDocument(coverage)
            return Answer(try document.rendered(.markdown), .object([
                ("level", .string(coverage.level.rawValue)), ("totals", totals), ("criteria", document.table.json),
                ("note", .string(CoverageDocument.notConformance)),
            ]))
        })
}
