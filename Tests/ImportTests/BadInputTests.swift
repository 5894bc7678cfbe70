import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
@testable import KBStore
@testable import KBImport
import Foundation
import GRDB
import TestSupport
import XCTest

/// Bad files given to the importer, one case at a time through the library: each is named with its
/// path (and line where there is one) and the good files around it are imported. The same files
/// through the `import` command are in CLITests' ImportCommandTests.
final class BadInputTests: XCTestCase {
    func importing(_ name: String, _ data: Data, strict: Bool = false) throws -> (ImportSummary, KnowledgeBase, String) {
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        let kb = try Fixtures.emptyKnowledgeBase(self)
        return (try Importer(kb).importPaths([path], options: ImportOptions(strict: strict)), kb, path)
    }

    func testEachBadFileAloneIsAnErrorWithItsLine() throws {
        let folder = try Fixtures.temporaryFolder(self)
        for file in try Fixtures.writeBadFiles(into: folder) {
            let kb = try Fixtures.emptyKnowledgeBase(self)
            let path = folder.appendingPathComponent(file.name).path
            let summary = try Importer(kb).importPaths([path])
            XCTAssertEqual(summary.errors.count, 1, file.name)
            XCTAssertEqual(summary.errors.first?.path, path)
            XCTAssertEqual(summary.errors.first?.line, file.line, file.name)
            XCTAssertTrue(summary.errors.first?.message.hasPrefix(file.reason) == true, "\(file.name): \(summary.errors)")
            XCTAssertFalse(summary.errors.first?.description.contains("\n") == true, "one line")
            XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM sources"), 0)
        }
    }

    /// The facts of a component as text, provenance lines included, source path left out.
    func facts(_ kb: KnowledgeBase) throws -> [String] {
        try Fixtures.strings(kb, """
            SELECT 'criterion ' || kind || '|' || coalesce(label, '') || '|' || expectation || '|' || line FROM criteria
            UNION ALL SELECT 'guidance ' || aspect || '|' || text || '|' || line FROM guidance
            UNION ALL SELECT 'announcement ' || text || '|' || coalesce(context, '') || '|' || line FROM announcements
            UNION ALL SELECT 'gap ' || problem || '|' || coalesce(excerpt, '') || '|' || line FROM gaps
            UNION ALL SELECT 'component ' || slug || '|' || title || '|' || family FROM components
            ORDER BY 1
            """)
    }

