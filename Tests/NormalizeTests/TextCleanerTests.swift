import A11yKB
@testable import KBModel
@testable import KBRead
import TestSupport
import XCTest

final class TextCleanerTests: XCTestCase {
    func testMojibakeIsRepaired() {
        XCTAssertEqual(TextCleaner.clean("the child accessibility elementâ€™s properties"), "the child accessibility element’s properties")
        XCTAssertEqual(TextCleaner.clean("cafÃ© â€œquotedâ€\u{9D}"), "café “quoted”")
        // Real non-ASCII text is left alone.
        XCTAssertEqual(TextCleaner.clean("Ä, é, “heading”, ’"), "Ä, é, “heading”, ’")
    }

    func testInlineMarkupReducedToWhatAReaderSees() {
        XCTAssertEqual(TextCleaner.clean("**Note:** use *this* and __that__"), "Note: use this and that")
        XCTAssertEqual(TextCleaner.clean("see [Source](https://example.com/x_(y)) now"), "see Source now")
        XCTAssertEqual(TextCleaner.clean("<a href=\"https://x\">Apple docs</a> &amp; more"), "Apple docs & more")
        XCTAssertEqual(TextCleaner.clean("line<br>break"), "line break")
    }

    func testCodeSpansAndIdentifiersAreKept() {
        XCTAssertEqual(TextCleaner.clean("use `**not bold**` and `accessibilityLabel(_:)`"),
                       "use `**not bold**` and `accessibilityLabel(_:)`")
        XCTAssertEqual(TextCleaner.clean("Important_For _Accessibility_NO and the _component"),
                       "Important_For _Accessibility_NO and the _component")
        XCTAssertEqual(TextCleaner.clean("2 * 3 stays"), "2 * 3 stays")
    }

    func testWhitespaceFolded() {
        XCTAssertEqual(TextCleaner.clean("  a \t b\u{00A0} c  "), "a b c")
    }
}
