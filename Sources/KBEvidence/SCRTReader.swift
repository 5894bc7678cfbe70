import Foundation
import KBModel

/// The Section 508 Conformance Reporting Tool's (SCRT, formerly ACRT) saved results as evidence:
/// a list of reviews, each `{Product, System, Tester, Criteria}`, each criterion one Trusted Tester
/// test (`TestID`, written with stray spaces: ` 1.A`, `7. D`). Checked on the tool's Trusted Tester
/// 5.1.3 template (`T_evalMthd_Vrsn` `v.5.1.3`) and on the fields its report page writes when a
/// tester saves: `TestResult` (`Pass` passed, `Fail` failed, `Does Not Apply` inapplicable, `Not
/// Tested` or absent untested; the workbook's words read too), `location`, `TesterComment`,
/// `IssueNo`. Every outcome is a person's. A test's success criteria are those the Trusted Tester
/// 5.1.3 test conditions give it (`TrustedTester`, as the workbook's reader reads them); a test they
/// do not hold keeps its id with no criterion: listed, not dropped. The page or screen is the
/// criterion's `location`, else the product's (`P_Location`), else its name. The tool builds the
/// file by joining strings, so a field it never set reads `undefined`: that is no value.
enum SCRTReader {
    /// Whether `json` is the tool's file: reviews holding a `Criteria` list, and the tester's or the
    /// product's form (the template has both).
    static func isSCRT(_ json: JSON) -> Bool {
        !json.items.isEmpty && json.items.allSatisfy { review in
            review["Criteria"].isArray && (review["Tester"]["T_evalMthd_Vrsn"].exists || review["Product"].isObject)
        }
    }

    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        guard isSCRT(json) else { return nil }
        var findings: [EvidenceFinding] = [], pages: [String] = [], version: String?
        for (r, review) in json.items.enumerated() {
            let product = text(review["Product"]["P_Location"]) ?? text(review["Product"]["P_Name"])
            if let product, !pages.contains(product) { pages.append(product) }
            // `v.5.1.3`: the Trusted Tester process the review followed, written as the workbook writes it.
            if version == nil, let method = text(review["Tester"]["T_evalMthd_Vrsn"]) {
                version = String(method.drop { $0 == "v" || $0 == "V" || $0 == "." })
            }
            for (c, criterion) in review["Criteria"].items.enumerated() where criterion.isObject {
                let position = "[\(r)].Criteria[\(c)]"
                let id = text(criterion["TestID"]).map { $0.filter { !$0.isWhitespace }.uppercased() } ?? position
                let written = text(criterion["TestResult"]) ?? "", read = TrustedTesterReader.outcome(written)
                // A word that is no result is kept as untested with the word in the remark: never dropped.
                let outcome = read ?? .untested
                let comment = text(criterion["TesterComment"])
                // The tool numbers every criterion's issue; the number says something beside a failure or a comment.
                let issue = outcome == .failed || comment != nil ? text(criterion["IssueNo"]) : nil
                let remark = [issue, comment, read == nil ? "result: \(written)" : nil].compactMap { $0 }
                var finding = EvidenceFinding(test: EvidenceTest(kind: .trustedTester, id: id), outcome: outcome, mode: .manual,
                                              page: text(criterion["location"]) ?? product,
                                              successCriteria: TrustedTester.test(id)?.successCriteria ?? [],
                                              words: remark.isEmpty ? nil : remark.joined(separator: ": "), position: position)
                finding.trustedTesterTests = [id]
                findings.append(finding)
            }
        }
        return EvidenceRecord(file: file, format: .scrt, tool: "Trusted Tester (SCRT)", version: version, pages: pages, findings: findings)
    }

    /// A field's text, trimmed; nil for blank, `undefined` or `null` (the tool's unset fields). A
    /// number (an issue number written bare) reads as its digits.
    static func text(_ field: JSON) -> String? {
        let raw = field.string ?? field.int.map(String.init) ?? ""
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed == "undefined" || trimmed == "null" ? nil : trimmed
    }
}
