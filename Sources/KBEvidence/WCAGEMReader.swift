import KBModel

/// The WCAG-EM Report Tool's evaluation export as evidence: per success criterion (`test`, or
/// `testRequirement` in data format v1: `WCAG2:non-text-content`, `wcag20:text-equiv-all`), the
/// evaluator's result for the site, on the site's name, and each per-page part (`hasPart`) on
/// the sampled page it names, by the page's address (its `description` or `source`), else its
/// title. Every result is a person's. Checked on the v2 tool's export and data formats v1 and v3.
enum WCAGEMReader {
    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        let graph = json["@graph"].exists ? json["@graph"].items : [json]
        guard let evaluation = graph.first(where: { $0["auditResult"].isArray }) else { return nil }
        var samples: [String: String] = [:], pages: [String] = []
        for sample in ["structuredSample", "randomSample"] {
            for page in evaluation[sample]["webpage"].items {
                guard let id = page["id"].string else { continue }
                let name = page["source"].string ?? page["description"].string ?? page["title"].string ?? page["handle"].string ?? id
                samples[id] = name
                if !pages.contains(name) { pages.append(name) }
            }
        }
        let website = evaluation["evaluationScope"]["website"]
        let site = website["siteName"].string ?? website["title"].string ?? "the website"
        var findings: [EvidenceFinding] = []
        for (i, assertion) in evaluation["auditResult"].items.enumerated() {
            guard let requirement = assertion["test"].string ?? assertion["testRequirement"].string else { continue }
            // A criterion no catalogue knows keeps its id, with no criterion: listed, not dropped.
            let sc = EARLReader.successCriterion(ofRequirement: requirement)
            let id = sc?.description ?? (requirement.split(separator: ":").last.map(String.init) ?? requirement)
            func finding(_ node: JSON, page: String?, at: String) -> EvidenceFinding? {
                guard let outcome = EvidenceOutcome(earl: node["result"]["outcome"].string ?? "") else { return nil }
                let words = node["result"]["description"].string.flatMap { $0.isEmpty ? nil : $0 }
                return EvidenceFinding(test: EvidenceTest(kind: .successCriterion, id: id), outcome: outcome, mode: .manual,
                                       page: page, successCriteria: sc.map { [$0] } ?? [], words: words, position: at)
            }
            if let whole = finding(assertion, page: site, at: "auditResult[\(i)]") { findings.append(whole) }
            for (j, part) in assertion["hasPart"].items.enumerated() {
                for id in part["subject"].strings {
                    if let one = finding(part, page: samples[id] ?? id, at: "auditResult[\(i)].hasPart[\(j)]") { findings.append(one) }
                }
            }
        }
        let publisher = evaluation["publisher"].string ?? ""
        let version = publisher.split(separator: "/").last.map(String.init).flatMap { $0.first?.isNumber == true ? $0 : nil }
        return EvidenceRecord(file: file, format: .wcagEM, tool: "WCAG-EM Report Tool", version: version, pages: [site] + pages, findings: findings)
    }
}
