import A11yKB
import KBQuery
import KBSearch
@testable import KBFiles
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// The one list renderer: each format's exact syntax, chunked writing equal to whole writing,
/// and paths that no table cuts.
final class TabularTests: XCTestCase {
    /// Every kind of value, and text that CSV must quote.
    let sample = Tabular(columns: [.init("name"), .init("n"), .init("score"), .init("ok"), .init("words"), .init("note")], rows: [
        [.text("a, \"b\""), .int(2), .double(0.5), .bool(true), .texts(["x", "y"]), .null],
        [.text("line\nbreak"), .int(-1), .double(1e21), .bool(false), .texts([]), .json(.object([("k", .int(1))]))],
    ])

    func testCSVIsRFC4180() {
        XCTAssertEqual(sample.rendered(.csv), "name,n,score,ok,words,note\r\n"
                       + "\"a, \"\"b\"\"\",2,0.5,true,x y,\r\n"
                       + "\"line\nbreak\",-1,1e+21,false,,\"{\"\"k\"\":1}\"\r\n")
        let bom = sample.rendered(.csv, options: .init(byteOrderMark: true))
        XCTAssertEqual(Array(bom.utf8.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertEqual(String(bom.dropFirst()), sample.rendered(.csv))
        XCTAssertEqual(Tabular(columns: [.init("a"), .init("b")]).rendered(.csv), "a,b\r\n", "no rows: the header alone")
    }

    func testJSONIsOneArrayOfTypedObjects() throws {
        XCTAssertEqual(sample.rendered(.json), """
            [
              {
                "name": "a, \\"b\\"",
                "n": 2,
                "score": 0.5,
                "ok": true,
                "words": [
                  "x",
                  "y"
                ],
                "note": null
              },
              {
                "name": "line\\nbreak",
                "n": -1,
                "score": 1e+21,
                "ok": false,
                "words": [],
                "note": {
                  "k": 1
                }
              }
            ]

            """)
        XCTAssertEqual(sample.rendered(.json), sample.json.rendered() + "\n", "the streamed form is the document's")
        XCTAssertEqual(Tabular(columns: [.init("a")]).rendered(.json), "[]\n")
    }

    func testJSONLinesIsOneCompactObjectPerLine() throws {
        XCTAssertEqual(sample.rendered(.jsonl), """
            {"name":"a, \\"b\\"","n":2,"score":0.5,"ok":true,"words":["x","y"],"note":null}
            {"name":"line\\nbreak","n":-1,"score":1e+21,"ok":false,"words":[],"note":{"k":1}}

            """)
        for line in sample.rendered(.jsonl).split(separator: "\n") {
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        XCTAssertEqual(Tabular(columns: [.init("a")]).rendered(.jsonl), "", "no rows: no lines")
    }

    func testTableAlignsFlattensAndCutsText() {
        let table = Tabular(columns: [.init("name"), .init("n")], rows: [
            [.text("short"), .int(1)],
            [.text("two\nlines"), .null],
            [.text(String(repeating: "x", count: 30)), .int(123)],
        ])
        XCTAssertEqual(table.rendered(.table, options: .init(maxColumnWidth: 12)), """
            name          n
            ------------  ---
            short         1
            two↵lines
            xxxxxxxxxxx…  123

            """)
    }

    /// At c7d9f0c a table cut every cell at its column's width, `file:line` too: `gaps` showed
    /// `/home/…/seed/expandable-regi…`, which no editor opens.
    func testALongPathAndItsLineStayWholeInATable() {
        let path = "/tmp/" + String(repeating: "deep/", count: 30) + "expandable-region.md"
        let gaps = Tabular(columns: [.init("component"), .init("excerpt"), .init("source", .path), .init("line", .line)], rows: [
            [.text("expandable-region"), .text(String(repeating: "placeholder ", count: 10)), .text(path), .int(119)],
            [.text("tooltip"), .null, .text("b.md"), .null],
        ])
        let out = gaps.rendered(.table, options: .init(maxColumnWidth: 20))
        let lines = out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0].split(separator: " ", omittingEmptySubsequences: true), ["component", "excerpt", "where"],
                       "a path and its line are one column")
        XCTAssertTrue(lines[2].hasSuffix("  " + path + ":119"), lines[2])
        XCTAssertTrue(lines[2].contains("placeholder placeho…"), "other text is still cut: " + lines[2])
        XCTAssertTrue(lines[3].hasSuffix("  b.md"), "no line, no colon: " + lines[3])
        // CSV and JSON keep the two columns apart.
        XCTAssertTrue(gaps.rendered(.csv).hasPrefix("component,excerpt,source,line\r\n"))
        // A result set's columns are known by name: a `source` column is kept whole there too.
        let sql = ResultSet(columns: ["source", "text"], rows: [[.text(path), .text(String(repeating: "y", count: 100))]]).tabular
        let row = sql.rendered(.table, options: .init(maxColumnWidth: 20)).split(separator: "\n")[2]
        XCTAssertTrue(row.hasPrefix(path + "  "), String(row))
        XCTAssertTrue(row.hasSuffix(String(repeating: "y", count: 19) + "…"), String(row))
    }

    /// Rows written a chunk at a time through a sink give what the whole result gives.
    func testChunkedWritingEqualsWholeWriting() throws {
        let rows = (0..<1000).map { i -> [Tabular.Value] in [.int(i), .text("row \(i), \"quoted\""), i % 3 == 0 ? .null : .double(Double(i) / 4)] }
        let tabular = Tabular(columns: [.init("i"), .init("text"), .init("x")], rows: rows)
        for format in TabularFormat.allCases {
            var bytes: [UInt8] = []
            let sink = ByteSink(blockSize: 100) { bytes += $0 }
            var writer = TabularWriter(format, columns: tabular.columns)
            for start in stride(from: 0, to: rows.count, by: 77) {
                try writer.write(Array(rows[start..<min(start + 77, rows.count)]), to: sink)
            }
            try writer.finish(to: sink)
            try sink.flush()
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), tabular.rendered(format), format.rawValue)
        }
    }

    /// JSON nested a level deep (several of `sql`'s result sets in one document) parses.
    func testNestedJSONFitsInADocument() throws {
        var out = Array("[\n  ".utf8)
        var writer = TabularWriter(.json, columns: sample.columns, options: .init(jsonLevel: 1))
        writer.write(sample.rows, into: &out)
        writer.finish(into: &out)
        out += Array("\n]\n".utf8)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out)) as? [[[String: Any]]])
        XCTAssertEqual(parsed.first?.count, 2)
        XCTAssertEqual(parsed.first?.first?["n"] as? Int, 2)
    }

    /// The JSON objects of every list keep the keys they had before the one renderer.
    func testListColumnsKeepTheirJSONKeys() {
        XCTAssertEqual(Gap.columns.map(\.name), ["component", "family", "platform", "framework", "aspect", "problem", "excerpt", "source", "line"])
        XCTAssertEqual(SpokenAnnouncement.columns.map(\.name), ["component", "title", "family", "platform", "text", "context", "origin",
                                                                 "screen_reader", "start_ms", "end_ms", "source", "line", "video"])
        XCTAssertEqual(WCAGCitation.columns.map(\.name), ["component", "title", "family", "criterion", "criterion_title", "level", "url",
                                                           "source", "line"])
        XCTAssertEqual(SearchHit.columns.map(\.name), ["rank", "score", "component", "title", "family", "category", "platform", "framework",
                                                        "fact", "kind", "aspect", "label", "text", "snippet", "source", "line", "id"])
        XCTAssertEqual(ComponentMatch.columns.map(\.name), ["rank", "score", "component", "title", "family", "category", "summary", "matched",
                                                             "missing", "matching_facts", "facts"])
    }
}
