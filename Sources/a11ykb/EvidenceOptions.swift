import A11yKB
import ArgumentParser
import Foundation

/// `--evidence FILE` (repeatable) and `--evidence-format`, as `report` and `coverage` take them:
/// the output of the tools a team runs, read into the one evidence model before the question.
struct EvidenceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An evidence file of any format a11ykb evidence reads, told from its content: axe-core, Lighthouse, pa11y, SARIF, EARL, WCAG-EM, IBM Equal Access, Accessibility Insights, a Trusted Tester workbook or SCRT JSON (repeatable).", valueName: "file"), completion: .file())
    var evidence: [String] = []
    @Option(help: ArgumentHelp("Read every --evidence file as this format: " + EvidenceFormat.allCases.filter { $0 != .resultsCSV }.map(\.rawValue).joined(separator: ", ") + ".", valueName: "format"))
    var evidenceFormat: EvidenceFormat?

    func validate() throws {
        if evidenceFormat != nil && evidence.isEmpty { throw ValidationError("--evidence-format goes with --evidence FILE") }
    }

    /// The files' evidence, their criteria mapped; a test that names no success criterion is said on stderr.
    func read(_ kb: KnowledgeBase) throws -> [EvidenceRecord] {
        let inputs = try evidence.map { try readInput($0, limit: EvidenceReading.maxBytes, what: "an evidence file") }
        let records = try kb.readEvidence(inputs, format: evidenceFormat)
        Self.sayUnmapped(records)
        return records
    }

    /// Each file's tests that speak of no success criterion, counted toward none: one line per file.
    static func sayUnmapped(_ records: [EvidenceRecord]) {
        for record in records {
            let unmapped = record.unmappedTests
            if !unmapped.isEmpty {
                Output.err("a11ykb: \(record.file): \(unmapped.count) \(unmapped.count == 1 ? "test names" : "tests name") no success criterion, not counted toward a level: "
                           + unmapped.prefix(8).map(\.id).joined(separator: ", ") + (unmapped.count > 8 ? ", ..." : "") + "\n")
            }
        }
    }
}
