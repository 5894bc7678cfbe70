import A11yKB
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49's eighth round: which family a question is about, read from where the pages say its
/// words, and what markup names, read from the vocabulary's aliases; never from a page named. The questions are in the spirit of the outsiders' sets, not
/// their questions. Each failed before (said in each).
extension AnswersRoundFourTests {
    // MARK: - A device's platform is a guess

    /// TalkBack runs on Android, and so does Chrome: `readonly` is a word only the web's pages say
    /// in their prose (an HTML attribute), so the question is about the web's text input, not
    /// Android's. The same for elements only the web has, asked on a phone. Before: the native
    /// text input first, and the native expandable region (the device's family raised above
    /// every component of the other, though they hold no `readonly`, `details` or `summary`).
    func testAWordOnlyTheWebSaysOverrulesADevicesPlatform() throws {
        let result = try search("TalkBack readonly text field")
        XCTAssertEqual(order(result).first, "web/text-input", "\(order(result))")
        let disclosure = try search("details and summary disclosure on an iPhone")
        XCTAssertEqual(order(disclosure).first, "web/expander-accordion", "\(order(disclosure))")
        // A framework settles the family: SwiftUI is native.
        XCTAssertEqual(order(try search("readonly text field in SwiftUI")).first, "native/text-input")
        // Words both families say keep the device's platform.
        XCTAssertEqual(order(try search("VoiceOver hint on a slider")).first, "native/slider")
        XCTAssertEqual(order(try search("iOS accordion")).first, "native/expandable")
    }

    // MARK: - Markup names a component

    /// `role="alert"` is read as the vocabulary's term `role alert` (its equivalents: aria-live,
    /// role="status"), and its value is the ARIA role the alert notification is named by
    /// (vocabulary/aliases.tsv): the term names that component as an alias would. Before: the
    /// single page application first (the term's phrase is in no title).
    func testAnAttributesValueNamesTheComponentItsMarkupIs() throws {
        let result = try search(#"screen reader ignores my role="alert" text"#)
        XCTAssertEqual(order(result).first, "web/alert-notification", "\(order(result))")
        XCTAssertTrue(result.reading.terms.contains { $0.text == "role alert" }, "\(result.reading.terms.map(\.text))")
    }
}
