import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
@testable import KBStore
@testable import KBImport
@testable import KBQuery
import Foundation
import TestSupport
import XCTest

/// The Condensed section, whatever its groups are called: every `Key: expectation` bullet is a
/// criterion at its line, of the kind its group line or its own key says.
final class CondensedCriteriaTests: XCTestCase {
    /// Walks the corpus files on its own (CorpusDocuments, no importer code) and finds each bullet
    /// among the stored criteria, at its line, with its key and expectation.
    func testEveryCondensedKeyExpectationBulletIsACriterionAtItsLine() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        var checked = 0
        for family in ["native", "web"] {
            for document in try CorpusDocuments.entries(family) {
                let rows = try Fixtures.rows(kb, "SELECT label, expectation, line FROM v_criteria WHERE component = ? AND family = ?",
                                             [document.slug, family])
                var byLine: [Int: (String?, String)] = [:]
                for row in rows { byLine[row["line"]] = (row["label"], row["expectation"]) }
                for bullet in CorpusDocuments.condensedBullets(document) {
                    checked += 1
                    guard let (label, expectation) = byLine[bullet.line] else {
                        XCTFail("\(document.url.path):\(bullet.line): no criterion for \"\(bullet.key): \(bullet.expectation)\"")
                        continue
                    }
                    XCTAssertEqual(label, TextCleaner.clean(bullet.key), "\(document.url.path):\(bullet.line)")
                    let words = TextCleaner.clean(bullet.expectation).split(separator: " ").prefix(4).joined(separator: " ")
                    XCTAssertTrue(expectation.hasPrefix(words), "\(document.url.path):\(bullet.line): \(expectation)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 700, "both families' Condensed sections were walked")
    }

    /// figure.md and breadcrumbs.md open with "1. Keyboard & screen reader actions"; breadcrumbs.md
    /// also names its groups "Mobile screenreader gestures" and "Screenreader output for all
    /// devices", and its "Full information" link points at the old site.
    func testGroupsWordedOtherwiseKeepTheirKeyboardCriteria() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        func criteria(_ slug: String) throws -> [String] {
            try Fixtures.strings(kb, "SELECT kind || '/' || label || '@' || line FROM v_criteria WHERE component = ? AND family = 'web' ORDER BY position", [slug])
        }
        XCTAssertEqual(try criteria("figure"), [
            "keyboard/Arrow-keys@12", "keyboard/Tab@13", "keyboard/Enter@14", "keyboard/Space@15",
            "gesture/Swipe@18", "gesture/Doubletap@19", "screenreader/Name@22", "screenreader/Role@23", "screenreader/Group@24",
        ])
        XCTAssertEqual(try criteria("breadcrumbs"), [
            "keyboard/Tab@12", "keyboard/Enter@13", "gesture/Swipe@16", "gesture/Doubletap@17",
            "screenreader/Name@20", "screenreader/Role@21", "screenreader/State@22", "screenreader/Group@23",
        ])
        // The group lines as written, for `show`.
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT DISTINCT cr.group_title FROM criteria cr JOIN components c ON c.id = cr.component_id
            WHERE c.slug = 'breadcrumbs' ORDER BY cr.position
            """), ["Keyboard & screen reader actions", "Mobile screenreader gestures", "Screenreader output for all devices"])
    }

    /// A group line without the word "keyboard": its keys say what its criteria are.
    func testKeysDecideTheKindUnderAGroupOfAnyWording() throws {
        let entry = try Normalizer.normalize(try MarkdownReader.read("""
            ## Condensed

            How to test a date field

            1. Desktop actions
               - Tab: Focus moves to the field
               - Arrow-keys: Moves the date one day
               - Space: Opens the calendar
               - Swipe: Focus moves to the field

            Full information: [https://www.magentaa11y.com/#/web-criteria/component/date-field](/web-criteria/component/date-field)
            """), hints: SourceHints(slug: "date-field", family: .web))
        XCTAssertEqual(entry.criteria.map { "\($0.kind)/\($0.label ?? "")" },
                       ["keyboard/Tab", "keyboard/Arrow-keys", "keyboard/Space", "gesture/Swipe"])
        XCTAssertEqual(entry.notices.filter { $0.kind == .unknownLabel }, [])
        XCTAssertEqual(entry.criteria.map(\.group), Array(repeating: "Desktop actions", count: 4))
    }

    /// stepper-input.md: `- Enter or spacebar:` over three nested expectations is one criterion
    /// with those expectations, not a placeholder.
    func testEnterOrSpacebarWithNestedExpectationsIsOneCriterion() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let rows = try Fixtures.rows(kb, "SELECT kind, expectation, line FROM v_criteria WHERE component = 'stepper-input' AND label = 'Enter or spacebar'")
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?["kind"] as String?, "keyboard")
        XCTAssertEqual(rows.first?["line"] as Int?, 14)
        XCTAssertEqual((rows.first?["expectation"] as String?)?.components(separatedBy: "\n"), [
            "If select is focused, expands the select and places focus on the currently selected option in the list.",
            "If focus is in the options, collapses the select and keeps the currently selected option.",
            "If focus is on one of the buttons, it will either increment or decrement the value.",
        ])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_gaps WHERE component = 'stepper-input'"), 0)
    }

    /// list.md writes lead-ins under its gesture group ("Mobile Screen Reader Setup:", "Test:"):
    /// the bullets under them are the group's criteria.
    func testLeadInsUnderAGroupLeadItsCriteria() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT kind || '/' || label || '@' || line FROM v_criteria WHERE component = 'list' AND family = 'web' AND kind = 'gesture' ORDER BY position
            """), ["gesture/Android@19", "gesture/iOS@20", "gesture/Swipe@23"])
    }

    /// Only numbered lines (or lines naming a kind) are groups; before any group only a bullet
    /// whose key says its kind is a criterion. Anything else stays a note: no criteria kinds made
    /// of whole sentences. Under a group, the group's kind holds even for a gesture's key.
    func testStrayLinesAreNotGroupsOfSentenceKinds() throws {
        let entry = try Normalizer.normalize(try MarkdownReader.read("""
            ## Condensed

            - Tab: Focus moves to the row
            - Remember to test with a real device
               - and with zoom on

            1. Test keyboard only, then screen reader + keyboard actions

               - Enter: Activates the row
               - Use the device's default focus functionality.
                  - Doubletap and hold: Activates the reorder action
            """), hints: SourceHints(slug: "row", family: .native))
        XCTAssertEqual(entry.criteria.map { "\($0.kind)/\($0.label ?? "-")@\($0.line)" },
                       ["keyboard/Tab@3", "keyboard/Enter@9", "keyboard/-@10", "keyboard/Doubletap and hold@11"])
        XCTAssertEqual(entry.guidance.map(\.text), ["Remember to test with a real device", "and with zoom on"])
        XCTAssertEqual(entry.notices, [])
        XCTAssertEqual(entry.ledger.unaccounted(lineCount: 11), [])
    }
}
