import A11yKB
@testable import KBModel
@testable import KBStore
@testable import KBSearch
@testable import KBQuery
@testable import KBRender
import TestSupport
import XCTest

/// `compare` on the seeds: rows, columns, framework groups, nesting, gaps in their cells.
final class CompareTests: XCTestCase {
    func testRowsAreAspectsThenCriteriaKindsThenAnnouncements() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let comparison = try kb.compare("expandable")
        XCTAssertEqual(comparison.rows.map(\.label), ["name", "role", "group", "state", "focus", "custom-action", "general",
                                                      "keyboard", "gesture", "screenreader", "settings", "announcements"])
        XCTAssertEqual(comparison.columns.map(\.key), ["general", "ios", "android"])
    }

    func testIOSStateCellShowsTheSeedPlaceholdersAsGapsUnderTheirFrameworks() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let comparison = Compare.component(try QueryFixtures.facts(kb, "expandable"), options: .init(rows: [.aspect(.state)]))
        let ios = try XCTUnwrap(comparison.rows.first?.cells[comparison.columns.firstIndex { $0.key == "ios" }!])
        XCTAssertEqual(ios.factCount, 0)
        XCTAssertEqual(ios.gapCount, 4)
        XCTAssertEqual(ios.groups.map(\.framework), [.uikit, .swiftui])
        XCTAssertEqual(ios.plainText, """
            UIKit:
              - ⚠ gap: placeholder "For collapsed: Set..." (line 119)
              - ⚠ gap: placeholder "For exapanded: Set..." (line 120)
            SwiftUI:
              - ⚠ gap: placeholder "For collapsed.." (line 126)
              - ⚠ gap: placeholder "For expanded..." (line 127)
            """)
        XCTAssertEqual(ios.presence, "gap")
    }

    func testNestingAndFrameworkGroupsAreKept() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let facts = try QueryFixtures.facts(kb, "expandable")
        let name = CellBuilder.cell(facts, row: .aspect(.name), platform: .ios, includeAllPlatforms: false)
        XCTAssertEqual(name.groups.map(\.framework), [nil, .uikit, .swiftui])
        let lines = name.lines.map(\.indented)
        XCTAssertEqual(Array(lines.prefix(3)), [
            "- Programmatic name describes the purpose of the control.",
            "- If visible text label exists, the programmatic name should match the visible text label.",
            "  - Note: Setting a programmatic name while a visible text label exists may cause VoiceOver to duplicate the announcement of the name. If this happens, hide the visible text label from VoiceOver recognization.",
        ])
        XCTAssertEqual(lines[3], "UIKit:")
        XCTAssertEqual(lines[4], "  - You can programmatically set the visible label with `setTitle()`.")
        XCTAssertEqual(lines[5], "    - The expandable region title will overwrite the expandable region `accessibilityLabel`.")
        // An empty bullet under UIKit Groupings is a gap in the UIKit group, not dropped.
        let group = CellBuilder.cell(facts, row: .aspect(.group), platform: .ios, includeAllPlatforms: false)
        XCTAssertEqual(group.groups.first { $0.framework == .uikit }?.items.map(\.text),
                       ["⚠ gap: empty bullet (line 102)", "⚠ gap: empty bullet (line 103)"])
    }

    func testCriteriaForEveryPlatformAppearInEachPlatformColumn() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let comparison = Compare.component(try QueryFixtures.facts(kb, "reorder-data-row"), options: .init(rows: [.criteria(.gesture)]))
        let cells = Dictionary(uniqueKeysWithValues: zip(comparison.columns.map(\.key), comparison.rows[0].cells))
        let expected = "- Swipe: Focus moves to the control, expresses its name, role, state (if applicable)\n- Doubletap and hold: Activates the reorder action"
        XCTAssertEqual(cells["ios"]?.plainText, expected)
        XCTAssertEqual(cells["android"]?.plainText, expected)
    }

    func testGeneralGuidanceHasItsOwnColumnOrIsSpread() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let facts = try QueryFixtures.facts(kb, "table-row-button")
        let column = Compare.component(facts, options: .init(rows: [.aspect(.focus)]))
        XCTAssertEqual(column.columns.map(\.key), ["general", "ios", "android"])
        XCTAssertTrue(column.rows[0].cells[0].plainText.hasPrefix("- Only manage focus when needed."))
        XCTAssertEqual(column.rows[0].cells[1].plainText.split(separator: "\n").first, "- accessibilityElementIsFocused")

        let spread = Compare.component(facts, options: .init(rows: [.aspect(.focus)], general: .spread))
        XCTAssertEqual(spread.columns.map(\.key), ["ios", "android"])
        for cell in spread.rows[0].cells {
            XCTAssertTrue(cell.plainText.hasPrefix("- Only manage focus when needed."), cell.plainText)
        }
        XCTAssertTrue(spread.rows[0].cells[1].plainText.contains("- android:focusable=true"))
        XCTAssertFalse(spread.rows[0].cells[1].plainText.contains("accessibilityElementIsFocused"))
    }

    func testEmptyCellsSaySoAndAnnouncementsKeepTheirContext() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let comparison = Compare.component(try QueryFixtures.facts(kb, "reorder-data-row"),
                                           options: .init(platforms: [.android], rows: [.aspect(.state), .announcements]))
        XCTAssertEqual(comparison.columns.map(\.key), ["android"])
        XCTAssertEqual(comparison.rows[0].cells[0].plainText, "no guidance written")
        XCTAssertEqual(comparison.rows[1].cells[0].lines.first?.text,
                       "- \"Actions available. Please tap with three fingers to view\" (Brings the TalkBack menu into view)")
    }

    func testAcrossComponentsOneRowPerComponent() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let comparison = try kb.compareAcross(aspects: ["state"], general: .spread)
        XCTAssertEqual(comparison.rowHeader, "component")
        XCTAssertEqual(comparison.rows.map(\.label), ["expandable", "reorder-data-row", "table", "table-row-button"])
        XCTAssertEqual(comparison.columns.map(\.key), ["ios", "android"])
        XCTAssertEqual(comparison.rows[0].cells.map(\.gapCount), [4, 4])
        XCTAssertEqual(comparison.rows[2].cells.map(\.plainText), ["no guidance written", "no guidance written"])
        XCTAssertTrue(comparison.rows[3].cells[1].plainText.contains("Active: android:enabled=true"))
    }

    /// Across components, the comparison comes in chunks with every column; written chunk by
    /// chunk it is the document the whole comparison makes (a text table sized by its first chunk:
    /// the same when the first chunk holds every component).
    func testAcrossComponentsInChunksWritesTheWholeDocument() throws {
        for kb in try QueryFixtures.seedAndCorpusKnowledgeBases(self) {
            let whole = try kb.compareAcross(aspects: ["state", "focus"])
            XCTAssertEqual(whole.rows.count, 2 * (try Fixtures.int(kb, "SELECT count(*) FROM components")))
            var chunks: [Comparison] = []
            try kb.reader.read { db in
                try Compare.across(db, typedRows: ["state", "focus"], options: Compare.Options(), chunkSize: 2) { chunks.append($0) }
            }
            XCTAssertTrue(chunks.allSatisfy { $0.columns == whole.columns && $0.rows.count <= 4 })
            XCTAssertEqual(chunks.flatMap(\.rows).map(\.label), whole.rows.map(\.label))
            let formats: [(DocumentFormat, String)] = [
                (.csv, ComparisonRendering.csv(whole)),
                (.markdown, ComparisonRendering.markdown(whole)),
                (.json, ComparisonRendering.json(whole).rendered() + "\n"),
            ]
            for (format, expected) in formats {
                var writer = try Comparison.writer(format)
                var out: [UInt8] = []
                for chunk in chunks { writer.append(chunk, to: &out) }
                writer.finish(to: &out)
                XCTAssertEqual(String(decoding: out, as: UTF8.self), expected, "\(format)")
            }
        }
    }

    func testAcrossComponentsRefusesAnUnknownRowBeforeWritingAnything() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        var chunks = 0
        XCTAssertThrowsError(try kb.compareAcross(aspects: ["no-such-aspect"]) { _ in chunks += 1 })
        XCTAssertEqual(chunks, 0)
    }

    func testRowKeysParseWhatUsersType() {
        XCTAssertEqual(RowKey.parse("State"), .aspect(.state))
        XCTAssertEqual(RowKey.parse("Groupings"), .aspect(.group))
        XCTAssertEqual(RowKey.parse("custom-action"), .aspect(.customAction))
        XCTAssertEqual(RowKey.parse("Custom Accessibility Action"), .aspect(.customAction))
        XCTAssertEqual(RowKey.parse("gestures"), .criteria(.gesture))
        XCTAssertEqual(RowKey.parse("keyboard"), .criteria(.keyboard))
        XCTAssertEqual(RowKey.parse("announcements"), .announcements)
        XCTAssertThrowsError(try Platform.typed(["ios", "windows"]))
        XCTAssertEqual(try Platform.typed(["iOS", "Android Talkback"]), [.ios, .android])
        XCTAssertEqual(try Platform.typed(["ios", "iOS", "web"]), [.ios, .web], "a platform named twice is one column")
    }

    func testLookupByTitleFamilyAndClosestSlugs() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.reader.read { db in
            let id = try ComponentLookup.resolve(db, "expandable")
            XCTAssertEqual(try ComponentLookup.resolve(db, "Expandable region"), id)
            XCTAssertEqual(try ComponentLookup.resolve(db, "native/expandable"), id)
            XCTAssertThrowsError(try ComponentLookup.resolve(db, "expandable", family: .web))
            XCTAssertThrowsError(try ComponentLookup.resolve(db, "tabel-row")) { error in
                guard case let .unknownComponent(query, suggestions)? = error as? QueryError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(query, "tabel-row")
                XCTAssertEqual(suggestions.first, "table-row-button")
                XCTAssertTrue("\(error)".hasPrefix("no component \"tabel-row\"; closest: table-row-button"), "\(error)")
            }
            XCTAssertThrowsError(try ComponentLookup.resolve(db, "expandible-regon")) { error in
                XCTAssertEqual("\(error)", "no component \"expandible-regon\"; closest: expandable")
            }
        }
        XCTAssertEqual(ComponentLookup.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(ComponentLookup.editDistance("", "abc"), 3)
        XCTAssertEqual(ComponentLookup.closest("expandible-region", among: ["button", "expandable-region", "table"]), ["expandable-region"])
        XCTAssertEqual(ComponentLookup.closest("table", among: ["table-row-button", "table", "toggle"]).first, "table")
        XCTAssertEqual(ComponentLookup.closest("zzzqqq", among: ["button", "expandable-region", "table"]), [], "none is near")
    }
}
