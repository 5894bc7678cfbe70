import A11yKB
@testable import KBSearch
import GRDB
import TestSupport
import XCTest

/// The query language and its translation to FTS5, without a knowledge base; then random input
/// against a real index.
final class SearchQueryTests: XCTestCase {
    func fts(_ input: String) throws -> String { try SearchQuery(input).fts5 }

    func error(_ input: String) -> String? {
        do {
            _ = try SearchQuery(input)
            return nil
        } catch {
            return error.description
        }
    }

    func testPlainWordsAllMustMatch() throws {
        XCTAssertEqual(try fts("dimmed"), "\"dimmed\"")
        XCTAssertEqual(try fts("dimmed   button"), "\"dimmed\" AND \"button\"")
        XCTAssertEqual(try fts("dimmed AND button"), "\"dimmed\" AND \"button\"")
        // Lower-case operators are words.
        XCTAssertEqual(try fts("not selected"), "\"not\" AND \"selected\"")
        XCTAssertEqual(try fts("this or that"), "\"this\" AND \"or\" AND \"that\"")
    }

    func testPhrasesAndPrefixes() throws {
        XCTAssertEqual(try fts("\"double tap\""), "\"double tap\"")
        XCTAssertEqual(try fts("dim*"), "\"dim\" *")
        XCTAssertEqual(try fts("\"double ta\"*"), "\"double ta\" *")
        XCTAssertEqual(try fts("\"double tap\" hold"), "\"double tap\" AND \"hold\"")
        // `*` alone or inside a word is no prefix.
        XCTAssertEqual(try fts("dimmed *"), "\"dimmed\"")
        XCTAssertEqual(try fts("a*b"), "\"a*b\"")
    }

    func testOrNotAndGroups() throws {
        XCTAssertEqual(try fts("toggle OR switch"), "\"toggle\" OR \"switch\"")
        XCTAssertEqual(try fts("toggle switch OR checkbox"), "(\"toggle\" AND \"switch\") OR \"checkbox\"")
        XCTAssertEqual(try fts("dimmed NOT android"), "\"dimmed\" NOT \"android\"")
        XCTAssertEqual(try fts("dimmed -android"), "\"dimmed\" NOT \"android\"")
        XCTAssertEqual(try fts("dimmed -android NOT ios"), "\"dimmed\" NOT (\"android\" OR \"ios\")")
        XCTAssertEqual(try fts("NOT android dimmed"), "\"dimmed\" NOT \"android\"")
        XCTAssertEqual(try fts("(toggle OR switch) state"), "(\"toggle\" OR \"switch\") AND \"state\"")
        XCTAssertEqual(try fts("state NOT (toggle OR switch)"), "\"state\" NOT (\"toggle\" OR \"switch\")")
    }

    func testPunctuationIsSearchedAsWritten() throws {
        XCTAssertEqual(try fts("ctrl+tab"), "\"ctrl+tab\"")
        XCTAssertEqual(try fts("isAccessibilityElement"), "\"isAccessibilityElement\"")
        XCTAssertEqual(try fts("accessibilityLabel(_:)"), "\"accessibilityLabel(_:)\"")
        XCTAssertEqual(try fts("android:enabled=true"), "\"android:enabled=true\"")
        XCTAssertEqual(try fts("title:dimmed"), "\"title:dimmed\"", "no column filters")
        XCTAssertEqual(try fts("e-mail"), "\"e-mail\"")
        XCTAssertEqual(try fts("NEAR(a b)"), "\"NEAR(a\" AND \"b)\"")
        // Parentheses around a word with its own: the outer pair groups.
        XCTAssertEqual(try fts("(accessibilityLabel(_:))"), "\"accessibilityLabel(_:)\"")
        XCTAssertEqual(try fts("(accessibilityLabel(_:) OR isAccessibilityElement)"),
                       "\"accessibilityLabel(_:)\" OR \"isAccessibilityElement\"")
        // A word without letters or digits is dropped; the rest is searched.
        XCTAssertEqual(try fts("dimmed + -- : )"), "\"dimmed\"")
    }

