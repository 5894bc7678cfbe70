import Foundation
import XCTest

/// Library text names no command-line option: the MCP server hands the library's words to models
/// whose tools take other arguments, so each skin words its own advice (`Hint`). This reads every
/// library source, comments included (a comment explaining a skin's option belongs to the skin).
final class LibraryTextTests: XCTestCase {
    /// The library: every target but the skins (the command line, the MCP tools and their stdio
    /// server, the team server) and the fuzzer.
    static let skins: Set<String> = ["a11ykb", "a11ykb-mcp", "A11yKBMCP", "A11yKBServer", "a11ykb-serve", "a11ykb-bench", "a11ykb-fuzz"]

    /// `--limit`, `--db PATH`: two dashes, then a letter.
    static let option = try! NSRegularExpression(pattern: #"--[a-z]"#)

    static func options(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let line = String(line)
            return option.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil ? nil : index + 1
        }
    }

    func testTheCheckFindsAnOptionInAString() {
        XCTAssertEqual(Self.options(in: "let a = 1\nreturn \"more match (--limit 0 shows all)\"\n"), [2])
        XCTAssertEqual(Self.options(in: "/// Bytes of values by default (`sql --max-output`)"), [1])
        XCTAssertEqual(Self.options(in: "x -= 1 // a -- b, ---, -1"), [])
    }

    func testNoLibrarySourceNamesACommandLineOption() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !Self.skins.contains($0) && !$0.hasPrefix(".") }
        XCTAssertTrue(targets.contains("A11yKB") && targets.contains("KBRender"), "found the library's targets: \(targets)")
        var found: [String] = []
        var files = 0
        for target in targets.sorted() {
            let folder = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                files += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in Self.options(in: text) { found.append("Sources/\(target)/\(file.lastPathComponent):\(line)") }
            }
        }
        XCTAssertGreaterThan(files, 50, "read the library's sources")
        XCTAssertEqual(found, [], "library text names a command-line option: word it in the skin, from a Hint")
    }
}
