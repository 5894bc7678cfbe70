import Foundation
import XCTest

/// The skins say an error in the library's words (`ErrorMessage.text`, with their own wording of
/// its advice), never as `String(describing: error)`, which prints a Swift type dump for an error
/// that has no words of its own. (The team server's log of a request's failure keeps the dump:
/// it is for the operator, and no client sees it.)
final class ErrorWordsTests: XCTestCase {
    static let skins = ["a11ykb", "a11ykb-mcp", "A11yKBMCP"]

    static func dumps(in text: String) -> Int {
        text.components(separatedBy: "String(describing: error)").count - 1
    }

    func testSkinsSayErrorsInTheLibrarysWords() throws {
        var found: [String] = []
        for skin in Self.skins {
            let folder = LayerTests.root.appendingPathComponent("Sources/\(skin)")
            for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                if Self.dumps(in: text) > 0 { found.append("\(skin)/\(file)") }
            }
        }
        XCTAssertEqual(found, [], "say the error with ErrorMessage.text")
    }

    func testTheCheckFindsADump() {
        XCTAssertEqual(Self.dumps(in: "return Answer.error(String(describing: error))"), 1)
    }
}
