import KBModel

/// SARIF 2.1.0 as evidence: each run's results, by their `kind` (pass passed, fail failed, open
/// and review cannot tell, notApplicable inapplicable; absent, SARIF's default, fail). A result's
/// rule is the driver's (`ruleId`, or `ruleIndex` into the driver's rules); its criteria are the
/// rule's relationships to the WCAG taxonomy (`wcag412`), as axe-sarif-converter writes them. The
/// page is the result's location (`artifactLocation.uri`, or its index into the run's artifacts);
/// the element its first logical location. A driver named axe gives axe rules, which the
/// knowledge base can map too; another tool's rules are its own. Checked on axe-sarif-converter's
/// output of axe-core 4.10.2.
enum SARIFReader {
    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        let runs = json["runs"].items
        guard !runs.isEmpty else { return nil }
        var findings: [EvidenceFinding] = [], pages: [String] = []
        var tool = "SARIF", version: String?
        for (r, run) in runs.enumerated() {
            let driver = run["tool"]["driver"]
            let name = driver["name"].string ?? "SARIF"
            if r == 0 { (tool, version) = (name, driver["version"].string ?? driver["semanticVersion"].string) }
            let kind: EvidenceTestKind = name.lowercased().contains("axe") ? .axe : .toolRule
            let rules = driver["rules"].items
            let artifacts = run["artifacts"].items.map { $0["location"]["uri"].string }
            for uri in artifacts.compactMap({ $0 }) where !pages.contains(uri) { pages.append(uri) }
            var byID: [String: JSON] = [:]
            for rule in rules { if let id = rule["id"].string { byID[id] = rule } }
            for (i, result) in run["results"].items.enumerated() {
                let rule = result["ruleIndex"].int.map { JSON(rules.indices.contains($0) ? rules[$0].value : nil) }
                    ?? result["ruleId"].string.flatMap { byID[$0] } ?? JSON(nil)
                guard let id = result["ruleId"].string ?? rule["id"].string else { continue }
                let outcome: EvidenceOutcome
                switch result["kind"].string ?? "fail" {
                case "pass": outcome = .passed
                case "fail": outcome = .failed
                case "open", "review": outcome = .cannotTell
                case "notApplicable": outcome = .inapplicable
                default: continue // informational: no outcome
                }
                let criteria = rule["relationships"].items.compactMap { $0["target"]["id"].string }
                    .compactMap(WCAGCatalogue.sc(fromAxeTag:)).uniqued()
                let location = result["locations"][0]
                let artifact = location["physicalLocation"]["artifactLocation"]
                let page = artifact["uri"].string ?? artifact["index"].int.flatMap { artifacts.indices.contains($0) ? artifacts[$0] : nil }
                if let page, !pages.contains(page) { pages.append(page) }
                let words = rule["shortDescription"]["text"].string ?? rule["name"].string ?? rule["fullDescription"]["text"].string
                findings.append(EvidenceFinding(test: EvidenceTest(kind: kind, id: id), outcome: outcome, page: page, successCriteria: criteria,
                                                element: location["logicalLocations"][0]["fullyQualifiedName"].string,
                                                snippet: location["physicalLocation"]["region"]["snippet"]["text"].string,
                                                words: words, position: "runs[\(r)].results[\(i)]"))
            }
        }
        return EvidenceRecord(file: file, format: .sarif, tool: tool, version: version, pages: pages, findings: findings)
    }
}
