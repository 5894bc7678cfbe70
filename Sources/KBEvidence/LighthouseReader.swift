import KBModel

/// A Lighthouse report (LHR) or a user flow's result (`{name, steps: [{name, lhr}]}`, each step a
/// page) as evidence: the accessibility category's audits, which are axe-core rules. A binary
/// audit's score 1 passed and 0 failed (one finding per failing element it lists), a
/// not-applicable audit inapplicable, a manual one untested (Lighthouse asks a person to check
/// it). A failing audit's criteria are its own axe tags (`details.debugData.tags`); a passing
/// one carries none, and the knowledge base's axe rules map it. A step without the category
/// (a timespan) adds nothing. Checked on Lighthouse 6.0.0 and 13.4.1.
enum LighthouseReader {
    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        var reports: [(lhr: JSON, at: String, name: String?)] = []
        if json["lighthouseVersion"].exists {
            reports = [(json, "", nil)]
        } else {
            reports = json["steps"].items.enumerated().compactMap { i, step in
                step["lhr"].isObject ? (step["lhr"], "steps[\(i)].lhr.", step["name"].string) : nil
            }
        }
        guard !reports.isEmpty else { return nil }
        var findings: [EvidenceFinding] = [], pages: [String] = []
        for (lhr, at, _) in reports {
            let category = lhr["categories"]["accessibility"]
            guard category.exists else { continue }
            let page = lhr["finalDisplayedUrl"].string ?? lhr["finalUrl"].string ?? lhr["requestedUrl"].string
            if let page, !pages.contains(page) { pages.append(page) }
            for ref in category["auditRefs"].items {
                guard let id = ref["id"].string else { continue }
                let audit = lhr["audits"][id]
                guard audit.exists else { continue }
                let mode = audit["scoreDisplayMode"].string ?? ""
                let outcome: EvidenceOutcome
                switch mode {
                case "notApplicable": outcome = .inapplicable
                case "manual": outcome = .untested
                case "binary", "numeric": outcome = audit["score"].number == 1 ? .passed : .failed
                default: continue // informative, error: no outcome
                }
                let tags = audit["details"]["debugData"]["tags"].strings
                let criteria = tags.compactMap(WCAGCatalogue.sc(fromAxeTag:)).uniqued()
                let position = "\(at)audits.\(id)"
                func finding(_ node: JSON?) -> EvidenceFinding {
                    var made = EvidenceFinding(test: EvidenceTest(kind: .axe, id: id), outcome: outcome, page: page, successCriteria: criteria,
                                    element: node?["selector"].string, snippet: node?["snippet"].string, words: audit["title"].string,
                                    position: position)
                    made.trustedTesterTests = EvidenceRecord.trustedTesterTests(tags: tags)
                    return made
                }
                let nodes = audit["details"]["items"].items.map { $0["node"] }.filter(\.exists)
                if outcome == .failed && !nodes.isEmpty { findings += nodes.map(finding) } else { findings.append(finding(nil)) }
            }
        }
        let version = json["lighthouseVersion"].string ?? reports.first?.lhr["lighthouseVersion"].string
        return EvidenceRecord(file: file, format: .lighthouse, tool: "Lighthouse", version: version, pages: pages, findings: findings)
    }
}
