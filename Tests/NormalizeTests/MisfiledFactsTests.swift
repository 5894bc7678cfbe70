import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
import TestSupport
import XCTest

/// The mechanisms that filed facts under the wrong table, aspect or platform without losing a line
/// (issue 23, "Fidelity"), each on a small document in the shape the real sources write it. The
/// sentences are the tests' own.
final class MisfiledFactsTests: XCTestCase {
    func normalized(_ markdown: String, family: Family = .native) throws -> NormalizedEntry {
        try Normalizer.normalize(try MarkdownReader.read(markdown), hints: SourceHints(slug: "widget", family: family))
    }

    /// 1. A `##` or `###` heading written as a sentence heads a topic like a short one; only a
    /// deeper heading of that length is taken for prose.
    func testLongHeadingsAreTopics() throws {
        let entry = try normalized("""
            ## General Notes

            A widget shows things.

            ## When a widget has no visible text of its own

            - Give it a name that says what it does

            ### A decorative part of a widget still needs hiding from readers

            - Hide the flourish

            #### Note that this very long deep heading reads as a sentence

            """, family: .web)
        XCTAssertEqual(entry.guidance.map { "\($0.aspect): \($0.text)" }, [
            "general: A widget shows things.",
            "when-a-widget-has-no-visible-text-of-its-own: Give it a name that says what it does",
            // A `###` under a `##` topic is a topic inside it, as a short one is.
            "when-a-widget-has-no-visible-text-of-its-own: Hide the flourish",
            "when-a-widget-has-no-visible-text-of-its-own: Note that this very long deep heading reads as a sentence",
        ])
        let top = try normalized("""
            ## General Notes

            A widget shows things.

            ### Decorative parts of a widget still require hiding from readers

            - Hide the flourish
            """, family: .web)
        XCTAssertEqual(top.guidance.last?.aspect, Aspect(rawValue: "decorative-parts-of-a-widget-still-require-hiding-from-readers"))
    }

    /// 2. An announcement example with its note after a dash, not in parentheses.
    func testAnnouncementWithADashedNoteIsAnAnnouncement() throws {
        let entry = try normalized("""
            ## iOS Developer Notes

            ### Announcement examples

            - “Widget, adjustable, swipe up or down to change the value” – the common adjustable announcement
            - “Actions available” — custom actions announcement
            - "Widget, button" (the plain case)
            - "button" in these examples stands for the role
            """)
        XCTAssertEqual(entry.announcements.map(\.text), ["Widget, adjustable, swipe up or down to change the value", "Actions available", "Widget, button"])
        XCTAssertEqual(entry.announcements.map(\.context), ["the common adjustable announcement", "custom actions announcement", "the plain case"])
        // Prose that only quotes a word stays guidance.
        XCTAssertEqual(entry.guidance.map(\.text), ["\"button\" in these examples stands for the role"])
    }

    /// 3. `**iOS Tips**` / `**Android Tips**` set in bold over bullets: platform labels.
    func testTipsLabelsArePlatforms() throws {
        let entry = try normalized("""
            ## Developer Notes

            **iOS Tips**
            - Use the adjustable trait

            **Android Tips**
            - Use a seek bar
            """)
        XCTAssertEqual(entry.guidance.map { "\($0.platform?.rawValue ?? "-"): \($0.text)" }, ["ios: Use the adjustable trait", "android: Use a seek bar"])
    }

    /// 4. `GIVEN THAT ...:` ending in a colon over numbered scenarios leads them in: it is no
    /// scenario, and the scenarios keep their depth.
    func testGherkinGivenEndingInAColonIsNoScenario() throws {
        let entry = try normalized("""
            ## Gherkin

            GIVEN THAT I am on a page with a widget:

            1. Keyboard for mobile & desktop

               - WHEN I press tab THEN I SEE focus on the widget

            2. Desktop screenreader

               - WHEN I browse to the widget
                  - I HEAR its name
            """, family: .web)
        XCTAssertEqual(entry.gherkin.map { "\($0.depth) \($0.scenario ?? "-") | \($0.text)" }, [
            "0 - | GIVEN THAT I am on a page with a widget:",
            "0 Keyboard for mobile & desktop | Keyboard for mobile & desktop",
            "1 Keyboard for mobile & desktop | WHEN I press tab THEN I SEE focus on the widget",
            "0 Desktop screenreader | Desktop screenreader",
            "1 Desktop screenreader | WHEN I browse to the widget",
            "2 Desktop screenreader | I HEAR its name",
        ])
    }

