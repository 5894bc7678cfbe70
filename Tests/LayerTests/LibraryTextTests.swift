import Foundation
import XCTest

/// Library text names no command-line option: the MCP server hands the library's words to models
/// whose tools take other arguments, so each skin words its own advice (`Hint`). This reads every
/// library source, comments included (a comment explaining a skin's option belongs to the skin).
final class LibraryTextTests: XCTestCase {
    /// The library: every target but the skins (the command line, the MCP tools and their stdio
    /// server, the team server) and the fuzzer.
    static let skins: Set<String> = ["a11ykb", "a11ykb-mcp", "A11yKBMCP", "A11yKBServer", "A11yKBServeSettings", "A11yKBServeOptions", "a11ykb-serve", "a11ykb-bench", "a11ykb-fuzz"]

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

    /// The command line's command names, read from their definitions (`commandName: "show"`).
    static func commandNames(_ sources: URL) throws -> Set<String> {
        let folder = sources.appendingPathComponent("a11ykb")
        let pattern = try NSRegularExpression(pattern: #"commandName: "([a-z-]+)""#)
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return names
    }

    /// `a11ykb show`, `a11ykb import`: a command named in library text (a command is the skin's).
    static func commands(in text: String, named names: Set<String>) -> [Int] {
        let words = names.sorted().map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        let command = try! NSRegularExpression(pattern: #"a11ykb (\#(words))\b"#)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let line = String(line)
            return command.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil ? nil : index + 1
        }
    }

    func testTheCheckFindsACommandInAString() {
        XCTAssertEqual(Self.commands(in: "ok\nreturn \"(a11ykb list categories)\"\n/// `a11ykb show`\na11ykb: x", named: ["list", "show"]), [2, 3])
    }

    func testNoLibrarySourceNamesACommand() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let names = try Self.commandNames(sources)
        XCTAssertTrue(names.isSuperset(of: ["search", "show", "import", "sql", "serve"]), "read the commands' names: \(names.sorted())")
        var found: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where !Self.skins.contains(target) && !target.hasPrefix(".") {
            guard let walker = FileManager.default.enumerator(at: sources.appendingPathComponent(target), includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in Self.commands(in: text, named: names) { found.append("Sources/\(target)/\(file.lastPathComponent):\(line)") }
            }
        }
        XCTAssertEqual(found, [], "library text names a command: word it in the skin, from a Hint")
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
