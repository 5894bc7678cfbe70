/// The standards' JSON files, told apart from a MagentaA11y content.json by their first key:
/// W3C's wcag.json (`principles`), an installed axe-core's rule list (`axeVersion`, `rules`) and
/// an axe-core rule file (`id`).
import KBModel

/// What a standards file holds: rules, or WCAG success criteria, with the account of its lines.
package struct StandardsDocument: Sendable {
    package var rules: [RuleEntry] = []
    package var criteria: [WCAGCriterionInfo] = []
    package var ledger = LineLedger()
    package var notices: [Notice] = []

    package init() {}
}

package enum StandardsJSON {
    package enum Kind: Sendable { case wcag, axeRules, axeRule }

    /// The kind of a JSON document from its first key, without parsing it: nil for anything else
    /// (content.json starts with `web`, `native` or `how-to-test`).
    package static func kind(_ text: String) -> Kind? {
        var bytes = text.utf8.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard bytes.first == UInt8(ascii: "{") else { return nil }
        bytes = bytes.dropFirst().drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard bytes.first == UInt8(ascii: "\"") else { return nil }
        let key = String(decoding: bytes.dropFirst().prefix { $0 != UInt8(ascii: "\"") }.prefix(20), as: UTF8.self)
        switch key {
        case "principles": return .wcag
        case "axeVersion", "rules": return .axeRules
        case "id", "ruleId": return .axeRule
        default: return nil
        }
    }

    package static func read(_ text: String, kind: Kind) throws -> StandardsDocument {
        let parsed: (value: LinedJSON, punctuationLines: [Int])
        do {
            parsed = try LinedJSON.parse(text)
        } catch let error as ReadError {
            throw ReadError(line: error.line, error.message.replacingOccurrences(of: "content.json", with: "the file"))
        }
        switch kind {
        case .wcag: return try WCAGJSONReader.read(parsed.value, punctuation: parsed.punctuationLines)
        case .axeRules, .axeRule: return try AxeRuleReader.read(parsed.value, punctuation: parsed.punctuationLines)
        }
    }

    /// Marks a member's lines (its key and everything in its value) as set aside.
    static func skip(_ member: LinedJSON.Member, _ reason: String, _ ledger: inout LineLedger) {
        ledger.mark(member.line, .skipped(reason))
        skipAll(member.value, reason, &ledger)
    }

    static func skipAll(_ value: LinedJSON, _ reason: String, _ ledger: inout LineLedger) {
        switch value {
        case .object(let members): for member in members { skip(member, reason, &ledger) }
        case .array(let elements):
            for element in elements {
                ledger.mark(element.line, .skipped(reason))
                skipAll(element.value, reason, &ledger)
            }
        default: break
        }
    }
}
