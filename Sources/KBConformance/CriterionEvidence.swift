import KBEvidence
import KBModel
import KBQuery

/// The evidence files' findings per success criterion, as `report` and `coverage` show them and
/// as the conformance build counts them (`ConformanceBuilder.evidence`): one sum for all three,
/// over `AutomatedEvidence` (each rule once over every file and page) and `ManualEvidence` (a
/// person's outcomes another tool holds).
public enum CriterionEvidence {
    /// `records`: with their criteria mapped (`EvidenceRecord.mappingCriteria`).
    public static func findings(_ records: [EvidenceRecord]) -> [SCNumber: CriterionFindings] {
        let automated = AutomatedEvidence(records), manual = ManualEvidence(records)
        var out: [SCNumber: CriterionFindings] = [:]
        for sc in Set(automated.bySC.keys).union(manual.bySC.keys) { out[sc] = findings(sc, automated: automated, manual: manual) }
        return out
    }

    static func findings(_ sc: SCNumber, automated: AutomatedEvidence, manual: ManualEvidence) -> CriterionFindings {
        var f = CriterionFindings()
        for rule in automated.findings(sc) {
            f.failed += rule.failed
            f.passed += rule.passed
            f.cannotTell += rule.cannotTell
            if rule.failed > 0 { f.failingRules.append(rule.rule) }
        }
        f.passingRules = automated.passingRules(sc)
        manual.count(sc, into: &f.manual)
        f.failingPages = (automated.findings(sc).flatMap(\.failingPages)
            + manual.outcomes(sc).filter { $0.finding.outcome == .failed }.compactMap { RemarkWords.page($0.finding.page) }).uniqued()
        return f
    }
}
