import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBImport
@testable import KBQuery
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// `show --format condensed|gherkin` of an entry that wrote its own Condensed and Gherkin gives
/// them back: the source's group lines, lead-ins, bullets and "Full information" link, nothing
/// added (no "(Web only)", no link of our making).
final class ShowReproductionTests: XCTestCase {
    /// A section's words as a reader sees them: list markers, indentation, markup and line breaks
    /// aside (`show` writes cleaned text, one bullet per line).
    func words(_ lines: [String]) -> String {
        lines.map { line -> String in
            var text = Substring(line.trimmingCharacters(in: .whitespaces))
            if text == "-" || text == "*" { return "" }
            if let marker = text.first, "-*+".contains(marker), text.dropFirst().first == " " { text = text.dropFirst(2) }
            if let dot = text.firstIndex(where: { !$0.isNumber }), dot > text.startIndex, text[dot] == ".",
               text[text.index(after: dot)...].first == " " {
                text = text[text.index(dot, offsetBy: 2)...]
            }
            return TextCleaner.clean(String(text))
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    func check(_ format: String, section: String, render: (ComponentFacts) -> String) throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        var compared = 0
        for family in [Family.native, .web] {
            for document in try CorpusDocuments.entries(family.rawValue) {
                let source = CorpusDocuments.section(document, section)
                guard !source.isEmpty else { continue }
                compared += 1
                let shown = render(try kb.component(document.slug, family: family))
                XCTAssertEqual(words(shown.components(separatedBy: "\n")), words(source.map(\.text)),
                               "\(family.rawValue)/\(document.slug): show --format \(format)")
            }
        }
        XCTAssertEqual(compared, 93)
    }

    func testShowCondensedGivesBackTheSourcesOwnCondensed() throws {
        try check("condensed", section: "Condensed", render: { AcceptanceCriteria.condensed($0) })
    }

    func testShowGherkinGivesBackTheSourcesOwnGherkin() throws {
        try check("gherkin", section: "Gherkin", render: { AcceptanceCriteria.gherkin($0) })
    }

    /// breadcrumbs.md: its own group wording and its own link to the old site, as written;
    /// radio-button.md: its own link (`web-criteria/form/...`), nothing appended to its criteria.
    func testGroupWordingAndLinkAreTheSources() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let condensed = AcceptanceCriteria.condensed(try kb.component("breadcrumbs", family: .web))
        XCTAssertTrue(condensed.hasPrefix("""
            ### #a11y - Web Accessibility Acceptance Criteria

            How to test breadcrumbs

            1. Keyboard & screen reader actions

               - Tab: Focus visibly moves to the link
               - Enter: Activates the link

            2. Mobile screenreader gestures
            """), condensed)
        XCTAssertTrue(condensed.hasSuffix("""
            Full information: [https://www.magentaa11y.com/checklist-web/breadcrumbs/](https://www.magentaa11y.com/checklist-web/breadcrumbs/)

            """), condensed)
        let radio = AcceptanceCriteria.condensed(try kb.component("radio-button", family: .web))
        XCTAssertTrue(radio.contains("\n   - Tab: Focus visibly moves to the checked radio button in the group. If a radio button is not checked, focus moves to the first radio button in the group.\n"), radio)
        XCTAssertFalse(radio.contains("(Web only)"), radio)
        XCTAssertTrue(radio.hasSuffix("Full information: [https://www.magentaa11y.com/#/web-criteria/form/radio-button](/web-criteria/form/radio-button)\n"), radio)
    }

    /// link.md's bad examples stay flagged in `show` (JSON and markdown) and read back flagged.
    func testBadExamplesStayFlaggedInShowAndReadBackSo() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let facts = try kb.component("link", family: .web)
        let qualities = facts.codeExamples.map(\.quality)
        XCTAssertEqual(qualities.filter { $0 == .bad }.count, 4)
        XCTAssertTrue(AcceptanceCriteria.json(facts).rendered().contains("\"quality\": \"bad\""))
        let markdown = AcceptanceCriteria.markdown(facts)
        XCTAssertTrue(markdown.contains("**Bad example**\n\n```html\n<a href=\"#\">"), markdown)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("link.md")
        try markdown.write(to: file, atomically: true, encoding: .utf8)
        let copy = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(copy).importPaths([file.path])
        XCTAssertEqual(try Fixtures.strings(copy, "SELECT quality FROM code_examples ORDER BY position"), qualities.map(\.rawValue))
    }
}
