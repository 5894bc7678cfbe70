import A11yKB
@testable import KBImport
@testable import KBModel
@testable import KBRead
@testable import KBStore
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 34's wrong answers from standards files: a wcag.json can add to the catalogue but not
/// rewrite what W3C published, a number that is no success criterion's never becomes a row, and a
/// rule that two files give is said to be answered from one of them.
final class StandardsTrustTests: XCTestCase {
    /// W3C's shape, with 4.1.2 retitled and moved to AAA, three numbers no criterion has (a script,
    /// Arabic-Indic digits, four parts) and one criterion WCAG 2.2 does not have.
    let malformed = """
        {"principles": [{"num": "4", "handle": "Robust", "guidelines": [{"num": "4.1", "handle": "Compatible",
          "successcriteria": [
            {"num": "4.1.2", "id": "name-role-value", "handle": "Owned", "level": "AAA"},
            {"num": "<script>alert(1)</script>", "id": "x", "handle": "Injected", "level": "A"},
            {"num": "\u{0664}.\u{0661}.\u{0662}", "id": "y", "handle": "Other digits", "level": "A"},
            {"num": "4.1.2.1", "id": "z", "handle": "Four parts", "level": "A"},
            {"num": "4.1.9", "id": "later", "handle": "A later criterion", "level": "AA"}
          ]}]}]}
        """

    func testAMalformedWCAGFileCannotRewriteTheCatalogue() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("wcag.json")
        try Data(malformed.utf8).write(to: file)
        let summary = try Importer(kb).importPaths([file.path])
        XCTAssertEqual(summary.errors, [])

