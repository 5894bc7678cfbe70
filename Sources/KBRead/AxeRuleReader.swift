/// Reads axe-core's rules in both shapes: one rule per file as its checkout has them
/// (`lib/rules/button-name.json`: `id`, `impact`, `tags`, `actIds`, `metadata`), and the list an
/// installed axe-core gives (`{"axeVersion", "rules": axe.getRules()}`: `ruleId`, `help`,
/// `description`, `helpUrl`, `tags`, `actIds`). Every line is accounted for; the engine's own
/// configuration (selectors, checks) is set aside, not stored.
import KBModel

package enum AxeRuleReader {
    package static func read(_ root: LinedJSON, punctuation: [Int]) throws -> StandardsDocument {
        var document = StandardsDocument()
        for line in punctuation { document.ledger.mark(line, .structure("JSON punctuation")) }
        if root["axeVersion"] != nil || root["rules"] != nil {
            var version: String?
            for member in root.members {
                switch member.key {
                case "axeVersion":
                    version = member.value.string
                    document.ledger.mark(member.line, .fact(table: "rules", kind: "axe version"))
                case "rules":
                    document.ledger.mark(member.line, .structure("axe rules"))
                default:
                    StandardsJSON.skip(member, "not an axe rule list key: not stored", &document.ledger)
                }
            }
            for element in root["rules"]?.elements ?? [] {
                if var rule = try readRule(element.value, line: element.line, &document) {
                    rule.version = version
                    document.rules.append(rule)
                }
            }
        } else {
            guard let rule = try readRule(root, line: 1, &document) else { throw ReadError(line: 1, "axe rule without an id") }
            document.rules.append(rule)
        }
        return document
    }

    static let engineKeys: Set<String> = ["selector", "matches", "all", "any", "none", "excludeHidden", "enabled", "preload",
                                          "pageLevel", "reviewOnFail", "frameLevel"]

    static func readRule(_ value: LinedJSON, line: Int, _ document: inout StandardsDocument) throws -> RuleEntry? {
        guard let id = (value["id"] ?? value["ruleId"])?.string, !id.isEmpty else {
            document.notices.append(Notice(.skipped, line: line, "an axe rule without an id: not stored"))
            StandardsJSON.skipAll(value, "axe rule without an id", &document.ledger)
            return nil
        }
        var rule = RuleEntry(kind: .axe, slug: id, line: value.members.first?.line ?? line)
        for member in value.members {
            switch member.key {
            case "id", "ruleId":
                document.ledger.mark(member.line, .fact(table: "rules", kind: "axe"))
            case "impact":
                rule.impact = member.value.string
                document.ledger.mark(member.line, .fact(table: "rules", kind: "impact"))
            case "help", "description", "helpUrl":
                fill(&rule, member.key, member.value.string)
                document.ledger.mark(member.line, .fact(table: "rules", kind: member.key))
            case "metadata":
                document.ledger.mark(member.line, .structure("axe metadata"))
                for field in member.value.members {
                    if field.key == "help" || field.key == "description" {
                        fill(&rule, field.key, field.value.string)
                        document.ledger.mark(field.line, .fact(table: "rules", kind: field.key))
                    } else {
                        StandardsJSON.skip(field, "axe metadata (\(field.key)): not stored", &document.ledger)
                    }
                }
            case "tags":
                document.ledger.mark(member.line, .structure("axe tags"))
                for element in member.value.elements {
                    guard let tag = element.value.string else {
                        StandardsJSON.skipAll(element.value, "a tag that is not a string", &document.ledger)
                        continue
                    }
                    let scheme = RuleEntry.axeScheme(tag)
                    rule.tags.append(RuleEntry.Tag(tag: tag, scheme: scheme, line: element.line))
                    if tag == "deprecated" { rule.deprecated = true }
                    if let sc = WCAGCatalogue.sc(fromAxeTag: tag) {
                        rule.scLinks.append(RuleEntry.SCLink(sc: sc.description, requirement: tag, line: element.line))
                        document.ledger.mark(element.line, .fact(table: "rule_sc", kind: "axe"))
                    } else {
                        document.ledger.mark(element.line, .fact(table: "rule_tags", kind: scheme))
                    }
                }
            case "actIds":
                document.ledger.mark(member.line, .structure("axe actIds"))
                for element in member.value.elements {
                    if let act = element.value.string {
                        rule.actIDs.append(RuleEntry.ACTID(id: act, line: element.line))
                        document.ledger.mark(element.line, .fact(table: "rule_act_ids", kind: nil))
                    } else {
                        StandardsJSON.skipAll(element.value, "an ACT id that is not a string", &document.ledger)
                    }
                }
            default:
                StandardsJSON.skip(member, engineKeys.contains(member.key)
                                   ? "axe's engine configuration (\(member.key)): not stored" : "axe rule key \(member.key): not stored",
                                   &document.ledger)
            }
        }
        return rule
    }

    private static func fill(_ rule: inout RuleEntry, _ key: String, _ value: String?) {
        switch key {
        case "help": rule.name = value
        case "description": rule.description = value
        default: rule.url = value
        }
    }
}
