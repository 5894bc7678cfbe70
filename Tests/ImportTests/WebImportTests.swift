@testable import A11yKB
import Foundation
import TestSupport
import XCTest

/// Web entries of both eras, WCAG citations, web captions and content.json, on small fixtures
/// written in the shapes of a real checkout (the shared corpus is native only).
final class WebImportTests: XCTestCase {
    let fixtures = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures")

    func importJekyllOnly() throws -> (KnowledgeBase, ImportSummary) {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([fixtures.appendingPathComponent("web-checkout/_checklist-web").path])
        return (kb, summary)
    }

    func testJekyllWebEntryCriteriaChecklistAndGherkin() throws {
        let (kb, summary) = try importJekyllOnly()
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.added.map(\.component), ["toggle-button"])
        XCTAssertEqual(summary.skipped.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["_template.md"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT family FROM components"), ["web"])
        let criteria = try Fixtures.rows(kb, "SELECT kind, label, platform FROM v_criteria ORDER BY position")
        XCTAssertEqual(criteria.map { "\($0["kind"] as String)/\($0["label"] as String)" }, [
            "keyboard/Tab", "keyboard/Spacebar", "gesture/Swipe", "gesture/Doubletap",
            "screenreader/Name", "screenreader/Role", "screenreader/State",
            "checklist/Perceivable", "checklist/Operable", "checklist/Operable", "checklist/Robust",
        ])
        XCTAssertTrue(criteria.allSatisfy { ($0["platform"] as String) == "web" })
        // gherkin-keyboard / gherkin-mobile are the component's Gherkin, not criteria.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT scenario || ':' || depth || ':' || text FROM gherkin_steps ORDER BY position"), [
            "keyboard:0:WHEN the tab key to move focus to the toggle button", "keyboard:1:RESULT focus is clearly visible",
            "keyboard:0:THEN the spacebar to switch it", "keyboard:1:RESULT the pressed state changes",
            "mobile:0:WHEN swipe to focus on the toggle button", "mobile:0:THEN doubletap the toggle button",
            "mobile:1:RESULT the pressed state changes",
        ])
    }

    func testShowGherkinIsTheFrontMattersOwn() throws {
        let (kb, _) = try importJekyllOnly()
        let facts = try kb.reader.read { db in try ComponentFacts.load(db, componentID: 1) }
        let text = AcceptanceCriteria.gherkin(facts)
        XCTAssertTrue(text.contains("""
            1. Scenario: Keyboard

               - WHEN the tab key to move focus to the toggle button
                  - RESULT focus is clearly visible
            """), text)
        XCTAssertTrue(text.contains("2. Scenario: Mobile"), text)
    }

    func testWebDeveloperNotesAndCodeKeptApart() throws {
        let (kb, _) = try importJekyllOnly()
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT aspect || ': ' || text FROM v_guidance ORDER BY position"), [
            "general: A native button with aria-pressed needs no script for its semantics.",
            "name: The inner text names the toggle: Mute, not \"Mute button\"",
            "role: A native `<button>` identifies as a button",
            "state: Use `aria-pressed=\"true\"` or `aria-pressed=\"false\"`",
            "focus: Focus must be visible",
        ])
        // The highlight block is code; the <example> block is not indexed at all.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT language || ':' || code FROM code_examples"), ["html:<button aria-pressed=\"false\">Mute</button>"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE text LIKE '%<example>%' OR text LIKE '%{%'"), 0)
    }

    func testWCAGCitationsAnswerWhichComponentsCiteACriterion() throws {
        let (kb, _) = try importJekyllOnly()
        let rows = try Fixtures.rows(kb, "SELECT sc, title, level, url, line FROM v_component_wcag ORDER BY sc")
        XCTAssertEqual(rows.map { "\($0["sc"] as String) \($0["title"] as String) (\($0["level"] as String))" },
                       ["2.4.7 Focus Visible (AA)", "4.1.2 Name, Role, Value (A)"])
        XCTAssertEqual(rows[1]["url"] as String, "https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html")
        XCTAssertEqual(rows[1]["line"] as Int, 87)
        // The join docs/schema.md shows.
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT c.slug FROM components c JOIN component_wcag cw ON cw.component_id = c.id WHERE cw.sc = '4.1.2'
            """), ["toggle-button"])
        // Reading lists are citations, not guidance.
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE text LIKE '%WCAG%'"), 0)
    }

    func testWholeWebCheckoutTodayWinsAndCaptionsAttach() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([fixtures.appendingPathComponent("web-checkout").path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.superseded.count, 1)
        XCTAssertTrue(summary.superseded[0].winner.hasSuffix("documentation/web/component/toggle-button.md"))
        XCTAssertEqual(summary.ignoredInCheckout, 1, "README.md is not guessed at")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT category FROM components"), ["component"])
        // Today's page has no checklist: its criteria come from the Condensed section.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT label FROM v_criteria ORDER BY position"),
                       ["Tab", "Spacebar", "Swipe", "Doubletap", "Name", "Role", "State"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM v_component_wcag ORDER BY sc"), ["1.4.1", "2.1.1", "4.1.2"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT text FROM gherkin_steps WHERE depth = 0 ORDER BY position"), [
            "GIVEN THAT I am on a page with a toggle button", "Keyboard for mobile & desktop", "Desktop screenreader",
        ])
        let captions = try Fixtures.rows(kb, "SELECT platform, screen_reader, text, start_ms, end_ms FROM v_announcements WHERE origin = 'transcript' ORDER BY position")
        XCTAssertEqual(captions.map { $0["text"] as String }, ["Mute, toggle button, not pressed.", "Pressed."])
        XCTAssertEqual(captions[0]["screen_reader"] as String, "NVDA")
        XCTAssertEqual(captions[0]["platform"] as String, "web")
        XCTAssertEqual([captions[0]["start_ms"] as Int, captions[0]["end_ms"] as Int], [500, 3250])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM gaps"), 0, "video captions in ## Videos are not empty sections")
    }

    func testContentJSONReusesTheMarkdownReaders() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([fixtures.appendingPathComponent("content-json/content.json").path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(Set(summary.added.map(\.component)), ["toggle-button", "switch"])
        let components = try Fixtures.rows(kb, "SELECT slug, title, family, category FROM components ORDER BY slug")
        XCTAssertEqual(components.map { "\($0["slug"] as String)|\($0["title"] as String)|\($0["family"] as String)|\($0["category"] as String)" },
                       ["switch|Switch|native|controls", "toggle-button|Toggle button|web|form"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT kind || '/' || label FROM v_criteria WHERE component = 'switch' ORDER BY position"),
                       ["gesture/Swipe", "gesture/Doubletap"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT platform || '/' || framework || ': ' || text FROM v_guidance WHERE component = 'switch' ORDER BY position"),
                       ["ios/uikit: Use `UISwitch`, which announces on and off", "android/jetpack-compose: Use `Switch` with `onCheckedChange`"])
        let announcement = try Fixtures.rows(kb, "SELECT text, context, platform, line FROM v_announcements WHERE component = 'switch'")
        XCTAssertEqual(announcement.first?["text"] as String?, "Wi-Fi, switch button, on")
        XCTAssertEqual(announcement.first?["context"] as String?, "switched on")
        // Facts of a JSON string point at the line of their field (`iosDeveloperNotes`, `condensed`).
        XCTAssertEqual(announcement.first?["line"] as Int?, 32)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT DISTINCT line FROM v_criteria WHERE component = 'switch'"), ["29"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT platform || ':' || text FROM v_guidance WHERE component = 'toggle-button' ORDER BY position"),
                       ["web:The inner text names the toggle", "web:Use `aria-pressed`"])
    }
}
