import KBEvidence
import KBModel
import KBQuery

/// A person's outcomes that another tool holds (the WCAG-EM Report Tool's results per criterion
/// and sampled page, the Accessibility Insights requirements a person decides), per success
/// criterion, for the web (both are web tools). They count as results rows do: a failure is a
/// failed row, a pass a passed one, so a criterion a tool fails and a person passes is partially
/// supported, with both said. The remarks name the tool and the pages; the trail the file.
struct ManualEvidence {
    struct Outcome {
        var file: String
        var tool: String
        var finding: EvidenceFinding
    }

    private(set) var bySC: [SCNumber: [Outcome]] = [:]

    /// `records`: with their criteria mapped; the automated findings in them are not read here.
    init(_ records: [EvidenceRecord]) {
        for record in records {
            for f in record.findings where f.mode == .manual {
                for sc in f.successCriteria.uniqued() { bySC[sc, default: []].append(Outcome(file: record.file, tool: record.toolWords, finding: f)) }
            }
        }
    }

    func outcomes(_ sc: SCNumber) -> [Outcome] { bySC[sc] ?? [] }

    /// Adds each outcome as the row it stands for: passed, failed, not applicable, else not tested.
    func count(_ sc: SCNumber, into evidence: inout Evidence) {
        for o in outcomes(sc) {
            switch o.finding.outcome {
            case .passed: evidence.add(.pass)
            case .failed: evidence.add(.fail)
            case .inapplicable: evidence.add(.notApplicable)
            case .cannotTell, .untested: evidence.add(nil)
            }
        }
    }

    /// One sentence per tool that failed it: `Not met on Checkout and Contact in a manual evaluation
    /// (WCAG-EM Report Tool): “Failed at this page”.`
    func failures(_ sc: SCNumber) -> [String] {
        let failed = outcomes(sc).filter { $0.finding.outcome == .failed }
        return failed.map(\.tool).uniqued().map { tool in
            let mine = failed.filter { $0.tool == tool }
            let pages = mine.compactMap { RemarkWords.page($0.finding.page) }.uniqued()
            let words = mine.compactMap(\.finding.words).first.map { ": " + RemarkWords.quoted($0) } ?? ""
            return "Not met" + (pages.isEmpty ? "" : " on " + RemarkWords.list(pages, limit: 3, more: ("page", "pages")))
                + " in a manual evaluation (\(tool))" + words + "."
        }
    }

    /// `Verified to work by hand on 3 pages (WCAG-EM Report Tool).`
    func passes(_ sc: SCNumber) -> [String] {
        let passed = outcomes(sc).filter { $0.finding.outcome == .passed }
        return passed.map(\.tool).uniqued().map { tool in
            let pages = passed.filter { $0.tool == tool }.compactMap { RemarkWords.page($0.finding.page) }.uniqued()
            return "Verified to work by hand" + (pages.isEmpty ? "" : " on " + RemarkWords.count(pages.count, "page", "pages")) + " (\(tool))."
        }
    }

    /// What each file said, for the trail: one entry per file, page, test and outcome.
    func trail(_ sc: SCNumber) -> [ConformanceTrail.Rule] {
        var out: [ConformanceTrail.Rule] = []
        for o in outcomes(sc) {
            let outcome = o.finding.outcome.rawValue
            if out.contains(where: { $0.file == o.file && $0.page == o.finding.page && $0.rule == o.finding.test.id && $0.outcome == outcome }) { continue }
            out.append(.init(file: o.file, page: o.finding.page, rule: o.finding.test.id, outcome: outcome, nodes: 0, tool: o.tool))
        }
        return out
    }
}
