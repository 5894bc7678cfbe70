import A11yKB
@testable import KBModel
@testable import KBStore
@testable import KBSearch
@testable import KBRender
import Foundation
import GRDB
import TestSupport
import XCTest

/// The component search (schema 0007): components first, plain language, one vocabulary, prefixes
/// of the words as written, bounded snippets, and a component index that stays exact.
final class ComponentSearchTests: XCTestCase {
    func components(_ kb: KnowledgeBase, _ query: String, _ options: SearchOptions = SearchOptions(limit: 0)) throws -> ComponentSearchResult {
        try kb.searchComponents(query, options: options)
    }

    func order(_ result: ComponentSearchResult) -> [String] {
        result.components.map { "\($0.family.rawValue)/\($0.component)" }
    }

    /// The component index holds exactly the terms a fresh index of `search_component_text`
    /// would: same terms, in as many components, as many times; nothing left pending.
    func assertComponentIndexExact(_ kb: KnowledgeBase, file: StaticString = #filePath, line: UInt = #line) throws {
        let (actual, expected, pending) = try kb.writer().write { db -> ([String], [String], Int) in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE temp.reference USING fts5(title, category, body, labels, code, content = '', tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO temp.reference (rowid, title, category, body, labels, code)
                SELECT id, title, category, body, labels, code FROM search_component_text;
                CREATE VIRTUAL TABLE temp.reference_terms USING fts5vocab(temp, reference, 'row');
                """)
            defer { try? db.execute(sql: "DROP TABLE temp.reference_terms; DROP TABLE temp.reference") }
            let terms = "SELECT term || ' ' || doc || ' ' || cnt FROM %@ WHERE doc > 0 ORDER BY term"
            return (try String.fetchAll(db, sql: terms.replacingOccurrences(of: "%@", with: "search_component_terms")),
                    try String.fetchAll(db, sql: terms.replacingOccurrences(of: "%@", with: "temp.reference_terms")),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM search_components_pending") ?? -1)
        }
        XCTAssertFalse(expected.isEmpty, file: file, line: line)
        XCTAssertEqual(actual, expected, "search_components out of step with the facts", file: file, line: line)
        XCTAssertEqual(pending, 0, file: file, line: line)
    }

    // MARK: - The index

    func testComponentIndexIsExactAfterImportReimportReplacementAndSQLWrites() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try assertComponentIndexExact(kb)
        // A changed file replaces its component's facts (no bulk mode: one document).
        let folder = try Fixtures.temporaryFolder(self)
        let copy = folder.appendingPathComponent("table-row-button.md")
        try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent("table-row-button.md"), to: copy)
        _ = try kb.importFiles([copy.path])
        try assertComponentIndexExact(kb)
        let text = try String(contentsOf: copy, encoding: .utf8).replacingOccurrences(of: "dimmed", with: "greyed")
        try text.write(to: copy, atomically: true, encoding: .utf8)
        _ = try kb.importFiles([copy.path])
        try assertComponentIndexExact(kb)
        XCTAssertTrue(order(try components(kb, "greyed")).contains("native/table-row-button"))
        // Writes in SQL, outside an import: the triggers keep the documents at once.
        try kb.writer().write { db in
            try db.execute(sql: "UPDATE components SET title = 'Data grid' WHERE slug = 'table'")
            try db.execute(sql: "UPDATE guidance SET text = 'A lattice of cells' WHERE id = (SELECT min(id) FROM guidance)")
            try db.execute(sql: "DELETE FROM criteria WHERE id = (SELECT max(id) FROM criteria)")
            try db.execute(sql: "INSERT INTO announcements (component_id, platform_id, text, origin, position, source_id, line) SELECT id, 1, 'Zebra crossing', 'example', 99, source_id, 1 FROM components WHERE slug = 'table'")
        }
        try assertComponentIndexExact(kb)
        XCTAssertEqual(order(try components(kb, "grid")).first, "native/table")
        XCTAssertEqual(order(try components(kb, "zebra")), ["native/table"])
        XCTAssertEqual(order(try components(kb, "lattice")).count, 1)
        try kb.writer().write { db in try db.execute(sql: "DELETE FROM components WHERE slug = 'table'") }
        try assertComponentIndexExact(kb)
        XCTAssertEqual(try components(kb, "zebra").components.count, 0)
    }

    func testAnOlderKnowledgeBaseGetsTheComponentIndexAndTheVocabularyFromTheMigration() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.writer().write { db in
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%component_search%'") {
                try db.execute(sql: "DROP TRIGGER \(name)")
            }
            try db.execute(sql: """
                DROP TABLE search_component_terms; DROP TABLE search_components; DROP TABLE search_components_pending;
                DROP VIEW search_component_changes; DROP VIEW search_component_text; DROP TABLE equivalents; DROP TABLE search_component_forms;
                ALTER TABLE search_control DROP COLUMN defer_components;
                DELETE FROM grdb_migrations WHERE identifier IN ('0007_component_search', '0014_component_evidence');
                """)
        }
        try kb.close()
        let reopened = try KnowledgeBase(path: kb.path)
        try assertComponentIndexExact(reopened)
        XCTAssertEqual(try Fixtures.int(reopened, "SELECT count(*) FROM equivalents"), Equivalent.builtIn.count)
        XCTAssertFalse(try components(reopened, "dimmed").components.isEmpty)
    }

    // MARK: - Vocabulary

    func testTheVocabularyFileIsWellFormedAndLoadedByTheImport() throws {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("vocabulary/equivalents.tsv"), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let parsed = Equivalent.parse(text)
        XCTAssertEqual(parsed.count, lines.count, "every line parses")
        XCTAssertEqual(parsed, Equivalent.builtIn, "the file built into a11ykb is the repository's")
        XCTAssertTrue(parsed.contains { $0.platform == nil } && Set(parsed.compactMap(\.platform)) == Set(Platform.allCases))
        let kb = try Fixtures.seededKnowledgeBase(self)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM equivalents"), parsed.count)
        let disabled = try kb.equivalents(of: "Dimmed")
        XCTAssertEqual(disabled.map(\.concept), ["disabled"])
        XCTAssertTrue(disabled[0].terms.contains { $0.term == "disabled" && $0.platform == .android })
        XCTAssertEqual(try kb.equivalents(of: "double-tap").map(\.concept), ["activate gesture"])
        XCTAssertEqual(try kb.equivalents(of: "xylophone"), [])
    }

    func testDimmedAlsoFindsDisabledMarkedAsEquivalentAndRanksExactWordsFirst() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // The seeds say dimmed wherever they say disabled; an Android note of another component
        // says disabled only.
        try kb.writer().write { db in
            try db.execute(sql: """
                INSERT INTO guidance (component_id, platform_id, aspect, text, position, source_id, line)
                SELECT id, 2, 'state', 'Set android:enabled=false; TalkBack reads it as disabled', 999, source_id, 1
                FROM components WHERE slug = 'expandable'
                """)
        }
        let result = try components(kb, "dimmed")
        XCTAssertEqual(result.reading.terms.first?.equivalents.contains { $0.term == "disabled" }, true)
        let exact = try Set(Fixtures.strings(kb, """
            SELECT c.family || '/' || c.slug FROM search_components s JOIN components c ON c.id = s.rowid
            WHERE search_components MATCH 'dimmed'
            """))
        let listed = order(result)
        XCTAssertGreaterThan(listed.count, exact.count, "disabled finds more components than dimmed")
        XCTAssertEqual(Set(listed.prefix(exact.count)), exact, "components saying dimmed come first")
        let marked = result.components.flatMap(\.facts).filter { $0.equivalents.contains("disabled") }
        XCTAssertFalse(marked.isEmpty)
        for hit in marked { XCTAssertTrue(hit.snippet.parts.contains(.match("disabled")) || hit.snippet.parts.contains { $0 == .match("Disabled") }, "\(hit.snippet)") }
    }

    // MARK: - Plain language

    func testStopWordsAndPlatformWordsAreReadNotRequired() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let result = try components(kb, "how do I make the table row button accessible on Android")
        XCTAssertEqual(result.reading.stopWords, ["how", "do", "I", "make", "the", "on"])
        XCTAssertEqual(result.reading.platformWords, ["Android"])
        XCTAssertEqual(result.reading.platforms, [.android])
        XCTAssertEqual(order(result).first, "native/table-row-button")
        // A platform word alone is searched as a word.
        let alone = try components(kb, "VoiceOver")
        XCTAssertEqual(alone.reading.platformWords, [])
        XCTAssertEqual(alone.reading.terms.map(\.text), ["VoiceOver"])
        // Operators keep their meaning: no stop words, no partial matches.
        let strict = try components(kb, "\"the\" OR dimmed")
        XCTAssertFalse(strict.reading.plain)
        XCTAssertEqual(strict.reading.stopWords, [])
    }

    func testPartialMatchesRankByWordsHeldAndSayWhatWasNotFound() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let result = try components(kb, "reorder xylophone dimmed")
        XCTAssertTrue(result.reading.partial)
        XCTAssertEqual(result.reading.notFound, ["xylophone"])
        let first = try XCTUnwrap(result.components.first)
        XCTAssertEqual(first.component, "reorder-data-row", "holds reorder and dimmed")
        XCTAssertEqual(first.missingTerms, ["xylophone"])
        let held = result.components.map { $0.matchedTerms.count }
        XCTAssertEqual(held, held.sorted(by: >), "most words first")
        XCTAssertTrue(ComponentSearchRendering.text(result).contains("not found: xylophone"))
    }

    func testPrefixesMatchTheWordsAsWritten() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // The fact index stems `activated` to `activ`, so its prefix query finds nothing.
        XCTAssertEqual(try kb.search("activat*").total, 0)
        let result = try components(kb, "activat*")
        let expected = try Set(Fixtures.strings(kb, """
            SELECT DISTINCT c.family || '/' || c.slug FROM components c
            WHERE EXISTS (SELECT 1 FROM v_criteria v WHERE v.component = c.slug AND (lower(v.expectation) LIKE '%activat%' OR lower(v.label) LIKE '%activat%'))
               OR EXISTS (SELECT 1 FROM guidance g WHERE g.component_id = c.id AND lower(g.text) LIKE '%activat%')
               OR EXISTS (SELECT 1 FROM announcements a WHERE a.component_id = c.id AND lower(a.text || ' ' || coalesce(a.context, '')) LIKE '%activat%')
            """))
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(Set(order(result)), expected)
        for hit in result.components.flatMap(\.facts) {
            XCTAssertTrue(hit.snippet.parts.contains { if case .match(let word) = $0 { word.lowercased().hasPrefix("activat") } else { false } }
                          || hit.highlightedLabel?.hasMatch == true, "\(hit.snippet)")
        }
    }

    func testFiltersOnFactsKeepComponentsWithAFactThatPasses() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let all = try components(kb, "state OR focus", SearchOptions(framework: .uikit, limit: 0))
        XCTAssertFalse(all.components.isEmpty)
        XCTAssertEqual(all.total, all.components.count)
        for match in all.components {
            XCTAssertFalse(match.facts.isEmpty)
            XCTAssertTrue(match.facts.allSatisfy { $0.framework == .uikit }, "\(match.component)")
        }
        let unfiltered = try components(kb, "state OR focus")
        XCTAssertGreaterThan(unfiltered.total ?? 0, all.components.count, "some components have no UIKit note")
        if all.components.count > 1 {
            XCTAssertNil(try components(kb, "state OR focus", SearchOptions(framework: .uikit, limit: 1)).total,
                         "stopped at the limit: the rest were not checked")
        }
    }

    // MARK: - Bounds

    func testSnippetsOfAHugeFactComeFromABoundedWindow() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let huge = String(repeating: "zanzibar moves to the control and stays visible. ", count: 50_000)
        try kb.writer().write { db in
            try db.execute(sql: "UPDATE guidance SET text = ? WHERE id = (SELECT min(id) FROM guidance)", arguments: [huge])
        }
        let result = try components(kb, "zanzibar visible")
        let snippets = result.components.flatMap(\.facts).filter { $0.text.utf8.count == huge.utf8.count }.map(\.snippet)
        XCTAssertFalse(snippets.isEmpty)
        for snippet in snippets { XCTAssertLessThan(snippet.plain.count, 400, snippet.plain) }
    }

    func testATimeLimitStopsTheSearchWithAClearError() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        XCTAssertThrowsError(try kb.searchComponents("dimmed", timeout: 1e-9)) { error in
            XCTAssertEqual(error as? QueryError, .timedOut(seconds: 1e-9))
            // The advice is the skin's: each words how to raise the limit.
            XCTAssertEqual("\(error)", "query stopped after the 1e-09 s time limit")
            XCTAssertEqual((error as? QueryError)?.message { $0 == .raiseTimeout ? "give it more time" : nil },
                           "query stopped after the 1e-09 s time limit; give it more time")
        }
        XCTAssertFalse(try kb.searchComponents("dimmed", timeout: 0).components.isEmpty, "0: no limit")
    }

    // MARK: - The corpus (today's checkout, native and web)

    func corpusKnowledgeBase() throws -> KnowledgeBase {
        try Fixtures.importedKnowledgeBase([try Fixtures.corpus("magentaA11y-2026")], self)
    }

    func testTheQuestionsOfIssue12AnswerWithTheRightComponentsFirst() throws {
        let kb = try corpusKnowledgeBase()
        try assertComponentIndexExact(kb)
        let tooltip = try components(kb, "tooltip dismiss")
        XCTAssertEqual(order(tooltip).first, "web/tooltip")

        let slider = try components(kb, "how do I make a slider accessible on Android")
        XCTAssertEqual(order(slider).first, "native/slider")
        let sliderFacts = try XCTUnwrap(slider.components.first?.facts)
        XCTAssertNotEqual(sliderFacts.first?.platform, .ios, "Android's facts (or every platform's) first")

        let activate = try components(kb, "activat*")
        XCTAssertGreaterThan(activate.components.count, 5)
        XCTAssertEqual(try kb.search("activat*").total, 0, "the stemmed fact index alone finds nothing")

        let dimmed = try components(kb, "dimmed")
        XCTAssertEqual(dimmed.components.first?.family, .native)
        XCTAssertTrue(dimmed.components.flatMap(\.facts).contains { $0.platform == .android && $0.equivalents == ["disabled"] },
                      "Android's disabled facts marked as equivalents")
    }

    /// Two components whose titles hold the word, both past the listing's first rows by bm25 (four
    /// others say it far more often): they come first, ordered by their own bm25 score. Each was
    /// once scored by its rowid (`Double.fetchOne` read the query's first column, the id), so the
    /// one imported first led whatever its score.
    func testTitledComponentsPastTheLimitAreOrderedByTheirScore() throws {
        let folder = try Fixtures.temporaryFolder(self)
        func entry(_ file: String, _ title: String, _ tab: String) throws {
            let text = """
                ---
                layout: entry
                title:  "\(title)"
                categories: controls

                keyboard:
                  tab: |
                    \(tab)
                ---

                """
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
        try entry("quokka-alpha.md", "Quokka alpha", "Focus visibly moves to the control")
        try entry("quokka-beta.md", "Quokka beta", "Focus moves to the quokka; the quokka control says quokka")
        for n in 1...4 {
            try entry("plain-\(n).md", "Plain \(["one", "two", "three", "four"][n - 1])",
                      Array(repeating: "quokka", count: 40).joined(separator: " "))
        }
        let kb = try KnowledgeBase.open(forImport: folder.appendingPathComponent("kb.sqlite").path)
        let summary = try kb.importFiles([folder.path])
        XCTAssertEqual(summary.errors, [])
        let all = order(try components(kb, "quokka"))
        XCTAssertEqual(Array(all.prefix(2)), ["native/quokka-beta", "native/quokka-alpha"], "\(all)")
        XCTAssertEqual(order(try components(kb, "quokka", SearchOptions(limit: 1))), ["native/quokka-beta"])
    }
}
