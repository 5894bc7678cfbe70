import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
@testable import KBStore
@testable import KBImport
@testable import KBQuery
import TestSupport
import XCTest

/// Small documents in the shapes real MagentaA11y content has where the shared corpus has no case:
/// platform labels set in bold, code under a framework label, bad-example markers, and markup a
/// reader of the page never sees.
final class LabelsAndResidueTests: XCTestCase {
    func normalize(_ text: String) throws -> NormalizedEntry {
        try Normalizer.normalize(try MarkdownReader.read(text), hints: SourceHints(slug: "toggle", family: .native))
    }

    /// `**iOS Options**` alone on a line is the iOS part of the aspect above it, not a new page
    /// section that forgets the aspect.
    func testBoldPlatformOptionsScopeTheAspectTheyStandIn() throws {
        let entry = try normalize("""
            ## Developer notes

            ### Name

            **iOS Options**
            - Use `accessibilityLabel`

            **Android Options**
            - Use `contentDescription`

            ### State
            - **iOS Options**
              - Use `accessibilityValue`
            """)
        XCTAssertEqual(entry.guidance.map { "\($0.platform?.rawValue ?? "-")/\($0.aspect): \($0.text)" }, [
            "ios/name: Use `accessibilityLabel`",
            "android/name: Use `contentDescription`",
            "ios/state: Use `accessibilityValue`",
        ])
    }

    /// `Modifier.*` code nested under `- **Jetpack Compose**` is Compose's, even when Android Views
    /// notes stand above it.
    func testCodeNestedUnderAFrameworkLabelIsThatFrameworks() throws {
        let entry = try normalize("""
            ## Android Developer Notes

            ### Focus

            - **Android Views**
              - Use `android:focusable`

              ```kotlin
              view.isFocusable = true
              ```

            - **Jetpack Compose**
              - Use `Modifier.focusable()`

              ```kotlin
              Box(modifier = Modifier.focusable())
              ```
            """)
        XCTAssertEqual(entry.codeExamples.map { "\($0.platform?.rawValue ?? "-")/\($0.framework?.rawValue ?? "-")/\($0.aspect?.rawValue ?? "-"): \($0.code)" }, [
            "android/android-views/focus: view.isFocusable = true",
            "android/jetpack-compose/focus: Box(modifier = Modifier.focusable())",
        ])
        XCTAssertEqual(entry.gaps, [])
    }

    /// A "Bad example" heading or bold label flags the code under it until the next heading.
    func testBadExampleHeadingsFlagTheirCode() throws {
        let entry = try normalize("""
            ## Code examples

            ### Naming a link

            #### Bad example

            ```html
            <a href="/about/">Learn more</a>
            ```

            #### Good example

            ```html
            <a href="/about/">About our coffee</a>
            ```

            **Bad example:**

            ```html
            <a href="#">About</a>
            ```
            """)
        XCTAssertEqual(entry.codeExamples.map(\.quality), [.bad, .good, .bad])
        XCTAssertEqual(entry.guidance, [], "the markers are labels, not notes")
    }

    /// Markdown comments (`[//]: # (...)`) and hard line breaks (`line\`) are markup, not text.
    func testMarkdownCommentsAndHardLineBreaksLeaveNoResidue() throws {
        let text = """
            ## iOS Developer Notes

            ### Name

            [//]: # (Add the SwiftUI notes here)
            [\\]: # "and the UIKit ones"
            - The label names the control\\
              without "button" in it
            - Use _accessibilityLabel_ only without a visible label
            """
        let entry = try normalize(text)
        XCTAssertEqual(entry.guidance.map(\.text), [
            "The label names the control without \"button\" in it",
            "Use accessibilityLabel only without a visible label",
        ])
        XCTAssertEqual(entry.ledger.roles(of: 5), [.skipped("markdown comment (not shown on the page)")])
        XCTAssertEqual(entry.ledger.roles(of: 6), [.skipped("markdown comment (not shown on the page)")])
        XCTAssertEqual(entry.ledger.unaccounted(lineCount: 9), [])
    }
}