    func testUTF16WithByteOrderMarkReadsLikeUTF8() throws {
        let text = try Fixtures.seed("reorder-data-row.md")
        let (utf8Summary, utf8, _) = try importing("reorder-data-row.md", Data(text.utf8))
        XCTAssertEqual(utf8Summary.errors, [])
        for (encoding, bom) in [(String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE])), (.utf16BigEndian, [0xFE, 0xFF])] {
            let data = Data(bom) + text.data(using: encoding)!
            let (summary, kb, _) = try importing("reorder-data-row.md", data)
            XCTAssertEqual(summary.errors, [], "\(encoding)")
            XCTAssertEqual(summary.added.count, 1)
            XCTAssertEqual(try facts(kb), try facts(utf8), "UTF-16 \(encoding) gives the same facts on the same lines")
        }
    }

    func testUTF16WithoutByteOrderMarkIsRefusedNotGuessed() throws {
        let data = try Fixtures.seed("reorder-data-row.md").data(using: .utf16LittleEndian)!
        let (summary, _, path) = try importing("no-bom.md", data)
        XCTAssertEqual(summary.errors.map(\.description), ["\(path): binary file (NUL bytes), not text"])
    }

    func testCRLFLineEndsReadLikeLF() throws {
        for seed in ["expandable-region.md", "reorder-data-row.md", "table.txt"] {
            let text = try Fixtures.seed(seed)
            let (_, lf, _) = try importing(seed, Data(text.utf8))
            let crlfText = text.replacingOccurrences(of: "\n", with: "\r\n")
            XCTAssertTrue(crlfText.utf8.contains(13))
            let (summary, crlf, _) = try importing(seed, Data(crlfText.utf8))
            XCTAssertEqual(summary.errors, [], seed)
            XCTAssertEqual(try facts(crlf), try facts(lf), "\(seed) with CRLF gives the same facts on the same lines")
            XCTAssertFalse(try facts(crlf).isEmpty)
            XCTAssertEqual(try Fixtures.int(crlf, "SELECT count(*) FROM guidance WHERE text LIKE '%' || char(13) || '%'"), 0)
        }
    }

    func testFiftyMegabyteFileIsRefusedWithoutBeingRead() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let big = folder.appendingPathComponent("huge.md")
        try Fixtures.writeBigFile(big)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([big.path, Fixtures.seedFolder.appendingPathComponent("table.txt").path])
        XCTAssertEqual(summary.errors.map(\.description),
                       ["\(big.path): file too large (50 MB, over the 16 MB limit for one document); not read"])
        XCTAssertEqual(summary.added.map(\.component), ["table"], "the other file is imported")
    }

    func testFileJustUnderTheLimitIsRead() throws {
        let (summary, _, _) = try importing("small.md", Data(try Fixtures.seed("reorder-data-row.md").utf8))
        XCTAssertEqual(summary.errors, [])
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent("r.md").path
        try Data(try Fixtures.seed("reorder-data-row.md").utf8).write(to: URL(fileURLWithPath: path))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let kb = try Fixtures.emptyKnowledgeBase(self)
        XCTAssertEqual(try Importer(kb).importPaths([path], options: ImportOptions(maxFileBytes: size)).errors, [])
        let refused = try Importer(try Fixtures.emptyKnowledgeBase(self)).importPaths([path], options: ImportOptions(maxFileBytes: size - 1))
        XCTAssertEqual(refused.errors.count, 1)
    }

    func testHeadingOnlyDocumentIsSkippedWithAReason() throws {
        let (summary, kb, path) = try importing("heading-only.md", Data("# Button\n\n## Overview\n\n### More\n".utf8))
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.skipped.map(\.path), [path])
        XCTAssertTrue(summary.skipped.first?.reason.hasPrefix("nothing recognisable") == true)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM sources"), 0)
    }

    /// Headings the vocabulary knows with nothing under them are a template left unfilled: its
    /// empty sections are recorded as gaps, so that a lead can ask what is missing.
    func testKnownHeadingsWithNothingUnderThemBecomeGaps() throws {
        let (summary, kb, _) = try importing("button.md", Data("# Button\n\n## iOS Developer Notes\n\n### Name\n\n### Role\n".utf8))
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.added.map(\.component), ["button"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT DISTINCT problem FROM gaps"), ["empty-section"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM criteria") + (try Fixtures.int(kb, "SELECT count(*) FROM guidance")), 0)
    }

    func testSymlinkLoopsEndTheWalk() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent("table.txt"), to: folder.appendingPathComponent("table.txt"))
        let inner = folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("self").path, withDestinationPath: "self")
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([folder.path])
        XCTAssertEqual(summary.added.map(\.component), ["table"])
        XCTAssertEqual(Set(summary.skipped.map(\.reason)), ["symbolic link to a folder, not followed", "broken or looping symbolic link"])
        XCTAssertEqual(summary.errors, [])
    }

    func testUnreadableFileIsNamed() throws {
        guard geteuid() != 0 else {
            throw XCTSkip("running as root, where chmod 000 does not stop reading: the unreadable-file case cannot be made here")
        }
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent("locked.md").path
        try Data(try Fixtures.seed("reorder-data-row.md").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([folder.path])
        XCTAssertEqual(summary.errors.map(\.description), ["\(path): permission denied"])
    }

    func testFIFOIsNotOpened() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent("pipe.md").path
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        // Named on its own or found in a folder, a FIFO is skipped, never read (reading would block).
        for target in [path, folder.path] {
            let summary = try Importer(kb).importPaths([target])
            XCTAssertEqual(summary.skipped.map(\.reason), ["not a regular file"], target)
        }
    }

    /// content.json facts point at the line of the JSON field they came from (every line of a JSON
    /// string is that one line), components in file order; the file is read in one pass.
    func testContentJSONFactsPointAtTheLineOfTheirField() throws {
        let seed = try Fixtures.seed("reorder-data-row.md")
        func child(_ slug: String) -> String {
            let escaped = seed.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            return "      {\n        \"name\": \"\(slug)\",\n        \"condensed\": \"\(escaped)\"\n      }"
        }
        let text = """
            {
              "web": [{"name": "component", "children": [
            \(child("web-one"))
              ]}],
              "native": [{"name": "controls", "children": [
            \(child("alpha")),
            \(child("beta")),
            \(child("gamma"))
              ]}]
            }
            """
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The `"condensed"` field is on the line after the component's `"name"`.
        func lineOf(_ slug: String) -> Int { lines.firstIndex { $0.contains("\"name\": \"\(slug)\"") }! + 2 }
        let document = try ContentJSONReader.read(text)
        XCTAssertEqual(document.items.map { $0.hints.slug }, ["web-one", "alpha", "beta", "gamma"])
        for item in document.items {
            let entry = try Normalizer.normalize(item.entry, hints: item.hints)
            XCTAssertFalse(entry.criteria.isEmpty)
            XCTAssertEqual(Set(entry.criteria.map(\.line) + entry.guidance.map(\.line)), [lineOf(item.hints.slug!)], item.hints.slug!)
        }
    }
}