    /// 5. The bad-example attribute written on the closing Liquid tag's line.
    func testEndHighlightWithBadExampleOnOneLine() throws {
        let entry = try normalized("""
            ## Developer Notes

            {% highlight html %}
            <div onclick="go()">Go</div>
            {% endhighlight %}{: .bad-example}

            {% highlight html %}
            <button>Go</button>
            {% endhighlight %}
            """, family: .web)
        XCTAssertEqual(entry.codeExamples.map(\.quality), [.bad, .good])
        XCTAssertEqual(entry.ledger.unaccounted(lineCount: 9), [])
    }

    /// 6. WCAG citations: a level before the number, a parenthesis inside the title, a citation
    /// inside a parenthesis.
    func testWCAGCitationsKeepLevelsAndTitles() {
        let before = WCAGLinks.parse("This breaks [WCAG AA 1.4.5 Images of Text](https://w3.org/x). Logos aside.", line: 3)
        XCTAssertEqual(before.map(\.sc), ["1.4.5"])
        XCTAssertEqual(before.first?.level, "AA")
        XCTAssertEqual(before.first?.title, "Images of Text")
        let inner = WCAGLinks.parse("- [WCAG 2.4.4 Link Purpose (In Context) (Level A)](https://w3.org/y)", line: 4)
        XCTAssertEqual(inner.first?.title, "Link Purpose (In Context)")
        XCTAssertEqual(inner.first?.level, "A")
        XCTAssertEqual(inner.first?.url, "https://w3.org/y")
        let enclosed = WCAGLinks.parse("Let users [extend the time limit (WCAG 2.2.1)](https://w3.org/z).", line: 5)
        XCTAssertEqual(enclosed.map(\.sc), ["2.2.1"])
        XCTAssertNil(enclosed.first?.title)
        XCTAssertEqual(enclosed.first?.url, "https://w3.org/z")
    }

    /// 8. A how-to-test guide: headings set in numbered items are headings, `✓` checks and the
    /// rows of a key table (markdown or HTML) are criteria, the prose guidance of its topic.
    func testGuideChecksAndKeyTablesAreCriteria() throws {
        let entry = try normalized("""
            ## General Notes

            Testing widgets takes a keyboard.

            ## Developer Notes

            1.  ## How to test

                A few keys do it.

                ### Keys

                | Key         | Action                  |
                |-------------|-------------------------|
                | Tab         | Moves to the next widget |
                | Shift + Tab | Moves back               |

            2.  ## What to test for

                ### ✓ Ensure every widget can be reached

                Reach each widget with the keyboard alone.

                <div class="how-to-test-checklist-item">
                  <h3>✓ Ensure the widget shows <code>focus</code></h3>
                  <table><tr><th>Pass</th><th>Fail</th></tr></table>
                </div>

                <table>
                  <thead><tr><th scope="col">Key</th><th scope="col">Action</th></tr></thead>
                  <tbody>
                  <tr>
                     <th scope="row"><span>Insert + Q</span></th>
                     <td>Quit the reader</td>
                  </tr>
                  </tbody>
                </table>

            ## Related WCAG

            - [WCAG 2.1.1 Keyboard (Level A)](https://w3.org/k)
            """, family: .howToTest)
        XCTAssertEqual(entry.component.family, .howToTest)
        XCTAssertEqual(entry.criteria.map { "\($0.kind) \($0.label ?? "-"): \($0.expectation) @\($0.line)" }, [
            "keyboard Tab: Moves to the next widget @15",
            "keyboard Shift + Tab: Moves back @16",
            "checklist -: Ensure every widget can be reached @20",
            "checklist -: Ensure the widget shows focus @25",
            "keyboard Insert + Q: Quit the reader @32",
        ])
        // A key table under a heading inside its step (`### Keys`) is grouped by that heading
        // (issue 50); the checks of the next step by their step's own.
        XCTAssertEqual(entry.criteria.map(\.group), ["Keys", "Keys", "What to test for", "What to test for", "What to test for"])
        XCTAssertEqual(entry.guidance.map { "\($0.aspect): \($0.text)" }, [
            "general: Testing widgets takes a keyboard.",
            "how-to-test: A few keys do it.",
            "what-to-test-for: Reach each widget with the keyboard alone.",
        ])
        XCTAssertEqual(entry.gaps, [], "Developer Notes over numbered headings is not an empty section")
        XCTAssertEqual(entry.wcag.map(\.sc), ["2.1.1"])
        XCTAssertEqual(entry.ledger.unaccounted(lineCount: 41), [])
    }
}
