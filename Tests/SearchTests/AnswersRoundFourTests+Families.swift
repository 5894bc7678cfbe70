import A11yKB
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49's eighth round: what markup names, read from the vocabulary's aliases; never from a
/// page named. The question is in the spirit of the outsiders' sets, not one of theirs. It failed
/// before (said in it).
extension AnswersRoundFourTests {
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
