import A11yKB
import ArgumentParser
import Foundation

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "What an axe-core run's failures mean for testing by hand: success criteria, components, criteria, announcements.",
        discussion: """
            Reads the JSON axe-core's run gives (its violations and incomplete results, each rule's tags and nodes; or a list of such runs, one per page; the passes and inapplicable rules are skipped unread, so memory follows what is explained, not the run's size) and, rule by rule and node by node, says: the WCAG success criteria the rule's tags name (wcag412 is 4.1.2); the web component the node most likely is, from its element, role and type (vocabulary/element-components.tsv: <button>, role="switch", <input type="checkbox">...); that component's criteria that test those success criteria, to verify by hand (all of its criteria when none is linked to them; for an element that re-creates a control with a role, such as <div role="switch">, all of its keyboard and screen-reader criteria, since it has none of the control's own behaviour); and what a screen reader is expected to say. A node no component answers to (contrast on a <p>) points to the testing guide that covers its success criteria, with the guide's checks. A rule whose tags name no success criterion (a best practice) and a node nothing answers to are listed too, marked so.

            Any other tool's output a11ykb evidence reads is explained the same way (--evidence-format forces a reader): each test that failed or could not tell is a rule, its elements the nodes (Lighthouse, SARIF, pa11y, IBM Equal Access and the Accessibility Insights export name them; a test without elements keeps its row), its success criteria the tool's, else the knowledge base's axe rules'.

            Nodes of a rule with the same HTML are explained once: the table and CSV name the first target and how many more share its HTML; JSON and JSON Lines list them (also_at). The table and CSV give a row per thing to verify; JSON and JSON Lines a row per rule and node, with its checks and announcements inside.

            Examples:
              a11ykb explain axe-results.json
              a11ykb explain axe-results.json --format json
              a11ykb explain pa11y-ci.json
              scripts/axe-run page.html -o results.json && a11ykb explain results.json

            Exit status: 0 explained (unknown nodes included); 2 the file cannot be read, is of no evidence format a11ykb reads, or the knowledge base cannot be opened.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The results file (JSON), or - for standard input.", valueName: "results.json"), completion: .file(extensions: ["json"]))
    var results: String

    @Option(help: ArgumentHelp("Read the file as this format: " + EvidenceFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (default: told from its content).", valueName: "format"))
    var evidenceFormat: EvidenceFormat?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let input = try readInput(results, limit: EvidenceReading.maxBytes, what: "an evidence file")
        let kb = try database.open()
        let explanation = try kb.explainEvidence(input.data, name: input.name, format: evidenceFormat)
        let format = output.format ?? .table
        try output.emit(output.render(explanation.nested, flat: explanation.flat, as: format, maxColumnWidth: 48)
                        + (format == .table ? explanation.tally + "\n" : ""), from: kb)
    }
}
