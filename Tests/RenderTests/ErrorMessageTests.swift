import A11yKB
import Foundation
import KBModel
import XCTest

/// An error's words are the library's, whatever the skin (`ErrorMessage.text`): never a Swift
/// type dump with its fields, never Foundation's domain and code.
final class ErrorMessageTests: XCTestCase {
    struct Unworded: Error { var secret = "row 12 of an internal table" }
    struct Worded: Error, CustomStringConvertible { var description: String { "the file holds no knowledge base" } }
    struct Localized: Error, LocalizedError { var errorDescription: String? { "the evidence file is too large" } }

    func testEachKindOfErrorIsSaidInWords() {
        XCTAssertEqual(ErrorMessage.text(Worded()), "the file holds no knowledge base")
        XCTAssertEqual(ErrorMessage.text(Localized()), "the evidence file is too large")
        let unworded = ErrorMessage.text(Unworded())
        XCTAssertEqual(unworded, "an unexpected error (Unworded)")
        XCTAssertTrue(String(describing: Unworded()).contains("row 12"), "what a dump would have said")
        let missing = CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/nowhere/kb.sqlite"])
        XCTAssertFalse(ErrorMessage.text(missing).contains("Domain"), ErrorMessage.text(missing))
        XCTAssertEqual(ErrorMessage.text(missing), missing.localizedDescription)
    }

    func testAHintedErrorTakesTheSkinsWords() {
        let error = QueryError.unknownComponent("swtich", suggestions: ["switch"])
        XCTAssertEqual(ErrorMessage.text(error, { _ in "OPTION" }), error.message { _ in "OPTION" })
        XCTAssertEqual(ErrorMessage.text(error), error.description)
    }
}
