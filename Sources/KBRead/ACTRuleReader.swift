/// Reads a W3C ACT rule (`act-rules/_rules/*.md`): YAML front matter (`id`, `name`, `rule_type`,
/// `description`, `accessibility_requirements`, `input_aspects`) over markdown sections. The
/// Applicability and Expectation sections are kept as written; the test cases, assumptions,
/// accessibility support and background are set aside, each line with its reason (`trace`).
import Yams
import KBModel

package enum ACTRuleReader {
    /// An ACT rule file: front matter that states a `rule_type` and an `id`.
    package static func looksLikeACTRule(_ text: String) -> Bool {
        guard case let .closed(yaml, _, _) = FrontMatter.scan(text) else { return false }
        var type = false, id = false
        for line in MarkdownOutline.splitLines(yaml) {
            if line.hasPrefix("rule_type:") { type = true }
            if line.hasPrefix("id:") { id = true }
        }
        return type && id
    }

    package static func read(_ text: String) throws -> StandardsDocument {
        guard case let .closed(yaml, _, bodyFirstLine) = FrontMatter.scan(text) else {
            throw ReadError(line: 1, "an ACT rule without closed front matter")
        }
        let values: [String: Any]
        do {
            values = (try Yams.load(yaml: yaml) as? [String: Any]) ?? [:]
        } catch {
            throw ReadError(line: 1, "the ACT rule's front matter is not valid YAML: \(error)")
        }
        guard let id = string(values["id"]) else { throw ReadError(line: 2, "an ACT rule without an id") }
        let lines = MarkdownOutline.splitLines(text)
        var document = StandardsDocument()
        var rule = RuleEntry(kind: .act, slug: id, line: 1)
        rule.name = string(values["name"])
        rule.description = string(values["description"]).map(trimmed)
        rule.ruleType = string(values["rule_type"])
        rule.inputAspects = (values["input_aspects"] as? [Any])?.compactMap(string) ?? []
        rule.deprecated = values["deprecated"] != nil && (values["deprecated"] as? Bool) != false
        document.ledger.mark(1, .structure("front matter"))
        document.ledger.mark(bodyFirstLine - 1, .structure("front matter"))
        frontMatter(lines[1..<(bodyFirstLine - 2)], firstLine: 2, values: values, rule: &rule, &document)
        body(lines, from: bodyFirstLine, rule: &rule, &document.ledger)
        document.rules.append(rule)
        return document
    }

    /// The front matter's lines: each top-level key's lines go with it; under
    /// `accessibility_requirements` each requirement's lines go with it.
    private static func frontMatter(_ lines: ArraySlice<Substring>, firstLine: Int, values: [String: Any], rule: inout RuleEntry,
                                    _ document: inout StandardsDocument) {
        var top: String?
        var requirement: (key: String, role: LineRole)?
        /// A requirement written at the top level (indentation lost): the `secondary` that follows is its.
        var looseRequirement: (key: String, index: Int?)?
        // Cast once: cast again per line, the bridged dictionary was copied for every requirement
        // (8,000 requirements took 17 s).
        let requirements = values["accessibility_requirements"] as? [String: Any]
        for (offset, line) in lines.enumerated() {
            let number = firstLine + offset
            if line.trimmingSpaces().isEmpty {
                document.ledger.mark(number, .skipped("blank line"))
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            if indent == 0, let key = key(of: line) {
                top = key
                requirement = nil
                switch key {
                case "id", "name", "rule_type", "description", "input_aspects", "deprecated":
                    document.ledger.mark(number, .fact(table: "rules", kind: key.replacingOccurrences(of: "_", with: " ")))
                case "accessibility_requirements":
                    document.ledger.mark(number, .structure("accessibility requirements"))
                case "secondary" where looseRequirement != nil:
                    if let index = looseRequirement?.index ?? nil, rule.scLinks.indices.contains(index) { rule.scLinks[index].secondary = true }
                    document.ledger.mark(number, .fact(table: "rule_sc", kind: "secondary"))
                case _ where isRequirement(key):
                    // Written outside accessibility_requirements (its indentation lost): still the rule's requirement.
                    let before = rule.scLinks.count
                    let role = add(requirement: key, values[key], line: number, to: &rule)
                    looseRequirement = (key, rule.scLinks.count > before ? before : nil)
                    document.ledger.mark(number, role)
                    document.notices.append(Notice(.repaired, line: number,
                                                   "requirement \(key) written outside accessibility_requirements: kept as one"))
                case "acknowledgments": document.ledger.mark(number, .skipped("acknowledgments: not stored"))
                case "input_rules": document.ledger.mark(number, .skipped("input rules of a composite rule: not stored"))
                default: document.ledger.mark(number, .skipped("front matter \(key): not stored"))
                }
                continue
            }
            if top == "accessibility_requirements", indent == 2, let key = key(of: line.dropFirst(2)) {
                let role = add(requirement: key, requirements?[key] ?? nil, line: number, to: &rule)
                requirement = (key, role)
                document.ledger.mark(number, role)
                continue
            }
            if let requirement {
                document.ledger.mark(number, requirement.role)
                continue
            }
            switch top {
            case "id", "name", "rule_type", "description", "input_aspects", "deprecated":
                document.ledger.mark(number, .fact(table: "rules", kind: top!.replacingOccurrences(of: "_", with: " ")))
            case "acknowledgments": document.ledger.mark(number, .skipped("acknowledgments: not stored"))
            case "input_rules": document.ledger.mark(number, .skipped("input rules of a composite rule: not stored"))
            case let key?: document.ledger.mark(number, .skipped("front matter \(key): not stored"))
            case nil: document.ledger.mark(number, .unaccounted("front matter line before any key"))
            }
        }
    }

    /// Adds a requirement (`wcag20:1.1.1`, `wcag-technique:G94`) and returns the role of its lines.
    private static func add(requirement key: String, _ value: Any?, line: Int, to rule: inout RuleEntry) -> LineRole {
        let scheme = RuleEntry.actScheme(key)
        rule.tags.append(RuleEntry.Tag(tag: key, scheme: scheme, line: line))
        // Only a number a criterion can have (ASCII d.d.d) links the rule to one; else it stays a tag.
        guard scheme == "wcag-sc", let sc = key.split(separator: ":", maxSplits: 1).last.flatMap({ SCNumber($0) })?.description else {
            return .fact(table: "rule_tags", kind: scheme)
        }
        let fields = value as? [String: Any] ?? [:]
        rule.scLinks.append(RuleEntry.SCLink(
            sc: sc, requirement: key, secondary: fields["secondary"] != nil, forConformance: fields["forConformance"] as? Bool,
            failed: string(fields["failed"]), passed: string(fields["passed"]), inapplicable: string(fields["inapplicable"]), line: line))
        return .fact(table: "rule_sc", kind: "act")
    }

    /// `wcag20:1.1.1`, `aria12:propcharacteristic_value`, `using-aria:fourth`: a scheme, a colon, a reference.
    private static func isRequirement(_ key: String) -> Bool {
        key.range(of: #"^[a-z][a-z0-9-]*:[^\s]+$"#, options: .regularExpression) != nil
    }

    /// The key of a `key: value` or `key:` line (`wcag20:1.1.1: # comment` is keyed `wcag20:1.1.1`).
    private static func key(of line: Substring) -> String? {
        guard let first = line.first, first != "-", first != "#", first != " " else { return nil }
        guard let range = line.range(of: #"^[^\s#][^\s]*?:(?=\s|$)"#, options: .regularExpression) else { return nil }
        return String(line[range].dropLast())
    }

    private static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as Int: String(number)
        case let bool as Bool: String(bool)
        default: nil
        }
    }

    /// The markdown after the front matter: headings scope what follows; Applicability and
    /// Expectation are kept, everything else is set aside with its section's name.
    private static func body(_ lines: [Substring], from first: Int, rule: inout RuleEntry, _ ledger: inout LineLedger) {
        var section: String?
        var kept: [String: [Substring]] = [:]
        var fence = false
        guard first <= lines.count else { return }
        for number in first...lines.count {
            let line = lines[number - 1]
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fence.toggle() }
            if !fence, !trimmed.hasPrefix("```"), let level = headingLevel(trimmed) {
                let title = trimmed.drop { $0 == "#" }.trimmingSpaces()
                if level == 2 {
                    section = String(title)
                    ledger.mark(number, .structure("section: \(title)"))
                } else if section == "Test Cases" {
                    ledger.mark(number, .structure("test case: \(title)"))
                } else {
                    ledger.mark(number, .structure("heading: \(title)"))
                }
                continue
            }
            if trimmed.isEmpty && !fence {
                ledger.mark(number, .skipped("blank line"))
                continue
            }
            if !fence, trimmed.range(of: #"^\[[^\]]+\]:\s"#, options: .regularExpression) != nil {
                ledger.mark(number, .skipped("link reference definition"))
                continue
            }
            switch section {
            case let name? where name == "Applicability" || name.hasPrefix("Expectation"):
                kept[name.hasPrefix("Expectation") ? "expectation" : "applicability", default: []].append(line)
                ledger.mark(number, .fact(table: "rules", kind: name.hasPrefix("Expectation") ? "expectation" : "applicability"))
            case "Test Cases"?:
                ledger.mark(number, .skipped("test case example: not stored"))
            case let name?:
                ledger.mark(number, .skipped("\(name): not stored"))
            case nil:
                ledger.mark(number, .skipped("text before the first section: not stored"))
            }
        }
        rule.applicability = kept["applicability"].map { trimmed($0.joined(separator: "\n")) }
        rule.expectation = kept["expectation"].map { trimmed($0.joined(separator: "\n")) }
    }

    /// Without the spaces and line breaks around it (a YAML block scalar ends with one).
    private static func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
    }

    private static func headingLevel(_ line: Substring) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }
}
