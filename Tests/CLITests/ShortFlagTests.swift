import A11yKB
import Foundation
import TestSupport
import XCTest

/// The README lists -f (--format) and -p (--platform) for every command that has the option; the
/// newer commands had only the long names (issue 34: "Unknown option '-f'").
final class ShortFlagTests: XCTestCase {
    func testFormatAndPlatformHaveTheirShortFlagsEverywhere() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        let db = kb.path
        let results = try Fixtures.temporaryFolder(self).appendingPathComponent("results.csv").path
        let checklist = try Fixtures.run(["checklist", "--db", db, "reorder-data-row", "-p", "ios", "-f", "csv", "-o", results])
        XCTAssertEqual(checklist.status, 0, checklist.stderr)
        XCTAssertEqual(try Fixtures.run(["plan", "save", "--db", db, "p1", "reorder-data-row", "-p", "ios"]).status, 0)
        for arguments in [
            ["plan", "show", "--db", db, "p1", "-f", "csv"],
            ["report", "--db", db, results, "-f", "csv"],
            ["diff", "--db", db, db, "-f", "csv"],
            ["show", "--db", db, "reorder-data-row", "-p", "ios"],
            ["coverage", "--db", db, "-p", "ios"],
            ["export", "--db", db, "matrix", "-p", "ios"],
        ] {
            let run = try Fixtures.run(arguments)
            XCTAssertNotEqual(run.status, 2, "\(arguments.joined(separator: " ")): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("Unknown option"), run.stderr)
        }
    }
}
