import A11yKB
@testable import KBStore
@testable import KBImport
@testable import KBQuery
@testable import KBRender
import Foundation
import GRDB
import TestSupport
import XCTest

/// `show`: Condensed and Gherkin rebuilt from the stored facts match the structure of the sections
/// of `seed/reorder-data-row.md`; the markdown document reads back into the same facts.
final class ShowTests: XCTestCase {
    /// Numbered groups of a Condensed section, each with its `Label: expectation` bullets.
    struct Condensed: Equatable {
        var heading: String?
        var howTo: String?
        var groups: [Group]
        struct Group: Equatable {
            var number: Int
            var title: String
            var items: [String]
        }

        init(_ text: String) {
            groups = []
            for raw in text.split(separator: "\n") {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("### ") { heading = line; continue }
                if line.hasPrefix("How to test") { howTo = line; continue }
                if let dot = line.firstIndex(of: "."), let number = Int(line[..<dot]) {
                    groups.append(Group(number: number, title: line[line.index(after: dot)...].trimmingCharacters(in: .whitespaces), items: []))
                } else if line.hasPrefix("- "), !groups.isEmpty {
                    groups[groups.count - 1].items.append(String(line.dropFirst(2)))
                }
            }
        }
    }

    /// Numbered scenarios of a Gherkin section with their WHEN, THEN and AND steps.
    struct Gherkin: Equatable {
        var given: String?
        var scenarios: [Scenario]
        struct Scenario: Equatable {
            var number: Int
            var title: String
            var whens: [String]
            var assertions: Int
        }

