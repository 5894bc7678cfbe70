import A11yKB
import Foundation
import TestSupport
import XCTest

/// `--output PATH` writes only a regular file or a new path (issue 13, case 1): renaming a
/// temporary file over the path once replaced the knowledge base itself, a device, a FIFO, a
/// symbolic link, and lost a read-only file's mode.
final class OutputFileTests: XCTestCase {
    func export(_ db: String, to output: String) throws -> Fixtures.Run {
        try Fixtures.run(["export", "matrix", "--db", db, "--output", output])
    }

    func assertOneLine(_ run: Fixtures.Run, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("a11ykb: ") && run.stderr.contains(text), run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)", file: file, line: line)
    }

    func testOutputNamingTheKnowledgeBaseIsRefusedAndTheKnowledgeBaseKept() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.bytes(db)
        assertOneLine(try export(db, to: db), "refusing to write \(db): it is the knowledge base")
        // Another name for the same file: a symbolic link to it.
        let link = (db as NSString).deletingLastPathComponent + "/alias.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: db)
        assertOneLine(try export(db, to: link), "it is the knowledge base")
        XCTAssertEqual(try Fixtures.bytes(db), before)
        let stats = try Fixtures.run(["stats", "--db", db])
        XCTAssertEqual(stats.status, 0, stats.stderr)
    }

    /// An output naming one of the command's own inputs (by its name, or by a hard link) is refused
    /// and the input kept: `acr render v.yaml -o v.yaml` turned the report into HTML, and
    /// `report r1.csv -o r1.csv` replaced the testers' filled results.
    func testOutputNamingAnInputIsRefusedAndTheInputKept() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let report = folder.appendingPathComponent("v.yaml").path
        try "title: Shop ACR\nproduct:\n  name: Shop\nauthor:\n  email: a@example.com\ncatalog: 2.5-edition-wcag-2.2-508-en\nchapters: {}\n"
            .write(toFile: report, atomically: true, encoding: .utf8)
        let before = try Fixtures.bytes(report)
        assertOneLine(try Fixtures.run(["acr", "render", report, "-o", report]), "refusing to write \(report): it is an input of this command")
        let hardLink = folder.appendingPathComponent("same.yaml").path
        XCTAssertEqual(link(report, hardLink), 0)
        assertOneLine(try Fixtures.run(["acr", "render", report, "--format", "html", "-o", hardLink]), "it is the input \(report) of this command")
        XCTAssertEqual(try Fixtures.bytes(report), before)

        let plan = try Fixtures.run(["checklist", "table-row-button", "--format", "csv", "--db", db])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let results = folder.appendingPathComponent("r1.csv").path
        try plan.stdout.write(toFile: results, atomically: true, encoding: .utf8)
        let filled = try Fixtures.bytes(results)
        assertOneLine(try Fixtures.run(["report", results, "-o", results, "--db", db]), "it is an input of this command")
        XCTAssertEqual(try Fixtures.bytes(results), filled)
        // Another file is written as before.
        let elsewhere = try Fixtures.run(["acr", "render", report, "-o", folder.appendingPathComponent("v.html").path])
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
    }

    func testOutputRefusesFIFOsFoldersAndDevices() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        assertOneLine(try export(db, to: fifo), "it is a FIFO, not a regular file")
        XCTAssertEqual(Fixtures.fileType(fifo), S_IFIFO, "the FIFO is still a FIFO")

        assertOneLine(try export(db, to: folder.path), "it is a directory, not a regular file (leave out --output to write to stdout)")

        // A device like /dev/full, made here (a character device needs root; /dev itself is left alone).
        let device = folder.appendingPathComponent("full").path
        // Device 1,7 (/dev/full): makedev(1, 7) on Linux.
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 else {
            throw XCTSkip("cannot make a device node here (not root): the device case is skipped")
        }
        assertOneLine(try export(db, to: device), "it is a character device, not a regular file")
        XCTAssertEqual(Fixtures.fileType(device), S_IFCHR, "the device is still a device")
    }

    func testOutputFollowsASymbolicLinkAndKeepsAFilesMode() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let target = folder.appendingPathComponent("matrix.csv").path
        let link = folder.appendingPathComponent("latest.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let viaLink = try export(db, to: link)
        XCTAssertEqual(viaLink.status, 0, viaLink.stderr)
        XCTAssertTrue(Fixtures.isSymbolicLink(link), "the link is still a link")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("component,family,category,title"),
                      "the link's target holds the export")

        let readOnly = folder.appendingPathComponent("read-only.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: readOnly))
        XCTAssertEqual(chmod(readOnly, 0o444), 0)
        let run = try export(db, to: readOnly)
        if getuid() == 0 {
            // Root may write it (as `>` would): the content is new, the mode is the file's own.
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(try String(contentsOfFile: readOnly, encoding: .utf8).hasPrefix("component,"))
        } else {
            assertOneLine(run, "cannot write \(readOnly): Permission denied")
        }
        XCTAssertEqual(Fixtures.mode(readOnly), 0o444, "the file keeps its mode")

        let private640 = folder.appendingPathComponent("private.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: private640))
        XCTAssertEqual(chmod(private640, 0o640), 0)
        XCTAssertEqual(try export(db, to: private640).status, 0)
        XCTAssertEqual(Fixtures.mode(private640), 0o640, "the file keeps its mode")
    }
}
