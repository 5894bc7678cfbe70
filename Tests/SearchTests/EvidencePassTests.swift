import A11yKB
@testable import KBSearch
import Foundation
import GRDB
import TestSupport
import XCTest

/// The one pass the evidence ranking reads the component index with (`EvidencePass`): the columns
/// each component holds each phrase in, and bm25 computed from the same counts, which must be
/// FTS5's own bm25 to the last bits, or the ranking would drift from what it was measured as.
final class EvidencePassTests: XCTestCase {
    /// Expressions as the search writes them: a word in its forms, a prefix, a phrase of two
    /// tokens, and an escaped quote.
    let expressions = [
        #"("button" OR "buttons") OR ("focus" OR "focused") OR "double tap""#,
        #""activ" * OR ("state" OR "states") OR "voiceover""#,
        #""say ""hello""" OR "button""#,
    ]

    /// The seed, and today's checkout when the corpus is there (real content, hundreds of rows).
    func knowledgeBases() throws -> [KnowledgeBase] {
        var knowledgeBases = [try Fixtures.seededKnowledgeBase(self)]
        if let corpus = try? CorpusImports.checkout("magentaA11y-2026").0 { knowledgeBases.append(corpus) }
        return knowledgeBases
    }

    func testBM25IsFTS5sOwn() throws {
        let weights = ComponentListing.columnWeights
        for kb in try knowledgeBases() {
          try kb.reader.read { db in
            for expression in expressions {
                let pass = try EvidencePass(db, expression: expression, phrases: EvidencePass.phraseCount(expression))
                var fts5: [Int64: Double] = [:]
                for row in try Row.fetchAll(db, sql: """
                    SELECT rowid, bm25(search_components, \(weights.title), \(weights.category), \(weights.body), \(weights.labels), \(weights.code))
                    FROM search_components WHERE search_components MATCH ?
                    """, arguments: [expression]) {
                    fts5[row[0]] = row[1]
                }
                XCTAssertGreaterThan(fts5.count, 0, expression)
                XCTAssertEqual(Set(pass.ids), Set(fts5.keys), "the same components as FTS5 finds: \(expression)")
                let sizes = try EvidencePass.sizes(db, pass.ids)
                for (row, id) in pass.ids.enumerated() {
                    let expected = try XCTUnwrap(fts5[id])
                    XCTAssertEqual(pass.bm25(row: row, tokens: try XCTUnwrap(sizes[id]).all), expected, accuracy: abs(expected) * 1e-12, "\(expression): component \(id)")
                }
            }
          }
        }
    }

    /// The pass refuses an expression whose phrases it counted wrong (each word's phrases would
    /// be read as another word's), and counts as FTS5 numbers them.
    func testPhrasesAreCountedAsFTS5CountsThem() throws {
        XCTAssertEqual(EvidencePass.phraseCount(#""say ""hello""" OR "checkbox""#), 2)
        XCTAssertEqual(EvidencePass.phraseCount(#"("a" OR "b c") AND "d" *"#), 3)
        XCTAssertEqual(EvidencePass.phraseCount(""), 0)
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.writer().read { db in
            for expression in expressions {
                XCTAssertNoThrow(try EvidencePass(db, expression: expression, phrases: EvidencePass.phraseCount(expression)), expression)
                XCTAssertThrowsError(try EvidencePass(db, expression: expression, phrases: EvidencePass.phraseCount(expression) + 1), expression)
            }
        }
    }

    /// Which columns hold a phrase: a word only a code example holds is in the code column alone;
    /// a title word is in the title.
    func testColumnsSayWhereAComponentHoldsAPhrase() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.writer().write { db in
            try db.execute(sql: """
                INSERT INTO code_examples (component_id, language, code, position, source_id, line)
                SELECT id, 'html', '<nav class="zanzibar-menu"></nav>', 1, source_id, 1 FROM components WHERE slug = 'table'
                """)
        }
        try kb.writer().read { db in
            let table = try XCTUnwrap(Int64.fetchOne(db, sql: "SELECT id FROM components WHERE slug = 'table' AND family = 'native'"))
            let pass = try EvidencePass(db, expression: #""zanzibar" OR "table""#, phrases: 2)
            let row = try XCTUnwrap(pass.ids.firstIndex(of: table))
            var columns: [Int: Int] = [:]
            for hit in pass.hitStart[row]..<pass.hitStart[row + 1] { columns[pass.hitPhrase[hit]] = pass.hitColumns[hit] }
            XCTAssertEqual(columns[0], EvidencePass.code, "zanzibar: only in code")
            XCTAssertEqual(try XCTUnwrap(columns[1]) & EvidencePass.title, EvidencePass.title, "table: in the title")
        }
    }

    /// A component's length in tokens, read from the index's own record, is what the index's
    /// tokenizer makes of its text: per column, for every component of the seed.
    func testSizesAreTheIndexsOwnCounts() throws {
        for kb in try knowledgeBases() {
          try kb.reader.read { db in
            let plain = try WordForms(db).plain
            let rows = try Row.fetchAll(db, sql: "SELECT id, title, category, body, labels, code FROM search_component_text")
            XCTAssertGreaterThan(rows.count, 3)
            let sizes = try EvidencePass.sizes(db, rows.map { $0[0] })
            for row in rows {
                let id: Int64 = row[0]
                let columns = (1...5).map { plain.tokens((row[$0] as String?) ?? "").count }
                let size = try XCTUnwrap(sizes[id], "component \(id)")
                XCTAssertEqual(size.title, columns[0], "component \(id)'s title")
                XCTAssertEqual(size.all, columns.reduce(0, +), "component \(id)'s text")
            }
          }
        }
    }
}
