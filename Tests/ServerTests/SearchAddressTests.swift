import A11yKB
import A11yKBServer
import Foundation
import Hummingbird
import HummingbirdCore
import TestSupport
import XCTest

/// A search's address read by hand (`SearchParameters.plain`: `q=` alone, printable ASCII) reads
/// as the form decoder reads it, for every question of the relevance sets sent as the load run
/// and a browser send them, and for the addresses at its edges; any other address is left to
/// the decoder (nil).
final class SearchAddressTests: XCTestCase {
    func testThePlainAddressReadsAsTheDecoderReadsIt() throws {
        let folder = Fixtures.repoRoot.appendingPathComponent("relevance")
        var questions: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("questions") && name.hasSuffix(".tsv") {
            for line in try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
                if let question = line.split(separator: "\t").first { questions.append(String(question)) }
            }
        }
        XCTAssertGreaterThan(questions.count, 300)
        var plain = 0
        for question in questions {
            let escaped = question.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let spaced = question.split(separator: " ", omittingEmptySubsequences: false)
                .map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }.joined(separator: "+")
            for query in ["q=" + escaped, "q=" + spaced] {
                let read = try readBoth(query)
                if read.plain != nil { plain += 1 }
            }
        }
        // Every question of the sets is printable ASCII but a few.
        XCTAssertGreaterThan(plain, questions.count)

        // The edges: blank, spaces around, escapes of either case, a `+` escaped, `=` in the words.
        for query in ["q=", "q=+", "q=%20%20", "q=+focus+", "q=a%2Bb", "q=%2b%2F", "q=a=b", "q=%41%6a", "q=%7E", "q=a+%20+b"] {
            XCTAssertNotNil(try readBoth(query).plain, query)
        }
        // Left to the decoder: other parameters, a list, escapes that are malformed or not ASCII,
        // a control, another key.
        for query in ["q=a&limit=3", "q=a&platform=ios", "q[]=a", "q=%zz", "q=%", "q=a%2", "q=caf%E9", "q=caf%C3%A9", "q=a%0Ab",
                      "q=a%7F", "Q=a", "qq=a", "limit=3&q=a", "q=a&q=b", "q=a\u{E9}"] {
            XCTAssertNil(SearchParameters.plain(URI("/api/search?" + query)), query)
        }
    }

    /// The address read both ways: the same question and options when read by hand.
    @discardableResult
    func readBoth(_ query: String, file: StaticString = #filePath, line: UInt = #line) throws -> (plain: SearchParameters?, decoded: SearchParameters) {
        let decoded = try URLEncodedFormDecoder().decode(SearchParameters.self, from: query)
        let plain = SearchParameters.plain(URI("/api/search?" + query))
        if let plain {
            XCTAssertEqual(plain.question?.text, decoded.question?.text, query, file: file, line: line)
            XCTAssertEqual(plain.question?.options, decoded.question?.options, query, file: file, line: line)
        }
        return (plain, decoded)
    }
}
