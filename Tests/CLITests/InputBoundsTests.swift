import A11yKB
import Foundation
import TestSupport
import XCTest

/// Issue 34: what report, explain and acr build read is held to the reader's limit before a byte
/// is read (a 1.5 GB CSV was read whole, 9 GB resident, only to be refused; 200 MB here), and a folder or a
/// device given as the input is named as what it is, in one line, status 2.
final class InputBoundsTests: XCTestCase {
    /// A sparse file: its size says gigabytes, the disk holds nothing.
    func sparse(_ name: String, megabytes: UInt64) throws -> String {
        let path = try Fixtures.temporaryFolder(self).appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: megabytes << 20)
        try handle.close()
        return path
    }

    func assertRefused(_ arguments: [String], saying expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertRefusedInOneLine(arguments, saying: expected, file: file, line: line)
    }

    func testLargeInputsAreRefusedUnread() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        let csv = try sparse("results.csv", megabytes: 200)
        let json = try sparse("axe.json", megabytes: 200)
        try assertRefused(["report", "--db", kb.path, csv], saying: "larger than 64 MB: not a results file; not read")
        // explain reads any evidence file now, axe-core's among them.
        try assertRefused(["explain", "--db", kb.path, json], saying: "larger than 128 MB: not an evidence file; not read")
        try assertRefused(["evidence", "--db", kb.path, json], saying: "larger than 128 MB: not an evidence file; not read")
        try assertRefused(["acr", "build", "--db", kb.path, "--evidence", json], saying: "larger than 128 MB")
        try assertRefused(["acr", "build", "--db", kb.path, "--results", csv], saying: "larger than 64 MB")
        try assertRefused(["acr", "build", "--db", kb.path, "--axe", json], saying: "larger than 128 MB")
    }

    func testAFolderOrADeviceIsNamed() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        let folder = try Fixtures.temporaryFolder(self).path
        try assertRefused(["report", "--db", kb.path, folder], saying: "it is a directory, not a file")
        try assertRefused(["explain", "--db", kb.path, folder], saying: "it is a directory, not a file")
        try assertRefused(["explain", "--db", kb.path, "/dev/null"], saying: "it is a character device, not a file")
    }
}
