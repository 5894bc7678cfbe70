import A11yKB
import Foundation

/// The conformance report's tools. Each takes the files' contents, never a path, so that a
/// client can only show the server what it holds itself.
extension Tools {
    package static let catalogs = OpenACRCatalog.builtInIDs

    package static let buildConformanceReport = ToolDefinition(
        tool: .buildConformanceReport, title: "Build an Accessibility Conformance Report (OpenACR)",
        description: """
            Build a VPAT-style Accessibility Conformance Report in GSA's OpenACR format from evidence: results (the \
            checklist's CSV with result and note filled, one text per file), axe (what axe.run() returns, one text per \
            run), evidence (any other tool's output, its format told from its content: Lighthouse, pa11y, SARIF, EARL, \
            WCAG-EM, IBM Equal Access, Accessibility Insights, Trusted Tester SCRT, or the two above; a binary file such as the \
            Trusted Tester workbook as evidence_base64) and base (an OpenACR YAML with the product, author and the levels only a person gives, such as \
            not-applicable with its reason). Per WCAG success criterion and component (web for web entries, software for \
            native ones): a failure or violation beside a pass is partially-supports; failures with nothing that passed \
            does-not-support; passes with no failure supports; automated passes alone, n/a or untested rows, or nothing \
            not-evaluated. Remarks are written for a buyer (what fails, where, for whom, ticket ids; what was verified); \
            where each level came from is the trail. A level the base states that the evidence contradicts (either way) \
            is a disagreement: the report is refused, listing them, unless keep_base keeps the base's levels. The answer is \
            the report (openacr YAML, json, markdown or html), the disagreements, the trail, and the to-do list: what the \
            evidence does not settle below AAA, with what would settle it, also as a base report to fill (todo_base).
            """,
        parameters: [
            Parameter(name: "results", kind: .strings(choices: nil), description: "Filled results CSVs, each as text."),
            Parameter(name: "axe", kind: .strings(choices: nil), description: "axe-core results, each as JSON text."),
            Parameter(name: "evidence", kind: .strings(choices: nil),
                      description: "Evidence files of any format read (Lighthouse, pa11y, SARIF, EARL, WCAG-EM, IBM, Accessibility Insights, Trusted Tester SCRT, axe, results CSV), each as text."),
            Common.evidenceBase64,
            .string("base", "The base report as OpenACR YAML text."),
            .choice("catalog", catalogs, "The VPAT edition (default: the base's, else \(OpenACRCatalog.defaultID))."),
            Parameter(name: "keep_base", kind: .boolean(default: false),
                      description: "Keep the base's levels where the evidence gives another (default false)."),
            .format(OpenACRReport.self, "The report's format.", default: .openacr),
        ],
        answer: { arguments, kb in
            let inputs = arguments.inputs
            let base = arguments.string("base").map { NamedInput(name: "base", data: Data($0.utf8)) }
            let evidence = try Common.evidenceInputs(arguments)
            guard !inputs("results").isEmpty || !inputs("axe").isEmpty || !evidence.isEmpty || base != nil else {
                return .error("give results, axe, evidence, evidence_base64 or base: the evidence to build from")
            }
            let keepBase = arguments.bool("keep_base")
            let built = try kb.buildConformanceReport(results: inputs("results"), axe: inputs("axe"), evidence: evidence, base: base, catalog: arguments.string("catalog"),
                                                      keepBase: keepBase)
            if !built.conflicts.isEmpty && !keepBase {
                return .error("the base's levels disagree with the evidence; correct the base, or keep its levels with keep_base: "
                              + built.conflicts.map(\.located).joined(separator: "; "))
            }
            return Answer(try built.toolText(try arguments.format(OpenACRReport.self)), built.json)
        })

    package static let checkConformanceReport = ToolDefinition(
        tool: .checkConformanceReport, title: "Check an OpenACR report",
        description: """
            Check any OpenACR report (YAML or JSON text) against GSA's schema and the catalog it names (or catalog where \
            it names none): known chapters and criteria, components each criterion takes, levels that are terms, no \
            criterion (or criterion's component) listed twice, each place named by its lines. strict \
            adds what a report handed to a buyer must meet: every criterion present for each component claimed, no \
            not-evaluated below AAA, a note on every partially-supports, does-not-support and not-applicable.
            """,
        parameters: [
            .string("report", "The report as OpenACR YAML or JSON text.", required: true),
            .choice("catalog", catalogs, "The catalog to check against where the report names none."),
            Parameter(name: "strict", kind: .boolean(default: false), description: "Also what a buyer needs (default false)."),
        ],
        answer: { arguments, _ in
            let problems = try ConformanceReports.check(NamedInput(name: "report", data: Data((arguments.string("report") ?? "").utf8)),
                                                        catalog: arguments.string("catalog"), strict: arguments.bool("strict"))
            return try Answer(ConformanceCheckDocument(problems), .text)
        })

    package static let compareConformanceReports = ToolDefinition(
        tool: .compareConformanceReports, title: "Compare two OpenACR reports",
        description: """
            Compare two OpenACR reports (two releases, or two vendors'), given as YAML or JSON text, as a release note \
            in markdown: a summary (product version and report date old -> new; per chapter the levels improved, \
            regressed, changed otherwise and unchanged, in the order does-not-support < partially-supports < supports, \
            a change to or from not-applicable, not-evaluated or no level counted apart; criteria added and removed), \
            each level change with its remark before and after, criteria listed more than once, the tickets fixed and \
            newly failing (ids such as SHOP-123 in the failing remarks of one report and not the other), and with all \
            every other remark that changed. Evidence file names and line or row numbers in remarks never count as a \
            change. Structured: changes (one object per change: chapter, criterion, component, field, old, new) and \
            chapters (the counts per chapter).
            """,
        parameters: [
            .string("old", "The older report, as text.", required: true),
            .string("new", "The newer report, as text.", required: true),
            Parameter(name: "all", kind: .boolean(default: false), description: "Also list every remark that changed where its level did not (default false)."),
        ],
        answer: { arguments, _ in
            var diff = try ConformanceReports.diff(NamedInput(name: "old", data: Data((arguments.string("old") ?? "").utf8)),
                                                   NamedInput(name: "new", data: Data((arguments.string("new") ?? "").utf8)))
            diff.listsEveryRemark = arguments.bool("all")
            return try Answer(diff, .markdown)
        })
}
