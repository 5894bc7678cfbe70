import Foundation
import TestSupport
import XCTest

/// Issue 24, items 5 and 6: documents shaped to crash or hang the readers, each in the shape the
/// red team sent, run through the built binary (`trace` and `import` run the same pipeline) in a
/// child process given `patience` seconds. No timing is asserted: each case either ends by itself
/// with the right answer, or is stopped (status 124) or killed by a signal, which was the fault.
/// Memory is asserted where it was the fault, as the child's peak RSS.
final class HostileInputTests: XCTestCase {
    static let patience = 60

    /// Runs `a11ykb ARGUMENTS` under `timeout` and GNU time: its status, and its peak RSS in KB.
    func run(_ arguments: [String]) throws -> (status: Int32, maxRSSKB: Int, stdout: String, stderr: String) {
        let folder = try Fixtures.temporaryFolder(self)
        let rss = folder.appendingPathComponent("rss").path
        let out = folder.appendingPathComponent("out").path
        let quoted = arguments.map(Fixtures.shellQuoted).joined(separator: " ")
        let run = try Fixtures.shell("/usr/bin/time -f %M -o \"$1\" timeout \(Self.patience) \"$0\" \(quoted) > \"$2\"; echo $?", [rss, out])
        let status = Int32(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let peak = (try? String(contentsOfFile: rss, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return (status, peak, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "", run.stderr)
    }

    func write(_ text: String, named name: String) throws -> String {
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The seed's markdown entry with `line` in place of one of its criteria.
    func entry(with line: String) throws -> String {
        let text = try Fixtures.seed("reorder-data-row.md")
        let criterion = "   - Swipe: Focus moves to the control, expresses its name, role, state (if applicable)"
        XCTAssertTrue(text.contains(criterion))
        return text.replacingOccurrences(of: criterion, with: "   - Swipe: " + line)
    }

    /// Imports the seed entry with `line` as its Swipe criterion and reads back what became of it.
    func swipe(_ line: String) throws -> (status: Int32, expectation: String) {
        let path = try write(try entry(with: line), named: "reorder-data-row.md")
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let imported = try run(["import", "--db", db, path])
        guard imported.status == 0 else { return (imported.status, imported.stderr) }
        let read = try Fixtures.run(["sql", "--db", db, "--max-output", "0", "--format", "csv",
                                     "SELECT expectation FROM criteria WHERE label = 'Swipe'"])
        return (read.status, CSVReader.parse(read.stdout).dropFirst().first?.first ?? read.stderr)
    }

    /// `[`×100k, a word, `](y)`×100k (500 KB): at 8210972 `import` and `trace` recursed once per
    /// level, rescanning the line each time, and died of SIGSEGV.
    func testDeeplyNestedLinksReadAsTheirText() throws {
        let depth = 100_000
        let nested = try swipe(String(repeating: "[", count: depth) + "deepest" + String(repeating: "](y)", count: depth))
        XCTAssertEqual(nested.status, 0)
        XCTAssertEqual(nested.expectation, "deepest", "every link reads as its label")
        let traced = try run(["trace", try write(try entry(with: "[[a](b) c](d) e"), named: "reorder-data-row.md")])
        XCTAssertEqual(traced.status, 0, traced.stderr)
        XCTAssertEqual(try swipe("[[a](b) c](d) e").expectation, "a c e", "links inside links")
    }

    /// Brackets that never close (`[`×200k on a line, 21 s) and emphasis that never closes
    /// (`_a `×70k, 4.5 s) cost one pass each, and are kept as written.
    func testUnclosedBracketsAndEmphasisEnd() throws {
        let brackets = try swipe(String(repeating: "[", count: 200_000) + " end")
        XCTAssertEqual(brackets.status, 0)
        XCTAssertEqual(brackets.expectation, String(repeating: "[", count: 200_000) + " end")
        let emphasis = try swipe(String(repeating: "_a ", count: 70_000) + "end")
        XCTAssertEqual(emphasis.status, 0)
        XCTAssertEqual(emphasis.expectation, String(repeating: "_a ", count: 70_000) + "end")
        XCTAssertEqual(try swipe("_a_ _b _c_ `_d` end").expectation, "a b _c `_d` end", "emphasis still closes where it did")
    }

    /// A caption file of 200,000 cues and no sentence end is one utterance; each cue once copied
    /// the utterance so far (39 s in a release build).
    func testCaptionsWithoutASentenceEndAreOneUtterance() throws {
        var vtt = "WEBVTT\n\n"
        for i in 0..<200_000 {
            let start = i, end = i + 1
            vtt += "\(start / 3600):\((start / 60) % 60):\(start % 60).000 --> \(end / 3600):\((end / 60) % 60):\(end % 60).000\nword\(i % 10)\n\n"
        }
        let path = try write(vtt, named: "reorder-data-row_IosVoiceOver.vtt")
        let traced = try run(["trace", path])
        XCTAssertEqual(traced.status, 0, traced.stderr)
        XCTAssertTrue(traced.stdout.contains("announcements"), String(traced.stdout.prefix(2000)))
    }

    /// 450 bytes of YAML anchors, nine wide and ten deep, in a Jekyll entry's front matter: 3
    /// billion values once walked. Refused, with the reason, at once.
    func testAYAMLAliasBombIsRefused() throws {
        var yaml = "bomb0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...10 {
            yaml += "bomb\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let text = try Fixtures.seed("reorder-data-row.jekyll.md")
            .replacingOccurrences(of: "categories: controls \n", with: "categories: controls \n" + yaml)
        XCTAssertTrue(text.contains("bomb10"))
        let path = try write(text, named: "reorder-data-row.md")
        let traced = try run(["trace", path])
        XCTAssertNotEqual(traced.status, 124, "stopped after \(Self.patience) s")
        XCTAssertTrue((traced.stdout + traced.stderr).contains("front matter expands to more than 100000 values"), traced.stdout + traced.stderr)
    }

    /// A content.json of 3,000 components: each one's line account once reached back to line 1 of
    /// the file, so the accounts grew with the square of the file (10,000 components: 5.8 GB).
    func testAContentJSONOfManyComponentsKeepsItsMemory() throws {
        let components = (0..<3000).map { i in
            """
                  {
                    "name": "widget-\(i)",
                    "label": "Widget \(i)",
                    "generalNotes": "A note about widget \(i).\\n\\nAnother line."
                  }
            """
        }
        let json = "{\n  \"web\": [\n    {\n      \"name\": \"controls\",\n      \"children\": [\n"
            + components.joined(separator: ",\n") + "\n      ]\n    }\n  ],\n  \"native\": []\n}\n"
        let path = try write(json, named: "content.json")
        let traced = try run(["trace", path])
        XCTAssertEqual(traced.status, 0, traced.stderr)
        XCTAssertTrue(traced.stdout.contains("widget-2999"), String(traced.stdout.suffix(2000)))
        XCTAssertLessThan(traced.maxRSSKB, 400_000, "peak RSS \(traced.maxRSSKB) KB")
    }

    /// A symbolic link inside an imported folder is held to the size limit by its target's size.
    func testASymlinkToABigFileIsHeldToTheSizeLimit() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let big = folder.appendingPathComponent("big.md")
        try Data(try entry(with: "a criterion").utf8).write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let imported = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: imported, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: imported.appendingPathComponent("linked.md").path, withDestinationPath: big.path)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let imported1 = try run(["import", "--db", db, imported.path])
        // Nothing else to import: nothing could be done (status 2), the reason said.
        XCTAssertEqual(imported1.status, 2, imported1.stdout + imported1.stderr)
        XCTAssertTrue((imported1.stdout + imported1.stderr).contains("file too large (17 MB, over the 16 MB limit"), imported1.stdout + imported1.stderr)
    }
}
