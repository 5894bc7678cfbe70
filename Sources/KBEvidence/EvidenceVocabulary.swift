import KBModel
import KBResources

/// The tools' own mappings that their results do not carry, as vocabulary: IBM's rules to success
/// criteria (`vocabulary/ibm-rules.tsv`), Accessibility Insights' requirements to success criteria
/// (`vocabulary/accessibility-insights.tsv`), and a criterion's W3C ids, WCAG 2.2's (the built-in
/// catalogue) and those earlier versions used (`vocabulary/wcag-older-ids.tsv`).
enum EvidenceVocabulary {
    static func table(_ bytes: [UInt8]) -> [VocabularyTable.Row] { Array(VocabularyTable.rows(String(decoding: bytes, as: UTF8.self)).dropFirst()) }
    static func numbers(_ field: String?) -> [SCNumber] { (field ?? "").split(separator: ",").compactMap { SCNumber($0) } }

    /// IBM's rule id, or an older id it answers for → its success criteria (empty: a best practice).
    static let ibmRules: [String: [SCNumber]] = {
        var map: [String: [SCNumber]] = [:]
        for row in table(EmbeddedResources.ibmRules) {
            guard let id = row[optional: 0] else { continue }
            let criteria = numbers(row[optional: 2])
            map[id] = criteria
            for old in (row[optional: 1] ?? "").split(separator: ",") where map[String(old)] == nil { map[String(old)] = criteria }
        }
        return map
    }()

    /// Accessibility Insights' requirement → its success criteria, and whether axe decides it (an automated check).
    static let accessibilityInsights: [String: (criteria: [SCNumber], automated: Bool)] = Dictionary(
        table(EmbeddedResources.accessibilityInsights).compactMap { row in
            row[optional: 0].map { ($0, (numbers(row[optional: 1]), row[optional: 2] == "axe")) }
        }) { a, _ in a }

    static let w3cIDs: [String: SCNumber] = {
        var map: [String: SCNumber] = [:]
        for info in WCAGCatalogue.builtIn { if let id = info.w3cID, let sc = SCNumber(info.sc) { map[id] = sc } }
        for row in table(EmbeddedResources.wcagOlderIDs) {
            if let id = row[optional: 1], let sc = row[optional: 0].flatMap({ SCNumber($0) }), map[id] == nil { map[id] = sc }
        }
        return map
    }()

    /// `non-text-content` (WCAG 2.2's id) or `text-equiv-all` (WCAG 2.0's) → 1.1.1.
    static func successCriterion(w3cID: String) -> SCNumber? { w3cIDs[w3cID] }
}
