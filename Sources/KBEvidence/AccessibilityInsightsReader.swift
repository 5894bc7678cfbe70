import KBModel

/// Accessibility Insights for Web as evidence, in both files it writes:
/// - a saved assessment (`.a11ywebassessment`: `{version, assessmentData}`): each requirement's
///   final result (`testStepStatus[...].stepFinalResult`: 0 passed, 2 failed, 1 not decided yet,
///   untested), one finding per requirement on the page the assessment was made on. The
///   automated checks' requirements are axe rules that the tool ran; the others a person's.
///   A saved assessment names requirements only: `vocabulary/accessibility-insights.tsv` maps
///   them to criteria, else (an axe rule it does not list) the knowledge base's axe rules.
/// - its "Export as JSON" (`{url, title, version, results: [{wcagNumber, requirementsFailed,
///   requirementsPassed, requirementsIncomplete}]}`): per criterion, each failed requirement's
///   instances failed (one finding where it lists none), a passed one passed, an incomplete one
///   untested.
/// Checked on AI-Web 2.26.0 (saved assessment) and 2.28.0 (export).
enum AccessibilityInsightsReader {
    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        json["assessmentData"].isObject ? assessment(json, file: file) : export(json, file: file)
    }

    static func assessment(_ json: JSON, file: String) -> EvidenceRecord? {
        let data = json["assessmentData"]
        let page = data["persistedTabInfo"]["url"].string ?? data["persistedTabInfo"]["title"].string
        var findings: [EvidenceFinding] = []
        for name in data["assessments"].keys {
            let steps = data["assessments"][name]["testStepStatus"]
            for step in steps.keys {
                let outcome: EvidenceOutcome
                switch steps[step]["stepFinalResult"].int {
                case 0: outcome = .passed
                case 2: outcome = .failed
                case 1: outcome = .untested
                default: continue
                }
                let automated = name == "automated-checks"
                findings.append(EvidenceFinding(test: EvidenceTest(kind: automated ? .axe : .accessibilityInsights, id: step), outcome: outcome,
                                                mode: automated ? .automatic : .manual, page: page,
                                                successCriteria: EvidenceVocabulary.accessibilityInsights[step]?.criteria ?? [],
                                                position: "assessmentData.assessments.\(name).testStepStatus.\(step)"))
            }
        }
        return EvidenceRecord(file: file, format: .accessibilityInsights, tool: "Accessibility Insights for Web", version: nil,
                              pages: page.map { [$0] } ?? [], findings: findings)
    }

    static func export(_ json: JSON, file: String) -> EvidenceRecord? {
        let page = json["url"].string ?? json["title"].string
        var findings: [EvidenceFinding] = []
        for (i, result) in json["results"].items.enumerated() {
            guard let sc = result["wcagNumber"].string.flatMap({ SCNumber($0) }) else { continue }
            for (list, outcome) in [("requirementsFailed", EvidenceOutcome.failed), ("requirementsPassed", .passed), ("requirementsIncomplete", .untested)] {
                for (j, requirement) in result[list].items.enumerated() {
                    guard let key = requirement["requirementKey"].string else { continue }
                    // The export does not say which requirements axe decided: the vocabulary does.
                    let automated = EvidenceVocabulary.accessibilityInsights[key]?.automated ?? false
                    func finding(_ instance: JSON?, _ at: String) -> EvidenceFinding {
                        EvidenceFinding(test: EvidenceTest(kind: automated ? .axe : .accessibilityInsights, id: key), outcome: outcome,
                                        mode: automated ? .automatic : .manual, page: page, successCriteria: [sc],
                                        element: instance?["path"].string, snippet: instance?["snippet"].string,
                                        words: requirement["requirementDescription"].string, position: at)
                    }
                    let at = "results[\(i)].\(list)[\(j)]"
                    let instances = outcome == .failed ? requirement["instances"].items : []
                    if instances.isEmpty { findings.append(finding(nil, at)) } else {
                        findings += instances.enumerated().map { finding($1, at + ".instances[\($0)]") }
                    }
                }
            }
        }
        return EvidenceRecord(file: file, format: .accessibilityInsights, tool: "Accessibility Insights for Web", version: json["version"].string,
                              pages: page.map { [$0] } ?? [], findings: findings)
    }
}
