import A11yKB
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 34's errors a person can act on: one line that names the cause, status 2, never SQLite's
/// own words or a summary of noughts.
final class ActionableErrorTests: XCTestCase {
    func assertOneLine(_ arguments: [String], saying expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try assertRefusedInOneLine(arguments, saying: expected, file: file, line: line)
        XCTAssertFalse(run.stderr.contains("SQLite"), run.stderr, file: file, line: line)
    }

    /// SQLite refuses a LIKE pattern over 50,000 bytes ("LIKE or GLOB pattern too complex").
    func testAVeryLongWCAGQuery() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        try assertOneLine(["wcag", "--db", kb.path, String(repeating: "a", count: 50_000)], saying: "a word of 50000 characters")
    }

    /// A folder named like W3C's file, or any folder holding nothing a11ykb reads: the summary
    /// said "0 added, 0 replaced..." and status 0.
    func testAFolderNamedWCAGJSONHoldsNothingToImport() throws {
        let folder = try Fixtures.temporaryFolder(self).appendingPathComponent("wcag.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        try assertOneLine(["import", "--db", db, folder.path], saying: "nothing to import: \(folder.path) holds no file a11ykb reads")
    }

    /// axe's shape with a field of another type: the field is named, not "no violations list".
    func testAWronglyTypedAxeField() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("axe.json")
        try Data(##"{"violations": [{"id": "label", "tags": ["wcag412"], "nodes": [{"html": 5, "target": ["#a"]}]}], "incomplete": []}"##.utf8)
            .write(to: file)
        try assertOneLine(["explain", "--db", kb.path, file.path], saying: "violations[0].nodes[0].html is not text")
    }

    /// A read command that brings an older knowledge base's schema up to date writes the file: it
    /// says so once (an older a11ykb can no longer read it); it said nothing.
    func testAReadCommandSaysItBroughtAnOlderFileUpToDate() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        // The file as 0017 left it: 0018's column gone, and 0018 not yet applied.
        let queue = try DatabaseQueue(path: kb.path)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE plans DROP COLUMN notes_as_items")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = '0018_plan_notes'")
        }
        try queue.close()
        let first = try Fixtures.run(["list", "--db", kb.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "a11ykb: note: \(kb.path) was of an older a11ykb and is now brought up to date; older versions cannot read it\n")
        let second = try Fixtures.run(["list", "--db", kb.path])
        XCTAssertEqual(second.stderr, "", "said once: the file is now today's")
    }
}
