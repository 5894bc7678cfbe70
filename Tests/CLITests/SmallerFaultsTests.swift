import A11yKB
import Foundation
import TestSupport
import XCTest

/// Issue 24, item 9: the smaller faults, each where it arises.
final class SmallerFaultsTests: XCTestCase {
    /// CSV for a spreadsheet (`--bom`) writes a cell a spreadsheet would run as a formula as
    /// text, OWASP's way; CSV for programs keeps the value.
    func testCSVCellsThatWouldBeFormulasAreWrittenAsTextForSpreadsheets() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let query = "SELECT '=HYPERLINK(\"http://x\")' AS a, '+1' AS b, '-2' AS c, '@SUM(A1)' AS d, 'plain' AS e"
        let run = try Fixtures.run(["sql", "--db", db, "--format", "csv", "--bom", query])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "\u{FEFF}a,b,c,d,e\r\n\"'=HYPERLINK(\"\"http://x\"\")\",\"'+1\",\"'-2\",\"'@SUM(A1)\",plain\r\n")
        let plain = try Fixtures.run(["sql", "--db", db, "--format", "csv", query])
        XCTAssertEqual(plain.stdout, "a,b,c,d,e\r\n\"=HYPERLINK(\"\"http://x\"\")\",+1,-2,@SUM(A1),plain\r\n")
        // The matrix and compare write CSV through the same writer.
        let matrix = try Fixtures.run(["export", "matrix", "--db", db, "--format", "csv", "--bom"])
        XCTAssertTrue(matrix.stdout.contains(",\"'- "), "a `- ` list cell is text in a spreadsheet")
        let json = try Fixtures.run(["sql", "--db", db, "--format", "json", "SELECT '=1' AS a"])
        XCTAssertTrue(json.stdout.contains("\"=1\""), "JSON keeps the value verbatim: \(json.stdout)")
    }

    func testAPlatformNamedThriceIsOneColumn() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let run = try Fixtures.run(["compare", "reorder-data-row", "--db", db, "--platforms", "ios,ios,iOS", "--format", "csv"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let header = run.stdout.split(separator: "\r\n").first.map(String.init) ?? ""
        XCTAssertEqual(header.lowercased().components(separatedBy: "ios").count - 1, 1, header)
    }

    func testUTF32WithItsMarkIsAnEncodingError() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("entry.md")
        var data = Data([0xFF, 0xFE, 0x00, 0x00])
        data.append("# Widget\n\n## Condensed\n\n- Tab: focus\n".data(using: .utf32LittleEndian)!)
        try data.write(to: file)
        let run = try Fixtures.run(["import", "--db", folder.appendingPathComponent("kb.sqlite").path, file.path])
        // The one file named is an error and nothing else was there: nothing could be done (2).
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("UTF-32"), run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("nothing recognisable"), run.stdout)
    }

    func testXDGDataHomeNamingAFileIsAClearError() throws {
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("data")
        try Data("x".utf8).write(to: file)
        let run = try Fixtures.run(["stats"], environment: ["XDG_DATA_HOME": file.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("\(file.path) is a regular file, not a folder"), run.stderr)
        // SQLite's code (512) is not the message; the path itself, a random folder, may hold "512".
        XCTAssertFalse(run.stderr.replacingOccurrences(of: file.path, with: "").contains("512"), run.stderr)
    }

    /// A link to a FIFO is not a regular file (and is never opened, which would block).
    func testALinkToAFIFOIsNotARegularFile() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(at: docs.appendingPathComponent("entry.md"),
                                                   withDestinationURL: folder.appendingPathComponent("fifo"))
        let run = try Fixtures.run(["import", "--verbose", "--db", folder.appendingPathComponent("kb.sqlite").path, docs.path])
        XCTAssertTrue(run.stdout.contains("not a regular file (symbolic link to a FIFO)"), run.stdout + run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("ermission denied"), run.stdout + run.stderr)
    }

    /// The knowledge base in the folder imported is not a document of it.
    func testAKnowledgeBaseInsideTheImportedFolderIsNotADocument() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try "# My widget\n\n## Condensed\n\n### Keyboard\n\n- Tab: focus moves to the widget\n"
            .write(to: folder.appendingPathComponent("my-widget.md"), atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("kb.sqlite").path
        for round in 1...2 {
            let run = try Fixtures.run(["import", "--db", db, folder.path])
            XCTAssertEqual(run.status, 0, "round \(round): \(run.stdout) \(run.stderr)")
            XCTAssertFalse((run.stdout + run.stderr).contains("kb.sqlite:"), run.stdout + run.stderr)
        }
    }

    /// A folder nobody here can read is reported, and the import is not done (status 1), even
    /// under --quiet: its files are unknown, not absent.
    func testAnUnreadableFolderIsAnErrorEvenUnderQuiet() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("root reads every folder: the import runs as another user (root and util-linux setpriv): skipped")
        }
        let top = try Fixtures.temporaryFolder(self)
        let folder = top.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(top.path, 0o777), 0)
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try "# Hidden widget\n\n## Condensed\n\n- Tab: focus\n".write(to: locked.appendingPathComponent("w.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(locked.path, 0o700), 0)
        try "# My widget\n\n## Condensed\n\n### Keyboard\n\n- Tab: focus moves to the widget\n"
            .write(to: folder.appendingPathComponent("my-widget.md"), atomically: true, encoding: .utf8)
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                          ["--reuid=65534", "--regid=65534", "--clear-groups", Fixtures.executable.path,
                                           "import", "--quiet", "--db", top.appendingPathComponent("kb.sqlite").path, folder.path],
                                          environment: ["PATH": "/usr/bin:/bin", "HOME": top.path])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("\(locked.path): folder cannot be read"), run.stderr)
    }

    /// `--db 'file:kb.sqlite'` names the file `file:kb.sqlite`; SQLite read it as a URI (`kb.sqlite`).
    func testADatabaseNameBeginningWithFileIsAFileName() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let run = try Fixtures.shell(#"cd "$1" && exec "$0" import --quiet --db 'file:kb.sqlite' "$2""#,
                                     [folder.path, Fixtures.seedFolder.appendingPathComponent("table.txt").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertTrue(names.contains("file:kb.sqlite"), "\(names)")
        XCTAssertFalse(names.contains("kb.sqlite"), "\(names)")
    }

    /// A knowledge base may have a name as long as the file system allows it and its `-journal`.
    func testALongKnowledgeBaseNameIsCreatedAndExported() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent(String(repeating: "k", count: 240) + ".sqlite").path
        let run = try Fixtures.run(["import", "--quiet", "--db", db, Fixtures.seedFolder.appendingPathComponent("table.txt").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let copy = folder.appendingPathComponent(String(repeating: "c", count: 240) + ".sqlite").path
        let export = try Fixtures.run(["export", "db", copy, "--db", db])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
    }

    /// Global options may come before any command, `trace` included (it opens no knowledge base).
    func testGlobalOptionsBeforeTraceAreAccepted() throws {
        let file = Fixtures.seedFolder.appendingPathComponent("table.txt").path
        let plain = try Fixtures.run(["trace", "--counts", file])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        for leading in [["--db", "elsewhere.sqlite"], ["--no-pager"], ["--db=x.sqlite", "--no-pager"]] {
            let run = try Fixtures.run(leading + ["trace", "--counts", file])
            XCTAssertEqual(run.status, 0, "\(leading): \(run.stderr)")
            XCTAssertEqual(run.stdout, plain.stdout)
        }
    }
}

/// Advice the library gives as a typed hint, worded by the command line (issue 36: no command is
/// named below the skins, so the words are the skin's).
final class HintWordingTests: XCTestCase {
    func testAnEmptyKnowledgeBaseAndAnUnknownCategoryAreWordedByTheCommandLine() throws {
        let empty = try Fixtures.emptyKnowledgeBase(self)
        let show = try QueryFixtures.run(["show", "button"], db: empty)
        XCTAssertEqual(show.status, 2, show.stderr)
        XCTAssertEqual(show.stderr, "a11ykb: no component \"button\" in the knowledge base (it holds none; import some with a11ykb import)\n")
        let seeded = try Fixtures.seededKnowledgeBase(self)
        let category = try QueryFixtures.run(["checklist", "--category", "controlz"], db: seeded)
        XCTAssertEqual(category.stderr, "a11ykb: no category \"controlz\"; closest: controls (a11ykb list categories)\n")
    }

    /// A name near none of the components is said so, with how to list them (DESIGN.md); before,
    /// the three nearest however far: `zzzqqq` was "closest: table, expandable, reorder-data-row".
    func testANameNearNoComponentSaysSoAndHowToListThem() throws {
        let seeded = try Fixtures.seededKnowledgeBase(self)
        let far = try QueryFixtures.run(["show", "zzzqqq"], db: seeded)
        XCTAssertEqual(far.status, 2, far.stderr)
        XCTAssertEqual(far.stderr, "a11ykb: no component \"zzzqqq\", and no name near it (a11ykb list components lists them)\n")
        let near = try QueryFixtures.run(["show", "tabel-row"], db: seeded)
        XCTAssertEqual(near.stderr, "a11ykb: no component \"tabel-row\"; closest: table-row-button\n")
    }
}
