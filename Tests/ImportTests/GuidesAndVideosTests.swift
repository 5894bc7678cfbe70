import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
@testable import KBImport
@testable import KBQuery
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// Issue 23's fidelity classes that show only once imported: the how-to-test guides as entries,
/// the videos beside their transcripts, the matrix's family columns, one slug per component across
/// eras and the seed, content.json's nested one-line bullets.
final class GuidesAndVideosTests: XCTestCase {
    nonisolated(unsafe) static var today: KnowledgeBase?

    func todaysCheckout() throws -> KnowledgeBase {
        let checkout = try Fixtures.corpus("magentaA11y-2026")
        if let kb = Self.today { return kb }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-guides-\(UUID().uuidString)")
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        _ = try kb.importFiles([checkout.path])
        Self.today = kb
        return kb
    }

    override class func tearDown() {
        if let kb = today { try? FileManager.default.removeItem(atPath: (kb.path as NSString).deletingLastPathComponent) }
        today = nil
        super.tearDown()
    }

    /// 8. The keyboard guide's checks and key table are criteria, its prose guidance; a guide is
    /// listed in its family and found by search.
    func testHowToTestGuidesAreSearchableListedEntriesWithCriteria() throws {
        let kb = try todaysCheckout()
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM components WHERE family = 'how-to-test'"), 9)
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT label FROM v_criteria WHERE component = 'keyboard-focus' AND kind = 'keyboard' ORDER BY position
            """), ["Arrows", "Tab", "Shift + Tab", "Enter", "Spacebar", "Escape"])
        let checks = try Fixtures.strings(kb, "SELECT expectation FROM v_criteria WHERE component = 'keyboard-focus' AND kind = 'checklist' ORDER BY position")
        XCTAssertEqual(checks.count, 6)
        XCTAssertTrue(checks.contains("Ensure that there are no keyboard traps"))
        // The screen-reader guide's shortcut tables are HTML: each row a keyboard criterion.
        XCTAssertGreaterThan(try Fixtures.int(kb, "SELECT count(*) FROM v_criteria WHERE component = 'web-screen-readers' AND kind = 'keyboard'"), 20)
        // The checklist items set in HTML blocks (`<h3>✓ ...</h3>` over a Pass/Fail demo).
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_criteria WHERE component = 'color-contrast' AND kind = 'checklist'"), 5)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM gaps g JOIN components c ON c.id = g.component_id WHERE c.family = 'how-to-test'"), 0)
        let listed = try kb.catalog(family: .howToTest)
        XCTAssertEqual(listed.components.map(\.slug).count, 9)
        XCTAssertTrue(listed.components.allSatisfy { $0.family == .howToTest })
        let found = try kb.searchComponents("keyboard traps")
        XCTAssertEqual(found.components.first?.component, "keyboard-focus")
    }

    /// 9. A page's video is kept beside the transcript of its captions.
    func testVideosAreKeptBesideTheirTranscripts() throws {
        let kb = try todaysCheckout()
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT v.src || ' | ' || v.captions FROM videos v JOIN components c ON c.id = v.component_id
            WHERE c.slug = 'button' AND c.family = 'native' ORDER BY v.position
            """), ["media/video/native/button/buttonIosVoiceover.webm | media/video/native/button/buttonIosVoiceover-en-US.vtt",
                   "media/video/native/button/buttonAndroidTalkback.webm | media/video/native/button/buttonAndroidTalkback-en-US.vtt"])
        let spoken = try kb.announcements(component: "native/button", origin: .transcript).items
        XCTAssertFalse(spoken.isEmpty)
        XCTAssertEqual(Set(spoken.compactMap(\.video)), ["media/video/native/button/buttonIosVoiceover.webm",
                                                         "media/video/native/button/buttonAndroidTalkback.webm"])
        XCTAssertTrue(spoken.allSatisfy { $0.video != nil })
        XCTAssertTrue(AnnouncementRendering.markdown(spoken).contains("captions of the recording media/video/native/button/buttonIosVoiceover.webm"))
        // The guide's own video too.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT v.src FROM videos v JOIN components c ON c.id = v.component_id WHERE c.slug = 'keyboard-focus'"),
                       ["media/video/how-to-test/how-to-keyboard.webm"])
    }

    /// 10. A native component's criteria, written for every native platform, are no web criteria.
    func testMatrixKeepsNativeCriteriaOutOfWebColumns() throws {
        let kb = try todaysCheckout()
        let matrix = try kb.matrix(Matrix.Options(aspects: .all))
        let records = matrix.records(.count)
        let web = matrix.header.indices.filter { matrix.header[$0].hasPrefix("web:") }
        let ios = matrix.header.indices.filter { matrix.header[$0].hasPrefix("ios:") }
        XCTAssertFalse(web.isEmpty)
        let native = records.filter { $0[1] == "native" }
        XCTAssertEqual(native.count, 42)
        for row in native {
            XCTAssertEqual(web.map { row[$0] }.filter { $0 != "0" }, [], "\(row[0]): web cells of a native component")
        }
        // Their criteria are still in each native platform's columns.
        XCTAssertTrue(native.contains { row in ios.contains { row[$0] != "0" } })
        // Nor are a web component's criteria iOS ones (its notes may name iOS, its criteria do not).
        let iosCriteria = matrix.header.indices.filter { index in
            RowKey.standardKinds.contains { matrix.header[index] == "ios:\($0)" }
        }
        XCTAssertFalse(iosCriteria.isEmpty)
        let webRows = records.filter { $0[1] == "web" }
        XCTAssertEqual(webRows.filter { row in iosCriteria.contains { row[$0] != "0" } }.map { $0[0] }, [], "web criteria in iOS columns")
    }

    /// 11. The same component from the seed and from a checkout, or from two eras, is one slug.
    func testSeedAndErasGiveOneSlugPerComponent() throws {
        let corpus = try Fixtures.corpus("")
        let kb = try Fixtures.seededKnowledgeBase(self)
        _ = try kb.importFiles([corpus.appendingPathComponent("magentaA11y-2024").path, corpus.appendingPathComponent("magentaA11y-2026").path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components WHERE slug LIKE 'expandable%' AND family = 'native'"), ["expandable"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components WHERE slug IN ('radio', 'radio-button', 'webview', 'webviews') AND family = 'native' ORDER BY slug"),
                       ["radio-button", "webview"])
        // Today's page wins; the older ones are kept as superseded.
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT s.path FROM components c JOIN sources s ON s.id = c.source_id WHERE c.slug = 'expandable' AND c.family = 'native'
            """), ["public/content/documentation/native/controls/expandable.md"])
        // The older address still finds it.
        XCTAssertEqual(try kb.component("expandable-region").component.slug, "expandable")
        XCTAssertEqual(try kb.component("radio", family: .native).component.slug, "radio-button")
    }

    /// Classes 2, 4 and 6 where today's checkout has them.
    func testTodaysCheckoutCasesOfTheMisfiledClasses() throws {
        let kb = try todaysCheckout()
        // 2. carousel.md: two examples with their note after a dash.
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM v_announcements WHERE component = 'carousel' AND family = 'native' AND origin = 'example'
            AND context LIKE 'common % announcement'
            """), 2)
        // 4. single-page-application.md: GIVEN THAT ...: is a step, the numbered groups scenarios at depth 0.
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT depth || ' ' || coalesce(scenario, '-') FROM gherkin_steps g JOIN components c ON c.id = g.component_id
            WHERE c.slug = 'single-page-application' ORDER BY g.position LIMIT 3
            """), ["0 -", "0 Keyboard for mobile & desktop", "1 Keyboard for mobile & desktop"])
        // 6. link.md's "Link Purpose (In Context) (Level A)", informative-image.md's "WCAG AA 1.4.5".
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT title || ' | ' || level FROM v_component_wcag WHERE component = 'link' AND family = 'web' AND sc = '2.4.4'"),
                       ["Link Purpose (In Context) | A"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT level FROM v_component_wcag WHERE component = 'informative-image' AND sc = '1.4.5'"), ["AA"])
    }

    /// 7. content.json writes a nested bullet on one line (`* * I HEAR...`): no "* " is left.
    func testContentJSONNestedBulletOnOneLine() throws {
        let json = """
            {
              "web": [],
              "native": [
                {
                  "label": "Controls",
                  "name": "controls",
                  "children": [
                    {
                      "label": "Widget",
                      "name": "widget",
                      "gherkin": "GIVEN THAT I am on a screen with a widget\\n\\n1. Mobile screenreader\\n\\n   * WHEN I swipe to the widget\\n   * * I HEAR its name\\n   * * I HEAR its role"
                    }
                  ]
                }
              ]
            }
            """
        let document = try ContentJSONReader.read(json)
        let item = try XCTUnwrap(document.items.first)
        let entry = try Normalizer.normalize(item.entry, hints: item.hints)
        XCTAssertEqual(entry.gherkin.map { "\($0.depth) \($0.text)" }, [
            "0 GIVEN THAT I am on a screen with a widget", "0 Mobile screenreader", "1 WHEN I swipe to the widget",
            "2 I HEAR its name", "2 I HEAR its role",
        ])
        XCTAssertTrue(entry.gherkin.allSatisfy { $0.line == 11 })
    }
}
