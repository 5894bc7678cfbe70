import A11yKB
import Foundation
import TestSupport
import XCTest

/// `export db FILE` puts its file in place under the rules of any `--output` (issue 24, item 4):
/// it once renamed its copy over a FIFO, a device node or a symbolic link, exit 0 (as root,
/// `export db /dev/null` would have replaced /dev/null).
final class ExportDatabaseTargetTests: XCTestCase {
    func exportDB(_ db: String, to file: String) throws -> Fixtures.Run {
        try Fixtures.run(["export", "db", file, "--db", db])
    }

    func assertRefused(_ run: Fixtures.Run, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("a11ykb: ") && run.stderr.contains(text), run.stderr, file: file, line: line)
        XCTAssertFalse(run.stderr.contains("--output"), "export db has no --output to leave out: \(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)", file: file, line: line)
    }

    func testExportDBRefusesFIFOsFoldersDevicesAndLinksToNothing() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        assertRefused(try exportDB(db, to: fifo), "it is a FIFO, not a regular file")
        XCTAssertEqual(Fixtures.fileType(fifo), S_IFIFO, "the FIFO is still a FIFO")

        let sub = folder.appendingPathComponent("sub").path
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        assertRefused(try exportDB(db, to: sub), "it is a directory, not a regular file")

        let dangling = folder.appendingPathComponent("dangling.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/nothing/here.sqlite")
        assertRefused(try exportDB(db, to: dangling), "symbolic link to nothing")
        XCTAssertTrue(Fixtures.isSymbolicLink(dangling), "the link is still a link")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }, [],
                       "no temporary file left")

        let device = folder.appendingPathComponent("full").path
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 else {
            throw XCTSkip("cannot make a device node here (not root): the device case is skipped")
        }
        assertRefused(try exportDB(db, to: device), "it is a character device, not a regular file")
        XCTAssertEqual(Fixtures.fileType(device), S_IFCHR, "the device is still a device")
    }

    func testExportDBFollowsASymbolicLinkAndKeepsTheFilesMode() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let target = folder.appendingPathComponent("published.sqlite").path
        let link = folder.appendingPathComponent("latest.sqlite").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(chmod(target, 0o640), 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try exportDB(db, to: link)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(Fixtures.isSymbolicLink(link), "the link is still a link")
        XCTAssertEqual(Fixtures.mode(target), 0o640, "the file keeps its mode")
        let facts = "SELECT (SELECT count(*) FROM components) || ' ' || (SELECT count(*) FROM criteria)"
        let copy = try Fixtures.run(["sql", "--db", target, "--format", "csv", facts])
        XCTAssertEqual(copy.status, 0, copy.stderr)
        XCTAssertEqual(try Fixtures.run(["sql", "--db", db, "--format", "csv", facts]).stdout, copy.stdout, "the link's target holds the copy")
    }
}
