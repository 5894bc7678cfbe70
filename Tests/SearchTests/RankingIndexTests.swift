import A11yKB
import KBRender
@testable import KBSearch
import Foundation
import GRDB
import TestSupport
import XCTest

/// The ranking index a long-running reader holds (issue 52) answers as the SQL path does, byte for
/// byte: every question of the project's relevance sets and the README's search examples, over
/// today's knowledge base (the MagentaA11y checkout and the standards), through both.
final class RankingIndexTests: XCTestCase {
    func corpusKnowledgeBase() throws -> KnowledgeBase {
        try Fixtures.importedKnowledgeBase(["magentaA11y-2026", "wcag", "act-rules", "axe-core"].map(Fixtures.corpus), self)
    }

    /// The first column of every relevance set (relevance/questions*.tsv), and the queries the
    /// README's examples search for.
    static func questions() throws -> [String] {
        let folder = Fixtures.repoRoot.appendingPathComponent("relevance")
        var questions: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasPrefix("questions") && name.hasSuffix(".tsv") {
            for line in try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
            where !line.hasPrefix("#") {
                if let question = line.split(separator: "\t").first, !question.isEmpty { questions.append(String(question)) }
            }
        }
        let readme = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for line in readme.split(separator: "\n") {
            guard let start = line.range(of: "a11ykb search ")?.upperBound else { continue }
            let rest = line[start...]
            if rest.hasPrefix("'"), let end = rest.dropFirst().firstIndex(of: "'") {
                questions.append(String(rest[rest.index(after: rest.startIndex)..<end]))
            } else if let word = rest.split(separator: " ").first, !word.hasPrefix("-"), !word.hasPrefix("QUERY") {
                questions.append(String(word))
            }
        }
        return questions
    }

    func testTheHeldIndexAnswersEveryQuestionAsSQLDoes() throws {
        let kb = try corpusKnowledgeBase()
        let questions = try Self.questions()
        XCTAssertGreaterThan(Set(questions).count, 150, "the relevance sets and the README's examples")
        var compared = 0
        for question in questions {
            for options in [SearchOptions(limit: SearchOptions.defaultComponentLimit), SearchOptions(platform: .android, limit: 3)] {
                // The whole answer every skin gives: the components and the rules.
                let sql = try kb.findComponents(question, options: options, timeout: 0)
                let held = try kb.answering(dataVersion: "one") { try kb.findComponents(question, options: options, timeout: 0) }
                let expected = ComponentSearchRendering.json(sql.result, rules: sql.rules.items, lines: false) + " of \(sql.rules.total)"
                let answered = ComponentSearchRendering.json(held.result, rules: held.rules.items, lines: false) + " of \(held.rules.total)"
                XCTAssertEqual(answered, expected, "\(question) (\(options.platform?.rawValue ?? "every platform"))")
                if answered != expected { return }
                compared += 1
            }
            // Every rule the question finds, not only the first five: the held rules are all read.
            let rules = try kb.searchRules(question, limit: 0)
            let heldRules = try kb.answering(dataVersion: "one") { try kb.searchRules(question, limit: 0) }
            XCTAssertEqual(heldRules.items, rules.items, question)
            XCTAssertEqual(heldRules.total, rules.total, question)
        }
        let size = try XCTUnwrap(kb.heldRankingIndexSize, "the questions were answered from a held index")
        XCTAssertGreaterThan(size.texts, 1000)
        print("RankingIndexTests: \(compared) answers the same; the index holds \(size.texts) texts, about \(size.bytes / 1024) KB")
    }

