import Foundation
import KBModel
import KBResources
import XCTest

/// The vocabulary's tables are read in one pass over bytes (`VocabularyTable.rows`); this holds the
/// reading to the plain one its comment describes (lines at each line feed, `#` lines and blank
/// ones skipped, fields at each tab, each trimmed), on every table built in and on the edges.
final class VocabularyTableTests: XCTestCase {
    /// The plain reading, by Unicode scalars and Foundation's trimming.
    private func plainRows(_ text: String) -> [(Int, [String])] {
        var out: [(Int, [String])] = []
        for (index, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.first == "#" { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespacesAndNewlines) }
            if fields.allSatisfy(\.isEmpty) { continue }
            out.append((index + 1, fields))
        }
        return out
    }

    private func assertReadAsPlain(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let rows = VocabularyTable.rows(text)
        let plain = plainRows(text)
        XCTAssertEqual(rows.map(\.line), plain.map(\.0), name, file: file, line: line)
        XCTAssertEqual(rows.map(\.fields), plain.map(\.1), name, file: file, line: line)
    }

    func testEveryBuiltInTableReadsAsThePlainReading() {
        let tables: [(String, [UInt8])] = [
            ("equivalents", EmbeddedResources.equivalents), ("wcag", EmbeddedResources.wcagCatalogue),
            ("tested-sc", EmbeddedResources.testedSC), ("element-components", EmbeddedResources.elementComponents),
            ("aliases", EmbeddedResources.aliases), ("openacr-catalogs", EmbeddedResources.openACRCatalogs),
            ("trusted-tester", EmbeddedResources.trustedTester),
        ]
        for (name, bytes) in tables {
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertGreaterThan(VocabularyTable.rows(text).count, 5, name)
            assertReadAsPlain(text, name)
        }
    }

    func testEdges() {
        let edges = ["", "\n", "\n\n", "a", "a\n", "# only a comment", "#x\tb\n  \t \n\tc", " a \t b\t\n", "a\r\nb\tc\r\n",
                     "\u{00A0}no-break\u{00A0}\tx\n", "é\t ü \n#é\n", "a\t\tb\n\t\n", " # not a comment\tz"]
        for text in edges { assertReadAsPlain(text, text.debugDescription) }
        XCTAssertEqual(VocabularyTable.rows("#c\n\nx\ty\n").map(\.line), [3])
    }

    func testWordsOfAField() {
        let row = VocabularyTable.rows("criterion\t1.1.1\tNon-text Content\tweb software  authoring-tool\n")[0]
        XCTAssertEqual(row.words(3), ["web", "software", "authoring-tool"])
        XCTAssertEqual(row.words(9), [])
    }
}
