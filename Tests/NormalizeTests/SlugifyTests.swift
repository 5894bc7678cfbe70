@testable import KBModel
import KBResources
import XCTest

/// An ASCII label is slugified by bytes (`Vocabulary.slugifyASCII`), any other by scalars; the two
/// agree on every ASCII label: the built-in aliases and equivalents, the WCAG handles, labels as
/// the pages write them, and random ASCII text.
final class SlugifyTests: XCTestCase {
    func testBytesAndScalarsAgreeOnASCII() {
        var labels = ["Accessibility Trait", "**Name**:", "  Tab / Shift+Tab  ", "`aria-expanded`", "Text_field #2", "a--b", "---",
                      "", " ", "Ä", "Swipe\tright\r\n", "Double-tap: activate", "iOS 17.0 (SwiftUI)", "ALL CAPS:", "x:y:z:"]
        for bytes in [EmbeddedResources.aliases, EmbeddedResources.equivalents, EmbeddedResources.wcagCatalogue] {
            for row in VocabularyTable.rows(String(decoding: bytes, as: UTF8.self)) { labels += row.fields }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            labels.append(String(decoding: (0..<length).map { _ in UInt8.random(in: 0x09...0x7E, using: &generator) }, as: UTF8.self))
        }
        XCTAssertGreaterThan(labels.count, 2_200)
        for label in labels where label.utf8.allSatisfy({ $0 < 0x80 }) {
            XCTAssertEqual(Vocabulary.slugify(label), Vocabulary.slugifyScalars(label), label.debugDescription)
        }
        XCTAssertEqual(Vocabulary.slugify("Accessibility Trait"), "accessibility-trait")
        XCTAssertEqual(Vocabulary.slugify("Élément à bascule"), "élément-à-bascule")
    }
}
