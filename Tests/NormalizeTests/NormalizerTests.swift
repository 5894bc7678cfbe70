import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
@testable import KBQuery
import TestSupport
import XCTest

/// Readers and normalizer as pure functions, seed by seed: no database.
final class NormalizerTests: XCTestCase {
    func normalized(_ name: String) throws -> NormalizedEntry {
        let text = try Fixtures.seed(name)
        return try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(fallbackSlug: "table"))
    }

    func testJekyllReorderDataRowWithCommentsAndMojibake() throws {
        let entry = try normalized("reorder-data-row.jekyll.md")
        XCTAssertEqual(entry.component.slug, "reorder-data-row")
        // The older source has one keyboard criterion more (spacebar) than seed/reorder-data-row.md.
        XCTAssertEqual(entry.criteria.count, 9)
        XCTAssertEqual(entry.criteria.first?.label, "Tab, arrow keys or Ctl+tab")
        XCTAssertEqual(entry.criteria.first?.line, 8)
        XCTAssertTrue(entry.guidance.contains { $0.text.contains("child accessibility element’s properties") && $0.framework == .swiftui && $0.aspect == .group })
        XCTAssertEqual(entry.announcements.map(\.platform?.rawValue), ["ios", "ios", "ios"])
        // `### Groupings` is the group aspect; Role's empty UIKit and SwiftUI bullets are gaps.
        XCTAssertEqual(entry.gaps.filter { $0.aspect == .role && $0.problem == .placeholder }.map(\.framework?.rawValue),
                       ["uikit", "uikit", "swiftui", "swiftui"])
    }

    func testTodaysReorderDataRowTakesTitleFamilyAndCategoryFromItsLink() throws {
        let entry = try normalized("reorder-data-row.md")
        XCTAssertEqual(entry.component.slug, "reorder-data-row")
        XCTAssertEqual(entry.component.title, "Reorder data row")
        XCTAssertEqual(entry.component.family, .native)
        XCTAssertEqual(entry.component.category, "controls")
        XCTAssertEqual(entry.gherkin.first?.text, "GIVEN THAT I am on a screen with a reorder data row")
        XCTAssertEqual(entry.gherkin.filter { $0.depth == 0 }.map(\.text), [
            "GIVEN THAT I am on a screen with a reorder data row",
            "Scenario: Test keyboard actions", "Scenario: Test mobile screen reader gestures",
            "Scenario: Test screen reader output on all devices", "Scenario: Test device OS settings for text resize",
        ])
        let custom = entry.guidance.filter { $0.aspect == .customAction }
        XCTAssertEqual(Set(custom.compactMap(\.framework?.rawValue)), ["android-views", "jetpack-compose"])
        XCTAssertTrue(custom.allSatisfy { $0.platform == .android })
    }

    func testRenderedTextTableTakesItsSlugFromTheFileName() throws {
        let entry = try normalized("table.txt")
        XCTAssertEqual(entry.component.slug, "table")
        XCTAssertEqual(entry.component.title, "Table")
        XCTAssertEqual(entry.criteria, [])
        XCTAssertEqual(Set(entry.guidance.compactMap(\.platform?.rawValue)), ["ios", "android"])
        XCTAssertEqual(entry.guidance.filter { $0.platform == .ios && $0.aspect == .general && $0.framework == nil }.count, 12)
    }

    func testAnnouncementParsing() {
        XCTAssertEqual(QuotedAnnouncement.parse("\"Label, dimmed, button\" (disabled state)")?.context, "disabled state")
        XCTAssertEqual(QuotedAnnouncement.parse("“Label, button”")?.text, "Label, button")
        XCTAssertEqual(QuotedAnnouncement.parse("Close button \"Close, button\"")?.context, "Close button")
        XCTAssertNil(QuotedAnnouncement.parse("\"button\" in announcements below comes from the accessibility services"))
        XCTAssertNil(QuotedAnnouncement.parse("Options for announcements below depend on implementation."))
    }

    func testPlaceholders() {
        for text in ["", "-", "For collapsed: Set...", "For expanded...", "Expanded:", "TBD"] {
            XCTAssertNotNil(Placeholder.problem(text, hasChildren: false), text)
        }
        for text in ["To do this in Interface Builder, set the label", "N/A", "Example: To customize the focus events"] {
            XCTAssertNil(Placeholder.problem(text, hasChildren: false), text)
        }
        XCTAssertNil(Placeholder.problem("Options:", hasChildren: true))
    }
}
