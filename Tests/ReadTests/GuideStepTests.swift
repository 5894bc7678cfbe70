import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
import Foundation
import TestSupport
import XCTest

/// Issue 50: a testing guide read as its author laid it out. Each class on a small guide written
/// for the test (the corpus's sentences are never copied here); the corpus's own guides are held
/// to the same in `ImportTests/GuideCorpusTests`.
final class GuideStepTests: XCTestCase {
    func guide(_ text: String, slug: String = "trial-guide") throws -> NormalizedEntry {
        try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: slug, family: .howToTest))
    }

    /// Every line of `text` is accounted for in the entry's ledger.
    func assertEveryLineAccounted(_ entry: NormalizedEntry, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(entry.ledger.unaccounted(lineCount: MarkdownOutline.splitLines(text).count), [], file: file, line: line)
    }

    // MARK: headings inside a numbered step

    /// A step with no heading of its own holds indented headings: each is the group of what follows
    /// it up to the next heading of its level or the step's end; none is text, and none reaches
    /// the next step's checks.
    func testHeadingsInsideAStepAreItsPartsAndEndWithIt() throws {
        let text = """
        ## Developer Notes

        1. Start the reader before anything else

            #### Preparing

            Turn the reader on from the quick settings.

            #### Tools

            - A desktop browser of any vendor
            - A phone with a reader

                ##### Phones

                Older handsets work as well.

        2. Walk the page

            ### ✓ Confirm every control can be reached

            The order follows the layout.

        ## Resources
        - [A reading list](https://example.org/reading)
        """
        let entry = try guide(text)
        XCTAssertFalse(entry.guidance.contains { $0.text.hasPrefix("#") }, "no heading is kept as text")
        func place(_ prefix: String) -> StepPlace? { entry.guidance.first { $0.text.hasPrefix(prefix) }?.place }
        XCTAssertEqual(place("Start the reader"), StepPlace(step: 1, headings: []))
        XCTAssertEqual(place("Turn the reader on"), StepPlace(step: 1, headings: ["Preparing"]))
        XCTAssertEqual(place("A desktop browser"), StepPlace(step: 1, headings: ["Tools"]))
        XCTAssertEqual(place("Older handsets"), StepPlace(step: 1, headings: ["Tools", "Phones"]))
        XCTAssertEqual(place("Older handsets")?.path, "Tools › Phones")
        // The next step starts afresh: its check and its prose carry nothing of step 1's headings.
        let check = try XCTUnwrap(entry.criteria.first)
        XCTAssertEqual(check.expectation, "Confirm every control can be reached")
        XCTAssertEqual(check.place, StepPlace(step: 2, headings: []))
        XCTAssertNotEqual(check.group, "Tools")
        XCTAssertNotEqual(check.group, "Phones")
        XCTAssertEqual(place("The order follows"), StepPlace(step: 2, headings: []))
        // After the steps, nothing is in a step; the headings did not become aspects of their own.
        XCTAssertEqual(place("[A reading list]")?.step, nil)
        XCTAssertEqual(place("A reading list")?.step, nil)
        XCTAssertFalse(entry.guidance.contains { $0.aspect.rawValue == "tools" || $0.aspect.rawValue == "phones" })
        assertEveryLineAccounted(entry, text)
    }

    /// `2.  ## Check it by hand` over `### By hand` over `#### First`: the step's own heading is
    /// the aspect, the headings inside it the path; a sentence set as a deep heading inside a
    /// step is a heading too, and a platform heading inside a step names the platform of its part
    /// only.
    func testAHeadedStepKeepsItsNumberAndHeadingPath() throws {
        let text = """
        ## Developer Notes

        1.  ## Check it by hand

            ### By hand

            #### First

            - Open the inspector panel

            #### When a sample heading is written out as a whole long sentence

            - Compare the two colours

            #### iOS

            - Use the zoom gesture

            ### Browsers

            - Any current browser

        2.  ## Afterwards

            - Write down what you found
        """
        let entry = try guide(text)
        XCTAssertFalse(entry.guidance.contains { $0.text.hasPrefix("#") || $0.text.hasPrefix("When a sample heading") })
        func row(_ prefix: String) throws -> GuidanceFact { try XCTUnwrap(entry.guidance.first { $0.text.hasPrefix(prefix) }) }
        XCTAssertEqual(try row("Open the inspector").place.path, "By hand › First")
        XCTAssertEqual(try row("Open the inspector").place.step, 1)
        XCTAssertEqual(try row("Open the inspector").aspect.rawValue, "check-it-by-hand")
        XCTAssertEqual(try row("Compare the two").place.path, "By hand › When a sample heading is written out as a whole long sentence")
        XCTAssertEqual(try row("Use the zoom").platform, .ios)
        XCTAssertEqual(try row("Use the zoom").place.path, "By hand › iOS")
        // The platform heading's part ends with it.
        XCTAssertNil(try row("Any current browser").platform)
        XCTAssertEqual(try row("Any current browser").place.path, "Browsers")
        XCTAssertEqual(try row("Write down").place, StepPlace(step: 2, headings: []))
        XCTAssertEqual(try row("Write down").aspect.rawValue, "afterwards")
    }

    // MARK: Related WCAG

    /// Bare numbers under "Related WCAG", in each way pages write them, are the guide's citations
    /// with their lines, not reading-list guidance; a number in prose elsewhere is none.
    func testRelatedWCAGNumbersAreCitations() throws {
        let text = """
        ## General Notes

        Text needs a ratio of 4.5:1, which version 2.1.0 of the tool measures.

        ## Related WCAG
        - 1.4.3 Contrast
        - 1.4.11: Non-text Contrast
        - WCAG 2.4.7
        - SC 2.1.2 No Keyboard Trap (A)

        ## Resources
        - [A reading list](https://example.org/reading)
        """
        let entry = try guide(text)
        XCTAssertEqual(entry.wcag.map(\.sc), ["1.4.3", "1.4.11", "2.4.7", "2.1.2"])
        XCTAssertEqual(entry.wcag.map(\.line), [6, 7, 8, 9])
        XCTAssertEqual(entry.wcag.first?.title, "Contrast")
        XCTAssertEqual(entry.wcag[1].title, "Non-text Contrast")
        XCTAssertEqual(entry.wcag[3].level, "A")
        XCTAssertFalse(entry.guidance.contains { $0.text.contains("Contrast") || $0.text.contains("2.4.7") })
        XCTAssertEqual(entry.guidance.filter { $0.aspect == .furtherReading }.count, 1)
        assertEveryLineAccounted(entry, text)
    }

    // MARK: checks, HTML items, headings

    /// A check is a criterion whatever emphasis it is written in, as a heading or a line of its own.
    func testChecksInEmphasisAreCriteria() throws {
        let text = """
        ## Developer Notes

        1.  ## What to look for

            ### ✓ **Confirm the outline is always visible**

            ✓ **Confirm nothing traps the cursor**

            **✓ Confirm the order reads sensibly**

            Some prose that stays guidance.
        """
        let entry = try guide(text)
        XCTAssertEqual(entry.criteria.map(\.expectation), ["Confirm the outline is always visible", "Confirm nothing traps the cursor",
                                                          "Confirm the order reads sensibly"])
        XCTAssertTrue(entry.criteria.allSatisfy { $0.kind == .checklist && $0.place.step == 1 })
        XCTAssertEqual(entry.guidance.map(\.text), ["Some prose that stays guidance."])
    }

    /// `- <div>` over its HTML is content: its text is kept, and no empty placeholder is invented.
    func testAListItemHoldingAnHTMLBlockIsContent() throws {
        let text = """
        ## Developer Notes

        1.  ## What to look for

            - <div class="note-box">
                <p>Labels stay visible while typing</p>
              </div>
            - A plain bullet after it
        """
        let entry = try guide(text)
        XCTAssertEqual(entry.gaps.count, 0, "\(entry.gaps)")
        XCTAssertTrue(entry.guidance.contains { $0.text == "Labels stay visible while typing" }, "\(entry.guidance.map(\.text))")
        XCTAssertTrue(entry.guidance.contains { $0.text == "A plain bullet after it" })
        assertEveryLineAccounted(entry, text)
    }

    // MARK: Jekyll categories

    /// `categories: main form` is two categories, as Jekyll reads a string: the first is the
    /// page's, the other its tag; a list says the same; `category` names one.
    func testJekyllCategoriesAreAList() throws {
        func read(_ line: String) throws -> NormalizedEntry {
            try Normalizer.normalize(try DocumentReader.read("---\ntitle: Sample field\n\(line)\n---\n\nA note.\n"),
                                     hints: SourceHints(fallbackSlug: "sample-field"))
        }
        let spaced = try read("categories: main form")
        XCTAssertEqual(spaced.component.category, "main")
        XCTAssertEqual(spaced.component.tags, ["form"])
        let listed = try read("categories: [main, form, extra]")
        XCTAssertEqual(listed.component.category, "main")
        XCTAssertEqual(listed.component.tags, ["form", "extra"])
        let single = try read("category: main form")
        XCTAssertEqual(single.component.category, "main-form")
        XCTAssertEqual(single.component.tags, [])
        XCTAssertEqual(try read("categories: controls ").component.tags, [])
    }
}