        init(_ text: String) {
            scenarios = []
            for raw in text.split(separator: "\n") {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("GIVEN ") { given = line; continue }
                if let range = line.range(of: ". Scenario: "), let number = Int(line[..<range.lowerBound]) {
                    scenarios.append(Scenario(number: number, title: String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces),
                                              whens: [], assertions: 0))
                } else if line.hasPrefix("- WHEN ") {
                    scenarios[scenarios.count - 1].whens.append(String(line.dropFirst(2)))
                } else if line.hasPrefix("- THEN ") || line.hasPrefix("- AND ") {
                    scenarios[scenarios.count - 1].assertions += 1
                }
            }
        }
    }

    func testCondensedMatchesTheCondensedSectionOfTodaysReorderDataRow() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let ours = Condensed(AcceptanceCriteria.condensed(try QueryFixtures.facts(kb, "reorder-data-row")))
        let theirs = Condensed(QueryFixtures.section(try Fixtures.seed("reorder-data-row.md"), "Condensed"))
        XCTAssertEqual(theirs.groups.count, 4, "the seed's own section parses")
        XCTAssertEqual(ours.heading, theirs.heading)
        XCTAssertEqual(ours.howTo, theirs.howTo)
        XCTAssertEqual(ours.groups.map(\.number), theirs.groups.map(\.number))
        XCTAssertEqual(ours.groups.map(\.title), theirs.groups.map(\.title))
        // Same criteria, labels and expectations, in the same groups and order.
        XCTAssertEqual(ours.groups.map(\.items), theirs.groups.map(\.items))
        XCTAssertEqual(ours, theirs)
    }

    func testGherkinMatchesTheGherkinSectionOfTodaysReorderDataRow() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // The scenarios made from the criteria, as for a component whose source wrote none.
        let text = AcceptanceCriteria.generatedGherkin(try QueryFixtures.facts(kb, "reorder-data-row"))
        let ours = Gherkin(text)
        let theirs = Gherkin(QueryFixtures.section(try Fixtures.seed("reorder-data-row.md"), "Gherkin"))
        XCTAssertEqual(theirs.scenarios.count, 4, "the seed's own section parses")
        XCTAssertEqual(ours.given, theirs.given)
        XCTAssertEqual(ours.scenarios.map(\.number), theirs.scenarios.map(\.number))
        XCTAssertEqual(ours.scenarios.map(\.title), theirs.scenarios.map(\.title))
        XCTAssertEqual(ours.scenarios.map(\.whens.count), theirs.scenarios.map(\.whens.count))
        // The screen-reader scenario asserts each of the four criteria, one THEN and three ANDs.
        XCTAssertEqual(ours.scenarios[2].assertions, theirs.scenarios[2].assertions)
        // Keys and the settings step are spelled as the seed spells them.
        XCTAssertEqual(ours.scenarios[0].whens, theirs.scenarios[0].whens)
        XCTAssertEqual(ours.scenarios[3].whens, theirs.scenarios[3].whens)
        // The criteria labels of the screen-reader group are each asserted.
        for label in ["name", "role", "group", "state"] {
            XCTAssertTrue(text.contains("its \(label): "), label)
        }
        XCTAssertTrue(text.contains("- WHEN I double-tap and hold the reorder data row"))
        XCTAssertTrue(text.contains("THEN the reorder data row activates the reorder action"))
    }

    func testShowPrefersTheSourcesOwnGherkin() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let text = AcceptanceCriteria.gherkin(try QueryFixtures.facts(kb, "reorder-data-row"))
        let ours = Gherkin(text)
        let theirs = Gherkin(QueryFixtures.section(try Fixtures.seed("reorder-data-row.md"), "Gherkin"))
        XCTAssertEqual(ours, theirs)
        XCTAssertTrue(text.contains("      - THEN the focus should visibly move to the reorder control\n         - AND the reorder control should not be activated via keyboard input\n"), text)
    }

    func testCondensedAndGherkinExistForAFrontMatterOnlySource() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let facts = try QueryFixtures.facts(kb, "table-row-button")
        let condensed = Condensed(AcceptanceCriteria.condensed(facts))
        XCTAssertEqual(condensed.howTo, "How to test a table row button")
        XCTAssertEqual(condensed.groups.map(\.items.count), [3, 2, 4, 1])
        XCTAssertEqual(condensed.groups[0].items, ["Tab: Focus visibly moves to the button", "Spacebar: Activates the button on iOS and Android",
                                                   "Enter: Activates the button on Android"])
        let gherkin = Gherkin(AcceptanceCriteria.gherkin(facts))
        XCTAssertEqual(gherkin.given, "GIVEN THAT I am on a screen with a table row button")
        XCTAssertEqual(gherkin.scenarios.map(\.whens), [
            ["WHEN I press the \"TAB\" key", "WHEN I press the \"SPACEBAR\" key", "WHEN I press the \"ENTER\" key"],
            ["WHEN I swipe to navigate to the table row button", "WHEN I double-tap the table row button"],
            ["WHEN a screen reader reads the table row button"],
            ["WHEN I adjust the device text resize setting to 200%"],
        ])
        // A component without criteria says so rather than printing an empty checklist.
        XCTAssertTrue(AcceptanceCriteria.condensed(try QueryFixtures.facts(kb, "table")).contains("<!-- No acceptance criteria are recorded"))
    }

    func testKeysAreSpelledAsMagentaA11yDoes() {
        XCTAssertEqual(AcceptanceCriteria.keys("Tab, arrow keys or ctl+tab"), "the \"TAB\", \"ARROW KEYS\", or \"CTRL+TAB\" keys")
        XCTAssertEqual(AcceptanceCriteria.keys("Spacebar"), "the \"SPACEBAR\" key")
        XCTAssertEqual(AcceptanceCriteria.keys("Enter or spacebar"), "the \"ENTER\" or \"SPACEBAR\" keys")
    }

    func testMarkdownReadsBackIntoTheSameFacts() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        for facts in try QueryFixtures.allFacts(kb) {
            try AcceptanceCriteria.markdown(facts).write(to: folder.appendingPathComponent("\(facts.component.slug).md"),
                                                         atomically: true, encoding: .utf8)
        }
        let copy = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(copy).importPaths([folder.path])
        XCTAssertEqual(summary.errors, [])
        // Gap markers are shown as bullets in the document; the facts around them must survive.
        let guidance = """
            SELECT g.component, coalesce(g.platform, '-'), coalesce(g.framework, '-'), g.aspect, coalesce(p.text, '-'), g.text
            FROM v_guidance g LEFT JOIN guidance p ON p.id = g.parent_id WHERE g.text NOT LIKE '⚠ gap:%'
            """
        func rows(_ kb: KnowledgeBase, _ sql: String) throws -> [String] {
            try Fixtures.rows(kb, sql).map { row in (0..<row.count).map { "\(row[$0] as DatabaseValue)" }.joined(separator: " | ") }
        }
        let original = try rows(kb, guidance), readBack = try rows(copy, guidance)
        XCTAssertEqual(readBack.count, original.count)
        XCTAssertEqual(Set(original).subtracting(readBack).sorted(), [], "lost on the way")
        XCTAssertEqual(Set(readBack).subtracting(original).sorted(), [], "added on the way")
        let criteria = "SELECT component, kind, label, expectation FROM v_criteria ORDER BY component, position"
        XCTAssertEqual(try rows(copy, criteria), try rows(kb, criteria))
        let announcements = "SELECT component, platform, text, context FROM v_announcements ORDER BY component, position"
        XCTAssertEqual(try rows(copy, announcements), try rows(kb, announcements))
        XCTAssertGreaterThan(try rows(kb, guidance).count, 200)
    }

    func testMarkdownMarksGapsWhereTheySit() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let markdown = AcceptanceCriteria.markdown(try QueryFixtures.facts(kb, "expandable"))
        let state = QueryFixtures.section(markdown, "iOS Developer Notes")
            .components(separatedBy: "### State")[1].components(separatedBy: "### ")[0]
        XCTAssertEqual(state.trimmingCharacters(in: .whitespacesAndNewlines), """
            - **UIKit**

              - ⚠ gap: placeholder "For collapsed: Set..." (line 119)
              - ⚠ gap: placeholder "For exapanded: Set..." (line 120)

            - **SwiftUI**

              - ⚠ gap: placeholder "For collapsed.." (line 126)
              - ⚠ gap: placeholder "For expanded..." (line 127)
            """)
        XCTAssertTrue(markdown.contains("## Condensed\n\n### #a11y - Native Accessibility Acceptance Criteria"))
        XCTAssertTrue(markdown.contains("## Gherkin\n\n### #a11y"))
    }

    func testJSONHoldsTheGuidanceTree() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let json = AcceptanceCriteria.json(try QueryFixtures.facts(kb, "table-row-button")).rendered()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual((object["criteria"] as? [Any])?.count, 10)
        let guidance = try XCTUnwrap(object["guidance"] as? [[String: Any]])
        let headings = try XCTUnwrap(guidance.first { $0["text"] as? String == "Table Rows as headings" })
        XCTAssertEqual((headings["children"] as? [[String: Any]])?.map { $0["text"] as? String },
                       ["Add Header Trait to table rows that describe a section", "Do not make row interactive"])
    }

    /// Over the real corpus: for every document of today's layout, the rebuilt Condensed section has
    /// the document's own numbered groups and criteria labels, in order.
    func testCondensedMatchesTheCorpusDocuments() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let kb = try Fixtures.importedKnowledgeBase([corpus], self)
        let folder = corpus.appendingPathComponent("public/content/documentation/native")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
        var compared = 0
        for file in files.sorted() {
            let document = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let theirs = Condensed(QueryFixtures.section(document, "Condensed"))
            guard !theirs.groups.isEmpty else { continue }
            let slug = String((file as NSString).lastPathComponent.dropLast(3))
            let ours = Condensed(AcceptanceCriteria.condensed(try QueryFixtures.facts(kb, "native/\(slug)")))
            func labels(_ c: Condensed) -> [[String]] {
                c.groups.map { $0.items.map { $0.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "" } }
            }
            XCTAssertEqual(ours.groups.count, theirs.groups.count, file)
            XCTAssertEqual(labels(ours), labels(theirs), file)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 30)
    }
}
