import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
import Foundation
import TestSupport
import XCTest

/// Issue 50's component-page classes, on small pages written for the test: a "Code examples"
/// section's captions and prose, and emphasis around a code span.
final class CodeSectionTests: XCTestCase {
    /// Each `###` caption in a "Code examples" section is its blocks' caption, the first included;
    /// the prose under a caption keeps the section as its aspect and the caption as its heading.
    func testCodeExamplesKeepTheirCaptionsAndTheirProse() throws {
        let text = """
        ## General Notes

        A widget everybody can use.

        ## Code Examples

        ### Start from the native element

        The element brings its role along.

        ```html
        <button>Save</button>
        ```

        ### Name an icon-only control

        ```html
        <button aria-label="Close">x</button>
        ```
        """
        let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: "sample-button", family: .web))
        XCTAssertEqual(entry.codeExamples.map(\.caption), ["Start from the native element", "Name an icon-only control"])
        XCTAssertEqual(entry.codeExamples.map(\.aspect), [.codeExamples, .codeExamples])
        let prose = try XCTUnwrap(entry.guidance.first { $0.text.hasPrefix("The element brings") })
        XCTAssertEqual(prose.aspect, .codeExamples)
        XCTAssertEqual(prose.place.path, "Start from the native element")
        // The page's own general note stays general, under no caption.
        let general = try XCTUnwrap(entry.guidance.first { $0.text.hasPrefix("A widget") })
        XCTAssertEqual(general.aspect, .general)
        XCTAssertNil(general.place.path)
        XCTAssertEqual(Set(entry.guidance.map(\.aspect)), [.general, .codeExamples])
    }

    /// `_(`code`)_`: emphasis around a code span goes, the span stays code.
    func testEmphasisAroundACodeSpanIsReduced() {
        XCTAssertEqual(TextCleaner.clean("Name it _(`aria-label`)_ when no text shows"), "Name it (`aria-label`) when no text shows")
        XCTAssertEqual(TextCleaner.clean("_see `a_b` here_ then"), "see `a_b` here then")
        // An unclosed backtick still ends the search: the underscore is kept as written.
        XCTAssertEqual(TextCleaner.clean("_open ` never closed_"), "_open ` never closed_")
        XCTAssertEqual(TextCleaner.clean("keep `snake_case_name` as is"), "keep `snake_case_name` as is")
    }
}

