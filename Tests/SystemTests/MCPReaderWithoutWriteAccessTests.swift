import A11yKB
import Foundation
import TestSupport
import XCTest

/// An MCP server started by a user who cannot write the knowledge base (issue 24, item 7) opens it
/// immutable; after the owner imported, it answered "database disk image is malformed" from some
/// tools and stale counts from others until restarted.
final class MCPReaderWithoutWriteAccessTests: XCTestCase {
    func testAServerWithoutWriteAccessAnswersFromTheOwnersLatestImport() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("running the server as another user needs root and util-linux setpriv: skipped")
        }
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let folder = (db as NSString).deletingLastPathComponent
        XCTAssertEqual(chmod(folder, 0o755), 0)
        XCTAssertEqual(chmod(db, 0o644), 0)
        let nobody: uid_t = 65534
        // A checkout in a private folder (mktemp -d is 0700) is out of that user's reach: say so.
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        probe.arguments = ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "/bin/sh", "-c",
                           "test -x \"$0\" && test -r \"$1\"", Fixtures.executable.path, db]
        try probe.run()
        probe.waitForExit()
        guard probe.terminationStatus == 0 else {
            throw XCTSkip("user \(nobody) cannot reach \(Fixtures.executable.path) or \(db) (a private folder above them): skipped")
        }
        let client = try MCPClient(["mcp", "--db", db], user: nobody)
        _ = try client.initialize()
        let before = try client.call("list_components")
        XCTAssertFalse(before.isError, before.text)
        XCTAssertFalse(before.text.contains("toggle-button"))

        // The owner imports (twice: the second time the file changes under a reader already refreshed once).
        let checkout = try Fixtures.copy(Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout"), self, as: "checkout")
        for round in 1...2 {
            if round == 2 {
                let entry = checkout.appendingPathComponent("public/content/documentation/web/component/toggle-button.md")
                try FileManager.default.moveItem(at: entry, to: entry.deletingLastPathComponent().appendingPathComponent("toggle-switch.md"))
            }
            let run = try Fixtures.run(["import", "--db", db, checkout.path])
            XCTAssertEqual(run.status, 0, run.stderr)
            let slug = round == 1 ? "toggle-button" : "toggle-switch"
            for tool in ["list_components", "search"] {
                let answer = try client.call(tool, tool == "search" ? ["query": "toggle"] : [:])
                XCTAssertFalse(answer.isError, "\(tool), round \(round): \(answer.text)")
                XCTAssertFalse(answer.text.contains("malformed"), answer.text)
                XCTAssertTrue(answer.text.contains(slug), "\(tool), round \(round): the owner's import is seen: \(answer.text.prefix(600))")
            }
            let shown = try client.call("get_component", ["component": slug, "format": "condensed"])
            XCTAssertFalse(shown.isError, shown.text)
        }
        let end = client.finish()
        XCTAssertEqual(end.status, 0, end.stderr)
    }
}
