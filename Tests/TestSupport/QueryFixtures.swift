// Test helpers exist in debug builds only: `swift build -c release` builds every target, and
// this one imports XCTest and A11yKB for testing, which release builds (static stdlib) lack.
#if DEBUG
import A11yKB
@testable import KBStore
@testable import KBSearch
@testable import KBImport
@testable import KBQuery
import Foundation
import GRDB
import XCTest

/// Helpers for the query, render and command-line tests of compare, show, export, list and gaps.
public enum QueryFixtures {
    public static func facts(_ kb: KnowledgeBase, _ slug: String) throws -> ComponentFacts {
        try kb.reader.read { db in try ComponentFacts.load(db, componentID: try ComponentLookup.resolve(db, slug)) }
    }

    /// The seeded knowledge base, and one holding today's MagentaA11y checkout when the corpus is there.
    public static func seedAndCorpusKnowledgeBases(_ test: XCTestCase) throws -> [KnowledgeBase] {
        var knowledgeBases = [try Fixtures.seededKnowledgeBase(test)]
        if let corpus = try? Fixtures.corpus("magentaA11y-2026") {
            knowledgeBases.append(try Fixtures.importedKnowledgeBase([corpus], test))
        }
        return knowledgeBases
    }

    public static func allFacts(_ kb: KnowledgeBase) throws -> [ComponentFacts] {
        try kb.reader.read { try ComponentFacts.loadAll($0) }
    }

    /// The body of a `## NAME` section of a markdown document, up to the next `## ` heading.
    public static func section(_ markdown: String, _ name: String) -> String {
        var lines: [Substring] = []
        var inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                if inside { break }
                inside = line.dropFirst(3).trimmingCharacters(in: .whitespaces) == name
                continue
            }
            if inside { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// Runs `python3 -c script` with `arguments`; skips the test when there is no python3.
    public static func python(_ script: String, _ arguments: [String]) throws -> String {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("python3 not found: the round trip through Python's csv module is skipped")
        }
        let run = try Fixtures.runProcess(URL(fileURLWithPath: python), ["-c", script] + arguments, environment: nil)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    /// Reads a CSV file with Python's csv module and returns its records.
    public static func pythonCSV(_ path: String) throws -> [[String]] {
        let json = try python("""
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
                print(json.dumps(list(csv.reader(f, strict=True))))
            """, [path])
        return try JSONDecoder().decode([[String]].self, from: Data(json.utf8))
    }

    /// The built executable, run against the knowledge base at `db`.
    public static func run(_ arguments: [String], db: KnowledgeBase, environment: [String: String] = [:]) throws -> Fixtures.Run {
        guard FileManager.default.isExecutableFile(atPath: Fixtures.executable.path) else {
            throw XCTSkip("the a11ykb executable is not built at \(Fixtures.executable.path)")
        }
        return try Fixtures.run(arguments + ["--db", db.path], environment: environment)
    }
}
#endif
