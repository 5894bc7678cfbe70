import A11yKB
@testable import KBStore
@testable import KBSearch
import GRDB
import TestSupport
import XCTest

/// A prefix query's shown facts are marked in one pass over the match (FTS5 merges the lists of
/// every word a prefix begins each time the match runs), and the marks are those one lookup per
/// fact gives.
final class PrefixMarkingTests: XCTestCase {
    /// The statements over the fact index a fact listing runs.
    func matchStatements(_ kb: KnowledgeBase, _ input: String) throws -> (statements: Int, hits: Int) {
        try kb.reader.read { db in
            var statements = 0
            db.trace(options: .statement) { event in
                if case let .statement(statement) = event, statement.sql.contains("search_index MATCH") { statements += 1 }
            }
            defer { db.trace(options: [], nil) }
            let result = try SearchEngine(db).facts(try SearchQuery(input), options: SearchOptions(limit: 0))
            return (statements, result.hits.count)
        }
    }

    func testAPrefixMarksUpToFiftyShownFactsPerRunOfTheMatch() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let prefix = try matchStatements(kb, "dim*")
        XCTAssertGreaterThanOrEqual(prefix.hits, 4)
        // Counted, ranked, marked: before, each shown fact was marked by a match of its own.
        XCTAssertEqual(prefix.statements, 3, "\(prefix.hits) hits")
        // A longer listing: one pass per `factsPerPass` facts.
        let many = try matchStatements(kb, "s*")
        XCTAssertEqual(many.statements, 2 + (many.hits + FactListing.factsPerPass - 1) / FactListing.factsPerPass, "\(many.hits) hits")
        // Whole words keep one lookup per fact, which seeks each word's list.
        let words = try matchStatements(kb, "dimmed")
        XCTAssertEqual(words.statements, 2 + words.hits)
    }

    func testOnePassMarksAsOneLookupPerFactDoes() throws {
        for kb in try QueryFixtures.seedAndCorpusKnowledgeBases(self) {
            try kb.reader.read { db in
                for input in ["dim*", "butt* state", "\"double ta\"*", "foc* NOT keyb*", "announce* OR swip*", "check*", "s*"] {
                    let match = try SearchQuery(input).fts5
                    // Up to three passes of `factsPerPass` (`s*` fills them on the corpus).
                    let rows = Array(try FactListing.ranked(db, match: match, options: SearchOptions(limit: 0)).0.prefix(3 * FactListing.factsPerPass - 10))
                    XCTAssertFalse(rows.isEmpty, input)
                    let onePass = try FactListing.marksInPasses(db, rows, match: match)
                    let byFact = try FactListing.marksFactByFact(db, rows, match: match)
                    XCTAssertEqual(Set(onePass.keys), Set(byFact.keys), input)
                    for row in rows {
                        XCTAssertEqual(onePass[row.key]?.snippet, byFact[row.key]?.snippet, "\(input) \(row.key)")
                        XCTAssertEqual(onePass[row.key]?.label, byFact[row.key]?.label, "\(input) \(row.key)")
                    }
                    XCTAssertTrue(onePass.values.contains { $0.snippet?.contains(HighlightedText.open) == true }, input)
                }
            }
        }
    }
}
