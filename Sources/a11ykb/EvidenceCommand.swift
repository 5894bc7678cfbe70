import A11yKB
import ArgumentParser
import Foundation

extension EvidenceFormat: ExpressibleByArgument {}

/// `a11ykb evidence FILE...`: what each evidence file holds, before a report is built from it.
struct EvidenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evidence",
        abstract: "What evidence files hold: tool, version, pages, outcomes per success criterion.",
        discussion: """
            Reads the output of the tools a team already runs, each told from its content (never its name): axe-core (axe.run()'s JSON, or @axe-core/cli's list of runs), Lighthouse (a report, or a user flow whose steps are pages), pa11y and pa11y-ci JSON, SARIF 2.1.0, W3C EARL (JSON-LD), the WCAG-EM Report Tool's export, IBM Equal Access accessibility-checker JSON, Accessibility Insights for Web (a saved .a11ywebassessment or its JSON export), and the Trusted Tester 5.1.3 results workbook (.xlsm: each test of its Results sheet a person's outcome for the criteria its test conditions name, on the product its Report sheet names; a zip past 10,000 entries or 128 MB unpacked is refused unread), and the Section 508 Conformance Reporting Tool's (SCRT) results JSON (each criterion's test result a person's outcome for the criteria of its Trusted Tester test, on its location, else the product's; a blank template reads as every test untested). Each outcome (passed, failed, cannot tell, inapplicable, untested) is of a test on a page for the success criteria the tool maps it to; where the tool maps none (a Lighthouse audit that passed), the knowledge base's axe and ACT rules do. A test that speaks of no success criterion (a best practice, or a rule the knowledge base does not hold) is counted and listed.

            acr build --evidence takes the same files.

            Exit status: 0 read; 2 a file of no known format (the error names the formats read), or unreadable.

            Examples:
              a11ykb evidence lighthouse-flow.json pa11y-ci.json
              a11ykb evidence results.sarif --format json
              a11ykb evidence tt-results.xlsm scrt-results.json
              a11ykb evidence export.json --evidence-format earl
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("Evidence files, or - for standard input.", valueName: "file"), completion: .file())
    var files: [String]
    @Option(help: ArgumentHelp("Read every file as this format: " + EvidenceFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (default: told from each file's content).", valueName: "format"))
    var evidenceFormat: EvidenceFormat?
    @Option(name: [.short, .long], help: FormatOption<EvidenceSummary>.help())
    var format = FormatOption<EvidenceSummary>(.text)
    @OptionGroup var destination: DocumentOutputOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give the evidence files to read") }
    }

    func run() throws {
        let inputs = try files.map { try readInput($0, limit: EvidenceReading.maxBytes, what: "an evidence file") }
        let kb = try database.open()
        let records = try kb.readEvidence(inputs, format: evidenceFormat)
        try A11yKBCLI.emit(Data(try EvidenceSummary(records).rendered(format.format).utf8), to: destination.output, from: kb)
    }
}
