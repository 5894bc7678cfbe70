import A11yKB
@testable import KBStore
@testable import KBSearch
@testable import KBImport
@testable import KBQuery
@testable import KBRender
import GRDB
import TestSupport
import XCTest

/// Search over the seeds and the corpus: hits, ranking, filters, renderings, and an index that
/// stays exact through re-imports, replacements and supersessions.
final class SearchTests: XCTestCase {
    func search(_ kb: KnowledgeBase, _ query: String, _ options: SearchOptions = SearchOptions(limit: 0)) throws -> SearchResult {
        try kb.search(query, options: options)
    }

    /// FTS5's own check that the index holds exactly the tokens of `search_facts`.
    func assertIndexExact(_ kb: KnowledgeBase, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try kb.writer().write { db in
            try db.execute(sql: "INSERT INTO search_index (search_index, rank) VALUES ('integrity-check', 1)")
        }, "search_index out of step with the fact tables", file: file, line: line)
    }

    /// Seed files copied into a folder, so that a test can edit them.
    func copiedSeed(_ names: [String]) throws -> URL {
        let folder = try Fixtures.temporaryFolder(self)
        for name in names {
            try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file.lastPathComponent) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    // MARK: - The seeds

    func testDimmedFindsStateFactsOfReorderDataRowAndTableRowButtonFirst() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let result = try search(kb, "dimmed")
        XCTAssertEqual(Set(result.hits.map(\.component)), ["reorder-data-row", "table-row-button"])
        XCTAssertEqual(result.total, 4)
        XCTAssertTrue(result.hits.allSatisfy { $0.aspect == .state }, result.hits.map { "\($0.fact) \($0.aspect?.rawValue ?? "-")" }.description)
        // The two State criteria first, then the guidance that says what VoiceOver announces.
        XCTAssertEqual(result.hits.map(\.fact), [.criterion, .criterion, .guidance, .guidance])
        XCTAssertEqual(result.hits.prefix(2).map(\.label), ["State", "State"])
        XCTAssertEqual(result.hits[0].snippet.bracketed, "Expresses its state (disabled/[dimmed])")
        XCTAssertEqual(result.hits.map(\.rank), [1, 2, 3, 4])
        XCTAssertEqual(result.hits.map(\.score), result.hits.map(\.score).sorted())
        let guidance = try XCTUnwrap(result.hits.first { $0.component == "reorder-data-row" && $0.fact == .guidance })
        XCTAssertEqual(guidance.platform, .ios)
        XCTAssertEqual(guidance.framework, .uikit)
        XCTAssertEqual(guidance.line, 121)
        XCTAssertEqual(guidance.source, "reorder-data-row.md")
        XCTAssertEqual(guidance.snippet.bracketed, "For disabled: Set `isEnabled` to `false`. Announcement for disabled is \"[Dimmed]\".")
    }

    func testStemmingAndDiacriticsFold() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        XCTAssertEqual(try search(kb, "dim").total, 4, "dimmed is stemmed to dim")
        XCTAssertEqual(try search(kb, "DÍMMED").total, 4)
        XCTAssertEqual(try search(kb, "dim*").total, 4)
        // A prefix is matched against stems: dimm* is no prefix of the stem dim.
        XCTAssertEqual(try search(kb, "dimm*").total, 0)
    }

    func testPlatformFilterKeepsFactsForEveryPlatformAndDropsTheOtherPlatform() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let android = try search(kb, "dimmed", SearchOptions(platform: .android, limit: 0))
        XCTAssertEqual(android.hits.map(\.fact), [.criterion, .criterion])
        XCTAssertTrue(android.hits.allSatisfy { $0.platform == nil })
        let ios = try search(kb, "dimmed", SearchOptions(platform: .ios, limit: 0))
        XCTAssertEqual(ios.total, 4)
        // Over a broad query: no fact of the other platform, ever.
        for (platform, other) in [(Platform.android, Platform.ios), (.ios, .android)] {
            let hits = try search(kb, "focus OR state OR button OR announcement", SearchOptions(platform: platform, limit: 0)).hits
            XCTAssertGreaterThan(hits.count, 10)
            XCTAssertFalse(hits.contains { $0.platform == other })
            XCTAssertTrue(hits.contains { $0.platform == platform })
        }
        XCTAssertEqual(try search(kb, "dimmed", SearchOptions(platform: .web, limit: 0)).total, 0, "the seeds are native")
    }

    func testEveryOtherFilter() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let framework = try search(kb, "focus OR state", SearchOptions(framework: .jetpackCompose, limit: 0)).hits
        XCTAssertFalse(framework.isEmpty)
        XCTAssertTrue(framework.allSatisfy { $0.framework == .jetpackCompose && $0.platform == .android && $0.fact == .guidance })

        let component = try search(kb, "button", SearchOptions(component: "table-row-button", limit: 0)).hits
        XCTAssertFalse(component.isEmpty)
        XCTAssertTrue(component.allSatisfy { $0.component == "table-row-button" })

        XCTAssertEqual(try search(kb, "dimmed", SearchOptions(family: .native, limit: 0)).total, 4)
        XCTAssertEqual(try search(kb, "dimmed", SearchOptions(family: .web, limit: 0)).total, 0)

        for kind in FactKind.allCases {
            let hits = try search(kb, "table OR button OR tap OR focus", SearchOptions(kind: kind, limit: 0)).hits
            XCTAssertFalse(hits.isEmpty, "\(kind)")
            XCTAssertTrue(hits.allSatisfy { $0.fact == kind }, "\(kind)")
        }

        let state = try search(kb, "disabled OR dimmed OR selected", SearchOptions(aspect: "state", limit: 0)).hits
        XCTAssertTrue(state.contains { $0.fact == .criterion } && state.contains { $0.fact == .guidance })
        XCTAssertTrue(state.allSatisfy { $0.aspect == .state })
        let keyboard = try search(kb, "focus", SearchOptions(aspect: "keyboard", limit: 0)).hits
        XCTAssertFalse(keyboard.isEmpty)
        XCTAssertTrue(keyboard.allSatisfy { $0.fact == .criterion && $0.kind == .keyboard })
        let resize = try search(kb, "text", SearchOptions(aspect: "text-resize", limit: 0)).hits
        XCTAssertFalse(resize.isEmpty)
        XCTAssertTrue(resize.allSatisfy { $0.label == "Text resize" })

        let limited = try search(kb, "button", SearchOptions(limit: 3))
        XCTAssertEqual(limited.hits.count, 3)
        let total = try XCTUnwrap(limited.total, "without filters the total is counted")
        XCTAssertGreaterThan(total, 3)
        XCTAssertEqual(try search(kb, "button", SearchOptions(limit: 0)).hits.count, total)
        XCTAssertEqual(try search(kb, "button", SearchOptions()).hits.count, min(SearchOptions.defaultLimit, total))
        // A filtered search stops at its limit: the total is known only once every match was seen.
        let filtered = try search(kb, "button", SearchOptions(family: .native, limit: 3))
        XCTAssertEqual(filtered.hits.map(\.id), limited.hits.map(\.id))
        XCTAssertNil(filtered.total)
        XCTAssertEqual(try search(kb, "button", SearchOptions(family: .native, limit: 0)).total, total)

        let combined = try search(kb, "disabled", SearchOptions(platform: .ios, framework: .uikit, component: "reorder-data-row",
                                                             family: .native, kind: .guidance, aspect: "state", limit: 0)).hits
        XCTAssertFalse(combined.isEmpty)
        XCTAssertTrue(combined.allSatisfy { $0.component == "reorder-data-row" && $0.framework == .uikit && $0.aspect == .state })
    }

    func testUnknownFilterValuesAreRefusedWithTheKnownOnes() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // A platform or framework is typed: the word that is none is refused where it is read.
        XCTAssertThrowsError(try Platform(slug: "windows")) { error in
            XCTAssertEqual("\(error)", "unknown platform \"windows\"; known: ios, android, web")
        }
        XCTAssertThrowsError(try Framework(slug: "react")) { error in
            XCTAssertEqual("\(error)", "unknown framework \"react\"; known: uikit, swiftui, android-views, jetpack-compose")
        }
        XCTAssertThrowsError(try Framework(slug: "SwiftUI"), "a filter takes the slug as written")
        XCTAssertEqual(try Framework(typed: "SwiftUI"), .swiftui)
        XCTAssertEqual(try Platform(typed: "VoiceOver"), .ios)
        XCTAssertThrowsError(try WCAGLevel(typed: "AAAA")) { error in
            XCTAssertEqual("\(error)", "a conformance level is A, AA or AAA (got \"AAAA\")")
        }
        for (options, expected) in [
            (SearchOptions(component: "table-row-buton"), "closest: table, table-row-button"),
            (SearchOptions(aspect: "colour"), "custom-action"),
            (SearchOptions(limit: -1), "the limit must be 0 (all) or more"),
        ] {
            XCTAssertThrowsError(try search(kb, "dimmed", options)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }

    func testPhraseMatchesThePhraseOnly() throws {
        let folder = try copiedSeed(["table-row-button.md"])
        try edit(folder.appendingPathComponent("table-row-button.md"), "  doubletap: |\n    Activates the button",
                 "  doubletap: |\n    Activates the button with a double press, not a tap")
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([folder.path])
        let words = try search(kb, "double tap")
        let phrase = try search(kb, "\"double tap\"")
        XCTAssertTrue(words.hits.contains { $0.text.contains("double press, not a tap") })
        XCTAssertFalse(phrase.hits.contains { $0.text.contains("double press, not a tap") })
        XCTAssertEqual(phrase.total, words.total.map { $0 - 1 })
        XCTAssertTrue(phrase.hits.allSatisfy { $0.snippet.bracketed.lowercased().contains("[double tap]") })
    }

    func testRankingOnTheSeeds() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // A component's title outranks everything that merely mentions it.
        XCTAssertEqual(try search(kb, "table").hits.first.map { "\($0.fact) \($0.component)" }, "component table")
        XCTAssertEqual(try search(kb, "\"table row button\"").hits.first.map { "\($0.fact) \($0.component)" },
                       "component table-row-button")
        XCTAssertEqual(try search(kb, "reorder").hits.first.map { "\($0.fact) \($0.component)" }, "component reorder-data-row")
        // Criteria outrank guidance notes, and above all notes nested under other notes.
        let tap = try search(kb, "\"double tap\"").hits
        XCTAssertEqual(tap.first?.fact, .criterion)
        for word in ["disabled", "dimmed", "focus", "button", "label", "swipe", "announce"] {
            try assertCriteriaBeforeNestedGuidance(kb, word)
        }
        let disabled = try search(kb, "disabled").hits
        XCTAssertEqual(disabled.first.map { "\($0.fact) \($0.label ?? "")" }, "criterion State")
        assertStableTies(try search(kb, "button OR focus OR state").hits)
    }

    /// No note nested under another note ranks above a criterion or a component's title.
    func assertCriteriaBeforeNestedGuidance(_ kb: KnowledgeBase, _ query: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let hits = try search(kb, query).hits
        let nested = Set(try Fixtures.strings(kb, "SELECT id FROM guidance WHERE parent_id IS NOT NULL"))
        guard let firstNested = hits.firstIndex(where: { $0.fact == .guidance && nested.contains(String($0.id)) }) else { return }
        XCTAssertFalse(hits[firstNested...].contains { $0.fact == .criterion || $0.fact == .component },
                       "\(query): \(hits.map { "\($0.fact)\(nested.contains(String($0.id)) && $0.fact == .guidance ? "(nested)" : "")" })",
                       file: file, line: line)
    }

    /// Hits with one score are ordered by kind of fact (component, criterion, guidance, announcement),
    /// then component, then source order.
    func assertStableTies(_ hits: [SearchHit], file: StaticString = #filePath, line: UInt = #line) {
        for (a, b) in zip(hits, hits.dropFirst()) where a.score == b.score {
            XCTAssertLessThanOrEqual(a.fact.tag, b.fact.tag, file: file, line: line)
            if a.fact == b.fact { XCTAssertLessThan(a.id, b.id, file: file, line: line) }
        }
    }

    func testSameSearchSameOrder() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let first = try search(kb, "button OR focus").hits.map { "\($0.fact)/\($0.id)" }
        XCTAssertEqual(try search(kb, "button OR focus").hits.map { "\($0.fact)/\($0.id)" }, first)
    }

    func testPunctuatedWordsAreFound() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        XCTAssertTrue(try search(kb, "ctl+tab").hits.contains { $0.fact == .criterion && $0.label == "Tab, arrow keys or ctl+tab" })
        XCTAssertTrue(try search(kb, "isAccessibilityElement").hits.contains { $0.text.contains("isAccessibilityElement - Yes") })
        XCTAssertTrue(try search(kb, "android:enabled=true").hits.contains { $0.text == "Active: android:enabled=true" })
        XCTAssertTrue(try search(kb, "onClick( )").hits.contains { $0.text.contains("onClick( ) event handler") })
    }

    func testAnnouncementsAreSearchedWithTheirContext() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let hits = try search(kb, "three fingers", SearchOptions(kind: .announcement, limit: 0)).hits
        XCTAssertEqual(hits.first?.text, "Actions available. Please tap with three fingers to view")
        XCTAssertEqual(hits.first?.label, "Brings the TalkBack menu into view")
        XCTAssertEqual(hits.first?.platform, .android)
        let byContext = try search(kb, "\"three-line reorder button\"", SearchOptions(kind: .announcement, limit: 0)).hits
        XCTAssertEqual(byContext.first?.fact, .announcement)
        XCTAssertEqual(byContext.first?.highlightedLabel?.bracketed, "on [three-line reorder button]")
    }

    // MARK: - Nothing found

    func testNothingFoundSuggestsNearTerms() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        // A misspelling is searched as the word meant (issue 33); where the respelt words still
        // find nothing, the near words are suggested.
        let typo = try search(kb, "dimmd")
        XCTAssertFalse(typo.hits.isEmpty)
        XCTAssertEqual(typo.corrections, [SearchReading.Correction(typed: "dimmd", searched: "dimmed")])
        let apartTypo = try search(kb, "dimmd xylophone")
        XCTAssertEqual(apartTypo.hits.count, 0)
        XCTAssertEqual(apartTypo.corrections, [])
        XCTAssertEqual(apartTypo.suggestions.first, "dimmed")
        XCTAssertEqual(try search(kb, "anouncement xylophone").suggestions.first, "announcement")
        XCTAssertEqual(try search(kb, "xylophone").suggestions, [])
        let apart = try search(kb, "dimmed expandable")
        XCTAssertEqual(apart.total, 0)
        XCTAssertEqual(apart.whyNothing, [.neverTogether(terms: ["dimmed", "expandable"], unit: .fact)])
        XCTAssertTrue(SearchRendering.noHits(apart).contains { $0.contains("dimmed OR expandable") }, "\(SearchRendering.noHits(apart))")
        let filtered = try search(kb, "dimmed", SearchOptions(platform: .web))
        XCTAssertEqual(filtered.whyNothing, [.matchWithoutFilters(count: 4, unit: .fact)])
        XCTAssertEqual(SearchRendering.noHits(filtered).last, "4 facts match without the filters")
    }

    // MARK: - The index stays exact

    func testIndexIsExactAfterImportReimportAndReplacement() throws {
        let folder = try copiedSeed(["table-row-button.md", "table.txt"])
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([folder.path])
        assertIndexExact(kb)
        let file = folder.appendingPathComponent("table-row-button.md")
        XCTAssertEqual(try search(kb, "dimmed").hits.map(\.component), ["table-row-button", "table-row-button"])
        XCTAssertEqual(try search(kb, "greyed").total, 0)

        // The same files again: nothing changes.
        _ = try Importer(kb).importPaths([folder.path])
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "dimmed").total, 2)

        // A changed file: its old words are gone from the index, its new ones found.
        try edit(file, "Expresses its state (disabled/dimmed)", "Expresses its state (disabled/greyed)")
        let summary = try Importer(kb).importPaths([folder.path])
        XCTAssertEqual(summary.replaced.map(\.component), ["table-row-button"])
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "dimmed").hits.map(\.fact), [.guidance], "only the untouched note still says dimmed")
        XCTAssertEqual(try search(kb, "greyed").hits.map { "\($0.fact) \($0.label ?? "")" }, ["criterion State"])

        // Back as it was.
        try edit(file, "Expresses its state (disabled/greyed)", "Expresses its state (disabled/dimmed)")
        _ = try Importer(kb).importPaths([folder.path])
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "greyed").total, 0)
        XCTAssertEqual(try search(kb, "dimmed").total, 2)
        // The other file's facts were never touched.
        XCTAssertEqual(try search(kb, "\"Use Column and Row\"").hits.map(\.component), ["table"])
    }

    /// The import's upkeep (`SearchIndex.Import`): triggers row by row until the import has
    /// written 50 documents and at least half as many as the knowledge base held; then bulk, and
    /// both modes back off when it finishes, the indexes exact.
    func testAnImportGoesBulkOnlyWhenItWritesAsMuchAsTheKnowledgeBaseHolds() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        func modes(_ db: Database) throws -> [Int] {
            try Row.fetchOne(db, sql: "SELECT bulk, defer_components FROM search_control").map { [$0[0], $0[1]] } ?? []
        }
        try kb.writer().inTransaction { db in
            // 200 sources more than the seed's: bulk only at the 100th document and after.
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO sources (path, format, sha256, bytes, imported_at) SELECT '/x/' || i, 'magenta-v2', '', 0, '' FROM n
                """)
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM sources") ?? 0
            let index = try SearchIndex.Import(begin: db)
            XCTAssertEqual(try modes(db), [0, 1], "component documents deferred from the start")
            for written in 1...existing {
                try index.willWrite()
                XCTAssertEqual(index.isBulk, written >= 50 && written * 2 >= existing, "after \(written) of \(existing)")
                if index.isBulk { break }
            }
            XCTAssertTrue(index.isBulk)
            XCTAssertEqual(try modes(db), [1, 1])
            try index.finish()
            XCTAssertEqual(try modes(db), [0, 0])
            return .rollback
        }
        // A small knowledge base: the 50th document of an import switches it.
        let empty = try Fixtures.emptyKnowledgeBase(self)
        try empty.writer().inTransaction { db in
            let index = try SearchIndex.Import(begin: db)
            for _ in 1..<50 { try index.willWrite() }
            XCTAssertFalse(index.isBulk)
            try index.willWrite()
            XCTAssertTrue(index.isBulk)
            try index.finish()
            return .commit
        }
        XCTAssertEqual(try Fixtures.int(empty, "SELECT bulk + defer_components FROM search_control"), 0)
        assertIndexExact(kb)
        assertIndexExact(empty)
    }

    func testIndexIsExactThroughSupersession() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([Fixtures.seedFolder.appendingPathComponent("reorder-data-row.jekyll.md").path])
        assertIndexExact(kb)
        let fromJekyll = try search(kb, "reorder").hits
        XCTAssertTrue(fromJekyll.allSatisfy { $0.source.hasSuffix("reorder-data-row.jekyll.md") })
        XCTAssertEqual(try search(kb, "\"cannot be activated\"").total, 0, "only the newer source says so")

        // The newer format replaces the older one's facts; nothing of the older one is found again.
        _ = try Importer(kb).importPaths([Fixtures.seedFolder.appendingPathComponent("reorder-data-row.md").path])
        assertIndexExact(kb)
        let fromMarkdown = try search(kb, "reorder", SearchOptions(limit: 0)).hits
        XCTAssertFalse(fromMarkdown.isEmpty)
        XCTAssertTrue(fromMarkdown.allSatisfy { $0.source == "reorder-data-row.md" }, fromMarkdown.map(\.source).description)
        XCTAssertEqual(try search(kb, "\"cannot be activated\"").total, 1)

        // The older one imported again still loses, and changes nothing.
        _ = try Importer(kb).importPaths([Fixtures.seedFolder.appendingPathComponent("reorder-data-row.jekyll.md").path])
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "reorder", SearchOptions(limit: 0)).hits.map(\.id), fromMarkdown.map(\.id))
    }

    func testIndexFollowsDeletesAndUpdatesMadeInSQL() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.writer().write { db in
            try db.execute(sql: "UPDATE criteria SET expectation = 'Expresses its state (disabled/greyed)' WHERE expectation = 'Expresses its state (disabled/dimmed)'")
            try db.execute(sql: "UPDATE guidance SET parent_id = NULL WHERE text LIKE 'Disabled: UIAccessibilityTraitNotEnabled%'")
            try db.execute(sql: "UPDATE announcements SET context = 'moved away' WHERE text = 'Moved below Spanish'")
            try db.execute(sql: "UPDATE components SET title = 'Data grid' WHERE slug = 'table'")
        }
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "grid").hits.map { "\($0.fact) \($0.component)" }, ["component table"])
        XCTAssertEqual(try search(kb, "table", SearchOptions(kind: .component, limit: 0)).hits.map(\.component), ["table-row-button"])
        XCTAssertEqual(try search(kb, "greyed").total, 1)
        XCTAssertEqual(try search(kb, "\"moved away\"").hits.first?.text, "Moved below Spanish")
        // A component deleted takes its facts (by cascade) and its title out of the index.
        try kb.writer().write { db in try db.execute(sql: "DELETE FROM components WHERE slug = 'table-row-button'") }
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "dimmed").hits.map(\.component), ["reorder-data-row", "reorder-data-row"])
        XCTAssertEqual(try search(kb, "UIAccessibilityTraitNotEnabled").total, 0)
    }

    func testAKnowledgeBaseBuiltBeforeSearchIsIndexedByTheMigration() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let expected = try search(kb, "dimmed OR focus").hits.map { "\($0.fact)/\($0.id)" }
        // Empty the index as a knowledge base of schema 0001 would have it, then migrate again.
        try kb.writer().write { db in
            try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('delete-all')")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = '0003_search'")
            for name in try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%search%'
                UNION ALL SELECT 'INDEX ' || name FROM sqlite_master WHERE type = 'index' AND name LIKE '%search_key'
                """) {
                try db.execute(sql: name.hasPrefix("INDEX ") ? "DROP \(name)" : "DROP TRIGGER \(name)")
            }
            try db.execute(sql: "DROP TABLE search_vocab; DROP TABLE search_index; DROP VIEW search_facts")
        }
        try kb.close()
        let reopened = try KnowledgeBase(path: kb.path)
        assertIndexExact(reopened)
        XCTAssertEqual(try search(reopened, "dimmed OR focus").hits.map { "\($0.fact)/\($0.id)" }, expected)
    }

    // MARK: - Speed without clocks

    func testQueryPlanStartsFromTheIndexAndLooksFactsUpByKey() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let options = SearchOptions(platform: .ios, framework: .uikit, component: "table", family: .native,
                                    kind: .guidance, aspect: "state", limit: 20)
        let arguments: StatementArguments = ["match": "\"dimmed\"", "platform": "ios", "platformFamily": "native",
                                             "framework": "uikit", "component": "table", "family": "native", "tag": 3,
                                             "aspect": "state", "aspectWords": "state", "limit": 20, "key": 26, "score": -1.0]
        func plan(_ sql: String) throws -> [String] {
            try kb.reader.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
            }
        }
        // The ranking reads the index alone.
        let ranking = try plan(FactListing.rankedSQL(options))
        XCTAssertTrue(ranking.contains { $0.contains("search_index VIRTUAL TABLE INDEX") && $0.contains("M") }, ranking.description)
        XCTAssertFalse(ranking.contains { $0.contains("criteria") || $0.contains("guidance") || $0.contains("components") }, ranking.description)
        // Each ranked document's fact is reached by its key, no table scanned.
        let fact = try plan(FactListing.factSQL(options))
        // `h` is the one constant row holding the key.
        let scans = fact.filter { $0.hasPrefix("SCAN") && $0 != "SCAN h" && !$0.contains("CONSTANT ROW") }
        XCTAssertEqual(scans, [], fact.description)
        for alias in ["cr", "g", "a", "c", "s"] {
            XCTAssertTrue(fact.contains { $0.hasPrefix("SEARCH \(alias) USING INTEGER PRIMARY KEY") }, "\(alias): \(fact)")
        }
        // FTS5 reads a document back through the view by key: one index lookup per table.
        let lookup = try kb.reader.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM search_facts WHERE key = 26").map { $0["detail"] as String }
        }
        XCTAssertEqual(lookup.filter { $0.contains("USING INDEX") && $0.contains("_search_key") }.count, 4, lookup.description)
    }

    // MARK: - Renderings

    func testListingGroupsByComponentAndMarksMatches() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let text = SearchRendering.text(try search(kb, "dimmed"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "Table row button  (table-row-button, native)")
        XCTAssertTrue(lines[1].hasPrefix("  criterion     screenreader › State · every platform   "), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("   table-row-button.md:28"), lines[1])
        XCTAssertEqual(lines[2], "    Expresses its state (disabled/[dimmed])")
        XCTAssertTrue(lines[3].hasPrefix("  guidance      ios · state   "), lines[3])
        XCTAssertEqual(lines[4], "    Disabled: UIAccessibilityTraitNotEnabled. Announcement: [dimmed]")
        XCTAssertEqual(lines[6], "Reorder data row  (reorder-data-row, native)")
        XCTAssertTrue(lines[9].hasPrefix("  guidance      ios › uikit · state   "), lines[9])
        XCTAssertTrue(text.hasSuffix("\n4 hits in 2 components\n"))
        let colored = SearchRendering.text(try search(kb, "dimmed"), style: .init(match: { "<\($0)>" }))
        XCTAssertTrue(colored.contains("disabled/<dimmed>"))
        let limited = SearchRendering.text(try search(kb, "button", SearchOptions(limit: 2)))
        XCTAssertTrue(limited.contains("showing the best 2"), limited)
        XCTAssertFalse(limited.contains("--"), "library text names no flag: " + limited)
        let hinted = SearchRendering.text(try search(kb, "button", SearchOptions(limit: 2)),
                                          style: .init(hint: { $0 == .showAll ? "raise the limit" : nil }))
        XCTAssertTrue(hinted.hasSuffix(" (raise the limit)\n"), "a skin's hint ends the footer: " + hinted)
    }

    func testJSONAndCSVCarryEveryField() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let result = try search(kb, "dimmed")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.tabular.json.rendered().utf8)) as? [[String: Any]])
        XCTAssertEqual(json.count, 4)
        for object in json { XCTAssertEqual(Set(object.keys), Set(SearchHit.columns.map(\.name))) }
        XCTAssertEqual(json[0]["component"] as? String, "table-row-button")
        XCTAssertEqual(json[0]["title"] as? String, "Table row button")
        XCTAssertEqual(json[0]["fact"] as? String, "criterion")
        XCTAssertEqual(json[0]["kind"] as? String, "screenreader")
        XCTAssertEqual(json[0]["label"] as? String, "State")
        XCTAssertTrue(json[0]["platform"] is NSNull)
        XCTAssertEqual(json[0]["text"] as? String, "Expresses its state (disabled/dimmed)")
        XCTAssertEqual(json[0]["snippet"] as? String, "Expresses its state (disabled/[dimmed])")
        XCTAssertEqual(json[0]["line"] as? Int, 28)
        XCTAssertEqual(json[0]["rank"] as? Int, 1)
        XCTAssertNotNil(json[0]["score"] as? Double)
        XCTAssertEqual(json[3]["framework"] as? String, "uikit")
        XCTAssertEqual(json[3]["aspect"] as? String, "state")

        let records = CSVReader.parse(result.tabular.rendered(.csv))
        XCTAssertEqual(records.first, SearchHit.columns.map(\.name))
        XCTAssertEqual(records.count, 5)
        let row = Dictionary(uniqueKeysWithValues: zip(records[0], records[4]))
        XCTAssertEqual(row["snippet"], "For disabled: Set `isEnabled` to `false`. Announcement for disabled is \"[Dimmed]\".")
        XCTAssertEqual(row["framework"], "uikit")
        XCTAssertEqual(row["line"], "121")
    }

    // MARK: - The corpus

    func corpusKnowledgeBase() throws -> KnowledgeBase {
        try Fixtures.importedKnowledgeBase([try Fixtures.corpus("magentaA11y-2026"), try Fixtures.corpus("magentaA11y-2024")], self)
    }

    func testCorpusIndexIsExactAndRanksTitlesAndCriteriaFirst() throws {
        let kb = try corpusKnowledgeBase()
        assertIndexExact(kb)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM search_facts"),
                       try Fixtures.int(kb, "SELECT (SELECT count(*) FROM components) + (SELECT count(*) FROM criteria) + (SELECT count(*) FROM guidance) + (SELECT count(*) FROM announcements)"))
        for (query, component) in [("button", "button"), ("toggle", "toggle-switch"), ("\"text input\"", "text-input"),
                                   ("heading", "headings"), ("stepper", "stepper")] {
            let first = try XCTUnwrap(try search(kb, query, SearchOptions(limit: 1)).hits.first, query)
            XCTAssertEqual("\(first.fact) \(first.component)", "component \(component)", query)
        }
        // dimmed: state facts lead, criteria before any guidance.
        let dimmed = try search(kb, "dimmed", SearchOptions(limit: 0)).hits
        XCTAssertGreaterThan(dimmed.count, 20)
        XCTAssertTrue(dimmed.prefix(10).allSatisfy { $0.aspect == .state || $0.fact == .announcement },
                      dimmed.prefix(10).map { "\($0.fact) \($0.aspect?.rawValue ?? "-")" }.description)
        XCTAssertEqual(dimmed.first(where: { $0.fact != .announcement })?.fact, .criterion)
        for word in ["dimmed", "focus", "button", "selected", "swipe", "heading", "toggle"] {
            try assertCriteriaBeforeNestedGuidance(kb, word)
        }
        assertStableTies(dimmed)
        // No superseded source answers.
        let superseded = Set(try Fixtures.strings(kb, "SELECT path FROM sources WHERE superseded_by IS NOT NULL"))
        XCTAssertFalse(superseded.isEmpty)
        XCTAssertFalse(try search(kb, "focus OR button OR state", SearchOptions(limit: 0)).hits.contains { superseded.contains($0.source) })
    }

    func testCorpusFilters() throws {
        let kb = try corpusKnowledgeBase()
        let android = try search(kb, "focus", SearchOptions(platform: .android, limit: 0)).hits
        XCTAssertFalse(android.contains { $0.platform == .ios })
        XCTAssertTrue(android.contains { $0.platform == .android } && android.contains { $0.platform == nil })
        let compose = try search(kb, "focus*", SearchOptions(framework: .jetpackCompose, aspect: "focus", limit: 0)).hits
        XCTAssertFalse(compose.isEmpty)
        XCTAssertTrue(compose.allSatisfy { $0.framework == .jetpackCompose && $0.aspect == .focus })
        let transcripts = try search(kb, "\"double tap\"", SearchOptions(component: "chip", kind: .announcement, limit: 0)).hits
        XCTAssertTrue(transcripts.contains { $0.source.hasSuffix(".vtt") })
        XCTAssertTrue(transcripts.allSatisfy { $0.component == "chip" && $0.fact == .announcement })
        // The corpus holds today's web entries too: a family filter keeps to its own.
        let web = try search(kb, "button", SearchOptions(family: .web, limit: 0))
        XCTAssertGreaterThan(web.total ?? 0, 0)
        XCTAssertTrue(web.hits.allSatisfy { $0.family == .web })
        XCTAssertTrue(try search(kb, "button", SearchOptions(family: .native, limit: 0)).hits.allSatisfy { $0.family == .native })
    }

    func testCorpusReimportKeepsTheIndexExact() throws {
        let kb = try corpusKnowledgeBase()
        let before = try search(kb, "dimmed OR focus", SearchOptions(limit: 0)).hits.map { "\($0.fact)/\($0.id)" }
        _ = try Importer(kb).importPaths([try Fixtures.corpus("magentaA11y-2024").path, try Fixtures.corpus("magentaA11y-2026").path])
        assertIndexExact(kb)
        XCTAssertEqual(try search(kb, "dimmed OR focus", SearchOptions(limit: 0)).hits.map { "\($0.fact)/\($0.id)" }, before)
    }
}
