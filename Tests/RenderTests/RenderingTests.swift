import A11yKB
@testable import KBFiles
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// The terminal column table, the GitHub markdown table, CSV fields and atomic file writing.
final class RenderingTests: XCTestCase {
    func testColumnTableFitsTheWidthAndWrapsUnderTheBullet() throws {
        let cell = [ColumnTable.Line("- a fairly long note that will certainly need to wrap inside its column"),
                    ColumnTable.Line("  - nested note, also longer than the column is wide")]
        let out = ColumnTable.render(header: ["aspect", "iOS", "Android"], rows: [[[ColumnTable.Line("state")], cell, cell]], width: 60)
        let lines = out.split(separator: "\n")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 60 }, out)
        XCTAssertGreaterThan(lines.count, 5, "cells wrapped onto several lines")
        let ios = lines.dropFirst(2).map { $0.components(separatedBy: " │ ")[1] }
        XCTAssertTrue(ios[0].hasPrefix("- a fairly"))
        XCTAssertTrue(ios[1].hasPrefix("  "), "continuation hangs under the text: \(ios[1])")
        XCTAssertTrue(ios.contains { $0.hasPrefix("  - nested") })
        XCTAssertTrue(ios.contains { $0.hasPrefix("    ") && !$0.hasPrefix("    -") }, "nested continuation indented deeper")
        // Every word survives wrapping.
        let words = Set(ios.flatMap { $0.split(separator: " ").map(String.init) })
        for word in ["fairly", "certainly", "column", "nested", "wide"] { XCTAssertTrue(words.contains(word), word) }
    }

    func testWrapCutsWordsLongerThanTheColumn() {
        XCTAssertEqual(ColumnTable.wrap("- abcdefghij", width: 6), ["- abcd", "  efgh", "  ij"])
        XCTAssertEqual(ColumnTable.wrap("short", width: 10), ["short"])
    }

    func testMarkdownTableEscapesPipesAndLineBreaks() {
        let table = MarkdownTable.render(header: ["aspect", "iOS"], rows: [["state", "- a | b\n  - `x|y` <button>"]])
        XCTAssertEqual(table, """
            | aspect | iOS |
            | --- | --- |
            | state | - a \\| b<br>&nbsp;&nbsp;- `x\\|y` &lt;button&gt; |

            """)
        XCTAssertEqual(table.split(separator: "\n").count, 3, "one line per record")
    }

    func testAtomicFileReplacesAndLeavesNoTemporaryFiles() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent("out.csv").path
        try AtomicFile.write(Data("old".utf8), to: path)
        try AtomicFile.write(Data("new".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.csv"])
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: folder.path + "/missing/out.csv"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.csv"])
    }

    func testCSVFieldsFollowRFC4180() {
        XCTAssertEqual(CSV.field("plain"), "plain")
        XCTAssertEqual(CSV.field("a, b"), "\"a, b\"")
        XCTAssertEqual(CSV.field("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(CSV.field("one\ntwo"), "\"one\ntwo\"")
        XCTAssertEqual(CSV.document(header: ["a", "b"], rows: [["1", "x\ny"]], byteOrderMark: true), "\u{FEFF}a,b\r\n1,\"x\ny\"\r\n")
    }
}
