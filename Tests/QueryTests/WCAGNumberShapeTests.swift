import KBQuery
import XCTest

/// What `wcag` takes for a success criterion's number rather than words to look for: three runs of
/// decimal digits joined by dots, after an optional `wcag` or `sc`. Digits of another script keep
/// the shape (the answer then says there is no such criterion) but no other character does.
final class WCAGNumberShapeTests: XCTestCase {
    func testNumbersAndWhatIsNone() {
        let cases: [(String, String?)] = [
            ("4.1.2", "4.1.2"), (" SC 4.1.2 ", "4.1.2"), ("wcag 1.4.11", "1.4.11"), ("WCAG2.4.7", "2.4.7"),
            ("1.4.1000", "1.4.1000"), ("٤.١.٢", "٤.١.٢"), ("4.1.２", "4.1.２"),
            ("4.1", nil), ("4..2", nil), (".4.1.2", nil), ("4.1.2.", nil), ("4.1.2.3", nil), ("4.1.2a", nil),
            ("+4.1.2", nil), ("4,1,2", nil), ("focus visible", nil), ("", nil), ("sc", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(WCAGCriterion.number(text), expected, text)
        }
    }
}
