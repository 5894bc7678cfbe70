import A11yKB
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49's eleventh round: the testing guides asked as tasks, the browsers and desktops people
/// say for the web, and keys whose names hold a stop word. Read by general mechanisms, never a page
/// or a question named; each question is in the spirit of the tuned sets, not one of theirs, and
/// failed before (said in it).
extension AnswersRoundFourTests {
    // MARK: - A key whose name holds a stop word

    /// `page up` is a term of the vocabulary (a key), read whole before its stop word `up` is
    /// dropped, as an alias is: the date picker dialog, whose page names the keys, comes first.
    /// Before: `press page month calendar` was searched, the native calendar first (it says
    /// "page" and "down" apart) and the web date picker second.
    func testAKeyWhoseNameHoldsAStopWordIsOneTerm() throws {
        let back = try search("press page up to go back a month in the calendar")
        XCTAssertTrue(back.reading.terms.map(\.text).contains("page up"), "\(back.reading.terms.map(\.text))")
        XCTAssertEqual(order(back).first, "web/date-picker", "\(order(back))")
        // The other key finds the page through the vocabulary's way of writing both (`page up/down`).
        let on = try search("does page down move the calendar to the next month")
        XCTAssertEqual(order(on).first, "web/date-picker", "\(order(on))")
    }

    // MARK: - A name said together with what is asked

    /// A screen reader's name (`jaws`) counts among the words a fact says together: the fact
    /// saying which browsers go with JAWS answers the question, where a fact saying `browser` and
    /// `use` without it does not. Before: the modal dialog first (its note on browser support),
    /// the screen-readers guide second.
    func testANameSaidTogetherWithTheQuestionsWordsAnswersIt() throws {
        let result = try search("browser to use with JAWS")
        XCTAssertEqual(order(result).first, "how-to-test/web-screen-readers", "\(order(result))")
    }

    // MARK: - Browsers and desktops are the web

    /// `Windows` (a desktop the pages test only through its browsers) names the web outright,
    /// over VoiceOver's own iOS, and is a name the pages that speak of it are raised for. Before:
    /// the native link and heading pages first, the screen-readers guide third.
    func testADesktopSystemNamesTheWeb() throws {
        let result = try search("what is the Windows version of the VoiceOver rotor for links and headings")
        XCTAssertEqual(result.reading.platforms, [.web])
        XCTAssertTrue(result.reading.platformWords.contains("Windows"), "\(result.reading.platformWords)")
        XCTAssertEqual(order(result).first, "how-to-test/web-screen-readers", "\(order(result))")
    }

    // MARK: - A testing guide named for a family

    /// A guide whose title names a family (`Native apps`, `Web pages`) is about that family's
    /// testing: a question naming the web outright does not raise the native-apps guide with the
    /// web's pages. Before: the native-apps guide first for a whole website (it says `test` and
    /// `accessibility` most), and in the first three beside the keyboard guide.
    func testAGuideNamedForAFamilyHoldsForThatFamilyOnly() throws {
        let whole = try search("steps to test an entire website for accessibility")
        XCTAssertTrue(order(whole).first?.hasPrefix("how-to-test/") ?? false, "\(order(whole))")
        XCTAssertNotEqual(order(whole).first, "how-to-test/native-apps", "\(order(whole))")
        let keyboard = try search("testing a website with a keyboard")
        XCTAssertEqual(order(keyboard).first, "how-to-test/keyboard-focus", "\(order(keyboard))")
        XCTAssertFalse(order(keyboard).prefix(3).contains("how-to-test/native-apps"), "\(order(keyboard))")
        // In an app, the guide still answers.
        let app = try search("how do I test my whole iOS app")
        XCTAssertEqual(order(app).first, "how-to-test/native-apps", "\(order(app))")
        // Which family a guide's title names, read from its words.
        XCTAssertEqual(PlainLanguage.familyNamed(inTitle: "Native apps"), .native)
        XCTAssertEqual(PlainLanguage.familyNamed(inTitle: "Web screen readers"), .web)
        XCTAssertNil(PlainLanguage.familyNamed(inTitle: "Keyboard & focus"))
    }

    /// `whole` and `entire` say how much is asked about, as `all` does: no page's topic, though a
    /// few pages say them by chance. Before: the sticky element first for a whole website (it
    /// says "whole"), the web pages guide not in the first three.
    func testAQuantifierOfExtentIsNotAQuestionsWord() throws {
        let whole = try search("how do I test my whole website")
        XCTAssertTrue(whole.reading.stopWords.contains("whole"), "\(whole.reading.stopWords)")
        XCTAssertTrue(order(whole).prefix(3).contains("how-to-test/web-pages"), "\(order(whole))")
        XCTAssertTrue(order(whole).first?.hasPrefix("how-to-test/") ?? false, "\(order(whole))")
    }

    /// `site` names the web, as `website` does, and stays a word its pages say: `site search` is
    /// the web's search, and `site map` still the footer's. Before: the native search first.
    func testASiteIsTheWebsAndAWordOfItsPages() throws {
        let siteSearch = try search("site search")
        XCTAssertEqual(order(siteSearch).first, "web/search", "\(order(siteSearch))")
        XCTAssertEqual(siteSearch.reading.platforms, [.web])
        let map = try search("site map")
        XCTAssertEqual(order(map).first, "web/footer-landmark", "\(order(map))")
    }
}
