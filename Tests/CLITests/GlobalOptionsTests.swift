import A11yKB
@testable import KBResources
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// `a11ykb --version`, and the options every command takes (`--db`, `--no-pager`) before or after
/// the subcommand, as with git.
final class GlobalOptionsTests: XCTestCase {
    func testVersionNamesTheReleaseAndTheSchema() throws {
        let run = try Fixtures.run(["--version"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "a11ykb \(KnowledgeBase.version) (schema \(KnowledgeBase.schemaVersion))\n")
        // The last migration, whatever its number (pinned, it went stale with every migration).
        XCTAssertEqual(KnowledgeBase.schemaVersion, EmbeddedResources.migrations.last?.name)
        XCTAssertEqual(KnowledgeBase.schemaVersion.first?.isNumber, true)
    }

    func testDatabaseBeforeTheSubcommandIsTheSameAsAfter() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let after = try Fixtures.run(["search", "dimmed", "--db", db, "--format", "json"])
        XCTAssertEqual(after.status, 0, after.stderr)
        for arguments in [["--db", db, "search", "dimmed", "--format", "json"], ["--db=\(db)", "search", "dimmed", "--format", "json"],
                          ["--no-pager", "--db", db, "search", "--format", "json", "dimmed"]] {
            let before = try Fixtures.run(arguments)
            XCTAssertEqual(before.status, 0, "\(arguments): \(before.stderr)")
            XCTAssertEqual(before.stdout, after.stdout, arguments.description)
        }
        // A new file named before the subcommand is the knowledge base written to, not the default one.
        let folder = try Fixtures.temporaryFolder(self)
        let fresh = folder.appendingPathComponent("fresh.sqlite").path
        let imported = try Fixtures.run(["--db", fresh, "import", Fixtures.seedFolder.path],
                                        environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: fresh), "SELECT count(*) FROM components"), 4)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("data").path))

        // Before a group's subcommand too (plan save, plan list), and before a subcommand that
        // opens no knowledge base (acr render), where they are accepted and have nothing to say.
        let saved = try Fixtures.run(["--db", fresh, "--no-pager", "plan", "save", "r1", "table-row-button"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let listed = try Fixtures.run(["--db", fresh, "plan", "list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("r1"), listed.stdout)
        let report = folder.appendingPathComponent("r.yaml")
        try "title: t\nproduct: {name: p}\nauthor: {email: e}\n".write(to: report, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Fixtures.run(["--db", fresh, "acr", "render", report.path, "--format", "markdown"]).status, 0)
    }

    func testGlobalOptionsWithoutASubcommandAreStillAnError() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        XCTAssertNotEqual(try Fixtures.run(["--db", db]).status, 0)
        XCTAssertNotEqual(try Fixtures.run(["--db", db, "frobnicate"]).status, 0)
        XCTAssertNotEqual(try Fixtures.run(["--db"]).status, 0)
    }
}
