import Foundation
@testable import KBRender
import XCTest

/// A terminal table's cell is one line: each line break shown as `↵` (a CR LF as one), controls
/// dropped, cut with `…` past the column's width. Held here to what Foundation's replacing gives,
/// which the table used before it marked breaks by scalars.
final class TextTableCellTests: XCTestCase {
    private func foundationMarked(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "↵").replacingOccurrences(of: "\n", with: "↵")
    }

    func testLineBreaksAsFoundationReplacesThem() {
        let cells = ["", "plain", "a\nb", "a\r\nb", "a\rb", "\r", "\n", "\r\r\n", "x\n\r", "\n\n", "end\r", "é\u{301}\ncafe\u{301}",
                     "👩‍👩‍👧\r\n🏳️‍🌈", "tab\there\n", "\u{1B}[31mred\u{1B}[0m\nnext"]
        for cell in cells {
            XCTAssertEqual(TextTable.markingBreaks(cell[...]), foundationMarked(cell), cell.debugDescription)
            XCTAssertEqual(TextTable.flatten(cell, max: 60), TerminalText.clean(foundationMarked(cell)), cell.debugDescription)
        }
    }

    func testALongCellIsCutAtTheWidth() {
        let cell = String(repeating: "word\n", count: 40)
        let flat = TextTable.flatten(cell, max: 20)
        XCTAssertEqual(flat.count, 20)
        XCTAssertEqual(flat, String(String(repeating: "word↵", count: 4).prefix(19)) + "…")
    }
}
