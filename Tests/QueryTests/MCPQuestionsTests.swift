import A11yKB
@testable import KBStore
@testable import KBSearch
@testable import KBQuery
@testable import KBRender
import Foundation
import GRDB
import TestSupport
import XCTest

/// The facade's questions the MCP server asks (catalog, summary, announcements, WCAG citations,
/// checklist, narrowing a component's facts), against the knowledge base's own rows.
final class MCPQuestionsTests: XCTestCase {
    var kb: KnowledgeBase!

    override func setUpWithError() throws {
        kb = try Fixtures.seededKnowledgeBase(self)
        _ = try kb.importFiles([Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout").path])
    }

    func testCatalogCountsEachComponentsFactsAndListsTheCategories() throws {
        let catalog = try kb.catalog()
        XCTAssertEqual(catalog.components.map(\.slug), try Fixtures.strings(kb, "SELECT slug FROM components ORDER BY family, category, slug"))
        for c in catalog.components {
            let id = try Fixtures.int(kb, "SELECT id FROM components WHERE slug = ? AND family = ?", [c.slug, c.family.rawValue])
            XCTAssertEqual(c.criteria, try Fixtures.int(kb, "SELECT count(*) FROM criteria WHERE component_id = ?", [id]), c.slug)
            XCTAssertEqual(c.guidance, try Fixtures.int(kb, "SELECT count(*) FROM guidance WHERE component_id = ?", [id]), c.slug)
            XCTAssertEqual(c.examples + c.transcripts, try Fixtures.int(kb, "SELECT count(*) FROM announcements WHERE component_id = ?", [id]))
            XCTAssertEqual(c.wcagCitations, try Fixtures.int(kb, "SELECT count(*) FROM component_wcag WHERE component_id = ?", [id]))
            XCTAssertEqual(c.codeExamples, try Fixtures.int(kb, "SELECT count(*) FROM code_examples WHERE component_id = ?", [id]))
        }
        let toggle = try XCTUnwrap(catalog.components.first { $0.slug == "toggle-button" })
        XCTAssertEqual(toggle.transcripts, 2)
        XCTAssertEqual(toggle.notePlatforms.first, .web)
        XCTAssertEqual(catalog.categories.map { "\($0.family.rawValue)/\($0.name)" },
                       try Fixtures.strings(kb, "SELECT DISTINCT family || '/' || category FROM components WHERE category IS NOT NULL ORDER BY 1"))

        XCTAssertEqual(try kb.catalog(family: .web).components.map(\.slug), ["toggle-button"])
        XCTAssertThrowsError(try kb.catalog(family: .web, category: "controls")) { error in
            XCTAssertEqual((error as? QueryError)?.description, "unknown category \"controls\" in family web; known: component")
        }
    }

    func testSummaryFormatsSayWhatAComponentCanBeShownIn() throws {
        let reorder = try kb.summary(of: "reorder-data-row")
        let formats = Dictionary(uniqueKeysWithValues: reorder.formats.map { ($0.name, $0) })
        XCTAssertEqual(formats["gherkin"]?.available, true)
        XCTAssertTrue(formats["gherkin"]?.detail.hasPrefix("as the source wrote it") ?? false)
        XCTAssertEqual(reorder.notePlatformNames, try Fixtures.strings(kb, """
            SELECT coalesce(p.slug, 'general') FROM (SELECT platform_id FROM guidance g JOIN components c ON c.id = g.component_id
            WHERE c.slug = 'reorder-data-row' UNION SELECT platform_id FROM code_examples x JOIN components c ON c.id = x.component_id
            WHERE c.slug = 'reorder-data-row') n LEFT JOIN platforms p ON p.id = n.platform_id ORDER BY coalesce(p.id, 0)
            """))
        XCTAssertEqual(reorder.notePlatforms, [.ios, .android], "the seed's reorder-data-row has notes for iOS and Android only")
        let general = try kb.summary(of: "table-row-button")
        XCTAssertEqual(general.notePlatforms.first, .some(nil), "notes for every platform come first")
        XCTAssertEqual(general.notePlatformNames.first, "general")
        let table = try kb.summary(of: "Table row button")
        XCTAssertEqual(table.slug, "table-row-button")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: table.formats.map { ($0.name, $0) })["gherkin"]?.detail,
                       "made from the 10 criteria (the source wrote none)")
        XCTAssertThrowsError(try kb.summary(of: "tabel")) { XCTAssertNotNil($0 as? QueryError) }
    }

