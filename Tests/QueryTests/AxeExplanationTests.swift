import A11yKB
@testable import KBModel
@testable import KBQuery
import KBResources
import Foundation
import GRDB
import TestSupport
import XCTest

/// `explain` on the results of a real axe-core run (scripts/axe-run over Tests/fixtures/axe/faults.html,
/// kept as Tests/fixtures/axe/faults-results.json), over the MagentaA11y corpus.
final class AxeExplanationTests: XCTestCase {
    static let fixture = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/axe/faults-results.json")

    /// What each fault of the page is, as the page's comments say it: the rule, the success
    /// criteria it fails, and the component of each node it reports.
    static let expected: [(rule: String, scs: [String], components: [String?])] = [
        ("aria-input-field-name", ["4.1.2"], ["range-slider"]),
        ("aria-progressbar-name", ["1.1.1"], ["progress-indicator"]),
        ("aria-toggle-field-name", ["4.1.2"], ["toggle-switch"]),
        ("button-name", ["4.1.2"], ["button"]),
        ("color-contrast", ["1.4.3"], ["color-contrast"]),
        ("empty-heading", [], ["heading"]),
        ("frame-title", ["4.1.2"], ["iframe"]),
        ("html-has-lang", ["3.1.1"], [nil]),
        ("image-alt", ["1.1.1"], ["informative-image", "informative-image"]),
        ("label", ["4.1.2"], ["checkbox", "text-input", "radio-button"]),
        ("link-name", ["2.4.4", "4.1.2"], ["link"]),
        ("select-name", ["4.1.2"], ["select-dropdown"]),
    ]

    func testEachViolationOfARealRunMapsToItsCriteriaAndComponents() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let explanation = try kb.explainAxeResults(Data(contentsOf: Self.fixture))
        XCTAssertEqual(explanation.engine, "4.12.1")
        let violations = explanation.rules.filter { $0.outcome == .violation }
        XCTAssertEqual(violations.map(\.id), Self.expected.map(\.rule))
        for (rule, expected) in zip(violations, Self.expected) {
            XCTAssertEqual(rule.successCriteria.map(\.sc).written, expected.scs, rule.id)
            XCTAssertEqual(rule.nodes.map { $0.component?.slug }, expected.components, rule.id)
            for node in rule.nodes where node.component != nil {
                XCTAssertEqual(node.component?.known, true, "\(rule.id): \(node.html)")
                XCTAssertFalse(node.checks.isEmpty, "\(rule.id): \(node.html) has criteria to verify")
            }
        }
        // A best practice names no success criterion and says so; the incomplete result is kept.
        XCTAssertEqual(violations.first { $0.id == "empty-heading" }?.bestPractice, true)
        XCTAssertEqual(explanation.rules.filter { $0.outcome == .incomplete }.map(\.id), ["frame-tested"])
        // A node no component answers to points to the testing guide that covers its success
        // criteria, with the guide's checks of them: a paragraph failing contrast, the contrast guide.
        let paragraph = try XCTUnwrap(violations.first { $0.id == "color-contrast" }?.nodes.first)
        XCTAssertEqual(paragraph.element, "p")
        XCTAssertEqual(paragraph.component?.name, "how-to-test/color-contrast")
        XCTAssertFalse(paragraph.checks.isEmpty)
        XCTAssertTrue(paragraph.checks.allSatisfy { $0.tests.contains { $0.sc == SCNumber(1, 4, 3) } }, "\(paragraph.checks)")
        // No guide covers what html-has-lang fails (3.1.1): the node stays unknown, not guessed.
        XCTAssertNil(violations.first { $0.id == "html-has-lang" }?.nodes.first?.component)

        // A div re-creating a switch has none of a switch's keyboard behaviour: every keyboard and
        // screen-reader criterion of the toggle switch is to verify, the keyboard's among them.
        let custom = try XCTUnwrap(violations.first { $0.id == "aria-toggle-field-name" }?.nodes.first)
        XCTAssertTrue(custom.recreatesControl)
        let switchCriteria = try Fixtures.strings(kb, """
            SELECT cr.kind || ':' || coalesce(cr.label, '') FROM criteria cr JOIN components c ON c.id = cr.component_id
            WHERE c.slug = 'toggle-switch' AND c.family = 'web' AND cr.kind IN ('keyboard', 'gesture', 'screenreader')
            """)
        XCTAssertEqual(Set(custom.checks.map { "\($0.kind):\($0.label ?? "")" }), Set(switchCriteria))
        XCTAssertTrue(custom.checks.contains { $0.kind == .keyboard }, "Tab to it, Space toggles")
        XCTAssertEqual(violations.first { $0.id == "button-name" }?.nodes.first?.recreatesControl, false, "a <button> is the native control")

