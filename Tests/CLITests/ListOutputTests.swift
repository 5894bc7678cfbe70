import A11yKB
import Foundation
import TestSupport
import XCTest

/// Every list the command line prints takes the same output options (`--format table|csv|json|jsonl`,
/// `--output`, `--bom`) and keeps paths whole.
final class ListOutputTests: XCTestCase {
    /// The list commands, as a user runs them on the seed.
    static let lists: [[String]] = [
        ["search", "dimmed"], ["search", "dimmed", "--facts"], ["vocab", "dimmed"], ["list", "components"], ["list", "frameworks"],
        ["gaps"], ["sql", "SELECT slug, title FROM components ORDER BY slug"], ["export", "v_criteria"],
    ]

    func testEveryListSpeaksJSONLinesWithTheObjectsOfItsJSON() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        for command in Self.lists + [["trace", Fixtures.seedFolder.appendingPathComponent("table-row-button.md").path]] {
            // trace opens no knowledge base.
            func run(_ arguments: [String]) throws -> Fixtures.Run {
                command[0] == "trace" ? try Fixtures.run(arguments) : try QueryFixtures.run(arguments, db: kb)
            }
            let json = try run(command + ["--format", "json"])
            XCTAssertEqual(json.status, 0, "\(command): \(json.stderr)")
            let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(command)")
            let lines = try run(command + ["-f", "jsonl"])
            XCTAssertEqual(lines.status, 0, "\(command): \(lines.stderr)")
            XCTAssertTrue(lines.stdout.hasSuffix("\n"), "\(command)")
            let objects = try lines.stdout.split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\(command): \($0)")
            }
            XCTAssertGreaterThan(objects.count, 0, "\(command)")
            XCTAssertEqual(objects.count, array.count, "\(command)")
            XCTAssertEqual(objects.map { Set($0.keys) }, array.map { Set($0.keys) }, "\(command)")
            for (line, element) in zip(objects, array) {
                XCTAssertTrue((line as NSDictionary).isEqual(to: element), "\(command): \(line) is not \(element)")
            }
        }
        let stats = try QueryFixtures.run(["stats", "--format", "jsonl"], db: kb)
        let records = stats.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertTrue(records.contains { $0["section"] as? String == "table" && $0["name"] as? String == "components" && $0["rows"] as? Int == 4 },
                      stats.stdout)
    }

    /// Before: two statements printed two arrays one after the other, which `json.load` rejects.
    func testSQLWithSeveralStatementsIsOneJSONDocument() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let run = try QueryFixtures.run(["sql", "--format", "json", "SELECT slug FROM components ORDER BY slug LIMIT 2; SELECT 1 AS n"], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let sets = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[[String: Any]]], run.stdout)
        XCTAssertEqual(sets.map(\.count), [2, 1])
        XCTAssertEqual(sets[0][0]["slug"] as? String, "expandable")
        XCTAssertEqual(sets[1][0]["n"] as? Int, 1)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("sets.json")
        try Data(run.stdout.utf8).write(to: file)
        XCTAssertEqual(try QueryFixtures.python("import json, sys; print([len(s) for s in json.load(open(sys.argv[1]))])", [file.path]),
                       "[2, 1]\n", "json.load reads it")
        let lines = try QueryFixtures.run(["sql", "--format", "jsonl", "SELECT slug FROM components ORDER BY slug LIMIT 2; SELECT 1 AS n"], db: kb)
        XCTAssertEqual(lines.stdout, "{\"slug\":\"expandable\"}\n{\"slug\":\"reorder-data-row\"}\n{\"n\":1}\n")
    }

    /// `--output` and `--bom` are every list's: `stats`, `sql`, `search` and `vocab` had neither.
    func testEveryListWritesToAFileWithTheSameOptions() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        for (i, command) in (Self.lists + [["stats"]]).enumerated() {
            let file = folder.appendingPathComponent("out-\(i).csv")
            let run = try QueryFixtures.run(command + ["--format", "csv", "--bom", "--output", file.path], db: kb)
            XCTAssertEqual(run.status, 0, "\(command): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(command)")
            let bytes = try Data(contentsOf: file)
            XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "\(command)")
            XCTAssertTrue(bytes.contains(0x0D), "\(command): CRLF records")
        }
    }

    /// At c7d9f0c the gaps table cut its `where` column at 50 characters, so a file deeper than a
    /// few folders below what was imported printed a `file:line` that no editor can open. (Sources
    /// are named below the folder imported, so the depth is below it.)
    func testTablesKeepADeepFileAndLineWhole() throws {
        let base = try Fixtures.temporaryFolder(self)
        let relative = "a/b/c/d/e/f/g/h/team-criteria/native/drafts/expandable-region.md"
        let source = base.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent("expandable-region.md"), to: source)
        let db = base.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, base.appendingPathComponent("a").path]).status, 0)

        let gaps = try Fixtures.run(["gaps", "--db", db, "--component", "expandable"])
        XCTAssertEqual(gaps.status, 0, gaps.stderr)
        XCTAssertTrue(gaps.stdout.contains(" " + relative.dropFirst(2) + ":119\n"), gaps.stdout)
        let sql = try Fixtures.run(["sql", "--db", db, "SELECT source, excerpt FROM v_gaps WHERE line = 119"])
        XCTAssertTrue(sql.stdout.contains(relative.dropFirst(2) + "  "), sql.stdout)
        let facts = try Fixtures.run(["search", "--db", db, "collapsed", "--facts", "--format", "table"])
        XCTAssertTrue(facts.stdout.contains(relative.dropFirst(2) + ":"), facts.stdout)
    }

    /// The listings' hints name the command line's options, worded here and not in the library.
    func testTheCommandLineWordsItsOwnHints() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let facts = try QueryFixtures.run(["search", "button", "--facts", "--limit", "2"], db: kb)
        XCTAssertTrue(facts.stdout.hasSuffix("(--limit 0 shows all)\n"), facts.stdout)
        let components = try QueryFixtures.run(["search", "button", "--limit", "1"], db: kb)
        XCTAssertTrue(components.stdout.hasSuffix("(--limit 0 shows all, --facts lists facts)\n"), components.stdout)
        let android = try QueryFixtures.run(["search", "dimmed on android"], db: kb)
        XCTAssertTrue(android.stdout.contains("android facts first (--platform android keeps only those)"), android.stdout)
    }
}
