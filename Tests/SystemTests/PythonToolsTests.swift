import A11yKB
import Foundation
import TestSupport
import XCTest

/// The README's recipes for Datasette and sqlite-utils, run with the tools themselves (from PyPI,
/// through scripts/python-tools; skipped, saying why, where they cannot be installed); and the unit
/// tests of scripts/benchkit, the benchmark's package.
final class PythonToolsTests: XCTestCase {
    /// The bin folder holding `datasette` and `sqlite-utils`.
    func tools() throws -> URL {
        let run = try Fixtures.runProcess(Fixtures.repoRoot.appendingPathComponent("scripts/python-tools"), [], environment: nil)
        guard run.status == 0 else {
            throw XCTSkip("Datasette and sqlite-utils cannot be installed here (\(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))): their recipes are not checked")
        }
        return URL(fileURLWithPath: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The README's shell block that starts with `prefix`, verbatim.
    func readmeBlock(startingWith prefix: String) throws -> String {
        let readme = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map { String($0.prefix { $0 != "`" }) }
        return try XCTUnwrap(blocks.first { $0.hasPrefix(prefix) }, "README has a block starting \(prefix)")
    }

    /// Before: docs/datasette.json was keyed on `kb`; served as team.sqlite there was no search
    /// box and `_search=dimmed` silently returned every row.
    func testDatasetteMetadataWorksWhateverTheFileIsCalled() throws {
        let bin = try tools()
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("team.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        // The README's two lines, with the server's answer asked for by --get instead of served.
        let block = try readmeBlock(startingWith: "a11ykb --db team.sqlite datasette")
        let lines = block.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["a11ykb --db team.sqlite datasette -o team.json", "datasette team.sqlite --metadata team.json"])
        let env = ["PATH": "\(Fixtures.executable.deletingLastPathComponent().path):\(bin.path):/usr/bin:/bin", "HOME": folder.path]
        let sh = URL(fileURLWithPath: "/bin/sh")
        let written = try Fixtures.runProcess(sh, ["-c", "cd '\(folder.path)' && \(lines[0])"], environment: env)
        XCTAssertEqual(written.status, 0, written.stderr)

        func get(_ path: String, metadata: String) throws -> Fixtures.Run {
            try Fixtures.runProcess(sh, ["-c", "cd '\(folder.path)' && datasette team.sqlite --metadata \(metadata) --get '\(path)'"],
                                    environment: env)
        }
        let all = try Fixtures.int(try KnowledgeBase.open(existing: db), "SELECT count(*) FROM v_facts")
        let expected = try Fixtures.int(try KnowledgeBase.open(existing: db),
                                        "SELECT count(*) FROM v_facts WHERE key IN (SELECT rowid FROM search_index WHERE search_index MATCH 'dimmed')")
        XCTAssertGreaterThan(expected, 0)
        XCTAssertLessThan(expected, all)

        let search = try get("/team/v_facts.json?_search=dimmed&_shape=array&_size=max", metadata: "team.json")
        XCTAssertEqual(search.status, 0, search.stderr)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]], search.stdout)
        XCTAssertEqual(rows.count, expected, "the search box searches")
        let page = try get("/team/v_facts", metadata: "team.json")
        XCTAssertTrue(page.stdout.contains("name=\"_search\""), "the page has a search box")
        let canned = try get("/team/open_gaps.json?_shape=array", metadata: "team.json")
        XCTAssertEqual(canned.status, 0, "the canned queries are there: \(canned.stderr)")

        // The metadata written for kb.sqlite does nothing for team.sqlite: the fault it fixes.
        let docs = Fixtures.repoRoot.appendingPathComponent("docs/datasette.json").path
        let unkeyed = try get("/team/v_facts.json?_search=dimmed&_shape=array&_size=max", metadata: "'\(docs)'")
        let unsearched = try JSONSerialization.jsonObject(with: Data(unkeyed.stdout.utf8)) as? [[String: Any]]
        XCTAssertNotEqual(unsearched?.count, expected, "docs/datasette.json is keyed on kb, so team.sqlite gets no search")
    }

    /// scripts/bench is the package scripts/benchkit (issue 36): the unit tests of its pure parts
    /// (targets checked, compare, the result file's versions, the corpus generators, the runs
    /// policy) run here, so that CI runs them; Python's standard library only. Skipped, saying so,
    /// where there is no python3.
    func testBenchkitUnitTestsPass() throws {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let probe = try Fixtures.runProcess(env, ["python3", "--version"], environment: nil)
        guard probe.status == 0 else {
            throw XCTSkip("python3 not found: scripts/benchkit's unit tests (python3 -m unittest discover -s scripts/benchkit/tests) are not run")
        }
        let tests = Fixtures.repoRoot.appendingPathComponent("scripts/benchkit/tests").path
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"  // no __pycache__ left in the checkout
        let run = try Fixtures.runProcess(env, ["python3", "-m", "unittest", "discover", "-s", tests], environment: environment)
        XCTAssertEqual(run.status, 0, "scripts/benchkit's unit tests fail:\n\(run.stderr)")
        XCTAssertTrue(run.stderr.range(of: #"Ran [1-9][0-9]* tests"#, options: .regularExpression) != nil,
                      "the unit tests were found and run: \(run.stderr)")
    }

    /// Before: the recipe passed SQL starting with a `--` comment where sqlite-utils reads options.
    func testSqliteUtilsSearchRecipeRunsVerbatim() throws {
        let bin = try tools()
        let home = try Fixtures.temporaryFolder(self)
        XCTAssertEqual(try Fixtures.run(["stats"], environment: ["HOME": home.path]).status, 0, "the default knowledge base, seeded")
        let recipe = try readmeBlock(startingWith: "sqlite-utils query ")
        let env = ["PATH": "\(bin.path):/usr/bin:/bin", "HOME": home.path]
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd '\(Fixtures.repoRoot.path)' && \(recipe)"], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], run.stdout)
        let kb = try KnowledgeBase.open(existing: home.appendingPathComponent(".local/share/a11ykb/kb.sqlite").path)
        let hits = try kb.search("dimmed", options: SearchOptions(limit: 0)).hits
        XCTAssertEqual(rows.count, hits.count)
        XCTAssertEqual(rows.first?["text"] as? String, hits.first?.text, "best first, as a11ykb search ranks")
        // docs/schema.md shows the same SQL as the file the recipe reads.
        let schema = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        XCTAssertTrue(schema.contains(try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/search.sql"), encoding: .utf8)))
    }
}