    func testAnnouncementsForAPlatformKeepThoseForEveryPlatformOfItsFamily() throws {
        let web = try kb.announcements(platform: .web).items
        XCTAssertEqual(web.count, try Fixtures.int(kb, """
            SELECT count(*) FROM announcements a JOIN components c ON c.id = a.component_id
            LEFT JOIN platforms p ON p.id = a.platform_id WHERE p.slug = 'web' OR (a.platform_id IS NULL AND c.family = 'web')
            """))
        XCTAssertTrue(web.allSatisfy { $0.family == .web })
        let transcripts = try kb.announcements(origin: .transcript).items
        XCTAssertEqual(transcripts.map(\.startMs), [500, 5000])
        XCTAssertThrowsError(try Platform(typed: "windows")) { error in
            XCTAssertTrue((error as? QueryError)?.description.hasPrefix("unknown platform \"windows\"") ?? false)
        }
    }

    func testWCAGCitationsInNumericOrderAndByCriterion() throws {
        let citations = try kb.wcagCitations(component: "toggle-button")
        XCTAssertEqual(citations.map(\.criterion).written, ["1.4.1", "2.1.1", "4.1.2"])
        XCTAssertEqual(citations.map(\.line), try Fixtures.strings(kb, "SELECT line FROM v_component_wcag ORDER BY sc").compactMap(Int.init))
        XCTAssertEqual(try kb.wcagCitations(criterion: WCAGCitation.criterion(written: "WCAG 4.1.2")).map(\.component), ["toggle-button"])
        XCTAssertEqual(try kb.wcagCitations(criterion: SCNumber(9, 9, 9)), [])
        // Digits and dots that are no success criterion's number are cited by none; other text is refused.
        XCTAssertEqual(try WCAGCitation.criterion(written: "1.4"), nil)
        XCTAssertEqual(try WCAGCitation.criterion(written: "SC 1.4.10"), SCNumber(1, 4, 10))
        XCTAssertThrowsError(try WCAGCitation.criterion(written: "contrast")) { error in
            XCTAssertEqual("\(error)", "a WCAG success criterion is a number such as 1.4.3 (got \"contrast\")")
        }
    }

    func testChecklistKeepsTheOrderAndOnePlatformsCriteria() throws {
        let checklist = try kb.checklist(["table-row-button", "reorder-data-row"], platform: try Platform(typed: "iOS"))
        XCTAssertEqual(checklist.platform, .ios)
        XCTAssertEqual(checklist.sections.map(\.component.slug), ["table-row-button", "reorder-data-row"])
        XCTAssertTrue(checklist.sections.allSatisfy { $0.items.allSatisfy { [nil, .ios].contains($0.platform) } })
        XCTAssertThrowsError(try kb.checklist([])) { XCTAssertEqual(($0 as? QueryError)?.description, "name at least one component for the checklist") }
        XCTAssertThrowsError(try kb.checklist(["table", "tabel-row-buton"])) { error in
            XCTAssertEqual(error as? QueryError, .unknownComponent("tabel-row-buton", suggestions: ["table-row-button"]))
        }
    }

    func testNarrowingToAFrameworkOrAPlatformsNotes() throws {
        let facts = try kb.component("expandable")
        let swiftUI = facts.keeping(framework: try Framework(typed: "SwiftUI"))
        XCTAssertTrue(swiftUI.guidance.allSatisfy { $0.framework == nil || $0.framework == .swiftui })
        XCTAssertTrue(swiftUI.guidance.contains { $0.framework == .swiftui })
        XCTAssertEqual(swiftUI.criteria, facts.criteria)
        XCTAssertThrowsError(try Framework(typed: "flutter"))
        XCTAssertEqual(Framework.jetpackCompose.platform, .android)

        let android = facts.developerNotes(for: [.android])
        XCTAssertTrue(android.criteria.isEmpty)
        XCTAssertTrue(android.guidance.allSatisfy { $0.platform == .android })
        XCTAssertEqual(android.guidance.count, facts.guidance.filter { $0.platform == .android }.count)
        let text = AcceptanceCriteria.developerNotes(android, platforms: [.android], lines: true)
        XCTAssertTrue(text.hasPrefix("\n## Android Developer Notes\n"), text)
        XCTAssertFalse(text.contains("iOS"))
        // Without lines, the document is what `show` has always printed (it imports back unchanged).
        let plain = try kb.component("table-row-button")
        XCTAssertFalse(AcceptanceCriteria.markdown(plain).contains("(line "))
        XCTAssertTrue(AcceptanceCriteria.markdown(plain, lines: true).contains("Focus visibly moves to the button (line 8)"))
    }
}
