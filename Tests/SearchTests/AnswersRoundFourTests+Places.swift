import A11yKB
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49's seventh round: where the pages hold a word decides what it weighs, read from the
/// corpus itself (a guide's title, code alone, prose), never from a page named. The questions are
/// in the spirit of the outsiders' sets, not their questions. Each failed before (said in each).
extension AnswersRoundFourTests {
    // MARK: - A testing guide's title

    /// `app` in `my app` is where the question is asked, not what about: the native-apps guide's
    /// title holds the word, but a guide's title names a kind of testing, so the word does not
    /// weigh as a component's name would. Before: the native-apps guide first for the tabs (the
    /// switch was first already in the library's answer, though the CLI listed the link first).
    func testAGuidesTitleWordIsNotWhatAQuestionIsAbout() throws {
        let toggle = try search("what does VoiceOver read for a switch in my app")
        let tabs = try search("what should TalkBack say for the tabs in my app")
        XCTAssertEqual(order(toggle).first, "native/toggle-switch", "\(order(toggle))")
        XCTAssertNotEqual(order(tabs).first, "how-to-test/native-apps", "\(order(tabs))")
        XCTAssertTrue(order(tabs).first?.hasPrefix("native/") ?? false, "\(order(tabs))")
        // The guide stays first for a question about testing apps: `testTaskWordsAreContentWords`.
    }

    /// A word of a guide's title without the rest of it (`app` of `Native apps`) names the guide's
    /// kind, as a label would, not the guide: the page the question is about comes first. The whole
    /// title named (`links or buttons`) still names the guide. Before: the native-apps guide first,
    /// the single page application second (issue 49's ninth round).
    func testPartOfAGuidesTitleIsItsKindNotItsName() throws {
        let route = try search("test focus after a route change in a single page app")
        XCTAssertEqual(order(route).first, "web/single-page-application", "\(order(route))")
        let both = try search("links or buttons: which one should I use")
        XCTAssertEqual(order(both).first, "how-to-test/links-buttons", "\(order(both))")
        // A question naming no component asks about the kind of testing itself. Before the
        // narrowing: the native-apps guide first, the keyboard guide not in the first three.
        let kind = try search("tips for keyboard testing")
        XCTAssertEqual(order(kind).first, "how-to-test/keyboard-focus", "\(order(kind))")
    }

    // MARK: - A word only code says

    /// `datalist` is an element no page names in its prose, only in its code examples: there it
    /// counts as the facts would, and the autocomplete, whose example uses it, comes first.
    /// Before: the autocomplete not in the first three (pages saying `suggestions` in prose).
    func testAWordOnlyCodeSaysCountsInTheCode() throws {
        let result = try search("datalist suggestions while typing")
        XCTAssertEqual(order(result).first, "web/autocomplete", "\(order(result))")
    }

    // MARK: - Two words written as one

    /// Two words make one (`spacebar`) when the pages write it in their prose; an identifier of a
    /// code example (`closeModal`) does not, or `close a modal` would be searched as one term and
    /// lose the modal's name. Before: one term `close modal`, the progress indicator second.
    func testAnIdentifierInCodeJoinsNoWords() throws {
        let result = try search("close a modal")
        XCTAssertEqual(result.reading.terms.map(\.text), ["close", "modal"])
        XCTAssertEqual(Set(order(result).prefix(2)), ["native/modal", "web/modal-dialog"], "\(order(result))")
        // A word the prose writes (`Spacebar`) still makes its two words one term.
        XCTAssertEqual(try search("press the space bar").reading.terms.map(\.text), ["press", "space bar"])
    }

    // MARK: - A criterion's topic named as its handle writes it

    /// A component is named for a criterion by the handle's word as the handle writes it, not
    /// another form of it: `Timing` (2.2.1 Timing Adjustable) names no time picker. Before: the
    /// time pickers first, the snackbar third.
    func testACriterionsTopicIsNamedByTheHandlesOwnWord() throws {
        for question in ["toast disappears before I can read it, 2.2.1 Timing Adjustable", "timing adjustable snackbar that hides itself"] {
            let first = order(try search(question)).first
            XCTAssertEqual(first, "native/snackbar-toast", question)
        }
        // A handle's word a title holds as written still names the component.
        XCTAssertEqual(Set(order(try search("3.3.1 error identification")).prefix(2)), ["web/help-hint-error", "native/field-errors"])
    }
}
