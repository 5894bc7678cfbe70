import Foundation
import KBModel
import KBQuery

/// axe-core's results (`axe.run()`'s object, or `@axe-core/cli`'s list of them, one per page) as
/// evidence: a violation's and an incomplete result's every node failed or cannot tell, a passing
/// rule's every node passed (one finding where it lists none), an inapplicable rule one finding.
/// The criteria are the rule's own tags (`wcag412`). Checked on axe-core 3.5 to 4.10.
enum AxeReader {
    static func read(_ data: Data, file: String) throws -> EvidenceRecord {
        let runs = try AxeResults.read(data)
        var findings: [EvidenceFinding] = []
        for (r, run) in runs.enumerated() {
            let prefix = runs.count > 1 ? "[\(r)]." : ""
            for (list, outcome, results) in [("violations", EvidenceOutcome.failed, run.violations), ("incomplete", .cannotTell, run.incomplete),
                                             ("passes", .passed, run.passes), ("inapplicable", .inapplicable, run.inapplicable)] {
                for (i, result) in results.enumerated() {
                    let criteria = result.tags.compactMap(AxeResults.successCriterion(ofTag:)).uniqued()
                    let tests = EvidenceRecord.trustedTesterTests(tags: result.tags)
                    func finding(_ node: AxeResults.Node?, _ position: String) -> EvidenceFinding {
                        var made = EvidenceFinding(test: EvidenceTest(kind: .axe, id: result.id), outcome: outcome, page: run.url, successCriteria: criteria,
                                        element: node?.target, snippet: node.flatMap { $0.html.isEmpty ? nil : $0.html }, words: result.help,
                                        position: position)
                        made.trustedTesterTests = tests
                        return made
                    }
                    let at = "\(prefix)\(list)[\(i)]"
                    if result.nodes.isEmpty || outcome == .inapplicable {
                        findings.append(finding(nil, at))
                    } else {
                        findings += result.nodes.enumerated().map { finding($1, at + ".nodes[\($0)]") }
                    }
                }
            }
        }
        return EvidenceRecord(file: file, format: .axe, tool: "axe-core", version: runs.compactMap(\.engine).first,
                              pages: runs.compactMap(\.url), findings: findings)
    }
}
