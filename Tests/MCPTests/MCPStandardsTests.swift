import A11yKB
import Foundation
import TestSupport
import XCTest

/// The standards' tools over JSON-RPC: a success criterion, coverage, and rules in find_components,
/// on today's MagentaA11y checkout with the ACT rules and axe-core.
final class MCPStandardsTests: XCTestCase {
    nonisolated(unsafe) static var shared: KnowledgeBase?
    var client: MCPClient!

    override func setUpWithError() throws {
        let paths = try ["magentaA11y-2026", "act-rules", "axe-core"].map { try Fixtures.corpus($0).path }
        if Self.shared == nil {
            let folder = try Fixtures.temporaryFolder(self)
            let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
            _ = try kb.importFiles(paths)
            Self.shared = kb
            addTeardownBlock { Self.shared = nil }
        }
        client = try MCPClient(["mcp", "--db", Self.shared!.path])
        _ = try client.initialize()
    }

    override func tearDownWithError() throws {
        guard let client else { return }
        XCTAssertEqual(client.finish().status, 0)
    }

    func testSuccessCriterionCoverageAndRules() throws {
        let one = try client.call("get_success_criterion", ["criterion": "4.1.2"])
        let tested = one.structured["tested_by"] as? [[String: Any]] ?? []
        XCTAssertTrue(tested.contains { $0["via"] as? String == "axe" && $0["id"] as? String == "button-name" })
        XCTAssertTrue(tested.contains { $0["via"] as? String == "act" && $0["id"] as? String == "97a4e1" })
        XCTAssertTrue(tested.contains { $0["via"] as? String == "magentaa11y" && $0["link"] as? String == "cited" })

        let coverage = try client.call("get_coverage", ["family": "web", "level": "AA"])
        let rows = coverage.structured["criteria"] as? [[String: Any]] ?? []
        let totals = coverage.structured["totals"] as? [String: Int] ?? [:]
        // Every active criterion of the built-in WCAG 2.2 to AA (derived from the catalogue, not pinned).
        XCTAssertEqual(rows.count, Fixtures.activeCriteria(upTo: .aa))
        XCTAssertEqual(totals.values.reduce(0, +), rows.count)
        XCTAssertTrue(coverage.text.contains("not conformance"))

        let found = try client.call("find_components", ["query": "button has no accessible name"])
        let rules = found.structured["rules"] as? [[String: Any]] ?? []
        XCTAssertTrue(rules.contains { $0["kind"] as? String == "axe" && $0["rule"] as? String == "button-name" })
        XCTAssertTrue(found.text.contains("Automated rules"))
    }
}
