import A11yKB
@testable import KBQuery
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 34: explain's work follows the distinct elements of a run, not its nodes (20,000 nodes
/// took 25 s over MCP, a query per node no component answers to), and nodes with one HTML are one
/// entry with their targets kept. Work is counted in SQL statements, never timed.
final class AxeExplanationScaleTests: XCTestCase {
    /// A run whose `color-contrast` rule reports `count` paragraphs (no component answers to a
    /// `<p>`: the testing guide is looked up) in three kinds of HTML, and `count` buttons of one.
    func run(_ count: Int) -> Data {
        let paragraphs = (0..<count).map { i in
            ##"{"html": "<p class=\"c\##(i % 3)\">Faint</p>", "target": ["#p\##(i)"]}"##
        }
        let buttons = (0..<count).map { i in ##"{"html": "<button></button>", "target": ["#b\##(i)"]}"## }
        return Data("""
            {"testEngine": {"version": "4.12.1"}, "violations": [
              {"id": "color-contrast", "impact": "serious", "tags": ["wcag2aa", "wcag143"], "help": "h", "nodes": [\(paragraphs.joined(separator: ","))]},
              {"id": "button-name", "impact": "critical", "tags": ["wcag2a", "wcag412"], "help": "h", "nodes": [\(buttons.joined(separator: ","))]}
            ], "incomplete": []}
            """.utf8)
    }

    func statements(_ kb: KnowledgeBase, _ data: Data) throws -> (count: Int, explanation: AxeExplanation) {
        try kb.reader.read { db in
            var count = 0
            db.trace { _ in count += 1 }
            defer { db.trace(options: [], nil) }
            let explanation = try AxeExplanation.explain(db, data)
            return (count, explanation)
        }
    }

    func testWorkFollowsDistinctElementsNotNodes() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let small = try statements(kb, run(6))
        let large = try statements(kb, run(3_000))
        XCTAssertEqual(large.count, small.count, "as many statements for 3,000 nodes as for 6")
        XCTAssertEqual(large.explanation.nodeCount, 6_000, "every node counted")
        let contrast = try XCTUnwrap(large.explanation.rules.first)
        XCTAssertEqual(contrast.nodes.count, 3, "one entry per HTML")
        XCTAssertEqual(contrast.nodes.first?.component?.name, "how-to-test/color-contrast")
        XCTAssertEqual(contrast.nodes.map(\.count), [1_000, 1_000, 1_000])
        XCTAssertEqual(contrast.nodes.first?.alsoAt.prefix(2), ["#p3", "#p6"], "the other targets kept, in order")
    }

    /// The MCP tool's cap: entries past it are counted, not sent; every rule keeps its row.
    func testKeepingNodesCountsWhatItLeavesOut() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let explanation = try kb.explainAxeResults(run(3)).keepingNodes(2)
        XCTAssertEqual(explanation.rules.map(\.nodes.count), [2, 0])
        XCTAssertEqual(explanation.omittedNodes, 2)
        XCTAssertTrue(explanation.markdown.contains("2 more node entries not shown."), explanation.markdown)
        XCTAssertTrue(explanation.markdown.contains("## button-name"), "a rule whose nodes are all cut keeps its row")
    }
}
