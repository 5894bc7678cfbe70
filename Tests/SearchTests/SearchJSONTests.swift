import A11yKB
import Foundation
@testable import KBRender
import KBSearch
import TestSupport
import XCTest

/// A search's JSON writes its components and their facts as it reads them, without making each
/// object's tree first (`ComponentMatch.writeJSON`): byte for byte what the tree of the same
/// objects writes, in JSON and JSON Lines, with the rest of the answer after them or without it,
/// for every question of the relevance sets and the README's examples. Its bytes as a server
/// sends them (`renderedData`, never made a String) are the same tree's.
final class SearchJSONTests: XCTestCase {
    func testTheComponentsWrittenAsReadAreTheirObjectsWritten() throws {
        let kb = try Fixtures.importedKnowledgeBase(["magentaA11y-2026", "wcag", "act-rules", "axe-core"].map(Fixtures.corpus), self)
        var compared = 0
        for question in Set(try RankingIndexTests.questions()).sorted() {
            let answer = try kb.answering(dataVersion: "json") { try kb.findComponents(question, timeout: 0) }
            let result = answer.result, rules = answer.rules.items
            // From the held index: each fact's and component's own pairs are the ones it kept.
            XCTAssertTrue(result.components.allSatisfy { $0.kept != nil && $0.facts.allSatisfy { $0.kept != nil } }, question)
            let components = result.tabular.rows.map(result.tabular.object)
            let rest = SearchRendering.corrections(result.reading.corrections)
                + result.reading.criteria.map { JSONValue.object([("result", .string("criterion")), ("sc", .string($0.sc.description)), ("title", .string($0.title))]) }
                + rules.map { rule in JSONValue.object([("result", .string("rule"))] + zip(RuleHit.columns, rule.cells).map { ($0.name, $1.json) }) }
            for lines in [false, true] {
                XCTAssertEqual(ComponentSearchRendering.json(result, rules: rules, lines: lines),
                               SearchRendering.jsonList(components + rest, lines: lines), "\(question) (lines: \(lines))")
                XCTAssertEqual(ComponentSearchRendering.json(result, rules: rules, lines: lines, componentsOnly: true),
                               SearchRendering.jsonList(components, lines: lines), "\(question), the components alone (lines: \(lines))")
                XCTAssertEqual(try answer.document().renderedData(lines ? .jsonl : .json),
                               Data(SearchRendering.jsonList(components + rest, lines: lines).utf8), "\(question), as bytes (lines: \(lines))")
                XCTAssertEqual(answer.document().json(lines: lines), Array(SearchRendering.jsonList(components + rest, lines: lines).utf8),
                               "\(question), as the server's bytes (lines: \(lines))")
                XCTAssertEqual(try answer.document(componentsOnly: true).renderedData(lines ? .jsonl : .json),
                               Data(SearchRendering.jsonList(components, lines: lines).utf8), "\(question), the components alone as bytes (lines: \(lines))")
            }
            compared += 1
        }
        XCTAssertGreaterThan(compared, 300)
    }
}
