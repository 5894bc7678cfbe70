import KBModel

/// pa11y's JSON as evidence: pa11y-ci's reporter (`{total, passes, errors, results: {url: [issue]}}`,
/// every URL a page, those with no issue too), the Node API's `{pageUrl, issues}` and the bare
/// reporter's list of issues. With the HTML_CodeSniffer runner an issue's code names its success
/// criterion (`WCAG2AA.Principle1.Guideline1_4.1_4_3.G18` → 1.4.3); an error failed, a warning or
/// a notice cannot tell (HTML_CodeSniffer asks a person to review it). pa11y writes no pass: a
/// page with no error says nothing of a criterion. Checked on pa11y-ci's output as GitLab keeps it.
enum Pa11yReader {
    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        var pages: [(url: String?, issues: [JSON], at: String)] = []
        if json["results"].isObject {
            pages = json["results"].keys.map { url in (url, json["results"][url].items, "results[\"\(url)\"]") }
        } else if json["issues"].isArray {
            pages = [(json["pageUrl"].string, json["issues"].items, "issues")]
        } else if json.isArray {
            pages = [(nil, json.items, "")]
        } else {
            return nil
        }
        var findings: [EvidenceFinding] = []
        for page in pages {
            for (i, issue) in page.issues.enumerated() {
                // pa11y-ci writes a page it could not load as `{message}`: no test, no finding.
                guard let code = issue["code"].string else { continue }
                let outcome: EvidenceOutcome = (issue["type"].string ?? "error") == "error" ? .failed : .cannotTell
                findings.append(EvidenceFinding(test: EvidenceTest(kind: .htmlCodeSniffer, id: code), outcome: outcome, page: page.url,
                                                successCriteria: successCriterion(ofCode: code).map { [$0] } ?? [],
                                                element: issue["selector"].string, snippet: issue["context"].string,
                                                words: issue["message"].string, position: "\(page.at)[\(i)]"))
            }
        }
        return EvidenceRecord(file: file, format: .pa11y, tool: "pa11y", version: nil, pages: pages.compactMap(\.url), findings: findings)
    }

    /// The `1_4_3` part of an HTML_CodeSniffer code: `WCAG2AA.Principle1.Guideline1_4.1_4_3.G18.Fail`.
    static func successCriterion(ofCode code: String) -> SCNumber? {
        let parts = code.split(separator: ".")
        guard parts.first?.hasPrefix("WCAG2") == true, parts.count > 3 else { return nil }
        return SCNumber(parts[3].replacingOccurrences(of: "_", with: "."))
    }
}
