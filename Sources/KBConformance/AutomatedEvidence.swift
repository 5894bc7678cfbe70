import KBEvidence
import KBModel
import KBQuery

/// One axe-core results file: its name (as given) and its runs.
package struct AxeEvidence: Sendable {
    package var file: String
    package var runs: [AxeResults]
    package init(file: String, runs: [AxeResults]) { (self.file, self.runs) = (file, runs) }
}

/// The automated findings of every evidence file (axe-core, Lighthouse, pa11y, SARIF, EARL, IBM,
/// Accessibility Insights' automated checks) per success criterion, each test once with its
/// elements summed over every file and page: a rule that failed on some elements and passed on
/// others is one finding, "failing on N of M", never a violation and a pass side by side. The
/// same rule from two tools (axe-core's `color-contrast` run by Lighthouse and by axe) is one.
struct AutomatedEvidence {
    struct Finding {
        var rule: String
        /// The tool's own words for what the rule asks (axe's `help`, an audit's title).
        var help: String?
        var failed = 0, passed = 0, cannotTell = 0
        /// Pages where it failed, as the files name them, in the files' order.
        var failingPages: [String] = []
        /// Trusted Tester tests the rule's tags name (`TT7.a` → `7.A`).
        var trustedTesterTests: [String] = []
    }

    private(set) var bySC: [SCNumber: [Finding]] = [:]
    /// What each file said of each rule on each page, for the trail.
    private(set) var trail: [SCNumber: [ConformanceTrail.Rule]] = [:]
    /// The pages the files name (web addresses; a local file's run names none).
    private(set) var pages: [String] = []

    /// `records`: with their criteria mapped (`EvidenceRecord.mappingCriteria`); a person's
    /// findings in them are not read here.
    init(_ records: [EvidenceRecord]) {
        var tests: [SCNumber: [EvidenceTest: Int]] = [:]
        for record in records {
            var trailIndex: [[String]: Int] = [:]
            for f in record.findings where f.mode == .automatic {
                let page = RemarkWords.page(address: f.page)
                if let page, !pages.contains(page) { pages.append(page) }
                for sc in f.successCriteria.uniqued() {
                    var list = bySC[sc] ?? []
                    let i = tests[sc]?[f.test] ?? {
                        list.append(Finding(rule: f.test.id, help: f.words, trustedTesterTests: f.trustedTesterTests))
                        tests[sc, default: [:]][f.test] = list.count - 1
                        return list.count - 1
                    }()
                    if list[i].help == nil { list[i].help = f.words }
                    switch f.outcome {
                    case .failed:
                        list[i].failed += 1
                        if let page, !list[i].failingPages.contains(page) { list[i].failingPages.append(page) }
                    case .cannotTell: list[i].cannotTell += 1
                    case .passed: list[i].passed += 1
                    case .inapplicable, .untested: break
                    }
                    bySC[sc] = list
                    guard let outcome = Self.trailWords[f.outcome] else { continue }
                    let key = [sc.description, f.page ?? "", f.test.kind.rawValue, f.test.id, outcome]
                    if let at = trailIndex[key] {
                        if f.element != nil { trail[sc]![at].nodes += 1 }
                    } else {
                        trailIndex[key] = trail[sc, default: []].count
                        trail[sc, default: []].append(.init(file: record.file, page: f.page, rule: f.test.id, outcome: outcome,
                                                            nodes: f.element == nil ? 0 : 1, tool: record.toolWords))
                    }
                }
            }
        }
    }

    /// The trail's words for an outcome; inapplicable and untested findings are not evidence of a level.
    static let trailWords: [EvidenceOutcome: String] = [.failed: "failed", .cannotTell: "cannot tell", .passed: "passed"]

    func findings(_ sc: SCNumber) -> [Finding] { bySC[sc] ?? [] }
    /// Nodes that failed, over every rule.
    func failedNodes(_ sc: SCNumber) -> Int { findings(sc).reduce(0) { $0 + $1.failed } }
    /// Rules that passed somewhere: with a failure beside them the criterion is met in part.
    func passingRules(_ sc: SCNumber) -> [String] { findings(sc).filter { $0.passed > 0 }.map(\.rule).sorted() }
    /// Rules that passed and failed nowhere.
    func cleanPasses(_ sc: SCNumber) -> [Finding] { findings(sc).filter { $0.passed > 0 && $0.failed == 0 } }
}