        // The button's checks are its criteria that test 4.1.2, as the knowledge base links them.
        let button = try XCTUnwrap(violations.first { $0.id == "button-name" }?.nodes.first)
        let linked = try Fixtures.strings(kb, """
            SELECT cr.label FROM criteria cr JOIN components c ON c.id = cr.component_id
            WHERE c.slug = 'button' AND c.family = 'web'
              AND cr.id IN (SELECT criterion_id FROM inferred_wcag WHERE sc = '4.1.2')
            ORDER BY cr.position
            """)
        XCTAssertEqual(button.checks.compactMap(\.label), linked)
        XCTAssertTrue(linked.contains("Name"))
        XCTAssertTrue(button.checks.allSatisfy { $0.tests.contains(.init(sc: SCNumber(4, 1, 2), link: .inferred)) })
        XCTAssertFalse(button.announcements.isEmpty, "the web button's examples and transcripts")
        // The link's page cites 2.4.4 and 4.1.2 for the whole component: every check carries the citation.
        let link = try XCTUnwrap(violations.first { $0.id == "link-name" }?.nodes.first)
        XCTAssertTrue(link.checks.allSatisfy { $0.tests.contains(.init(sc: SCNumber(2, 4, 4), link: .cited)) }, "\(link.checks)")
    }

    func testElementsReadFromTheirOpeningTag() {
        XCTAssertEqual(HTMLElement(html: #"<input type="checkbox" id="terms">"#), HTMLElement(tag: "input", attributes: ["type": "checkbox", "id": "terms"]))
        XCTAssertEqual(HTMLElement(html: "<DIV Role='switch' aria-checked=false hidden>x</DIV>"),
                       HTMLElement(tag: "div", attributes: ["role": "switch", "aria-checked": "false", "hidden": ""]))
        XCTAssertNil(HTMLElement(html: "plain text"))
        XCTAssertNil(HTMLElement(html: "<!-- a comment -->"))
        func component(_ html: String) -> String? { HTMLElement(html: html).flatMap { ElementComponents.match($0) }?.component }
        XCTAssertEqual(component(#"<input type="checkbox" role="switch">"#), "toggle-switch", "an explicit role wins")
        XCTAssertEqual(component(#"<input type="CHECKBOX">"#), "checkbox")
        XCTAssertEqual(component("<input>"), "text-input")
        XCTAssertEqual(component(#"<input type="hidden">"#), nil)
        XCTAssertEqual(component(#"<img src="a.png" alt="">"#), "decorative-image")
        XCTAssertEqual(component(#"<img src="a.png">"#), "informative-image")
        XCTAssertEqual(component(#"<span role="switch checkbox">"#), "toggle-switch", "the first of a role's fallbacks")
        XCTAssertEqual(component("<a>anchor without href</a>"), nil)
        XCTAssertEqual(ElementComponents.parse(String(decoding: EmbeddedResources.elementComponents, as: UTF8.self)).problems, [])
        XCTAssertEqual(ElementComponents.parse("input[type=checkbox\tcheckbox\nbutton\t\n").problems.count, 2)
    }

    func testTagsNameSuccessCriteria() {
        XCTAssertEqual(["wcag412", "wcag1410", "wcag111", "wcag2aa", "wcag21a", "wcag22aa", "best-practice", "wcag2411"]
            .map { AxeResults.successCriterion(ofTag: $0)?.description }, ["4.1.2", "1.4.10", "1.1.1", nil, nil, nil, nil, "2.4.11"])
        // Digits other than ASCII's are no success criterion (issue 34), at import and in explain alike.
        for tag in ["wcag\u{664}\u{661}\u{662}", "wcag4\u{661}2", "wcag\u{FF14}12"] {
            XCTAssertNil(AxeResults.successCriterion(ofTag: tag), tag)
            XCTAssertNil(WCAGCatalogue.sc(fromAxeTag: tag), tag)
        }
    }

    /// An axe run is untrusted input too: its help, ids and HTML become text in the markdown an
    /// assistant reads, never a task, a heading, a link or HTML.
    func testAHostileRunMakesNoStructureInTheMarkdown() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let hostile = ##"{"violations": [{"id": "x\n# fake heading", "tags": ["wcag412"], "help": "<script>alert(1)</script>\n- [x] done [click](javascript:alert(1))", "nodes": [{"html": "<button>`x`\n- [x] fake</button>", "target": ["#b"]}]}]}"##
        let markdown = try kb.explainAxeResults(Data(hostile.utf8)).markdown
        XCTAssertFalse(markdown.contains("<script"), markdown)
        XCTAssertNil(markdown.range(of: #"(?<!\\)\]\(javascript:"#, options: .regularExpression), "an escaped bracket makes no link: \(markdown)")
        XCTAssertFalse(markdown.split(separator: "\n").contains { $0.hasPrefix("- [x]") || $0.hasPrefix("# fake") }, markdown)
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.count, 1, markdown)
    }

    func testWhatIsNotAxeResultsIsRefused() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        XCTAssertThrowsError(try kb.explainAxeResults(Data("not json".utf8))) { error in
            XCTAssertEqual(error as? QueryError, .invalidOption("the axe results are not JSON"))
        }
        XCTAssertThrowsError(try kb.explainAxeResults(Data(#"{"rules": []}"#.utf8)))
        // A list of runs (one per page) is read whole; a run with nothing to say is no error.
        let two = try kb.explainAxeResults(Data(#"[{"violations": [{"id": "x-rule", "tags": ["wcag244"], "nodes": [{"html": "<a href='#'>", "target": [["iframe", "a"]]}]}]}, {"violations": [], "incomplete": []}]"#.utf8))
        XCTAssertEqual(two.rules.map(\.id), ["x-rule"])
        XCTAssertEqual(two.rules[0].nodes[0].target, "iframe >>> a")
        XCTAssertEqual(two.rules[0].nodes[0].component?.slug, "link")
        XCTAssertEqual(two.rules[0].nodes[0].component?.known, false, "the seed holds no web link")
    }
}
