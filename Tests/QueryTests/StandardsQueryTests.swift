import A11yKB
import KBRender
@testable import KBImport
import Foundation
import GRDB
import TestSupport
import XCTest

/// `wcag`, `coverage` and rule search over the corpus: today's MagentaA11y checkout, the ACT
/// rules and axe-core, imported together as a user would.
final class StandardsQueryTests: XCTestCase {
    nonisolated(unsafe) static var shared: KnowledgeBase?

    func knowledgeBase() throws -> KnowledgeBase {
        let paths = try ["magentaA11y-2026", "act-rules", "axe-core"].map { try Fixtures.corpus($0).path }
        if let kb = StandardsQueryTests.shared { return kb }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-standards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        let summary = try Importer(kb).importPaths(paths)
        XCTAssertEqual(summary.errors, [])
        StandardsQueryTests.shared = kb
        return kb
    }

    /// W3C's criteria at A and AA, read from its file by this test: the last entry of a number
    /// listed twice (4.1.1, obsolete in 2.2, has no level there).
    func w3cLevels() throws -> [String: String] {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: try Fixtures.corpus("wcag/wcag.json"))) as? [String: Any])
        var levels: [String: String] = [:]
        for p in json["principles"] as? [[String: Any]] ?? [] {
            for g in p["guidelines"] as? [[String: Any]] ?? [] {
                for sc in g["successcriteria"] as? [[String: Any]] ?? [] { levels[sc["num"] as! String] = sc["level"] as? String ?? "" }
            }
        }
        return levels
    }

    /// `%` and `_` in `wcag WORDS` are letters, not LIKE's wildcards (issue 34): `%` matched every
    /// criterion.
    func testWordsAreMatchedAsWritten() throws {
        let kb = try knowledgeBase()
        for word in ["%", "_", "%%", "non%text"] {
            guard case .catalogue(let found) = try kb.wcag(word) else { return XCTFail("\(word): one criterion") }
            XCTAssertEqual(found.map(\.sc).written, [], word)
        }
        guard case .criterion(let contrast) = try kb.wcag("Non-text contrast") else { return XCTFail("non-text contrast") }
        XCTAssertEqual(contrast.criterion.sc, SCNumber(1, 4, 11))
    }

    func testOneCriterionNamesComponentsACTAndAxeRules() throws {
        let kb = try knowledgeBase()
        guard case .criterion(let tests) = try kb.wcag("4.1.2") else { return XCTFail("4.1.2 is one criterion") }
        XCTAssertEqual(tests.criterion.title, "Name, Role, Value")
        XCTAssertEqual(tests.criterion.level, .a)
        let citing = try Fixtures.strings(kb, "SELECT DISTINCT c.slug FROM component_wcag cw JOIN components c ON c.id = cw.component_id WHERE sc = '4.1.2'")
        XCTAssertFalse(citing.isEmpty)
        XCTAssertEqual(Set(tests.manual.filter { $0.link == .cited }.map(\.component)), Set(citing))
        // Native pages cite nothing; their criteria are read as testing 4.1.2 (name, role, state).
        let native = try Fixtures.strings(kb, "SELECT DISTINCT component FROM v_tested_sc WHERE sc = '4.1.2' AND family = 'native'")
        XCTAssertTrue(native.contains("button") && native.contains("toggle-switch"), "\(native)")
        XCTAssertEqual(Set(tests.manual.filter { $0.family == .native }.map(\.component)), Set(native))
        XCTAssertTrue(tests.manual.filter { $0.family == .native }.allSatisfy { $0.link == .inferred && $0.reason != nil })
        let act = tests.rules.filter { $0.kind == .act }
        XCTAssertTrue(act.contains { $0.rule == "97a4e1" && !$0.secondary && $0.related.contains("button-name") })
        XCTAssertTrue(act.contains { $0.rule == "5f99a7" && $0.secondary })
        XCTAssertTrue(tests.rules.contains { $0.kind == .axe && $0.rule == "button-name" && $0.related.contains("97a4e1") })
        // Words find a criterion by its title.
        guard case .criterion(let focus) = try kb.wcag("focus visible") else { return XCTFail("one criterion is titled Focus Visible") }
        XCTAssertEqual(focus.criterion.sc, SCNumber(2, 4, 7))
    }

    func testCoverageOfTheWebFamilyToAAGivesEveryCriterionAStatus() throws {
        let kb = try knowledgeBase()
        let coverage = try kb.coverage(family: .web, level: .aa)
        let expected = try w3cLevels().filter { $0.value == "A" || $0.value == "AA" }
        XCTAssertEqual(Set(coverage.rows.map(\.sc.description)), Set(expected.keys))
        for row in coverage.rows {
            XCTAssertEqual(row.level.rawValue, expected[row.sc.description])
            switch row.status {
            case .both: XCTAssertTrue(!row.manual.isEmpty && !row.automated.isEmpty, row.sc.description)
            case .manual: XCTAssertTrue(!row.manual.isEmpty && row.automated.isEmpty, row.sc.description)
            case .automated: XCTAssertTrue(row.manual.isEmpty && !row.automated.isEmpty, row.sc.description)
            case .none: XCTAssertTrue(row.manual.isEmpty && row.automated.isEmpty, row.sc.description)
            }
        }
        XCTAssertEqual(Coverage.Status.allCases.map(coverage.total).reduce(0, +), coverage.rows.count)
        // Each component once per criterion: web has one platform, and a component covering a
        // criterion on every platform is not listed again for one of them
        // (`web/informative-image web/informative-image (web)` was).
        for c in [coverage, try kb.coverage(family: .native, level: .aa)] {
            for row in c.rows {
                let names = row.manual.map(\.component)
                XCTAssertEqual(names.count, Set(names).count, "\(row.sc): \(row.manual.map(StandardsRendering.name))")
            }
        }
        XCTAssertTrue(coverage.rows.allSatisfy { $0.manual.allSatisfy { $0.platform == nil } })
        // axe's color-contrast tests 1.4.3; the cited links are manual coverage.
        XCTAssertTrue(coverage.rows.first { $0.sc == SCNumber(1, 4, 3) }?.automated.contains("axe/color-contrast") == true)
        XCTAssertTrue(coverage.rows.first { $0.sc == SCNumber(4, 1, 2) }?.status == .both)
        // Level A alone, and native components: no automated rule counts for them.
        XCTAssertEqual(try kb.coverage(family: .web, level: .a).rows.count, expected.values.filter { $0 == "A" }.count)
        let native = try kb.coverage(family: .native, level: .aa)
        XCTAssertFalse(native.automatedCounted)
        XCTAssertTrue(native.rows.allSatisfy(\.automated.isEmpty))
        // One component: only its own links, cited and inferred, and at least every citation.
        let button = try kb.coverage(components: ["web/button"], level: .aaa)
        let linked = Set(try Fixtures.strings(kb, "SELECT sc FROM v_tested_sc WHERE component = 'button' AND family = 'web' AND sc IS NOT NULL"))
        let cited = Set(try Fixtures.strings(kb, "SELECT sc FROM v_component_wcag WHERE component = 'button' AND family = 'web'"))
        let covered = Set(button.rows.filter { !$0.manual.isEmpty }.map(\.sc.description))
        XCTAssertEqual(covered, linked.intersection(button.rows.map(\.sc.description)))
        XCTAssertTrue(cited.intersection(button.rows.map(\.sc.description)).isSubset(of: covered))

        // Automated is what an engine runs: an ACT rule no axe rule implements is a procedure,
        // done by hand, and never makes a criterion automated.
        let implemented = Set(try Fixtures.strings(kb, "SELECT act_rule FROM v_rule_act"))
        for row in coverage.rows {
            XCTAssertTrue(row.procedures.allSatisfy { !implemented.contains(String($0.dropFirst(4))) }, row.sc.description)
            XCTAssertTrue(row.automated.allSatisfy { $0.hasPrefix("axe/") || implemented.contains(String($0.dropFirst(4))) }, row.sc.description)
        }
        let procedureOnly = coverage.rows.filter { $0.automated.isEmpty && !$0.procedures.isEmpty }
        XCTAssertFalse(procedureOnly.isEmpty, "some criteria have ACT rules no engine runs (2.1.2 No Keyboard Trap among them)")
        XCTAssertTrue(procedureOnly.allSatisfy { $0.status == .manual || $0.status == .none })

        // A saved plan's coverage: its components on its platform, by its name alone or as a plan.
        try kb.savePlan("web-r12", checklist: try kb.checklist(["web/button", "web/checkbox"], platform: .web))
        let byPlan = try kb.coverage(plan: "web-r12")
        XCTAssertEqual(byPlan.components, 2)
        XCTAssertEqual(try kb.coverage(components: ["web-r12"]), byPlan)
        XCTAssertEqual(byPlan, try kb.coverage(components: ["web/button", "web/checkbox"], platform: .web))
        XCTAssertThrowsError(try kb.coverage(plan: "no-such-plan"))
    }

    func testSearchFindsRules() throws {
        let kb = try knowledgeBase()
        let hits = try kb.searchRules("button has no accessible name").items
        XCTAssertTrue(hits.contains { $0.kind == .axe && $0.rule == "button-name" }, "\(hits.map(\.rule))")
        XCTAssertTrue(hits.contains { $0.kind == .act && $0.rule == "97a4e1" }, "\(hits.map(\.rule))")
        XCTAssertEqual(try kb.searchRules("colour contrast").items.first { $0.kind == .axe }?.rule, "color-contrast")
        XCTAssertTrue(try kb.searchRules("the of and").items.isEmpty)
    }
}
