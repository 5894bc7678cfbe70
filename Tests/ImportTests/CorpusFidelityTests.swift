import A11yKB
@testable import KBStore
import Foundation
import GRDB
import TestSupport
import XCTest

/// Today's entries, web and native, as faithful as their files: what each defect class of issue 11
/// got wrong, checked on the corpus files that have the case.
final class CorpusFidelityTests: XCTestCase {
    func kb() throws -> KnowledgeBase { try CorpusImports.checkout("magentaA11y-2026").0 }

    /// Web entries go on after `## Gherkin` with free `## Topic` sections (heading.md: "## Headings
    /// are not focusable with the tab key"): only the Gherkin section's lines are steps.
    func testGherkinStepsComeOnlyFromTheGherkinSection() throws {
        let kb = try kb()
        var steps = 0
        for family in ["native", "web"] {
            for document in try CorpusDocuments.entries(family) {
                let section = Set(CorpusDocuments.section(document, "Gherkin").map(\.number))
                let lines = try Fixtures.strings(kb, """
                    SELECT g.line FROM gherkin_steps g JOIN components c ON c.id = g.component_id WHERE c.slug = ? AND c.family = ?
                    """, [document.slug, family]).compactMap { Int($0) }
                steps += lines.count
                XCTAssertEqual(lines.filter { !section.contains($0) }, [], "\(document.url.path): steps outside ## Gherkin")
            }
        }
        XCTAssertGreaterThan(steps, 1500)
        // `## Headings are not focusable with the tab key` after Gherkin: a `##` heading is a topic
        // whatever its length, and the bullets under it are that topic's.
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT aspect || ': ' || text FROM v_guidance WHERE component = 'heading' AND family = 'web' AND line BETWEEN 61 AND 64 ORDER BY line
            """), [
                "headings-are-not-focusable-with-the-tab-key: When people use a screen reader, the arrow keys are used to browse non-focusable content",
                "headings-are-not-focusable-with-the-tab-key: The tab key only focuses interactive elements (ex: buttons, links or inputs)",
            ])
    }

    /// Code examples are kept verbatim, comments and all; a bad example (link.md's
    /// `<h4 class="bad-example">`) is flagged, the good ones after "#### Good examples" are not.
    func testCodeExamplesVerbatimWithTheirBadExampleFlag() throws {
        let kb = try kb()
        let heading = try XCTUnwrap(try Fixtures.strings(kb, """
            SELECT x.code FROM code_examples x JOIN components c ON c.id = x.component_id WHERE c.slug = 'heading' AND c.family = 'web' AND x.line = 71
            """).first)
        XCTAssertTrue(heading.contains("  <!-- Author's entire life story \n   as it relates to tacos -->"), heading)
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT x.line || ':' || x.quality FROM code_examples x JOIN components c ON c.id = x.component_id
            WHERE c.slug = 'link' AND c.family = 'web' AND x.line < 205 ORDER BY x.line
            """), ["85:good", "104:bad", "113:good", "118:good", "132:good", "148:good", "158:good", "175:bad", "189:bad", "199:bad"])
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT x.line FROM code_examples x JOIN components c ON c.id = x.component_id
            WHERE c.slug = 'list' AND c.family = 'web' AND x.quality = 'bad' ORDER BY x.line
            """), ["135", "152"])
    }

    /// A code example's aspect and framework come from the headings and labels it sits under: the
    /// "### Code Example" after "### Focus" is no focus example; code nested under `- **UIKit**`
    /// is UIKit's.
    func testCodeExamplesTakeAspectAndFrameworkFromTheirHeadings() throws {
        let kb = try kb()
        func code(_ slug: String) throws -> [String] {
            try Fixtures.rows(kb, """
                SELECT x.line, p.slug AS platform, f.slug AS framework, x.aspect FROM code_examples x
                JOIN components c ON c.id = x.component_id LEFT JOIN platforms p ON p.id = x.platform_id
                LEFT JOIN frameworks f ON f.id = x.framework_id WHERE c.slug = ? AND c.family = 'native' ORDER BY x.line
                """, [slug]).map { "\($0["line"] as Int) \($0["platform"] as String? ?? "-")/\($0["framework"] as String? ?? "-")/\($0["aspect"] as String? ?? "-")" }
        }
        // A code section beside the aspects is the code's aspect (issue 50: read back with its prose).
        XCTAssertEqual(try code("segmented-control"), ["296 android/jetpack-compose/code-examples"])
        XCTAssertEqual(try code("carousel"), ["187 ios/uikit/custom-gestures", "205 ios/swiftui/custom-gestures",
                                              "319 android/jetpack-compose/code-examples"])
        XCTAssertEqual(try code("checkbox"), ["190 android/-/general"])
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM code_examples x JOIN components c ON c.id = x.component_id WHERE c.family = 'native' AND x.aspect = 'focus'
            """), 0)
    }

    /// The captions of radio, select and sticky live in folders named otherwise than their entries:
    /// each entry's own video links say whose they are. Only the cue-less file is not attached.
    func testCaptionsInFoldersNamedOtherwiseAttachToTheirComponents() throws {
        let (kb, summary) = try CorpusImports.checkout("magentaA11y-2026")
        XCTAssertEqual(summary.transcripts.count, 114)
        XCTAssertEqual(summary.skipped.filter { $0.path.hasSuffix(".vtt") }.map { URL(fileURLWithPath: $0.path).lastPathComponent },
                       ["animation_AndroidTalkback-en-US.vtt"])
        for (folder, component, files) in [("radio", "radio-button", 3), ("select", "select-dropdown", 5), ("sticky", "sticky-element", 3)] {
            XCTAssertEqual(Set(summary.transcripts.filter { $0.path.contains("/video/web/\(folder)/") }.map(\.component)), [component])
            XCTAssertEqual(try Fixtures.int(kb, """
                SELECT count(DISTINCT a.source_id) FROM announcements a JOIN components c ON c.id = a.component_id
                WHERE c.slug = ? AND c.family = 'web' AND a.origin = 'transcript'
                """, [component]), files, component)
        }
    }

    /// Caption files named for the device only (`select-android`, `headingMacOS`,
    /// `search-desktop-safari`) still say which screen reader speaks: every transcript has one.
    func testEveryTranscriptNamesItsScreenReader() throws {
        let kb = try kb()
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT DISTINCT s.path FROM announcements a JOIN sources s ON s.id = a.source_id
            WHERE a.origin = 'transcript' AND a.screen_reader IS NULL
            """), [])
        func reader(_ file: String) throws -> [String] {
            try Fixtures.strings(kb, """
                SELECT DISTINCT coalesce(p.slug, '-') || ' ' || a.screen_reader FROM announcements a JOIN sources s ON s.id = a.source_id
                LEFT JOIN platforms p ON p.id = a.platform_id WHERE s.path LIKE ?
                """, ["%/" + file])
        }
        XCTAssertEqual(try reader("select-android-en-US.vtt"), ["android TalkBack"])
        XCTAssertEqual(try reader("select-macOS-en-US.vtt"), ["web VoiceOver"])
        XCTAssertEqual(try reader("search-desktop-safari-en-US.vtt"), ["web VoiceOver"])
        XCTAssertEqual(try reader("headingJAWS-en-US.vtt"), ["web JAWS"])
    }

    /// Gaps only where something is missing: a framework label over sibling bullets (time-picker's
    /// `- **UIKit**`) holds them, "Initial focus areas:" over a list (modal) leads it in.
    func testNoFalseGaps() throws {
        let kb = try kb()
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT component || ':' || line || ':' || problem || ':' || coalesce(excerpt, '') FROM v_gaps WHERE problem <> 'template-token' ORDER BY component, line
            """), ["footer-landmark:23:cross-link:Full information links to web/footer",
                   "modal:52:cross-link:Full information links to native/segmented-control",
                   "pagination-control:132:empty-section:swiftui", "pagination-control:228:empty-section:jetpack compose",
                   "scrolling-container:22:cross-link:Full information links to web/scrolling"],
            "the empty sections, and the pages whose Full information link leads elsewhere (issue 35)")
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT platform || '/' || framework || '/' || aspect FROM v_guidance WHERE component = 'time-picker' AND line IN (137, 138)
            """), ["ios/uikit/group", "ios/uikit/group"])
        let initial = try Fixtures.rows(kb, "SELECT id, aspect FROM v_guidance WHERE component = 'modal' AND text = 'Initial focus areas:'")
        XCTAssertEqual(initial.map { $0["aspect"] as String }, ["announcements"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT text FROM v_announcements WHERE component = 'modal' AND line = 194"), ["Close, button"])
    }

    /// Text as a reader of the page sees it: `_emphasis_` loses its underscores; WCAG citations
    /// written `[WCAG AA 1.4.5 ...]` or `[WCAG SC 2.4.6 ...]` are citations.
    func testNoTextResidue() throws {
        let kb = try kb()
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT text FROM v_guidance WHERE component = 'single-page-application' AND line = 83"),
                       ["By default an element using `role=\"alert\"` has `aria-live=\"assertive\"`"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE text GLOB '*[ (]_[A-Za-z]*_[ .,:]*' AND text NOT GLOB '*`*'"), 0)
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT component || ' ' || sc || ' ' || title || ' @' || line FROM v_component_wcag
            WHERE (component = 'informative-image' AND sc = '1.4.5') OR (component = 'text-input' AND family = 'web' AND sc = '2.4.6')
            ORDER BY component
            """), ["informative-image 1.4.5 Images of Text @59", "text-input 2.4.6 Headings and Labels @301"])
    }
}
