import A11yKB
@testable import KBModel
@testable import KBNormalize
@testable import KBStore
@testable import KBImport
@testable import KBQuery
import Foundation
import GRDB
import TestSupport
import XCTest

/// The whole-checkout import over the real MagentaA11y corpus (`../shared/corpus`): both layouts,
/// every file, and a dozen components pinned against what their files say.
final class CorpusImportTests: XCTestCase {
    /// One import per checkout for the whole class: the tests only read it.
    nonisolated(unsafe) static var imported: [String: (KnowledgeBase, ImportSummary, URL)] = [:]

    func importCheckout(_ name: String) throws -> (KnowledgeBase, ImportSummary, URL) {
        let checkout = try Fixtures.corpus(name)
        if let done = Self.imported[name] { return done }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-corpus-\(UUID().uuidString)")
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        let summary = try Importer(kb).importPaths([checkout.path])
        Self.imported[name] = (kb, summary, checkout)
        return (kb, summary, checkout)
    }

    override class func tearDown() {
        for (kb, _, _) in imported.values {
            try? FileManager.default.removeItem(atPath: (kb.path as NSString).deletingLastPathComponent)
        }
        imported = [:]
        super.tearDown()
    }

    /// Entry files of a layout folder: `.md` files not starting with `_`, outside `how-to-test/`
    /// (the testing guides, a family of their own, counted apart).
    func entryFiles(_ folder: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            $0.pathExtension == "md" && !$0.lastPathComponent.hasPrefix("_") && !$0.path.contains("/how-to-test/")
        }
    }

    func testTodaysLayoutGivesOneComponentPerEntryFileAndEveryTranscript() throws {
        let (kb, summary, checkout) = try importCheckout("magentaA11y-2026")
        XCTAssertEqual(summary.errors, [])
        // The checkout holds 42 native and 51 web entries (the corpus gained the web ones after
        // the first version): one component each, in its own family.
        for (family, count) in [("native", 42), ("web", 51)] {
            let entries = try entryFiles(checkout.appendingPathComponent("public/content/documentation/\(family)"))
            XCTAssertEqual(entries.count, count, family)
            let slugs = Set(entries.map { $0.deletingPathExtension().lastPathComponent })
            XCTAssertEqual(Set(try Fixtures.strings(kb, "SELECT slug FROM components WHERE family = ?", [family])), slugs, family)
        }
        let entries = try entryFiles(checkout.appendingPathComponent("public/content/documentation"))
        // The nine how-to-test guides (documentation/how-to-test/test-type/*.md) are entries of
        // their own family: added beside the components.
        let guides = (FileManager.default.enumerator(at: checkout.appendingPathComponent("public/content/documentation/how-to-test"),
                                                     includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "md" }
        XCTAssertEqual(guides.count, 9)
        XCTAssertEqual(summary.added.count, entries.count + guides.count)
        // Their file names hold `&` (keyboard-&-focus.md): a slug keeps letters and digits joined
        // by single hyphens (docs/schema.md), so the test reduces the names by that rule.
        let guideSlugs = guides.map {
            $0.deletingPathExtension().lastPathComponent.lowercased()
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
        }
        XCTAssertEqual(Set(try Fixtures.strings(kb, "SELECT slug FROM components WHERE family = 'how-to-test'")), Set(guideSlugs))
        // Category from the folder.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT category FROM components WHERE slug = 'modal'"), ["notifications"])
        // Every caption file becomes transcript announcements of its folder's component.
        let captions = (FileManager.default.enumerator(at: checkout, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "vtt" }
        XCTAssertEqual(captions.count, 115, "56 native, 59 web")
        // animation_AndroidTalkback-en-US.vtt holds a header and no cue: said, not imported. The
        // web captions of radio, select and sticky sit in folders named otherwise than their
        // entries (`radio-button`...): the entries' own video links attach them all the same.
        let skipped = summary.skipped.filter { $0.path.hasSuffix(".vtt") }
        XCTAssertEqual(skipped.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["animation_AndroidTalkback-en-US.vtt"])
        XCTAssertEqual(skipped.first?.reason, "caption file holds no cues")
        XCTAssertEqual(summary.transcripts.count + skipped.count, captions.count)
        XCTAssertEqual(summary.transcripts.count, 114)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(DISTINCT source_id) FROM announcements WHERE origin = 'transcript'"), 114)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM announcements WHERE origin = 'transcript' AND (start_ms IS NULL OR end_ms < start_ms)"), 0)
        // LICENSE.txt is not guessed at.
        XCTAssertEqual(summary.ignoredInCheckout, 1, "LICENSE.txt is not guessed at")
        // A first import this large indexes in bulk: the triggers are back on afterwards and the
        // rebuilt index holds every fact.
        XCTAssertEqual(try Fixtures.int(kb, "SELECT bulk FROM search_control"), 0)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM search_index WHERE search_index MATCH 'dimmed'"),
                       try Fixtures.int(kb, "SELECT count(*) FROM search_facts WHERE coalesce(title, '') || ' ' || coalesce(label, '') || ' ' || coalesce(criterion, '') || ' ' || coalesce(announcement, '') || ' ' || coalesce(guidance, '') || ' ' || coalesce(detail, '') LIKE '%dimmed%'"))
    }

    /// A "Full information" link to another component's page is a gap (issue 35): the modal's page
    /// links to the segmented control's. A page linking to itself is none, and the 2024 era's links
    /// all lead home.
    func testFullInformationLinkToAnotherComponentIsAGap() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        let crossLinks = try kb.gaps(problem: .crossLink)
        let modal = try XCTUnwrap(crossLinks.first { $0.component == "modal" }, "\(crossLinks.map(\.component))")
        XCTAssertEqual(modal.family, .native)
        XCTAssertEqual(modal.excerpt, "Full information links to native/segmented-control")
        XCTAssertEqual(modal.line, 52)
        let page = try String(contentsOf: Fixtures.corpus("magentaA11y-2026").appendingPathComponent(modal.source), encoding: .utf8)
        XCTAssertTrue(page.components(separatedBy: "\n")[modal.line - 1].contains("segmented-control"), "the line is the link's")
        let total = try Fixtures.int(kb, "SELECT count(*) FROM components WHERE page_link LIKE '%-criteria/%'")
        XCTAssertGreaterThan(total, 30)
        XCTAssertLessThan(crossLinks.count, 5, "a page linking to itself is no gap: \(crossLinks.map(\.component))")
        let (old, _, _) = try importCheckout("magentaA11y-2024")
        XCTAssertEqual(try old.gaps(problem: .crossLink).map(\.component), [])
    }

    func testJekyllLayoutSkipsTemplatesAndRepairsItsFrontMatter() throws {
        let (kb, summary, checkout) = try importCheckout("magentaA11y-2024")
        XCTAssertEqual(summary.errors, [])
        let entries = try entryFiles(checkout.appendingPathComponent("_checklist-native"))
        XCTAssertEqual(entries.count, 41)
        XCTAssertEqual(summary.added.count, 41)
        XCTAssertEqual(summary.skipped.map { URL(fileURLWithPath: $0.path).lastPathComponent }.sorted(), ["_template.md", "_tooltip.md"])
        // `Focus.md` and `loading_spinner.md` take the slugs of today's pages.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components WHERE slug IN ('focus', 'loading-spinner', 'step-indicator') ORDER BY slug"),
                       ["focus", "loading-spinner", "step-indicator"])
        // table.md has `spacebar:` and `enter:` at the margin: they stay keyboard criteria.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT label FROM v_criteria WHERE component = 'table' AND kind = 'keyboard' ORDER BY position"),
                       ["Tab, arrow keys or Ctl+tab", "Spacebar", "Enter"])
        XCTAssertTrue(summary.notices.contains { $0.path.hasSuffix("table.md") && $0.line == 10 && $0.message.contains("spacebar") })
        // expandable.md's front matter has a tab after `screenreader:` and still gives its criteria.
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_criteria WHERE component = 'expandable' AND kind = 'screenreader'"), 4)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT title FROM components WHERE slug = 'table-row-button'"), ["Table row/list item"])
    }

    func testBothErasTogetherTheNewerWins() throws {
        let corpus = try Fixtures.corpus("")
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([corpus.appendingPathComponent("magentaA11y-2024").path,
                                                    corpus.appendingPathComponent("magentaA11y-2026").path])
        XCTAssertEqual(summary.errors, [])
        let native = try Fixtures.int(kb, "SELECT count(*) FROM components WHERE family = 'native'")
        // The Jekyll era's radio.md and webviews.md are today's radio-button and webview, renamed:
        // one component each, today's page winning.
        XCTAssertEqual(native, 42, "today's 42; every page of 2024 is one of them under its old or its current name")
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM components WHERE family = 'web'"), 51, "today's web entries")
        XCTAssertEqual(summary.superseded.count, 41)
        XCTAssertTrue(summary.superseded.allSatisfy { $0.winner.contains("magentaA11y-2026") && $0.superseded.contains("magentaA11y-2024") })
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM components c JOIN sources s ON s.id = c.source_id
            WHERE s.path LIKE '%magentaA11y-2024%'
            """), 0)
        // Importing both again changes nothing.
        let again = try Importer(kb).importPaths([corpus.appendingPathComponent("magentaA11y-2024").path,
                                                  corpus.appendingPathComponent("magentaA11y-2026").path])
        XCTAssertTrue(again.wroteNothing)
        XCTAssertEqual(again.errors, [])
    }

    func testButtonCriteriaAnnouncementsAndTranscripts() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT label FROM v_criteria WHERE component = 'button' AND family = 'native' ORDER BY position"),
                       ["Tab, arrow keys or ctl+tab", "Spacebar", "Enter", "Swipe", "Doubletap", "Name", "Role", "Group", "State", "Text resize"])
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT text || coalesce(' | ' || context, '') FROM v_announcements WHERE component = 'button' AND family = 'native' AND origin = 'example' AND platform = 'ios' ORDER BY position
            """), ["Label, button", "Label, (other content in cell), button | grouping", "Label, button, selected | selected state",
                   "Label, dimmed, button | disabled state"])
        // The Android section's first bullet explains announcements; it is guidance, not an example.
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_announcements WHERE component = 'button' AND family = 'native' AND origin = 'example' AND platform = 'android'"), 4)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_guidance WHERE component = 'button' AND family = 'native' AND aspect = 'announcements' AND platform = 'android' AND text LIKE '\"button\" in announcements below%'"), 1)
        let ios = try Fixtures.rows(kb, "SELECT screen_reader, text, start_ms, end_ms, line FROM v_announcements WHERE component = 'button' AND family = 'native' AND origin = 'transcript' AND platform = 'ios'")
        XCTAssertEqual(ios.count, 1)
        XCTAssertEqual(ios[0]["text"] as String, "Don't remind me button, use my location button.")
        XCTAssertEqual(ios[0]["screen_reader"] as String, "VoiceOver")
        XCTAssertEqual([ios[0]["start_ms"] as Int, ios[0]["end_ms"] as Int, ios[0]["line"] as Int], [1640, 7360, 4])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT text FROM v_announcements WHERE component = 'button' AND family = 'native' AND origin = 'transcript' AND platform = 'android' ORDER BY start_ms"),
                       ["Cancel button double tap to activate.", "Save button, double tap to activate."])
    }

    func testCheckboxTranscriptsFromFileNamesWithoutPlatform() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        // `checkboxTalkback-en-US.vtt` and `checkboxVoiceOver-en-US.vtt` name only the screen reader.
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT platform || ':' || text FROM v_announcements WHERE component = 'checkbox' AND family = 'native' AND origin = 'transcript' ORDER BY platform, start_ms"),
                       ["android:Not checked.", "android:Set as default checkbox.", "android:Double tap to toggle checked.",
                        "ios:Set as default checkbox unchecked.", "ios:Double tap to toggle setting Checked."])
    }

    func testReorderDataRowAcrossEras() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_criteria WHERE component = 'reorder-data-row'"), 8)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_announcements WHERE component = 'reorder-data-row' AND origin = 'example'"), 6)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_announcements WHERE component = 'reorder-data-row' AND origin = 'transcript'"), 15)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT DISTINCT framework FROM v_guidance WHERE component = 'reorder-data-row' AND aspect = 'custom-action' AND framework IS NOT NULL ORDER BY 1"),
                       ["android-views", "jetpack-compose"])
    }

    func testExpandableCriteriaSplitByPlatformInTheirWording() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        let rows = try Fixtures.rows(kb, "SELECT kind, label, line FROM v_criteria WHERE component = 'expandable' ORDER BY position")
        XCTAssertEqual(rows.map { $0["label"] as String }, ["Tab, arrow keys or ctl+tab", "Tab or arrow keys", "Spacebar", "Enter", "Swipe",
                                                          "Doubletap", "Name", "Role", "Group", "State", "Text resize"])
        XCTAssertEqual(rows.map { $0["line"] as Int }, [31, 32, 33, 34, 38, 39, 43, 44, 45, 46, 50])
    }

    func testSliderBoldLabelsScopeFrameworks() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        // `**UIKit**` stands alone on a line over its bullets in slider.md.
        let state = try Fixtures.rows(kb, "SELECT platform, framework, line FROM v_guidance WHERE component = 'slider' AND aspect = 'state' AND parent_id IS NULL ORDER BY position")
        XCTAssertEqual(state.map { "\($0["platform"] as String)/\($0["framework"] as String)@\($0["line"] as Int)" }, [
            "ios/uikit@140", "ios/uikit@141", "ios/uikit@142", "ios/swiftui@146", "ios/swiftui@147",
            "android/android-views@219", "android/android-views@220", "android/android-views@221",
            "android/jetpack-compose@224", "android/jetpack-compose@225", "android/jetpack-compose@226", "android/jetpack-compose@227",
        ])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_guidance WHERE text IN ('UIKit', 'SwiftUI', 'Android Views', 'Jetpack Compose')"), 0)
    }

    func testStateGuidancePerFramework() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        func first(_ component: String, _ framework: String) throws -> String? {
            try Fixtures.strings(kb, "SELECT text FROM v_guidance WHERE component = ? AND framework = ? AND aspect = 'state' ORDER BY position LIMIT 1",
                                 [component, framework]).first
        }
        XCTAssertEqual(try first("toggle-switch", "uikit"), "For checked state: Set `accessibilityValue` to \"On\"")
        XCTAssertEqual(try first("toggle-switch", "swiftui"), "By default, the `Toggle` view announces \"On\" or \"Off\"")
        XCTAssertEqual(try first("text-input", "android-views"), "Active: `android:enabled=true`")
        XCTAssertEqual(try first("text-input", "swiftui"), "Active: use `accessibilityAddTraits(.isSelected)`")
        XCTAssertEqual(try first("button", "jetpack-compose"), "Active: default state is active and enabled. Use `Button(enabled = true)` to specify explicitly")
    }

    func testLinkAnnouncementsWithContexts() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        let android = try Fixtures.rows(kb, "SELECT text, context FROM v_announcements WHERE component = 'link' AND origin = 'example' AND platform = 'android' ORDER BY position")
        XCTAssertEqual(android.count, 6)
        XCTAssertEqual(android[2]["context"] as String?, "TalkBack menu appears")
        XCTAssertEqual(android.last?["text"] as String?, "Label, disabled")
    }

    func testHeadingsKeyboardNotApplicableIsKept() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT expectation FROM v_criteria WHERE component = 'headings' AND kind = 'keyboard'"), ["N/A"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT label FROM v_criteria WHERE component = 'headings' AND kind = 'screenreader'"), ["Text heading"])
    }

    func testUnknownHeadingsAreKeptAndReported() throws {
        let (kb, summary, _) = try importCheckout("magentaA11y-2026")
        XCTAssertTrue(summary.notices.contains { $0.path.hasSuffix("text-input.md") && $0.message.contains("Placeholder Text") })
        XCTAssertGreaterThan(try Fixtures.int(kb, "SELECT count(*) FROM v_guidance WHERE component = 'text-input' AND aspect = 'placeholder-text'"), 0)
        XCTAssertGreaterThan(try Fixtures.int(kb, "SELECT count(*) FROM notices WHERE kind = 'unknown-label'"), 0)
    }

    func testNoFactTextHoldsMarkupLeftovers() throws {
        let (kb, _, _) = try importCheckout("magentaA11y-2026")
        let texts = try Fixtures.strings(kb, "SELECT text FROM guidance UNION ALL SELECT expectation FROM criteria UNION ALL SELECT text FROM announcements")
        for text in texts {
            XCTAssertFalse(text.contains("<!--") || text.contains("â€") || text.contains("**") || text.isEmpty, text)
            XCTAssertFalse(text.hasPrefix("<video") || text.hasPrefix("<source"), text)
        }
    }
}
