import Foundation
import GRDB
import KBConformance
import KBEvidence
import KBQuery

/// One input file's content and the name it is known by (shown in remarks, never opened here).
public struct NamedInput: Sendable {
    public var name: String
    public var data: Data
    public init(name: String, data: Data) { (self.name, self.data) = (name, data) }
}

extension KnowledgeBase {
    /// An OpenACR report from filled results files (the checklist's CSV), axe-core runs, evidence
    /// files of any format `EvidenceReading` reads (a results CSV among them, told from its content;
    /// `evidenceFormat` forces one reader) and an optional base report (the product, the author, and the levels only a person can give), for
    /// `catalog` (else the base's, else the default edition). The rules: `ConformanceBuilder`.
    /// `keepBase`: the base's levels stand where the evidence gives another (the build still lists
    /// each disagreement, and the remark says the level is the vendor's).
    public func buildConformanceReport(results: [NamedInput], axe: [NamedInput], evidence: [NamedInput] = [],
                                       evidenceFormat: EvidenceFormat? = nil, base: NamedInput?,
                                       catalog: String? = nil, keepBase: Bool = false) throws -> ConformanceBuild {
        let baseReport = try base.map { input -> OpenACRReport in
            // A place listed twice is refused with the rest: which of its levels would hold is a guess.
            let (report, read) = try ConformanceReports.read(input)
            let bad = read.filter { $0.kind == .duplicate }
                + OpenACRCheck.check(report, catalog: catalog ?? report.catalog ?? OpenACRCatalog.defaultID).filter { $0.kind == .catalog }
            if let first = bad.first { throw QueryError.invalidOption("the base report \(input.name): \(first.located)") }
            return report
        }
        let catalogID = catalog ?? baseReport?.catalog ?? OpenACRCatalog.defaultID
        guard let chosen = OpenACRCatalog.named(catalogID) else {
            throw QueryError.invalidOption("no catalog \"\(catalogID)\"; known: " + OpenACRCatalog.builtInIDs.joined(separator: ", "))
        }
        var csvs = results, records: [EvidenceRecord] = []
        for input in axe { records.append(try EvidenceReading.read(input.data, file: input.name, format: .axe)) }
        for input in evidence {
            let format = evidenceFormat ?? EvidenceReading.detect(input.data)
            if format == .resultsCSV { csvs.append(input); continue }
            records.append(try EvidenceReading.read(input.data, file: input.name, format: format))
        }
        return try read { db in
            let reports = try csvs.map { input in
                try TestReport.build(db, try TestReport.read(input.data, name: input.name), file: input.name, level: .aaa)
            }
            let criteria = try RuleCriteria(db)
            return ConformanceBuilder.build(catalog: chosen, results: reports, evidence: records.map { $0.mappingCriteria(criteria.of) }, base: baseReport,
                                            titles: try WCAGCriterion.titles(db), guides: try TestedSuccessCriteria.guides(db),
                                            keepBase: keepBase)
        }
    }
}

extension KnowledgeBase {
    /// What a conformance report of a saved plan leaves to a person before any result is in: the
    /// build over the plan's rows, every one untested, for `catalog`. Its to-do list names, per
    /// criterion, the rows, the how-to-test guide or the judgement that would settle it.
    public func conformanceTodo(plan name: String, catalog: String? = nil) throws -> ConformanceTodo {
        let (_, checklist) = try plan(name)
        // Item ids are slugs joined by `:` and `/`, fingerprints hex: nothing a CSV field must quote.
        let rows = checklist.items.filter { $0.kind == .criterion }.map { "\($0.id),\($0.fingerprint),,\n" }.joined()
        let results = NamedInput(name: name, data: Data(("id,fingerprint,result,note\n" + rows).utf8))
        return try buildConformanceReport(results: [results], axe: [], base: nil, catalog: catalog).todo
    }

    /// What evidence files hold, each told from its content (`format` forces a reader), with the
    /// criteria the knowledge base's rules give where the tool gives none. A results CSV is no
    /// evidence file here: it is read against the checklist (`report`).
    public func readEvidence(_ inputs: [NamedInput], format: EvidenceFormat? = nil) throws -> [EvidenceRecord] {
        let records = try inputs.map { input in try EvidenceReading.read(input.data, file: input.name, format: format) }
        let criteria = try read { try RuleCriteria($0) }
        return records.map { $0.mappingCriteria(criteria.of) }
    }
}

/// The success criteria the knowledge base's automated rules give a test whose tool names none:
/// an axe rule's tags, an ACT rule's requirements (`v_rule_sc`), read once.
struct RuleCriteria {
    var byRule: [String: [SCNumber]] = [:]

    init(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT kind, rule, sc FROM v_rule_sc WHERE NOT secondary ORDER BY kind, rule, sc") {
            guard let kind: String = row["kind"], let rule: String = row["rule"], let sc = (row["sc"] as String?).flatMap({ SCNumber($0) }) else { continue }
            if !(byRule[kind + " " + rule]?.contains(sc) ?? false) { byRule[kind + " " + rule, default: []].append(sc) }
        }
    }

    func of(_ test: EvidenceTest) -> [SCNumber] {
        switch test.kind {
        case .axe: byRule["axe " + test.id] ?? []
        case .act: byRule["act " + test.id] ?? []
        default: []
        }
    }
}

/// Reading, checking and comparing OpenACR files: no knowledge base is needed.
public enum ConformanceReports {
    /// A report and what GSA's schema refuses in it; throws when the file is no report at all.
    /// A report larger than this is refused unread: the largest published ones are under 100 kB.
    public static let maxBytes = 16 << 20

    public static func read(_ input: NamedInput) throws -> (report: OpenACRReport, problems: [OpenACRProblem]) {
        guard input.data.count <= maxBytes else {
            throw QueryError.invalidOption("\(input.name) is larger than \(maxBytes >> 20) MB: no conformance report is")
        }
        guard let text = String(data: input.data, encoding: .utf8) else { throw QueryError.invalidOption("\(input.name) is not UTF-8 text") }
        do { return try OpenACRReading.read(text) } catch let error as OpenACRReadError {
            throw QueryError.invalidOption("\(input.name): \(error.description)")
        }
    }

    /// Schema, catalog and (when `strict`) a buyer's rules; `catalog` stands in where the report names none.
    public static func check(_ input: NamedInput, catalog: String? = nil, strict: Bool = false) throws -> [OpenACRProblem] {
        let (report, schema) = try read(input)
        return schema + OpenACRCheck.check(report, catalog: catalog, strict: strict)
    }

    public static func diff(_ old: NamedInput, _ new: NamedInput) throws -> OpenACRDiff {
        OpenACRDiff.compare(try read(old).report, try read(new).report)
    }
}

