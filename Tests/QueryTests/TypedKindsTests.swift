import A11yKB
import KBModel
import KBStore
@testable import KBImport
import Foundation
import GRDB
import TestSupport
import XCTest

/// A criterion's kind, a note's aspect and a rule's kind are typed in what the library answers
/// (issue 36), where they were strings that any misspelt literal compared silently false. Kinds
/// and aspects are open sets (a label the vocabulary does not know is kept as its slug and
/// reported, never dropped), a rule's kind a closed one; each is still written as its slug.
final class TypedKindsTests: XCTestCase {
    /// One component with a known kind, a kind and a heading the vocabulary does not know, and a
    /// placeholder under the unknown kind; one axe rule from an installed axe-core's list.
    static let swatch = """
        ## General Notes

        How to test a colour swatch

        ## Condensed

        1. Test keyboard only, then screen reader + keyboard actions

           - Tab: Focus visibly moves to the swatch

        2. Check colour pairs

           - Foreground: Meets the contrast ratio against its background
           - Background:

        ## iOS Developer Notes

        ### Swatch Tint

        - The tint is announced as a word, not a hex value
        """
    static let rules = """
        {
          "axeVersion": "4.12.1",
          "rules": [
            {
              "ruleId": "swatch-name",
              "help": "Colour swatches must have discernible text",
              "description": "Ensures every colour swatch has a name a screen reader says",
              "tags": ["wcag2a", "wcag412"]
            }
          ]
        }
        """

    func imported() throws -> KnowledgeBase {
        let folder = try Fixtures.temporaryFolder(self)
        let page = folder.appendingPathComponent("colour-swatch.md"), list = folder.appendingPathComponent("swatch-rules.json")
        try Self.swatch.write(to: page, atomically: true, encoding: .utf8)
        try Self.rules.write(to: list, atomically: true, encoding: .utf8)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([page.path, list.path])
        XCTAssertEqual(summary.errors, [])
        return kb
    }

    /// JSON, text and the tables write the slug, as they did when the values were strings.
    func testEachIsWrittenAsItsSlug() throws {
        func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try JSONEncoder().encode(value), as: UTF8.self) }
        XCTAssertEqual(try json([CriterionKind.keyboard, CriterionKind(rawValue: "check-colour-pairs")]), #"["keyboard","check-colour-pairs"]"#)
        XCTAssertEqual(try json([Aspect.customAction, Aspect(rawValue: "swatch-tint")]), #"["custom-action","swatch-tint"]"#)
        XCTAssertEqual(try json([RuleKind.act, .axe]), #"["act","axe"]"#)
        XCTAssertEqual(try JSONDecoder().decode([Aspect].self, from: Data(#"["state","swatch-tint"]"#.utf8)),
                       [.state, Aspect(rawValue: "swatch-tint")])
        XCTAssertEqual("\(CriterionKind.screenreader) \(Aspect.customAction)", "screenreader custom-action")
        XCTAssertEqual(CriterionKind.known.map(\.rawValue), ["keyboard", "gesture", "screenreader", "settings", "checklist"])
        XCTAssertEqual(Aspect.known.map(\.rawValue), ["general", "name", "role", "group", "state", "focus", "custom-action", "announcements"])
        XCTAssertEqual(CriterionKind(rawValue: "keyboard"), .keyboard)
        XCTAssertFalse(CriterionKind(rawValue: "check-colour-pairs").isKnown)
        XCTAssertFalse(Aspect.furtherReading.isKnown, "the vocabulary maps no label to it: a comparison's other row")
        // A gap's aspect names the criteria kind it sits under, in one column with the aspects.
        XCTAssertEqual(Aspect(.keyboard).rawValue, "keyboard")
        XCTAssertEqual(Aspect(.keyboard).criterionKind, .keyboard)
    }

    /// A keyboard criterion is answered with the keyboard kind, in a component's facts and in a
    /// search; a kind and a heading the vocabulary does not know go into the knowledge base and
    /// come back as written, and a placeholder under that kind stays in its group.
    func testKindsAndAspectsComeBackFromTheStoreAsWritten() throws {
        let kb = try imported()
        let checkPairs = CriterionKind(rawValue: "check-colour-pairs")
        let facts = try kb.component("colour-swatch")
        XCTAssertEqual(facts.criteria.map(\.kind), [.keyboard, checkPairs])
        XCTAssertEqual(facts.guidance.map(\.aspect), [Aspect(rawValue: "swatch-tint")])
        XCTAssertEqual(facts.gaps.map(\.aspect), [Aspect(checkPairs)])
        XCTAssertEqual(facts.criteriaGroups.map(\.kind), [.keyboard, checkPairs])
        XCTAssertEqual(facts.criteriaGroups.last?.gaps.map(\.excerpt), ["Background"])
        XCTAssertEqual(try kb.gaps().map(\.aspect), [Aspect(checkPairs)])

        let tab = try XCTUnwrap(try kb.search("focus", options: SearchOptions(kind: .criterion, limit: 0)).hits.first)
        XCTAssertEqual(tab.label, "Tab")
        XCTAssertEqual(tab.kind, .keyboard)
        let contrast = try XCTUnwrap(try kb.search("contrast", options: SearchOptions(limit: 0)).hits.first)
        XCTAssertEqual(contrast.kind, checkPairs)
        let tint = try XCTUnwrap(try kb.search("tint", options: SearchOptions(kind: .guidance, limit: 0)).hits.first)
        XCTAssertEqual(tint.aspect, Aspect(rawValue: "swatch-tint"))
        XCTAssertNil(tint.kind)
    }

    /// A rule's kind is `act` or `axe`, the schema's CHECK says so; a file written otherwise (the
    /// check switched off, another program) is refused where it is read, never shown as either.
    func testARuleKindIsClosed() throws {
        let kb = try imported()
        XCTAssertEqual(try kb.searchRules("swatch").items.map(\.kind), [.axe])
        guard case .criterion(let tests) = try kb.wcag("4.1.2") else { return XCTFail("4.1.2 is one criterion") }
        XCTAssertEqual(tests.rules.map(\.kind), [.axe])
        try kb.writer().write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE rules SET kind = 'wave' WHERE slug = 'swatch-name'")
            try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        }
        let refused = UnknownStoredValue(kind: .ruleKind, column: "kind", value: "wave")
        XCTAssertThrowsError(try kb.searchRules("swatch")) { XCTAssertEqual($0 as? UnknownStoredValue, refused) }
        XCTAssertThrowsError(try kb.wcag("4.1.2")) { XCTAssertEqual($0 as? UnknownStoredValue, refused) }
    }
}
