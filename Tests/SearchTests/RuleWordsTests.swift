@testable import KBSearch
import XCTest

/// The words a rule search looks for: read by bytes when the text is ASCII, which must split and
/// lower-case it as the characters do (a CRLF is one character, no letter; a digit is a number).
final class RuleWordsTests: XCTestCase {
    func testTheWordsReadByBytesAreTheCharactersWords() {
        func byCharacters(_ text: String) -> [String] {
            text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        let texts = ["Button has an accessible NAME", "aria-label=\"Close\"; role=button", "1.4.11 non-text contrast (AA)",
                     "line\r\nbreak\ttab", "  leading and trailing  ", "", "@[`{~_^]\\|", "ZZ top 42nd", "éclair in ASCII's place",
                     "\u{7F}delete\u{0}nul", "x"]
        for text in texts {
            XCTAssertEqual(RuleSearch.letterRuns(text), byCharacters(text), text.debugDescription)
        }
    }
}
