import A11yKB
import Foundation
import TestSupport
import XCTest

/// Caption transcripts are never lost (issue 24, item 3): a copy's captions replace the first
/// checkout's; when the copy's entry goes, its captions go with it, and the first checkout's must
/// come back with their component instead of being skipped as unchanged for good.
final class CaptionRecoveryTests: XCTestCase {
    func testCaptionsComeBackWhenTheCopyThatReplacedThemLosesItsEntry() throws {
        let fixture = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout")
        let a = try Fixtures.copy(fixture, self, as: "a"), b = try Fixtures.copy(fixture, self, as: "b")
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let transcripts = """
            SELECT count(*) FROM announcements a JOIN components c ON c.id = a.component_id
            WHERE a.origin = 'transcript' AND c.slug = 'toggle-button'
            """
        func count() throws -> Int { try Fixtures.int(try KnowledgeBase(path: db), transcripts) }
        func importing(_ folder: URL) throws -> Fixtures.Run {
            let run = try Fixtures.run(["import", "--verbose", "--db", db, folder.path])
            XCTAssertEqual(run.status, 0, run.stderr)
            return run
        }
        _ = try importing(a)
        let cues = try count()
        XCTAssertGreaterThan(cues, 0)
        _ = try importing(b)
        XCTAssertEqual(try count(), cues, "the copy's captions replaced the first's")
        // The copy loses its entry (both eras of it): the component and the copy's captions go.
        for entry in ["public/content/documentation/web/component/toggle-button.md", "_checklist-web/toggle-button.md"] {
            try FileManager.default.removeItem(at: b.appendingPathComponent(entry))
        }
        XCTAssertTrue(try importing(b).stdout.contains("removed"))
        XCTAssertEqual(try count(), 0)
        let back = try importing(a)
        XCTAssertEqual(try count(), cues, "the first checkout's captions come back with its entry: \(back.stdout)")
        XCTAssertEqual(try count(), cues)
        let again = try importing(a)
        XCTAssertTrue(again.stdout.contains("0 added"), again.stdout)
        XCTAssertEqual(try count(), cues)
    }
}
