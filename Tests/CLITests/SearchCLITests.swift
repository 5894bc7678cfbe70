import A11yKB
import KBSearch
@testable import KBStore
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// `a11ykb search` as a user runs it: the built binary, the default knowledge base made from the
/// embedded seed, exit statuses, every output format.
final class SearchCLITests: XCTestCase {
    /// An environment whose default knowledge base is a fresh one seeded on first use.
    func defaultKnowledgeBase() throws -> [String: String] {
        ["XDG_DATA_HOME": try Fixtures.temporaryFolder(self).path]
    }

    /// A client that wants pages asks for them alone (issue 49): the default JSON keeps the
    /// corrections and criteria after the components, `--only components` gives components only.
    func testOnlyComponentsGivesPagesAlone() throws {
        let env = ["HOME": try Fixtures.temporaryFolder(self).path]
        let all = try Fixtures.run(["search", "dimmmed 4.1.2", "--format", "json"], environment: env)
        let mixed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]], all.stdout)
        XCTAssertTrue(mixed.contains { $0["result"] != nil }, "the default is unchanged: \(all.stdout.prefix(300))")
        let only = try Fixtures.run(["search", "dimmmed 4.1.2", "--format", "json", "--only", "components"], environment: env)
        let pages = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(only.stdout.utf8)) as? [[String: Any]], only.stdout)
        XCTAssertEqual(pages.count, mixed.filter { $0["result"] == nil }.count)
        XCTAssertTrue(pages.allSatisfy { $0["result"] == nil && $0["component"] != nil && $0["family"] != nil })
        let refused = try Fixtures.run(["search", "x", "--facts", "--only", "components"], environment: env)
        XCTAssertEqual(refused.status, 2)
    }

    func testFactListingOfDimmedOnTheDefaultKnowledgeBase() throws {
        let env = try defaultKnowledgeBase()
        let run = try Fixtures.run(["search", "dimmed", "--facts"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "Table row button  (table-row-button, native)")
        XCTAssertTrue(lines[1].contains("criterion     screenreader › State · every platform"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("(embedded)/seed/table-row-button.md:28"), lines[1])
        XCTAssertEqual(lines[2], "    Expresses its state (disabled/[dimmed])")
        XCTAssertTrue(run.stdout.contains("Reorder data row  (reorder-data-row, native)"))
        XCTAssertTrue(run.stdout.contains("    Expresses the state of the control is disabled ([dimmed])"))
        XCTAssertTrue(run.stdout.hasSuffix("\n4 hits in 2 components\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    func testComponentsFirstOnTheDefaultKnowledgeBase() throws {
        let env = try defaultKnowledgeBase()
        let run = try Fixtures.run(["search", "dimmed"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("1. ") && lines[0].contains("(table-row-button, native") || lines[0].contains("(reorder-data-row, native"), lines[0])
        XCTAssertTrue(run.stdout.contains("[dimmed]"))
        XCTAssertTrue(run.stdout.contains("also searched, as equivalents of dimmed (ranked after it): "), run.stdout)
        XCTAssertTrue(run.stdout.contains("ios facts first"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix(" match\n"), run.stdout)

        let json = try Fixtures.run(["search", "how do I make the table row button accessible on Android", "--format", "json"], environment: env)
        XCTAssertEqual(json.status, 0, json.stderr)
        let found = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(found.first?["component"] as? String, "table-row-button")
        for component in found {
            XCTAssertEqual(Set(component.keys), Set(ComponentMatch.columns.map(\.name)))
            for fact in try XCTUnwrap(component["facts"] as? [[String: Any]]) {
                XCTAssertEqual(Set(fact.keys), Set(SearchHit.columns.map(\.name) + ["equivalents"]))
            }
        }
        let csv = try Fixtures.run(["search", "dimmed", "--format", "csv", "--limit", "1"], environment: env)
        let records = CSVReader.parse(csv.stdout)
        XCTAssertEqual(records.first, ComponentSearchResult.recordColumns.map(\.name))
        XCTAssertTrue(records.dropFirst().allSatisfy { $0.first == "1" })

        let timeout = try Fixtures.run(["search", "dimmed", "--timeout=-1"], environment: env)
        XCTAssertNotEqual(timeout.status, 0)
        XCTAssertTrue(timeout.stderr.contains("--timeout"), timeout.stderr)
    }

    func testVocabListsEquivalentsPerPlatform() throws {
        let env = try defaultKnowledgeBase()
        let run = try Fixtures.run(["vocab", "dimmed"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("disabled\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  android  disabled ("), run.stdout)
        XCTAssertTrue(run.stdout.contains("  ios      dimmed ("), run.stdout)
        let missing = try Fixtures.run(["vocab", "xylophone"], environment: env)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("a11ykb: "))
        let json = try Fixtures.run(["vocab", "double tap", "--format", "json"], environment: env)
        XCTAssertTrue(json.stdout.contains("\"concept\" : \"activate gesture\"") || json.stdout.contains("\"concept\": \"activate gesture\""), json.stdout)
    }

    func testEveryFilterFromTheCommandLine() throws {
        let env = try defaultKnowledgeBase()
        let android = try Fixtures.run(["search", "dimmed", "--facts", "--platform", "android", "--format", "json"], environment: env)
        XCTAssertEqual(android.status, 0, android.stderr)
        let hits = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(android.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(hits.count, 2)
        XCTAssertTrue(hits.allSatisfy { $0["platform"] is NSNull && ($0["fact"] as? String) == "criterion" })
        let listing = try Fixtures.run(["search", "dimmed", "--facts", "--platform", "android"], environment: env)
        XCTAssertFalse(listing.stdout.contains("UIAccessibilityTraitNotEnabled"))
        XCTAssertFalse(listing.stdout.contains(" ios "))

        let filtered = try Fixtures.run(["search", "focus", "--facts", "--framework", "uikit", "--component", "table", "--family", "native",
                                         "--kind", "guidance", "--aspect", "focus", "--limit", "2", "--format", "csv"], environment: env)
        XCTAssertEqual(filtered.status, 0, filtered.stderr)
        let records = CSVReader.parse(filtered.stdout)
        XCTAssertEqual(records.count, 3)
        for record in records.dropFirst() {
            let row = Dictionary(uniqueKeysWithValues: zip(records[0], record))
            XCTAssertEqual(row["component"], "table")
            XCTAssertEqual(row["framework"], "uikit")
            XCTAssertEqual(row["fact"], "guidance")
            XCTAssertEqual(row["aspect"], "focus")
        }
    }

    func testJSONCarriesEveryField() throws {
        let env = try defaultKnowledgeBase()
        let run = try Fixtures.run(["search", "dimmed", "--facts", "--format", "json"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        let hits = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(hits.count, 4)
        for hit in hits {
            XCTAssertEqual(Set(hit.keys), Set(SearchHit.columns.map(\.name)))
            for key in ["component", "title", "family", "fact", "text", "snippet", "source"] {
                XCTAssertNotNil(hit[key] as? String, key)
            }
            XCTAssertTrue((hit["snippet"] as? String)?.lowercased().contains("[dimmed]") == true)
            XCTAssertNotNil(hit["line"] as? Int)
            XCTAssertNotNil(hit["rank"] as? Int)
        }
        XCTAssertEqual(hits.map { $0["component"] as? String }, ["table-row-button", "reorder-data-row", "table-row-button", "reorder-data-row"])
    }

    func testPhraseOnlyMatchesThePhrase() throws {
        let env = try defaultKnowledgeBase()
        let run = try Fixtures.run(["search", "\"double tap\"", "--facts", "--limit", "0", "--format", "json"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        let hits = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertFalse(hits.isEmpty)
        // The phrase is in the text (marked in the snippet) or in the label (an announcement's context).
        for hit in hits {
            let inText = (hit["snippet"] as? String)?.lowercased().contains("[double tap]") == true
            let inLabel = (hit["label"] as? String)?.lowercased().contains("double tap") == true
            XCTAssertTrue(inText || inLabel, "\(hit)")
        }
    }

    func testPlainMarkersWhenPipedOrWithNoColor() throws {
        // NO_COLOR is set by Fixtures.run; stdout is a pipe: plain markers either way.
        let env = try defaultKnowledgeBase()
        let plain = try Fixtures.run(["search", "dimmed"], environment: env.merging(["NO_COLOR": ""]) { $1 })
        XCTAssertTrue(plain.stdout.contains("[dimmed]"))
        XCTAssertFalse(plain.stdout.contains("\u{1B}"))
    }

    func testNothingFoundExitsOneWithSuggestions() throws {
        let env = try defaultKnowledgeBase()
        // The fact listing searches a misspelling as the word meant when that finds facts (issue 33)...
        let corrected = try Fixtures.run(["search", "dimmd", "--facts"], environment: env)
        XCTAssertEqual(corrected.status, 0, corrected.stderr)
        XCTAssertTrue(corrected.stdout.contains("searched dimmd as dimmed: no fact holds dimmd"), corrected.stdout)
        // ...and when even the respelt words meet in no fact, says what it would have meant.
        let run = try Fixtures.run(["search", "dimmd xylophone", "--facts"], environment: env)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        // The default knowledge base holds only the seed: the last line says so (issue 25).
        let seedNote = try XCTUnwrap(run.stderr.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(seedNote.hasPrefix("a11ykb: this knowledge base holds only the "), run.stderr)
        XCTAssertEqual(run.stderr, "a11ykb: no fact matches dimmd xylophone\na11ykb: did you mean: dimmed?\n\(seedNote)\n")
        // The components-first listing searches a misspelling as the word meant (issue 33).
        let components = try Fixtures.run(["search", "dimmd"], environment: env)
        XCTAssertEqual(components.status, 0)
        XCTAssertTrue(components.stdout.contains("searched dimmd as dimmed"), components.stdout)
        let nothing = try Fixtures.run(["search", "qwzzxv"], environment: env)
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(nothing.stderr, "a11ykb: no component matches qwzzxv\n\(seedNote)\n")
        let json = try Fixtures.run(["search", "xylophone", "--format", "json"], environment: env)
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(json.stdout, "[]\n")
        let csv = try Fixtures.run(["search", "xylophone", "--format", "csv"], environment: env)
        XCTAssertEqual(csv.status, 1)
        XCTAssertEqual(CSVReader.parse(csv.stdout), [ComponentSearchResult.recordColumns.map(\.name)])
        let factsCSV = try Fixtures.run(["search", "xylophone", "--facts", "--format", "csv"], environment: env)
        XCTAssertEqual(CSVReader.parse(factsCSV.stdout), [SearchHit.columns.map(\.name)])
    }

    func testBadQueriesAndFiltersAreOneLineErrorsWithStatusTwo() throws {
        let env = try defaultKnowledgeBase()
        for arguments in [["--", "OR"], ["--", "NOT dimmed"], ["()"], ["dimmed", "--framework", "react"],
                          ["dimmed", "--component", "nope"], ["dimmed", "--aspect", "colour"], ["--", "+++"], ["--", "-dimmed"]] {
            let run = try Fixtures.run(["search"] + arguments, environment: env)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("a11ykb: "))
            XCTAssertEqual(run.stdout, "")
        }
        let repaired = try Fixtures.run(["search", "\"double tap"], environment: env)
        XCTAssertEqual(repaired.status, 0)
        XCTAssertTrue(repaired.stderr.contains("note: closed the unbalanced"))
    }

    func testHelpTeachesTheQuerySyntax() throws {
        let run = try Fixtures.run(["search", "--help"])
        XCTAssertEqual(run.status, 0)
        for expected in ["\"double tap\"", "activat*", "--facts", "--timeout", "Stop words", "vocab", "toggle OR switch", "dimmed NOT android", "ctrl+tab", "--platform",
                         "--framework", "--component", "--family", "--kind", "--aspect", "--limit", "--format", "Exit status"] {
            XCTAssertTrue(run.stdout.contains(expected), expected)
        }
        XCTAssertTrue(try Fixtures.run(["--help"]).stdout.contains("search"))
    }

    /// Random punctuation, quotes and operators as the query: exit status 0, 1 or 2, never a crash.
    func testRandomQueriesExitZeroOneOrTwo() throws {
        let env = try defaultKnowledgeBase()
        var random = SplitMix64(seed: 0xC11)
        let pieces = ["\"", "(", ")", "*", "-", "+", ":", "'", "\\", "\u{1}", " ", " ", "OR", "NOT", "AND", "dimmed",
                      "tap", "state", "ctrl+tab", "é", "🙂", "{", "[", "%", "_", "42", "title:", "-dimmed", "--"]
        var statuses: Set<Int32> = []
        let queries = (0..<40).map { round in
            let count = round == 39 ? 20_000 : Int(random.next() % 10) + 1
            var query = ""
            for _ in 0..<count { query += pieces[Int(random.next() % UInt64(pieces.count))] }
            return query
        }
        let runs = try Fixtures.runEach(queries.map { ["search", "--limit", "3", "--", $0] }, environment: env)
        for (query, run) in zip(queries, runs) {
            XCTAssertTrue([0, 1, 2].contains(run.status), "\(query.debugDescription): status \(run.status), \(run.stderr)")
            if run.status != 0 { XCTAssertTrue(run.stderr.hasPrefix("a11ykb: "), run.stderr) }
            statuses.insert(run.status)
        }
        XCTAssertEqual(statuses, [0, 1, 2], "the random queries reach every outcome")
    }
}
