import Foundation
import TestSupport
import XCTest

/// Issue 24, item 6: a fact of megabytes that repeats the word searched for. FTS5's `snippet()`
/// weighs each match against every other (1 MB: 21 s, 5 MB: 100 s, whatever `--timeout` said);
/// such a fact is now marked in one pass and cut around its first match.
final class SearchBoundsTests: XCTestCase {
    func testAHugeFactRepeatingTheWordIsShownCut() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let text = try Fixtures.seed("reorder-data-row.md")
        let criterion = "   - Swipe: Focus moves to the control, expresses its name, role, state (if applicable)"
        XCTAssertTrue(text.contains(criterion))
        let huge = "   - Swipe: " + String(repeating: "zebra crossing ", count: 140_000) + "last words"
        let document = folder.appendingPathComponent("reorder-data-row.md")
        try Data(text.replacingOccurrences(of: criterion, with: huge).utf8).write(to: document)
        let db = folder.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, document.path]).status, 0)

        let out = folder.appendingPathComponent("out").path
        let run = try Fixtures.shell("timeout 60 \"$0\" search --db \"$1\" --facts zebra --format json > \"$2\"; echo \"status $?\"", [db, out])
        XCTAssertEqual(run.stdout, "status 0\n", "search ended by itself (124: stopped after 60 s); \(run.stderr)")
        let hits = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [[String: Any]])
        XCTAssertEqual(hits.count, 1)
        let snippet = try XCTUnwrap(hits.first?["snippet"] as? String, "\(hits.first?.keys.sorted() ?? [])")
        XCTAssertTrue(snippet.hasPrefix("[zebra] crossing [zebra]"), String(snippet.prefix(200)))
        XCTAssertEqual((hits.first?["text"] as? String)?.utf8.count, 15 * 140_000 + "last words".utf8.count, "the fact itself is whole")
        XCTAssertLessThan(snippet.utf8.count, 2_000, "a snippet, not the whole fact")
        XCTAssertTrue(snippet.hasSuffix("…"), snippet)
    }
}
