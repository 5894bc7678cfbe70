import A11yKB
@testable import KBRead
@testable import KBStore
import TestSupport
import XCTest

final class MarkdownOutlineTests: XCTestCase {
    func testNestedListsByIndentationWithLineNumbers() {
        let blocks = MarkdownOutline.parse("""
            ## State
            - **UIKit**
              - For enabled
                - nested
               - sloppy three-space sibling
            - **SwiftUI**
            """)
        XCTAssertEqual(blocks.count, 2)
        XCTAssertEqual(blocks[0], .heading(level: 2, text: "State", line: 1))
        guard case .list(let items) = blocks[1] else { return XCTFail("expected a list") }
        XCTAssertEqual(items.map(\.text), ["**UIKit**", "**SwiftUI**"])
        // An item nests under the nearest earlier item with a smaller indent.
        XCTAssertEqual(items[0].children.map(\.text), ["For enabled"])
        XCTAssertEqual(items[0].children[0].children.map(\.text), ["nested", "sloppy three-space sibling"])
        XCTAssertEqual(items[0].children[0].children[1].line, 5)
    }

    func testCommentsVanishButLinesStayTrue() {
        let blocks = MarkdownOutline.parse("<!--\nEnter notes\nhere\n-->\n### Name\n- a <!-- inline --> b\n")
        XCTAssertEqual(blocks.first, .heading(level: 3, text: "Name", line: 5))
        guard case .list(let items) = blocks.last else { return XCTFail("expected a list") }
        XCTAssertEqual(items[0].line, 6)
        XCTAssertEqual(items[0].text, "a  b")
    }

    func testLazyContinuationAndParagraphs() {
        let blocks = MarkdownOutline.parse("- first line\ncontinued\n\nA paragraph\nthat wraps\n")
        guard case .list(let items) = blocks[0] else { return XCTFail("expected a list") }
        XCTAssertEqual(items[0].text, "first line continued")
        XCTAssertEqual(blocks[1], .paragraph(text: "A paragraph that wraps", line: 4, lastLine: 5))
    }

    func testOrderedItemsKeepTheirNumberAndChildren() {
        let blocks = MarkdownOutline.parse("1. Test keyboard\n\n   - Tab: moves\n\n2. Test gestures\n   - Swipe: moves\n")
        guard case .list(let items) = blocks[0] else { return XCTFail("expected a list") }
        XCTAssertEqual(items.map(\.ordinal), [1, 2])
        XCTAssertEqual(items.map { $0.children.map(\.text) }, [["Tab: moves"], ["Swipe: moves"]])
    }

    func testFencedCodeHTMLBlocksAndLiquid() {
        let text = """
            ```swift
            let a = 1
              let b = 2
            ```
            <video controls>
              <source src="x.webm">

            </video>
            {% highlight html %}
            <button>Go</button>
            {% endhighlight %}
            {::nomarkdown}
            <example><b>x</b></example>
            {:/}
            After
            """
        let blocks = MarkdownOutline.parse(text)
        XCTAssertEqual(blocks, [
            .code(language: "swift", text: "let a = 1\n  let b = 2", line: 1, lastLine: 4),
            .html(tag: "video", text: "<video controls>\n  <source src=\"x.webm\">\n\n</video>", line: 5, lastLine: 8),
            .code(language: "html", text: "<button>Go</button>", line: 9, lastLine: 11),
            .paragraph(text: "After", line: 15, lastLine: 15),
        ])
    }

    func testRenderedBulletsAndCRLF() {
        let blocks = MarkdownOutline.parse("Focus\r\n\r\n  • Only manage focus\r\n  • UIKit\r\n    • nested\r\n")
        XCTAssertEqual(blocks.first, .paragraph(text: "Focus", line: 1, lastLine: 1))
        guard case .list(let items) = blocks.last else { return XCTFail("expected a list") }
        XCTAssertEqual(items.map(\.text), ["Only manage focus", "UIKit"])
        XCTAssertEqual(items[1].children.first?.line, 5)
    }

    func testHeadingsNeedASpaceAndLoseClosingHashes() {
        XCTAssertEqual(MarkdownOutline.parse("#a11y is not a heading"), [.paragraph(text: "#a11y is not a heading", line: 1, lastLine: 1)])
        XCTAssertEqual(MarkdownOutline.parse("### Name ###"), [.heading(level: 3, text: "Name", line: 1)])
    }
}
