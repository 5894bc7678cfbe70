import KBModel

/// IBM Equal Access accessibility-checker's JSON results as evidence: each result `value` is
/// `[policy, result]`. A requirement's (`VIOLATION`) `FAIL` failed; `PASS` passed; a `POTENTIAL`
/// violation or a `MANUAL` check cannot tell, never a failure (IBM asks a person to decide); a
/// recommendation's failure cannot tell too (IBM's own advice, not a requirement). The results
/// carry no WCAG mapping: `vocabulary/ibm-rules.tsv` maps each rule id and the older ids older
/// results use. The page is the summary's URL, the tool its `toolID`. Checked on
/// accessibility-checker 3.1.67 and karma-accessibility-checker 3.0.0.
enum IBMReader {
    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        let page = json["summary"]["URL"].string
        var findings: [EvidenceFinding] = []
        for (i, result) in json["results"].items.enumerated() {
            guard let rule = result["ruleId"].string else { continue }
            let policy = result["value"][0].string?.uppercased() ?? "", verdict = result["value"][1].string?.uppercased() ?? ""
            let outcome: EvidenceOutcome
            switch verdict {
            case "PASS": outcome = .passed
            case "FAIL": outcome = policy == "VIOLATION" ? .failed : .cannotTell
            case "POTENTIAL", "MANUAL": outcome = .cannotTell
            default: continue
            }
            findings.append(EvidenceFinding(test: EvidenceTest(kind: .ibm, id: rule), outcome: outcome, page: page,
                                            successCriteria: EvidenceVocabulary.ibmRules[rule] ?? [],
                                            element: result["path"]["dom"].string, snippet: result["snippet"].string,
                                            words: result["message"].string, position: "results[\(i)]"))
        }
        // `accessibility-checker-v3.1.67` → accessibility-checker 3.1.67.
        let toolID = json["toolID"].string ?? "IBM Equal Access"
        var tool = toolID, version: String?
        if let dash = toolID.range(of: "-v", options: .backwards), toolID[dash.upperBound...].first?.isNumber == true {
            (tool, version) = (String(toolID[..<dash.lowerBound]), String(toolID[dash.upperBound...]))
        }
        return EvidenceRecord(file: file, format: .ibm, tool: tool, version: version, pages: page.map { [$0] } ?? [], findings: findings)
    }

    /// Whether IBM's table knows the rule (by its id or an older one).
    static func knows(_ rule: String) -> Bool { EvidenceVocabulary.ibmRules[rule] != nil }
}
