import KBModel
import KBQuery

/// One axe-core results file: its name (as given) and its runs.
package struct AxeEvidence: Sendable {
    package var file: String
    package var runs: [AxeResults]
    package init(file: String, runs: [AxeResults]) { (self.file, self.runs) = (file, runs) }
}

/// The automated runs per success criterion their tags name (axe's `wcag412`), each rule once
/// with its nodes summed over every run: a rule that failed on some elements and passed on others
/// is one finding, "failing on N of M", never a violation and a pass side by side.
struct AutomatedEvidence {
    struct Finding {
        var rule: String
        /// axe's own words for what the rule asks (`help`), from the run.
        var help: String?
        var failed = 0, passed = 0, cannotTell = 0
        /// Pages where it failed, as the runs name them, in the runs' order.
        var failingPages: [String] = []
        /// Trusted Tester tests the rule's tags name (`TT7.a` → `7.A`).
        var trustedTesterTests: [String] = []
    }

    private(set) var bySC: [SCNumber: [Finding]] = [:]
    /// What each run said of each rule, for the trail.
    private(set) var trail: [SCNumber: [ConformanceTrail.Rule]] = [:]
    /// The pages the runs name (web addresses; a local file's run names none).
    private(set) var pages: [String] = []

    init(_ files: [AxeEvidence]) {
        for file in files {
            for run in file.runs {
                let page = RemarkWords.page(address: run.url)
                if let page, !pages.contains(page) { pages.append(page) }
                for (outcome, results) in [("failed", run.violations), ("cannot tell", run.incomplete), ("passed", run.passes)] {
                    for r in results {
                        for sc in r.tags.compactMap(AxeResults.successCriterion(ofTag:)).uniqued() {
                            add(sc, r, outcome: outcome, page: page)
                            trail[sc, default: []].append(.init(file: file.file, page: run.url, rule: r.id, outcome: outcome, nodes: r.nodes.count))
                        }
                    }
                }
            }
        }
    }

    private mutating func add(_ sc: SCNumber, _ r: AxeResults.Result, outcome: String, page: String?) {
        var list = bySC[sc] ?? []
        let i = list.firstIndex { $0.rule == r.id } ?? {
            list.append(Finding(rule: r.id, help: r.help, trustedTesterTests: Self.trustedTesterTests(r.tags)))
            return list.count - 1
        }()
        if list[i].help == nil { list[i].help = r.help }
        switch outcome {
        case "failed":
            list[i].failed += r.nodes.count
            if let page, !list[i].failingPages.contains(page) { list[i].failingPages.append(page) }
        case "cannot tell": list[i].cannotTell += r.nodes.count
        // A rule in the passes list passed on every node it lists; one with no node listed still passed.
        default: list[i].passed += max(r.nodes.count, 1)
        }
        bySC[sc] = list
    }

    /// `TT7.a` → `7.A`, as the Trusted Tester tests are numbered.
    static func trustedTesterTests(_ tags: [String]) -> [String] {
        tags.compactMap { tag in
            guard tag.hasPrefix("TT"), tag.count > 2 else { return nil }
            return String(tag.dropFirst(2)).uppercased()
        }
    }

    func findings(_ sc: SCNumber) -> [Finding] { bySC[sc] ?? [] }
    /// Nodes that failed, over every rule.
    func failedNodes(_ sc: SCNumber) -> Int { findings(sc).reduce(0) { $0 + $1.failed } }
    /// Rules that passed somewhere: with a failure beside them the criterion is met in part.
    func passingRules(_ sc: SCNumber) -> [String] { findings(sc).filter { $0.passed > 0 }.map(\.rule).sorted() }
    /// Rules that passed and failed nowhere.
    func cleanPasses(_ sc: SCNumber) -> [Finding] { findings(sc).filter { $0.passed > 0 && $0.failed == 0 } }
}
