import A11yKB
@testable import KBModel
@testable import KBSearch
import Foundation
import TestSupport
import XCTest

/// A criterion's own pages (issue 49): the components WCAG's techniques and Understanding documents
/// say a criterion is about (vocabulary/criterion-topics.tsv) are named for it, though its handle
/// shares no word with their titles. Criteria and wordings of no relevance set.
extension AnswersRoundFourTests {
    /// Before: native/strike-through, web/sticky-element, native/time-picker first (pages that cite
    /// 2.5.2 or say "cancel"); no button in the first four.
    func testPointerCancellationFindsTheButtons() throws {
        let found = order(try search("2.5.2 pointer cancellation", limit: 4))
        XCTAssertEqual(Set(found.prefix(2)), ["native/button", "web/button"], "\(found)")
    }

    /// G219 (a single-pointer alternative to dragging): the reorderable row and the sliders.
    /// Before: native/sheet first, native/reorder-data-row second, and nothing else found.
    func testDraggingMovementsFindsTheRowsAndSlidersDraggedBy() throws {
        let found = order(try search("WCAG 2.5.7 Dragging Movements", limit: 4))
        XCTAssertEqual(found.first, "native/reorder-data-row", "\(found)")
        XCTAssertTrue(found.prefix(3).contains("native/slider") && found.prefix(3).contains("web/range-slider"), "\(found)")
    }

    /// Before: web/text-input, pagination-nav and pagination-control above the form.
    func testRedundantEntryFindsTheForm() throws {
        let found = order(try search("3.3.7 redundant entry", limit: 4))
        XCTAssertEqual(found.first, "web/form", "\(found)")
    }

    /// Every row names a success criterion of the catalogue and a component of its family in the
    /// checkout, with its source; the file built into a11ykb is the repository's; every WCAG 2.2
    /// criterion of level A or AA has a row but 2.2.1, which no page is about (the file says why).
    func testEveryCriterionTopicNamesAComponentOfItsFamily() throws {
        let kb = try CorpusImports.checkout("magentaA11y-2026").0
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("vocabulary/criterion-topics.tsv"), encoding: .utf8)
        XCTAssertEqual(CriterionTopic.parse(text), CriterionTopic.builtIn, "the file built into a11ykb is the repository's")
        XCTAssertEqual(VocabularyTable.rows(text).count - 1, CriterionTopic.builtIn.count, "every row but the header reads")
        let components = Set(try Fixtures.strings(kb, "SELECT family || '/' || slug FROM components"))
        for row in CriterionTopic.builtIn {
            let families = row.family.map { [$0] } ?? Family.allCases
            XCTAssertTrue(families.contains { components.contains("\($0.rawValue)/\(row.slug)") }, "\(row.sc) \(row.slug) \(row.family?.rawValue ?? "*")")
            XCTAssertFalse(row.source.isEmpty, "\(row.sc) \(row.slug): a source")
        }
        let levelled = Set(try Fixtures.strings(kb, "SELECT sc FROM wcag_criteria WHERE level IN ('A', 'AA') AND status = 'active'"))
        XCTAssertEqual(levelled.subtracting(CriterionTopic.builtIn.map(\.sc.description)).sorted(), ["2.2.1"], "a row for every A and AA criterion")
        XCTAssertEqual(Set(CriterionTopic.builtIn.map(\.sc.description)).subtracting(levelled).sorted(), [], "criteria of the catalogue")
    }
}
