import KBEvidence
import KBModel

/// What evidence files hold, before a report is built from them: per file the tool, its version,
/// the pages, the outcomes over all and per success criterion, and the tests that speak of no
/// criterion (listed, never dropped in silence). Text for a terminal; JSON for a script.
public struct EvidenceSummary: Document, Sendable {
    public static let formats: [DocumentFormat] = [.text, .json]

    public var records: [EvidenceRecord]

    public init(_ records: [EvidenceRecord]) { self.records = records }

    /// `failed 2, passed 5`, in the outcomes' order.
    static func counts(_ counts: [EvidenceOutcome: Int]) -> String {
        EvidenceOutcome.allCases.compactMap { o in counts[o].map { "\(o.rawValue) \($0)" } }.joined(separator: ", ")
    }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        if format == .json { return JSONValue.array(records.map(Self.json)).rendered() + "\n" }
        return records.map { r in
            var lines = ["\(r.file): \(r.toolWords) (\(r.format.rawValue))"]
            lines.append("  pages: \(r.pages.count)" + (r.pages.isEmpty ? "" : " (" + r.pages.prefix(5).joined(separator: ", ") + (r.pages.count > 5 ? ", ..." : "") + ")"))
            let tests = Set(r.findings.map(\.test))
            lines.append("  findings: \(r.findings.count) (\(Self.counts(r.outcomeCounts))) of \(tests.count) tests")
            let unmapped = r.unmappedTests
            if !unmapped.isEmpty {
                lines.append("  \(unmapped.count) tests name no success criterion (a best practice, or a rule the knowledge base does not hold): "
                             + unmapped.prefix(12).map(\.id).joined(separator: ", ") + (unmapped.count > 12 ? ", ..." : ""))
            }
            for (sc, counts) in r.outcomesByCriterion {
                lines.append("  \(sc)" + (WCAGCatalogue.bySC[sc.description].map { " " + $0.title } ?? "") + ": " + Self.counts(counts))
            }
            return lines.map { TerminalText.clean($0) + "\n" }.joined()
        }.joined(separator: "\n")
    }

    static func json(_ r: EvidenceRecord) -> JSONValue {
        func counts(_ c: [EvidenceOutcome: Int]) -> [(String, JSONValue)] {
            EvidenceOutcome.allCases.map { ($0.rawValue, .int(Int64(c[$0] ?? 0))) }
        }
        return .object([
            ("file", .string(r.file)), ("format", .string(r.format.rawValue)), ("tool", .string(r.tool)), ("version", .optional(r.version)),
            ("pages", .array(r.pages.map(JSONValue.string))),
            ("tests", .int(Int64(Set(r.findings.map(\.test)).count))),
            ("findings", .int(Int64(r.findings.count))),
            ("outcomes", .object(counts(r.outcomeCounts))),
            ("criteria", .array(r.outcomesByCriterion.map { .object([("sc", .string($0.sc.description))] + counts($0.counts)) })),
            ("unmapped_tests", .array(r.unmappedTests.map { .object([("kind", .string($0.kind.rawValue)), ("id", .string($0.id))]) })),
        ])
    }
}
