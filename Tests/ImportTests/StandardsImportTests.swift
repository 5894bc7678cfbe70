import A11yKB
@testable import KBImport
@testable import KBStore
@testable import KBModel
import Foundation
import GRDB
import TestSupport
import XCTest
import Yams

/// The standards joined: the WCAG catalogue in every knowledge base, and the ACT and axe-core rules
/// imported whole. Each test reads the corpus files with a parser of its own (Foundation's JSON,
/// Yams) and compares with what is stored.
final class StandardsImportTests: XCTestCase {
    /// W3C's file read independently: number → level (nil when W3C gives none), the last entry of a
    /// number listed twice (4.1.1).
    func w3cCriteria() throws -> [String: String?] {
        let url = try Fixtures.corpus("wcag/wcag.json")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var levels: [String: String?] = [:]
        for principle in json["principles"] as? [[String: Any]] ?? [] {
            for guideline in principle["guidelines"] as? [[String: Any]] ?? [] {
                for sc in guideline["successcriteria"] as? [[String: Any]] ?? [] {
                    let level = sc["level"] as? String ?? ""
                    levels[sc["num"] as! String] = level.isEmpty ? nil : level
                }
            }
        }
        return levels
    }

    func assertCatalogue(_ kb: KnowledgeBase, _ expected: [String: String?], file: StaticString = #filePath, line: UInt = #line) throws {
        let rows = try Fixtures.rows(kb, "SELECT sc, level, title, guideline, principle_title, version FROM wcag_criteria WHERE status IS NOT NULL")
        XCTAssertEqual(rows.count, expected.count, "every success criterion of W3C's file", file: file, line: line)
        for row in rows {
            let sc: String = row["sc"]
            XCTAssertEqual(expected[sc] ?? "missing", row["level"] as String?, "level of \(sc)", file: file, line: line)
            XCTAssertNotNil(row["guideline"] as String?, file: file, line: line)
            XCTAssertNotNil(row["principle_title"] as String?, file: file, line: line)
        }
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT version FROM wcag_criteria WHERE sc IN ('2.5.8', '1.4.10', '1.1.1') ORDER BY sc"),
                       ["2.0", "2.1", "2.2"], file: file, line: line)
    }

    func testEveryNewKnowledgeBaseHoldsTheCatalogue() throws {
        let expected = try w3cCriteria()
        XCTAssertGreaterThan(expected.count, 80)
        try assertCatalogue(try Fixtures.emptyKnowledgeBase(self), expected)
        // The default knowledge base is made and seeded on first use.
        let path = try Fixtures.temporaryFolder(self).appendingPathComponent("default.sqlite").path
        try assertCatalogue(try DefaultKnowledgeBase.open(environment: ["A11YKB_DB": path]), expected)
    }

    func testImportingW3CsFileFillsTheCatalogue() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        try kb.writer().write { try $0.execute(sql: "DELETE FROM wcag_criteria") }
        let summary = try Importer(kb).importPaths([try Fixtures.corpus("wcag/wcag.json").path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.unaccountedLines, 0)
        XCTAssertEqual(summary.standards.map(\.format), [.wcagJSON])
        try assertCatalogue(kb, try w3cCriteria())
    }

    /// An ACT rule as the test reads it: its id and its success criteria (scheme `wcag2N:`), with
    /// whether each is secondary. A requirement that lost its indentation (one file) counts too.
    func actRule(_ url: URL) throws -> (id: String, links: Set<String>) {
        let text = try String(contentsOf: url, encoding: .utf8)
        let parts = text.components(separatedBy: "\n---\n")
        let yaml = String(parts[0].dropFirst(4))
        let front = try XCTUnwrap(try Yams.load(yaml: yaml) as? [String: Any])
        var links = Set<String>()
        var requirements = front["accessibility_requirements"] as? [String: Any] ?? [:]
        for (key, value) in front where key.hasPrefix("wcag2") {
            requirements[key] = ["secondary": front["secondary"] as Any]
            _ = value
        }
        for (key, value) in requirements where key.range(of: #"^wcag2\d:"#, options: .regularExpression) != nil {
            let secondary = (value as? [String: Any])?["secondary"] != nil
            links.insert(String(key.split(separator: ":")[1]) + (secondary ? " secondary" : ""))
        }
        return (String(describing: front["id"]!), links)
    }

    /// An axe rule as the test reads it: id, success criteria from `wcagNNN` tags, actIds.
    func axeRule(_ json: [String: Any]) -> (id: String, links: Set<String>, acts: Set<String>) {
        let id = (json["id"] ?? json["ruleId"]) as! String
        let tags = json["tags"] as? [String] ?? []
        let scs = tags.filter { $0.range(of: #"^wcag\d{3,}$"#, options: .regularExpression) != nil }.map { tag -> String in
            let d = Array(tag.dropFirst(4))
            return "\(d[0]).\(d[1]).\(String(d[2...]))"
        }
        return (id, Set(scs), Set(json["actIds"] as? [String] ?? []))
    }

    func stored(_ kb: KnowledgeBase, source: String) throws -> [String: (links: Set<String>, acts: Set<String>)] {
        var result: [String: (links: Set<String>, acts: Set<String>)] = [:]
        for row in try Fixtures.rows(kb, """
            SELECT r.slug,
                   (SELECT group_concat(sc || CASE secondary WHEN 1 THEN ' secondary' ELSE '' END, '|') FROM rule_sc WHERE rule_id = r.id) AS links,
                   (SELECT group_concat(act_id, '|') FROM rule_act_ids WHERE rule_id = r.id) AS acts
            FROM rules r JOIN sources s ON s.id = r.source_id WHERE s.path LIKE ?
            """, ["%" + source]) {
            let split = { (text: String?) in Set((text ?? "").split(separator: "|").map(String.init)) }
            result[row["slug"]] = (split(row["links"]), split(row["acts"]))
        }
        return result
    }

    func testEveryRuleAndEverySCLinkOfTheCorpusIsStored() throws {
        let act = try Fixtures.corpus("act-rules")
        let axe = try Fixtures.corpus("axe-core")
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([act.path, axe.path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.unaccountedLines, 0, "\(summary.notices.prefix(5))")

        let actFiles = try FileManager.default.contentsOfDirectory(atPath: act.appendingPathComponent("_rules").path).filter { $0.hasSuffix(".md") }
        XCTAssertGreaterThan(actFiles.count, 80)
        var actLinks = 0
        for name in actFiles {
            let expected = try actRule(act.appendingPathComponent("_rules/\(name)"))
            let rules = try stored(kb, source: "_rules/\(name)")
            XCTAssertEqual(Array(rules.keys), [expected.id], name)
            XCTAssertEqual(rules[expected.id]?.links, expected.links, name)
            actLinks += expected.links.count
        }
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM rule_sc JOIN rules ON rules.id = rule_id WHERE kind = 'act'"), actLinks)

        let ruleFolder = axe.appendingPathComponent("lib/rules")
        let axeFiles = try FileManager.default.contentsOfDirectory(atPath: ruleFolder.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(axeFiles.count, 90)
        var axeLinks = 0
        var axeIDs = Set<String>()
        for name in axeFiles {
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: ruleFolder.appendingPathComponent(name))) as? [String: Any])
            let expected = axeRule(json)
            axeIDs.insert(expected.id)
            let rules = try stored(kb, source: "lib/rules/\(name)")
            XCTAssertEqual(Array(rules.keys), [expected.id], name)
            XCTAssertEqual(rules[expected.id]?.links, expected.links, name)
            XCTAssertEqual(rules[expected.id]?.acts, expected.acts, name)
            axeLinks += expected.links.count
        }
        let listFile = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: axe.path).first { $0.hasSuffix("getRules.json") })
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: axe.appendingPathComponent(listFile))) as? [String: Any])
        let listed = (list["rules"] as? [[String: Any]] ?? []).map(axeRule)
        let storedList = try stored(kb, source: listFile)
        XCTAssertEqual(storedList.count, listed.count)
        for rule in listed {
            XCTAssertEqual(storedList[rule.id]?.links, rule.links, rule.id)
            XCTAssertEqual(storedList[rule.id]?.acts, rule.acts, rule.id)
            axeLinks += rule.links.count
        }
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM rule_sc JOIN rules ON rules.id = rule_id WHERE kind = 'axe'"), axeLinks)

        // One current row per rule, and axe ↔ ACT joined through actIds.
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_rules WHERE kind = 'act'"), actFiles.count)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_rules WHERE kind = 'axe'"),
                       axeIDs.union(listed.map(\.id)).count)
        XCTAssertTrue(try Fixtures.strings(kb, "SELECT act_rule FROM v_rule_act WHERE axe_rule = 'button-name'").contains("97a4e1"))
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT act_name FROM v_rule_act WHERE axe_rule = 'button-name' AND act_rule = '97a4e1'"),
                       ["Button has non-empty accessible name"])
        // axe's tags keep their schemes: the level, Section 508, Trusted Tester, EN 301 549.
        XCTAssertEqual(Set(try Fixtures.strings(kb, "SELECT scheme FROM v_rule_tags WHERE rule = 'button-name'")),
                       ["category", "wcag-level", "wcag-sc", "section508", "trusted-tester", "en-301-549", "act", "rgaa"])
    }

    func testTraceExplainsEveryLineOfAnACTRule() throws {
        let folder = try Fixtures.corpus("act-rules").appendingPathComponent("_rules")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            let url = folder.appendingPathComponent(name)
            let trace = try XCTUnwrap(try KnowledgeBase.trace([url.path]).first)
            let lineCount = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            XCTAssertEqual(trace.format, .actRule, name)
            XCTAssertEqual(trace.lines.count, lineCount - 1, name)  // the file ends with a line break
            for line in trace.lines {
                XCTAssertNotEqual(line.disposition, .unaccounted, "\(name):\(line.number)")
                XCTAssertFalse(line.details.isEmpty, "\(name):\(line.number) says why")
            }
        }
    }

    func testReimportReplacesARulesLinks() throws {
        let source = try Fixtures.corpus("act-rules").appendingPathComponent("_rules/aria-attr-defined-5f99a7.md")
        let copy = try Fixtures.temporaryFolder(self).appendingPathComponent("rule.md")
        let text = try String(contentsOf: source, encoding: .utf8)
        try text.write(to: copy, atomically: true, encoding: .utf8)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([copy.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM v_rule_sc WHERE rule = '5f99a7' ORDER BY sc"), ["1.3.1", "4.1.2"])
        // The 1.3.1 requirement removed from the file: imported again, its link goes.
        var lines = text.components(separatedBy: "\n")
        let at = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  wcag20:1.3.1") })
        lines.removeSubrange(at...(at + 1))
        try lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)
        _ = try Importer(kb).importPaths([copy.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM v_rule_sc WHERE rule = '5f99a7'"), ["4.1.2"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM rules"), 1)
    }

    /// A checkout that holds rules is mirrored like a MagentaA11y one: its other files are left
    /// alone, and a rule file gone from it takes its rule with it.
    func testACheckoutOfRulesIsMirrored() throws {
        let act = try Fixtures.corpus("act-rules").appendingPathComponent("_rules")
        let axe = try Fixtures.corpus("axe-core").appendingPathComponent("lib/rules")
        let checkout = try Fixtures.temporaryFolder(self).appendingPathComponent("standards")
        let fm = FileManager.default
        for folder in ["act/_rules", "axe/lib/rules"] {
            try fm.createDirectory(at: checkout.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in ["aria-attr-defined-5f99a7.md", "button-non-empty-accessible-name-97a4e1.md"] {
            try fm.copyItem(at: act.appendingPathComponent(name), to: checkout.appendingPathComponent("act/_rules/\(name)"))
        }
        try fm.copyItem(at: axe.appendingPathComponent("button-name.json"), to: checkout.appendingPathComponent("axe/lib/rules/button-name.json"))
        // What else a checkout holds is not a rule: code beside the rules, the package's own file.
        try "module.exports = () => true;\n".write(to: checkout.appendingPathComponent("axe/lib/rules/no-name-matches.js"), atomically: true, encoding: .utf8)
        try "{\"name\": \"axe-core\"}\n".write(to: checkout.appendingPathComponent("axe/package.json"), atomically: true, encoding: .utf8)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let first = try Importer(kb).importPaths([checkout.path])
        XCTAssertEqual(first.errors, [])
        XCTAssertEqual(first.ignoredInCheckout, 2)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT kind || ' ' || rule FROM v_rules ORDER BY 1"), ["act 5f99a7", "act 97a4e1", "axe button-name"])
        try fm.removeItem(at: checkout.appendingPathComponent("act/_rules/aria-attr-defined-5f99a7.md"))
        _ = try Importer(kb).importPaths([checkout.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT kind || ' ' || rule FROM v_rules ORDER BY 1"), ["act 97a4e1", "axe button-name"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM rule_sc"), 2)
    }
}