        let row = try XCTUnwrap(try Fixtures.rows(kb, "SELECT title, level, status FROM wcag_criteria WHERE sc = '4.1.2'").first)
        XCTAssertEqual(row["title"] as String?, "Name, Role, Value", "the built-in title wins")
        XCTAssertEqual(row["level"] as String?, "A", "the built-in level wins")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM wcag_criteria WHERE sc NOT GLOB '[0-9]*.[0-9]*.[0-9]*' OR sc GLOB '*.*.*.*'"), [],
                       "no row for a number that is not d.d.d")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT title FROM wcag_criteria WHERE sc = '4.1.9'"), ["A later criterion"],
                       "what the file adds is taken")
        let notices = summary.notices.map(\.message)
        XCTAssertTrue(notices.contains { $0.contains("4.1.2") && $0.contains("built-in") }, "\(notices)")
        XCTAssertEqual(notices.filter { $0.contains("not a number such as") }.count, 3, "\(notices)")
        XCTAssertFalse(notices.contains { $0.contains("\u{1B}") })
    }

    /// A catalogue row says which file its facts come from; a file that no longer states a
    /// criterion takes its facts away: an added criterion goes (no citation names it).
    func testCatalogueRowsAreTiedToTheirFile() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("wcag.json")
        try Data(malformed.utf8).write(to: file)
        _ = try Importer(kb).importPaths([file.path])
        let source = try Fixtures.strings(kb, "SELECT CAST(id AS TEXT) FROM sources WHERE path LIKE '%wcag.json'")
        XCTAssertEqual(source.count, 1)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM wcag_criteria WHERE source_id IS NOT NULL ORDER BY sc"), ["4.1.9"],
                       "the added row is the file's; the contradicted one stays the built-in catalogue's")

        // The file no longer states 4.1.9: its row goes (no citation names it).
        try Data(malformed.replacingOccurrences(of: "4.1.9", with: "4.1.8").utf8).write(to: file)
        _ = try Importer(kb).importPaths([file.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM wcag_criteria WHERE sc IN ('4.1.8', '4.1.9') ORDER BY sc"), ["4.1.8"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT title FROM wcag_criteria WHERE sc = '4.1.2'"), ["Name, Role, Value"])
    }

    /// Asked to, an import takes the file's rows as written; once the file no longer states a
    /// criterion of WCAG 2.2, the built-in row is back.
    func testAFileCanBeTrustedWhenAsked() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("wcag.json")
        try Data(malformed.utf8).write(to: file)
        var options = ImportOptions()
        options.trustCatalogueFiles = true
        let summary = try Importer(kb).importPaths([file.path], options: options)
        XCTAssertFalse(summary.notices.contains { $0.message.contains("built-in") }, "\(summary.notices)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT title || ' ' || level FROM wcag_criteria WHERE sc = '4.1.2'"), ["Owned AAA"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc FROM wcag_criteria WHERE source_id IS NOT NULL ORDER BY sc"), ["4.1.2", "4.1.9"])

        try Data(malformed.replacingOccurrences(of: "\"4.1.2\"", with: "\"4.1.7\"").utf8).write(to: file)
        _ = try Importer(kb).importPaths([file.path], options: options)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT title || ' ' || level FROM wcag_criteria WHERE sc = '4.1.2'"), ["Name, Role, Value A"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT count(*) FROM wcag_criteria WHERE sc = '4.1.2' AND source_id IS NULL"), ["1"])
    }

    /// W3C's own file agrees with the built-in catalogue: no notice, every row as before.
    func testW3CsFileContradictsNothing() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let before = try Fixtures.rows(kb, "SELECT sc, title, level, status FROM wcag_criteria ORDER BY sc").map { "\($0)" }
        let summary = try Importer(kb).importPaths([try Fixtures.corpus("wcag/wcag.json").path])
        XCTAssertEqual(summary.notices.map(\.message), [])
        XCTAssertEqual(try Fixtures.rows(kb, "SELECT sc, title, level, status FROM wcag_criteria ORDER BY sc").map { "\($0)" }, before)
    }

    /// The planner's rule, without SQLite: a contradicted row is written as built in, and said.
    func testThePlannerKeepsTheBuiltInRow() throws {
        var planner = ImportPlanner(StoredState())
        var retitled = try XCTUnwrap(WCAGCatalogue.builtIn.first { $0.sc == "1.4.3" })
        retitled.title = "Anything"
        retitled.line = 7
        let plan = planner.plan(WritableDocument(path: "/w/wcag.json", root: "/w", sha256: "w", byteCount: 10, format: .wcagJSON,
                                                 content: .standards(rules: [], criteria: [retitled])))
        var kept = try XCTUnwrap(WCAGCatalogue.builtIn.first { $0.sc == "1.4.3" })
        kept.line = 7
        XCTAssertTrue(plan.operations.contains(.upsertCatalogue(sourceID: 1, [kept])), "\(plan.operations)")
        XCTAssertTrue(plan.outcomes.contains { if case .notice(_, 7, let message) = $0 { message.contains("title") } else { false } },
                      "\(plan.outcomes)")
    }

    /// Two axe-core rule files with one id (a fork's copy of a rule, an older checkout): the one
    /// imported later is answered; the import says which, naming the other file.
    func testASecondFileWithARulesIDIsSaid() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        func rule(_ name: String, tag: String) throws -> String {
            let dir = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let file = dir.appendingPathComponent("button-name.json")
            try Data("""
                {"id": "button-name", "tags": ["wcag2a", "\(tag)"], "metadata": {"description": "d", "help": "h"}}
                """.utf8).write(to: file)
            return file.path
        }
        let real = try rule("real", tag: "wcag412")
        let copy = try rule("copy", tag: "wcag111")
        XCTAssertEqual(try Importer(kb).importPaths([real]).notices, [])
        let second = try Importer(kb).importPaths([copy])
        let notices = second.notices.map(\.message)
        XCTAssertTrue(notices.contains { $0.contains("button-name") && $0.contains("real/button-name.json") }, "\(notices)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT count(*) FROM rules WHERE slug = 'button-name'"), ["2"], "both kept")
    }

    /// An ACT requirement whose number is not d.d.d stays a tag and links no criterion.
    func testAnACTRequirementThatIsNoNumberLinksNothing() throws {
        let text = """
            ---
            id: abc123
            name: A rule
            rule_type: atomic
            description: |
              A rule.
            accessibility_requirements:
              wcag20:4.1.2:
                forConformance: true
              wcag20:\u{0664}.\u{0661}.\u{0662}:
                forConformance: true
            input_aspects:
              - DOM Tree
            ---

            ## Applicability

            Any element.
            """
        let document = try ACTRuleReader.read(text)
        XCTAssertEqual(document.rules.first?.scLinks.map(\.sc), ["4.1.2"])
    }
}
