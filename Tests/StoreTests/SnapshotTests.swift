import A11yKB
import Foundation
import TestSupport
import XCTest

/// A question made of several reads sees one state of the file: what a server needs, so that an
/// import committing between two reads of one request never shows half of it.
final class SnapshotTests: XCTestCase {
    func testReadsInOneSnapshotSeeTheSameFileWhileAnotherConnectionWrites() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let writer = try KnowledgeBase.open(existing: kb.path)
        let (first, second) = try kb.inSnapshot { () -> (Int, Int) in
            let before = try kb.plans().count
            _ = try writer.savePlan("written meanwhile", checklist: try writer.checklist(["expandable-region"]))
            return (before, try kb.plans().count)
        }
        XCTAssertEqual(first, 0)
        XCTAssertEqual(second, first, "the second read of the question sees the snapshot of the first")
        XCTAssertEqual(try kb.plans().count, 1, "the next question sees the write")
    }
}