    /// A long-running reader ranks the rules holding a question's words by bm25 computed from
    /// the counts it holds (`RuleSearch.Held.ranked`): the same ids in the same order as the
    /// statement over `search_rules`, rules scoring the same included (most questions have some),
    /// for the words of every question of the relevance sets.
    func testTheHeldRulesRankAsTheStatementDoes() throws {
        let kb = try corpusKnowledgeBase()
        let index = try XCTUnwrap(kb.reader.read { try RankingIndex($0) })
        var tied = 0
        try kb.reader.read { db in
            let porter = try IndexTokenizer(db, .porter)
            for question in try Self.questions() {
                let words = Set(question.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)).sorted()
                guard !words.isEmpty, let held = index.rules.ranked(words, porter: porter) else { continue }
                let rows = try Row.fetchAll(db, sql: """
                    SELECT r.id, bm25(search_rules, 4.0, 2.0, 1.0) AS rank
                    FROM search_rules JOIN v_rules r ON r.id = search_rules.rowid
                    WHERE search_rules MATCH ? AND r.deprecated = 0
                    ORDER BY rank
                    """, arguments: [words.map { "\"\($0)\"" }.joined(separator: " OR ")])
                XCTAssertEqual(held, rows.map { $0[0] as Int64 }, question)
                if Set(rows.map { $0[1] as Double }).count < rows.count { tied += 1 }
            }
        }
        XCTAssertGreaterThan(tied, 100, "questions whose rules score the same")
    }

    /// Whether the pages' prose (every column but the code examples) holds a word, answered from
    /// the held postings' columns (`holdsOutsideCode`, the closed compound's check), as FTS5's
    /// column filter answers it: for each word of the questions and each two neighbours joined
    /// (`spacebar`; `closemodal`, held only in code), held and not.
    func testTheHeldPostingsSayWhereTheProseHoldsAWordAsFTS5Does() throws {
        let kb = try corpusKnowledgeBase()
        let index = try XCTUnwrap(kb.reader.read { try RankingIndex($0) })
        var held = 0, codeOnly = 0, asked = Set<String>()
        try kb.reader.read { db in
            let plain = try IndexTokenizer(db, .plain)
            for question in try Self.questions() + ["close a modal", "space bar"] {
                let words = plain.words(question)
                for word in words + zip(words, words.dropFirst()).map({ $0 + $1 }) where asked.insert(word).inserted {
                    guard let answer = index.holdsOutsideCode(word, plain: plain) else { continue }
                    let fts5 = try QueryReading.matchesAny(db, QueryReading.outsideCode + SearchQuery.quoted(word))
                    XCTAssertEqual(answer, fts5, word)
                    if answer { held += 1 } else if try QueryReading.matchesAny(db, SearchQuery.quoted(word)) { codeOnly += 1 }
                }
            }
        }
        XCTAssertGreaterThan(held, 500, "words the prose holds")
        XCTAssertGreaterThan(codeOnly, 0, "words only the code examples hold (closemodal)")
    }

    /// The FTS5 pass of a question's words answered from the documents the index holds
    /// (`EvidencePass(held:)`) reads what FTS5 reads, field for field, for every question of the
    /// relevance sets whose expression it answers: phrases of several words included.
    func testTheHeldPassReadsWhatFTS5Reads() throws {
        let kb = try corpusKnowledgeBase()
        let index = try XCTUnwrap(kb.reader.read { try RankingIndex($0) })
        var answered = 0, phrases = 0
        try kb.reader.read { db in
            let words = try WordForms(db, held: index)
            for question in try Self.questions() {
                let read = try QueryReading(db, SearchQuery(question), words: words)
                guard read.reading.plain, !read.full.isEmpty else { continue }
                let expression = (read.full + read.named).map { "(" + $0 + ")" }.joined(separator: " OR ")
                let count = EvidencePass.phraseCount(expression)
                guard let held = EvidencePass(held: index, expression: expression, phrases: count, plain: words.plain) else { continue }
                let fts5 = try EvidencePass(db, expression: expression, phrases: count)
                XCTAssertEqual(held.ids, fts5.ids, question)
                XCTAssertEqual(held.hitStart, fts5.hitStart, question)
                XCTAssertEqual(held.hitPhrase, fts5.hitPhrase, question)
                XCTAssertEqual(held.hitColumns, fts5.hitColumns, question)
                XCTAssertEqual(held.hitFrequency, fts5.hitFrequency, question)
                XCTAssertEqual(held.phraseRows, fts5.phraseRows, question)
                XCTAssertEqual(held.titleTokens, fts5.titleTokens, question)
                XCTAssertEqual(held.tokens, fts5.tokens, question)
                XCTAssertEqual(held.rowCount, fts5.rowCount, question)
                XCTAssertEqual(held.averageTokens, fts5.averageTokens, question)
                answered += 1
                if EvidencePass.words(of: expression)?.contains(where: { $0.contains(" ") }) == true { phrases += 1 }
            }
        }
        print("RankingIndexTests: the held pass read as FTS5 for \(answered) questions, \(phrases) with a phrase of several words")
        XCTAssertGreaterThan(answered, 300, "questions whose pass the held documents answer")
        XCTAssertGreaterThan(phrases, 20, "with a phrase of several words")
    }

    /// The listing reads a few columns of each fact by position (`ComponentListing.FactColumn`):
    /// each position is the column it names in the statement as written.
    func testTheFactColumnsReadByPositionAreTheOnesNamed() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let names = try kb.reader.read { db in try db.makeStatement(sql: ComponentListing.factsSQL).columnNames }
        for (position, name) in ComponentListing.factColumnsNamed {
            XCTAssertEqual(names[position], name)
        }
    }

    /// A held text matched by its stems' numbers, in one pass, finds what its string does, in the
    /// same order: patterns that repeat, overlap, follow each other, come through an equivalent,
    /// end in a prefix, or name a stem no text holds.
    func testNumberedStemsMatchAsTheStringsDo() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.reader.read { db in
            let words = try WordForms(db)
            let text = "Tab, tab tab: the tab list lists tabs; a Tablist and tab-list. Dimmed tabs tab tab tab"
            var numbers: [String: Int32] = [:]
            let held = RankingIndex.tokenized(text, position: 0, words, numbering: &numbers)
            let typed: [(String, Bool, Int, String?)] = [("tab tab", false, 0, nil), ("tab", false, 1, nil), ("tab list", false, 2, nil),
                                                         ("tablist", false, 2, "tablist"), ("dimmed", false, 3, nil), ("nowhere", false, 4, nil),
                                                         ("tabl", true, 5, nil), ("list tab", false, 6, "list tab")]
            let patterns = typed.map { TermMatcher.Pattern(pieces: words.pieces($0.0, prefix: $0.1), term: $0.2, equivalent: $0.3) }
            let byStrings = TermMatcher(patterns: patterns, porter: words.porter, plain: words.plain).find(in: text)
            let matcher = TermMatcher(patterns: patterns, porter: words.porter, plain: words.plain, stemNumbers: numbers)
            XCTAssertNotNil(matcher.patternStarts)
            let byNumbers = matcher.find(in: held)
            XCTAssertEqual(byNumbers.marks, byStrings.marks)
            XCTAssertEqual(byNumbers.exact, byStrings.exact)
            XCTAssertEqual(byNumbers.viaEquivalent, byStrings.viaEquivalent)
            XCTAssertEqual(byNumbers.firstMatchToken, byStrings.firstMatchToken)
            XCTAssertEqual(byNumbers.tokens, byStrings.tokens)
            XCTAssertEqual(byStrings.exact, [0, 1, 2, 3, 5], "the text holds every word but one")
            XCTAssertGreaterThan(byStrings.marks.count, 10)
        }
    }

    /// A reader that names a new data version gets an index built for it; the same version
    /// reuses the one held.
    func testANewDataVersionBuildsANewIndex() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        _ = try kb.answering(dataVersion: "a") { try kb.searchComponents("toggle button") }
        let first = try XCTUnwrap(HeldRankingIndexes.held(path: kb.path))
        _ = try kb.answering(dataVersion: "a") { try kb.searchComponents("checkbox") }
        XCTAssertTrue(HeldRankingIndexes.held(path: kb.path) === first, "the same version, the same index")
        _ = try kb.answering(dataVersion: "b") { try kb.searchComponents("checkbox") }
        XCTAssertFalse(HeldRankingIndexes.held(path: kb.path) === first, "a new version, a new index")
        _ = try kb.searchComponents("checkbox")
        XCTAssertFalse(HeldRankingIndexes.held(path: kb.path) === first)
    }

    /// A file of more components than an index is held for holds none, and remembers that for
    /// its version: its questions read by SQL, with the same answers.
    func testAFileTooLargeHoldsNoIndex() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)  // four components
        let bySQL = try kb.searchComponents("toggle button")
        try kb.read { db in
            try HeldRankingIndexes.$version.withValue("small limit") {
                XCTAssertNil(try HeldRankingIndexes.current(path: kb.path, db, holdingAtMost: 3))
                XCTAssertNil(HeldRankingIndexes.held(path: kb.path))
                XCTAssertNil(try HeldRankingIndexes.current(path: kb.path, db), "the version is known as not held")
            }
            try HeldRankingIndexes.$version.withValue("large limit") {
                XCTAssertNotNil(try HeldRankingIndexes.current(path: kb.path, db, holdingAtMost: 4))
            }
        }
        XCTAssertNotNil(HeldRankingIndexes.held(path: kb.path))
        let held = try kb.answering(dataVersion: "large limit") { try kb.searchComponents("toggle button") }
        XCTAssertEqual(held.components.map(\.component), bySQL.components.map(\.component))
    }
}