    func testUnbalancedInputIsRepaired() throws {
        let quote = try SearchQuery("\"double tap")
        XCTAssertEqual(quote.fts5, "\"double tap\"")
        XCTAssertEqual(quote.repairs.count, 1)
        let paren = try SearchQuery("(toggle OR switch")
        XCTAssertEqual(paren.fts5, "\"toggle\" OR \"switch\"")
        XCTAssertEqual(paren.repairs.count, 1)
        XCTAssertEqual(try fts("dimmed)"), "\"dimmed)\"")
        XCTAssertEqual(try fts(") dimmed"), "\"dimmed\"")
        XCTAssertEqual(try fts("dimmed \"\""), "\"dimmed\"")
    }

    func testNulAndControlCharactersAreSpaces() throws {
        XCTAssertEqual(try fts("dimmed\0button"), "\"dimmed\" AND \"button\"")
        XCTAssertEqual(try fts("\u{1B}[31mdimmed"), "\"[31mdimmed\"")
    }

    func testQueriesThatMeanNothingAreOneLineErrors() {
        for input in ["", "   ", "OR", "OR dimmed", "dimmed OR", "dimmed OR OR button", "NOT dimmed", "-dimmed",
                      "dimmed NOT", "()", "dimmed ()", "+++", "\"", "*", "NOT NOT dimmed", "(OR dimmed)",
                      "dimmed OR NOT button"] {
            let message = error(input)
            XCTAssertNotNil(message, "\(input) should be refused")
            XCTAssertFalse(message?.contains("\n") ?? true, input)
        }
    }

    func testLimitsOnSize() {
        XCTAssertNotNil(error(Array(repeating: "word", count: SearchQuery.maxTerms + 1).joined(separator: " ")))
        XCTAssertNil(error(Array(repeating: "word", count: SearchQuery.maxTerms).joined(separator: " ")))
        XCTAssertNotNil(error(String(repeating: "(", count: 100_000) + "a"))
        XCTAssertNil(error(String(repeating: "x", count: 200_000)), "one very long word is a word")
    }

    func testPositiveTermsLeaveOutNegatedOnes() throws {
        let query = try SearchQuery("(toggle OR \"on off\") NOT android state*")
        XCTAssertEqual(query.positiveTerms.compactMap(\.termText), ["toggle", "\"on off\"", "state*"])
    }

    /// Random punctuation, quotes, operators, control characters and very long strings: the parser
    /// never crashes, and whatever it accepts FTS5 runs without a syntax error.
    func testRandomInputNeverCrashesAndAlwaysTranslatesToValidFTS5() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        var random = SplitMix64(seed: 0xA11C)
        let pieces = ["\"", "\"", "(", ")", "*", "-", "+", ":", "^", "'", "\\", "\0", "\u{1}", "\t", "\n", " ", " ", " ",
                      "OR", "NOT", "AND", "NEAR", "dimmed", "double", "tap", "state", "ctrl+tab", "é", "ß", "日本",
                      "🙂", "\u{E000}", "\u{301}", "{", "}", "[", "]", ",", ".", ";", "%", "$", "_", "0", "42", "title:"]
        var accepted = 0
        for round in 0..<1500 {
            let count = round % 100 == 99 ? 5_000 : Int(random.next() % 12)
            var input = ""
            for _ in 0..<count { input += pieces[Int(random.next() % UInt64(pieces.count))] }
            do {
                let query = try SearchQuery(input)
                accepted += 1
                XCTAssertNoThrow(try kb.reader.read { try SearchEngine($0).facts(query, options: SearchOptions(limit: 3)) }, "query \(input.debugDescription)")
            } catch {
                XCTAssertFalse(error.description.isEmpty)
            }
        }
        XCTAssertGreaterThan(accepted, 300, "most random queries hold a word")
    }
}
