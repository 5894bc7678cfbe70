import A11yKB
@testable import KBModel
@testable import KBStore
@testable import KBImport
@testable import KBQuery
@testable import KBRender
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
        // `wcag:` lists principle groups (`- name: Perceivable` over a `list:` of checks): the
        // principle labels its checks and is never a check itself.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT label || ': ' || expectation || ' @' || line FROM v_criteria WHERE kind = 'checklist' ORDER BY position"), [
            "Perceivable: The pressed state is not shown by colour alone @31",
            "Operable: The toggle can be reached and switched with a keyboard @34",
            "Operable: Focus stays visible on the toggle @35",
            "Robust: The pressed state is exposed as aria-pressed @38",
        ])
        let file = fixtures.appendingPathComponent("web-checkout/_checklist-web/toggle-button.md").path
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file]).first)
        XCTAssertEqual(trace.lines[28].details, ["wcag principle: Perceivable"])
        XCTAssertEqual(trace.lines[29].disposition, .structure)
        XCTAssertEqual(trace.count(.unaccounted), 0)
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
            // The prose under "Code examples" keeps the section as its aspect (issue 50).
            "code-examples: A native button with aria-pressed needs no script for its semantics.",
            "name: The inner text names the toggle: Mute, not \"Mute button\"",
            "role: A native `<button>` identifies as a button",
            "state: Use `aria-pressed=\"true\"` or `aria-pressed=\"false\"`",
            "focus: Focus must be visible",
        ])
        // The highlight blocks are code, the one marked `{: .bad-example}` flagged bad; the
        // <example> block is not indexed at all.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT quality || ':' || language || ':' || code FROM code_examples ORDER BY position"),
                       ["good:html:<button aria-pressed=\"false\">Mute</button>", "bad:html:<div role=\"button\" onclick=\"toggle()\">Mute</div>"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE text LIKE '%<example>%' OR text LIKE '%{%'"), 0)
    }

    func testWCAGCitationsAnswerWhichComponentsCiteACriterion() throws {
        let (kb, _) = try importJekyllOnly()
        let rows = try Fixtures.rows(kb, "SELECT sc, title, level, url, line FROM v_component_wcag ORDER BY sc")
        XCTAssertEqual(rows.map { "\($0["sc"] as String) \($0["title"] as String) (\($0["level"] as String))" },
                       ["2.4.7 Focus Visible (AA)", "4.1.2 Name, Role, Value (A)"])
        XCTAssertEqual(rows[1]["url"] as String, "https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html")
        XCTAssertEqual(rows[1]["line"] as Int, 95)
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

/// content.json as the site builds it: facts at the line of their field, the web Developer Notes
/// that open with headings of their own, hard line breaks, and the how-to-test guides beside the
/// components.
final class SiteContentJSONTests: XCTestCase {
    let file = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/content-json-site/content.json")

    func lineOf(_ needle: String) throws -> Int {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        return try XCTUnwrap(lines.firstIndex { $0.contains(needle) }) + 1
    }

    func testFactsPointAtTheirFieldsLineAndEveryLineIsAccountedFor() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([file.path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(Set(summary.added.map(\.component)), ["alert-notification", "switch", "color-contrast"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT DISTINCT line FROM v_criteria WHERE component = 'alert-notification'"),
                       [String(try lineOf("\"condensed\": \"### #a11y"))])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT DISTINCT line FROM v_guidance WHERE component = 'switch'"),
                       [String(try lineOf("\"iosDeveloperNotes\": \"### State"))])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT platform || '/' || framework || '/' || aspect FROM v_guidance WHERE component = 'switch'"),
                       ["ios/uikit/state"])
        XCTAssertEqual(summary.unaccountedLines, 0)
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.lines.filter { $0.disposition == .unaccounted }.map(\.number), [])
        XCTAssertEqual(trace.lines[try lineOf("\"type\": \"file\"") - 1].details, ["site metadata (type)"])
    }

    /// The web Developer Notes string opens with `## Developer Notes` itself: no empty section.
    func testWebDeveloperNotesOfAnotherShapeAreNotAnEmptySection() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([file.path])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM gaps"), 0)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT aspect || ': ' || text FROM v_guidance WHERE component = 'alert-notification' ORDER BY position"), [
            "general: An alert is dynamic content injected into the page. It is read when it appears.",
            "name: Inner text describes the alert when it appears on screen.",
            "role: Use `role=\"alert\"` for elements injected into the page.",
        ])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM v_component_wcag WHERE component = 'alert-notification'"), ["4.1.3"])
    }

    /// The how-to-test list holds the testing guides: each is an entry of the `how-to-test`
    /// family, its notes citing their field's line like a component's.
    func testHowToTestGuidesAreEntriesOfTheirOwnFamily() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([file.path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT family || '/' || category || '/' || title FROM components WHERE slug = 'color-contrast'"),
                       ["how-to-test/type/Color Contrast"])
        let guideLine = try lineOf("\"developerNotes\": \"## Developer Notes\\n\\n1. **General")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT line || ': ' || text FROM v_guidance WHERE component = 'color-contrast' ORDER BY position"), [
            "\(try lineOf("\"generalNotes\": \"Testing color contrast")): Testing color contrast is a simple yet crucial step.",
            "\(guideLine): General requirements",
            "\(guideLine): Normal text must have a contrast ratio of at least 4.5:1.",
        ])
        XCTAssertFalse(summary.notices.contains { $0.message.contains("how-to-test") })
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.lines[guideLine - 1].disposition, .fact)
    }

    /// A JSON string whose markdown is partly unread leaves its line unaccounted, even though facts
    /// came from the rest of it.
    func testAnUnreadPartOfAStringLeavesItsLineUnaccounted() throws {
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("content.json")
        try """
            {
              "web": [{"label": "Component", "name": "component", "children": [{
                "label": "Toggle", "name": "toggle",
                "developerNotes": "### Name\\n* The inner text names it\\n\\n<marquee>gone</marquee>"
              }]}]
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.lines.filter { $0.disposition == .unaccounted }.map(\.number), [4])
        XCTAssertTrue(trace.lines[3].details.contains("guidance name"), "\(trace.lines[3].details)")
        XCTAssertTrue(trace.lines[3].details.contains("HTML block <marquee>"), "\(trace.lines[3].details)")
    }
}
