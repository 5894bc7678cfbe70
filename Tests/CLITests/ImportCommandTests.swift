import A11yKB
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// Bad files in `import`, as a user runs it: each is named with its path (and line where there is
/// one), the good files around it are imported, and `--strict` writes nothing at all.
final class ImportCommandTests: XCTestCase {
    func testMixedFolderImportsTheGoodFilesAndNamesEveryBadOne() throws {
        let (folder, bad) = try Fixtures.mixedFolder(self)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, "--keep-going", folder.path])
        XCTAssertEqual(run.status, 1, "exit status 1: some files had errors, the rest was imported\n\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        for file in bad {
            let path = folder.appendingPathComponent(file.name).path
            let prefix = "a11ykb: " + path + (file.line.map { ":\($0): " } ?? ": ")
            XCTAssertEqual(lines.filter { $0.hasPrefix(prefix) && $0.contains(file.reason) }.count, 1,
                           "one line for \(file.name) starting \(prefix) with \"\(file.reason)\"; stderr:\n\(run.stderr)")
        }
        XCTAssertEqual(lines.count, bad.count, "one stderr line per bad file, nothing else:\n\(run.stderr)")
        // Odd but not errors: named in the summary's skipped section.
        XCTAssertTrue(run.stdout.contains(folder.appendingPathComponent("heading-only.md").path + ": nothing recognisable"), run.stdout)
        XCTAssertTrue(run.stdout.contains(folder.appendingPathComponent("loop/again").path + ": symbolic link to a folder, not followed"), run.stdout)
        XCTAssertTrue(run.stdout.contains(folder.appendingPathComponent("a.md").path + ": broken or looping symbolic link"), run.stdout)
        // Every good file went in: the same knowledge base as the seed alone gives.
        let kb = try KnowledgeBase(path: db)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components ORDER BY slug"),
                       ["expandable", "reorder-data-row", "table", "table-row-button"])
        let seeded = try Fixtures.seededKnowledgeBase(self)
        XCTAssertEqual(try kb.counts().map { "\($0.table)=\($0.rows)" }, try seeded.counts().map { "\($0.table)=\($0.rows)" })
    }

    func testStrictRefusesTheMixedFolderAndLeavesTheFileByteForByte() throws {
        let (folder, bad) = try Fixtures.mixedFolder(self)
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.bytes(db)
        let dumpBefore = try Fixtures.dump(db)
        let run = try Fixtures.run(["import", "--db", db, "--strict", folder.path])
        XCTAssertEqual(run.status, 2, "exit status 2: nothing written\n\(run.stderr)")
        XCTAssertTrue(run.stderr.contains("--strict: \(bad.count) file(s) with errors, nothing written"), run.stderr)
        XCTAssertTrue(run.stdout.contains("refused, nothing written"), run.stdout)
        XCTAssertEqual(try Fixtures.bytes(db), before, "the knowledge base file is byte-for-byte unchanged")
        XCTAssertFalse(Fixtures.walHasContent(db), "and nothing waits in its WAL")
        XCTAssertEqual(try Fixtures.dump(db), dumpBefore)
    }

    func testStrictWithOnlyGoodFilesImports() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, "--strict", Fixtures.seedFolder.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM components"), 4)
    }

    func testKeepGoingAndStrictTogetherIsAUsageError() throws {
        let run = try Fixtures.run(["import", "--keep-going", "--strict", Fixtures.seedFolder.path])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("--strict") || run.stderr.contains("--keep-going"), run.stderr)
    }

    func testImportHelpDocumentsTheExitStatuses() throws {
        let run = try Fixtures.run(["import", "--help"])
        XCTAssertEqual(run.status, 0)
        for text in ["--keep-going", "--strict", "0  every file imported", "1  some files had errors", "2  nothing written"] {
            XCTAssertTrue(run.stdout.contains(text), "import --help mentions \(text)")
        }
    }
}
