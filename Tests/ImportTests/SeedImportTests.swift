import A11yKB
@testable import KBNormalize
@testable import KBStore
@testable import KBImport
@testable import KBQuery
import GRDB
import TestSupport
import XCTest

/// The knowledge-base core's "done when", on the five seed documents.
final class SeedImportTests: XCTestCase {
    func testSeedGivesTheFourNativeComponents() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let components = try Fixtures.rows(kb, "SELECT slug, family, title FROM components ORDER BY slug")
        XCTAssertEqual(components.map { $0["slug"] as String },
                       ["expandable", "reorder-data-row", "table", "table-row-button"])
        XCTAssertEqual(Set(components.map { $0["family"] as String }), ["native"])
        XCTAssertEqual(components.map { $0["title"] as String },
                       ["Expandable region", "Reorder data row", "Table", "Table row button"])
    }

    func testPlatformsAndFrameworks() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let used = try Fixtures.strings(kb, """
            SELECT DISTINCT p.slug FROM guidance g JOIN platforms p ON p.id = g.platform_id ORDER BY p.slug
            """)
        XCTAssertEqual(used, ["android", "ios"])
        let frameworks = try Fixtures.rows(kb, """
            SELECT f.slug, p.slug AS platform FROM frameworks f JOIN platforms p ON p.id = f.platform_id
            WHERE f.id IN (SELECT framework_id FROM guidance) ORDER BY f.slug
            """)
        XCTAssertEqual(frameworks.map { "\($0["slug"] as String)@\($0["platform"] as String)" },
                       ["android-views@android", "jetpack-compose@android", "swiftui@ios", "uikit@ios"])
    }

    func testCriteriaCountsPerComponent() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let counts = try Fixtures.rows(kb, """
            SELECT c.slug, count(cr.id) AS n FROM components c LEFT JOIN criteria cr ON cr.component_id = c.id
            GROUP BY c.slug ORDER BY c.slug
            """)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: counts.map { ($0["slug"] as String, $0["n"] as Int) }),
                       ["expandable": 10, "reorder-data-row": 8, "table": 0, "table-row-button": 10])
    }

    func testReorderDataRowCriteriaComeFromTheNewerSource() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let rows = try Fixtures.rows(kb, """
            SELECT kind, label, expectation, source, line FROM v_criteria WHERE component = 'reorder-data-row' ORDER BY position
            """)
        XCTAssertEqual(rows.map { $0["kind"] as String },
                       ["keyboard", "gesture", "gesture", "screenreader", "screenreader", "screenreader", "screenreader", "settings"])
        XCTAssertEqual(rows.map { $0["label"] as String },
                       ["Tab, arrow keys or ctl+tab", "Swipe", "Doubletap and hold", "Name", "Role", "Group", "State", "Text resize"])
        // Only seed/reorder-data-row.md says the control "cannot be activated" from the keyboard.
        XCTAssertEqual(rows[0]["expectation"] as String, "Focus can visibly move to the reorder control, but cannot be activated")
        XCTAssertEqual(rows[0]["line"] as Int, 29)
        XCTAssertEqual(rows[0]["source"] as String, "reorder-data-row.md", "the path below the seed folder it was imported from")
        XCTAssertEqual(rows[4]["expectation"] as String, "Control identifies as a button and ”draggable”")
    }

    func testFrontMatterCriteriaCarryTheirLines() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let rows = try Fixtures.rows(kb, """
            SELECT kind, label, expectation, line FROM v_criteria WHERE component = 'table-row-button' ORDER BY position
            """)
        XCTAssertEqual(rows.map { "\($0["kind"] as String)/\($0["label"] as String)" }, [
            "keyboard/Tab", "keyboard/Spacebar", "keyboard/Enter", "gesture/Swipe", "gesture/Doubletap",
            "screenreader/Name", "screenreader/Role", "screenreader/Group", "screenreader/State", "settings/Text resize",
        ])
        XCTAssertEqual(rows.map { $0["line"] as Int }, [8, 10, 12, 16, 18, 22, 24, 26, 28, 32])
        XCTAssertEqual(rows[8]["expectation"] as String, "Expresses its state (disabled/dimmed)")
    }

    func testReorderDataRowAnnouncementsWithContexts() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let rows = try Fixtures.rows(kb, """
            SELECT platform, text, context, origin FROM v_announcements WHERE component = 'reorder-data-row' ORDER BY position
            """)
        XCTAssertEqual(rows.map { $0["platform"] as String }, ["ios", "ios", "ios", "android", "android", "android"])
        XCTAssertEqual(rows.map { $0["text"] as String }, [
            "Remove, English US, button",
            "Reorder, English, button, draggable, double tap and hold, wait for the sound, then drag to rearrange",
            "Moved below Spanish",
            "Actions available. Please tap with three fingers to view",
            "TalkBack menu. Actions, in list, double tap to activate",
            "Actions, Move down, in list, double tap to activate",
        ])
        XCTAssertEqual(rows[1]["context"] as String?, "on three-line reorder button")
        XCTAssertEqual(rows[3]["context"] as String?, "Brings the TalkBack menu into view")
        XCTAssertEqual(rows[0]["context"] as String?,
                       "Option to delete row - Delete button appears and announces as \"Delete, button\"")
        XCTAssertTrue(rows.allSatisfy { ($0["origin"] as String) == "example" })
    }

    func testNoTextHoldsCommentsMojibakeEmptyStringsOrPlaceholders() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let texts = try Fixtures.strings(kb, """
            SELECT text FROM guidance UNION ALL SELECT expectation FROM criteria UNION ALL SELECT label FROM criteria
            WHERE label IS NOT NULL UNION ALL SELECT text FROM announcements UNION ALL SELECT context FROM announcements
            WHERE context IS NOT NULL UNION ALL SELECT title FROM components UNION ALL SELECT summary FROM components
            WHERE summary IS NOT NULL
            """)
        XCTAssertGreaterThan(texts.count, 250)
        for text in texts {
            XCTAssertFalse(text.contains("<!--"), text)
            XCTAssertFalse(text.contains("â€"), text)
            XCTAssertFalse(text.trimmingCharacters(in: .whitespaces).isEmpty, "empty text")
            XCTAssertNil(Placeholder.problem(text, hasChildren: true), text)
            XCTAssertFalse(text.contains("**"), text)
        }
        // The repaired apostrophe of seed/expandable-region.md (seed/reorder-data-row.jekyll.md's is
        // superseded; the normalizer test covers it).
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE instr(text, 'element’s properties') > 0"), 1)
    }

    func testPlaceholdersOfExpandableRegionAreGaps() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let rows = try Fixtures.rows(kb, """
            SELECT platform, framework, aspect, problem, excerpt, line FROM v_gaps WHERE component = 'expandable'
            ORDER BY line
            """)
        let described = rows.map { row -> String in
            "\(row["line"] as Int) \(row["platform"] as String? ?? "-")/\(row["framework"] as String? ?? "-")/\(row["aspect"] as String? ?? "-") \(row["problem"] as String): \(row["excerpt"] as String? ?? "")"
        }
        XCTAssertEqual(described, [
            "102 ios/uikit/group placeholder: ",
            "103 ios/uikit/group placeholder: ",
            "119 ios/uikit/state placeholder: For collapsed: Set...",
            "120 ios/uikit/state placeholder: For exapanded: Set...",
            "126 ios/swiftui/state placeholder: For collapsed..",
            "127 ios/swiftui/state placeholder: For expanded...",
            "162 ios/-/announcements placeholder: ",
            "242 android/android-views/state placeholder: Expanded:",
            "243 android/android-views/state placeholder: Collapsed:",
            "249 android/jetpack-compose/state placeholder: Expanded:",
            "250 android/jetpack-compose/state placeholder: Collapsed:",
            "303 android/android-views/custom-action placeholder: ",
            "316 android/-/announcements placeholder: ",
        ])
    }

    func testTemplateTokensAreReportedAndTheTextKept() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let gaps = try Fixtures.rows(kb, "SELECT excerpt, line FROM v_gaps WHERE problem = 'template-token' ORDER BY line")
        XCTAssertEqual(gaps.map { $0["line"] as Int }, [101, 102, 122])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE instr(text, '_component') > 0"), 3)
    }

    func testNestedBulletsKeepTheirParent() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let child = try XCTUnwrap(Fixtures.rows(kb, """
            SELECT g.text, p.text AS parent, g.aspect, g.platform, g.framework FROM v_guidance g
            JOIN guidance p ON p.id = g.parent_id
            WHERE g.component = 'table-row-button' AND g.text = 'Do not make row interactive'
            """).first)
        XCTAssertEqual(child["parent"] as String, "Table Rows as headings")
        XCTAssertEqual(child["aspect"] as String, "role")
        // Bold platform bullets (`- **iOS**`) scope what they hold.
        let ios = try Fixtures.strings(kb, """
            SELECT text FROM v_guidance WHERE component = 'table-row-button' AND platform = 'ios' AND aspect = 'role' ORDER BY position
            """)
        XCTAssertEqual(ios, ["UITableViewCell", "Use Link Trait if the user is taken out of the app to a URL"])
    }

    func testRenderedTextSeedKeepsPlatformsFrameworksAndNesting() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let compose = try Fixtures.rows(kb, """
            SELECT g.text, g.line, g.aspect, p.text AS parent FROM v_guidance g LEFT JOIN guidance p ON p.id = g.parent_id
            WHERE g.component = 'table' AND g.framework = 'jetpack-compose' ORDER BY g.position
            """)
        XCTAssertEqual(compose.first?["text"] as String?, "Use Column and Row")
        XCTAssertEqual(compose.first?["aspect"] as String?, "general")
        let step = try XCTUnwrap(compose.first { ($0["text"] as String).hasPrefix("step 3") })
        XCTAssertEqual(step["parent"] as String?, "Example: To customize the focus events")
        XCTAssertEqual(step["aspect"] as String?, "focus")
        XCTAssertEqual(step["line"] as Int, 101)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_guidance WHERE component = 'table' AND platform = 'ios' AND framework = 'uikit'"), 8)
    }

    func testSupersededSourceIsKeptAndSaysByWhom() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([Fixtures.seedFolder.path])
        XCTAssertEqual(summary.superseded.map(\.component), ["reorder-data-row"])
        XCTAssertTrue(summary.superseded[0].winner.hasSuffix("seed/reorder-data-row.md"))
        XCTAssertTrue(summary.superseded[0].superseded.hasSuffix("seed/reorder-data-row.jekyll.md"))
        let sources = try Fixtures.rows(kb, """
            SELECT s.path, s.format, w.path AS winner FROM sources s LEFT JOIN sources w ON w.id = s.superseded_by ORDER BY s.path
            """)
        XCTAssertEqual(sources.map { $0["format"] as String }, ["jekyll", "jekyll", "magenta-v2", "jekyll", "rendered-text"])
        let jekyll = try XCTUnwrap(sources.first { ($0["path"] as String).hasSuffix("reorder-data-row.jekyll.md") })
        XCTAssertTrue((jekyll["winner"] as String?)?.hasSuffix("reorder-data-row.md") == true)
        // No fact of the superseded source survives.
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM guidance g JOIN sources s ON s.id = g.source_id WHERE s.path LIKE '%jekyll.md'
            """), 0)
    }

    func testOlderFormatImportedLaterStillLoses() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([Fixtures.seedFolder.appendingPathComponent("reorder-data-row.md").path])
        let second = try Importer(kb).importPaths([Fixtures.seedFolder.appendingPathComponent("reorder-data-row.jekyll.md").path])
        XCTAssertEqual(second.added, [])
        XCTAssertTrue(second.superseded.first?.superseded.hasSuffix("reorder-data-row.jekyll.md") == true)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM criteria"), 8)
    }

    func testImportingTwiceChangesNothing() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let before = try kb.counts().map { "\($0.table)=\($0.rows)" }
        let ids = try Fixtures.strings(kb, "SELECT group_concat(id) FROM guidance")
        let again = try Importer(kb).importPaths([Fixtures.seedFolder.path])
        XCTAssertEqual(again.unchanged.count, 5)
        XCTAssertTrue(again.wroteNothing)
        XCTAssertEqual(try kb.counts().map { "\($0.table)=\($0.rows)" }, before)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT group_concat(id) FROM guidance"), ids)
    }

    func testAChangedFileReplacesOnlyItsOwnFacts() throws {
        let folder = try Fixtures.temporaryFolder(self)
        for name in ["table-row-button.md", "table.txt"] {
            try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([folder.path])
        let tableGuidance = try Fixtures.strings(kb, "SELECT group_concat(id) FROM guidance WHERE component_id = (SELECT id FROM components WHERE slug = 'table')")
        let file = folder.appendingPathComponent("table-row-button.md")
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Activates the button on Android", with: "Activates the row on Android")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let summary = try Importer(kb).importPaths([folder.path])
        XCTAssertEqual(summary.replaced.map(\.component), ["table-row-button"])
        XCTAssertEqual(summary.unchanged.count, 1)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM criteria WHERE expectation = 'Activates the row on Android'"), 1)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM criteria"), 10)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT group_concat(id) FROM guidance WHERE component_id = (SELECT id FROM components WHERE slug = 'table')"), tableGuidance)
    }
}
