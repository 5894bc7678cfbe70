import A11yKB
import GRDB
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49's word forms: an adjective made with `-able` finds the forms of the word it is made
/// from, as the stemmer already does for a long base (`adjustable`: adjust) and did not for a
/// short one. The questions are in the spirit of the question sets, not their questions.
extension AnswersRoundFourTests {
    /// Before: `scrollable` found only pages saying `scrollable`, never the scrolling container
    /// (its page says scroll, scrolls, scrolling); it was not first for either question.
    func testAnAbleAdjectiveFindsTheFormsOfItsVerb() throws {
        for question in ["is a scrollable div focusable", "scrollable area"] {
            let result = try search(question)
            XCTAssertEqual(order(result).first, "web/scrolling-container", "\(question): \(order(result))")
        }
    }

    /// Which words have a base: the suffix the stemmer kept, on a base of four letters or more.
    func testTheBaseOfAnAbleAdjective() throws {
        let kb = try CorpusImports.checkout("magentaA11y-2026").0
        try kb.reader.read { db in
            let words = try WordForms(db)
            func base(_ word: String) -> String? { words.ableBase(word, stem: words.porter.words(word).first ?? "") }
            XCTAssertEqual(base("scrollable"), "scroll")
            XCTAssertEqual(base("clickable"), "click")
            XCTAssertEqual(base("sortable"), "sort")
            // The stemmer's own (`adjustable`: adjust) and words that are no adjective of a verb.
            for none in ["adjustable", "table", "stable", "disable", "scroll"] { XCTAssertNil(base(none), none) }
            let scrollable = try words.forms(db, "scrollable")
            XCTAssertTrue(scrollable.contains("\"scrolling\""), scrollable)
        }
    }

    // MARK: - A term of several words in its forms

    /// A term of several words is found with its last word in each of its forms: `web page` finds
    /// the title "Web pages". Before: the native-apps guide first, the web pages guide not in the
    /// first four.
    func testATermOfSeveralWordsFindsItsLastWordsForms() throws {
        for question in ["steps to test a web page for accessibility", "how to check a web page for accessibility issues"] {
            let first = order(try search(question)).first
            XCTAssertEqual(first, "how-to-test/web-pages", question)
        }
    }

    // MARK: - A real word is not a slip

    /// A short word one far key away from a word of the pages is more often another English
    /// word than a slip (`white`, `trail`, `laid`): it is left as typed, not "corrected" to
    /// `while`, `trait` or `land`. A slip of a neighbouring key, a doubled letter or a vowel is
    /// still corrected. Before: `white` searched as `while`.
    func testAWordOneFarKeyFromAnotherIsNotCorrected() throws {
        let white = try search("light grey text on a white background")
        XCTAssertFalse(white.reading.corrections.map(\.typed).contains("white"), "\(white.reading.corrections)")
        let trail = try search("breadcrumb trail")
        XCTAssertTrue(trail.reading.corrections.isEmpty, "\(trail.reading.corrections)")
        XCTAssertEqual(order(trail).first, "web/breadcrumbs", "\(order(trail))")
        let slip = try search("chekbox")
        XCTAssertEqual(slip.reading.corrections.map(\.searched), ["checkbox"])
    }
}
