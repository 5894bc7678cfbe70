import A11yKB
import Foundation
import TestSupport
import XCTest

/// Mirroring a checkout removes only what its layout owns and is gone from disk (issue 24, item 2;
/// item 9's dangling link): a file imported by name that the layout ignores, a file in a hidden
/// folder, and a component whose file is now a dangling link all stay.
final class MirrorOwnershipTests: XCTestCase {
    func components(_ db: String) throws -> [String] {
        try Fixtures.strings(try KnowledgeBase(path: db), "SELECT slug FROM components ORDER BY slug")
    }

    /// A loose entry whose title names its component.
    func writeEntry(_ file: URL, title: String) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# \(title)\n\n## Condensed\n\n### Keyboard\n\n- Tab: focus moves to the widget\n".write(to: file, atomically: true, encoding: .utf8)
    }

    func testNamedFilesTheLayoutIgnoresAndHiddenFilesAreNeverPruned() throws {
        let outer = try Fixtures.temporaryFolder(self).appendingPathComponent("outer")
        let checkout = outer.appendingPathComponent("co")
        try FileManager.default.createDirectory(at: outer, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: try Fixtures.generatedCheckout(self, count: 2), to: checkout)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let widget = checkout.appendingPathComponent("my-widget.md")
        let draft = outer.appendingPathComponent(".drafts/my-draft.md")
        try writeEntry(widget, title: "My widget")
        try writeEntry(draft, title: "My draft")
        for path in [checkout.path, widget.path, draft.path] {
            let run = try Fixtures.run(["import", "--db", db, path])
            XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        }
        XCTAssertEqual(try components(db), ["generated-0", "generated-1", "my-draft", "my-widget"])
        for path in [checkout.path, outer.path] {
            let run = try Fixtures.run(["import", "--verbose", "--db", db, path])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertFalse(run.stdout.contains("removed"), "import \(path): \(run.stdout)")
            XCTAssertEqual(try components(db), ["generated-0", "generated-1", "my-draft", "my-widget"], path)
        }
        // What the layout owns and is gone from disk still goes.
        try FileManager.default.removeItem(at: checkout.appendingPathComponent("public/content/documentation/native/controls/generated-1.md"))
        let run = try Fixtures.run(["import", "--verbose", "--db", db, outer.path])
        XCTAssertTrue(run.stdout.contains("removed (1):\n  generated-1"), run.stdout)
        XCTAssertEqual(try components(db), ["generated-0", "my-draft", "my-widget"])
    }

    /// A link whose target is gone (a drive not mounted, a moved folder) says nothing about the
    /// entry: the component stays, and the link is reported.
    func testADanglingLinkDoesNotPruneItsComponent() throws {
        let checkout = try Fixtures.generatedCheckout(self, count: 2)
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let file = checkout.appendingPathComponent("public/content/documentation/native/controls/generated-1.md")
        let target = try Fixtures.temporaryFolder(self).appendingPathComponent("elsewhere.md")
        try FileManager.default.moveItem(at: file, to: target)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, checkout.path]).status, 0)
        XCTAssertEqual(try components(db), ["generated-0", "generated-1"])
        try FileManager.default.removeItem(at: target)
        let run = try Fixtures.run(["import", "--verbose", "--db", db, checkout.path])
        XCTAssertFalse(run.stdout.contains("removed"), run.stdout)
        XCTAssertTrue((run.stdout + run.stderr).contains("broken or looping symbolic link"), run.stdout + run.stderr)
        XCTAssertEqual(try components(db), ["generated-0", "generated-1"])
    }
}
