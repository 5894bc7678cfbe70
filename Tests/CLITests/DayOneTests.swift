import A11yKB
import Foundation
import TestSupport
import XCTest

/// Issue 25: what a new user meets on day one. A mistyped or empty knowledge base says so, the seed
/// can be dropped, stdin works as `-`, a mistyped command gets a guess, help starts with usage,
/// the short flags and --color work, one version for both binaries.
final class DayOneTests: XCTestCase {
    /// A clean environment of the test's own (a home without a knowledge base), for /bin/sh runs.
    func environment(home: URL) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": home.path, "NO_COLOR": "1"]
    }

    /// `a11ykb` run by /bin/sh with `script` (which reads `$A11YKB`), for pipes into stdin.
    func shell(_ script: String, home: URL) throws -> Fixtures.Run {
        var env = environment(home: home)
        env["A11YKB"] = Fixtures.executable.path
        return try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: env)
    }

    // MARK: - No knowledge base at the path

    /// Before: `--db typo-dir/kb.sqlit` made the folder and an empty knowledge base, and the search
    /// said only "no component matches".
    func testQueriesOnAPathWithoutAKnowledgeBaseRefuseAndCreateNothing() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let typo = folder.appendingPathComponent("typo-dir/kb.sqlit").path
        let empty = folder.appendingPathComponent("empty.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let queries: [[String]] = [["search", "dimmed"], ["stats"], ["sql", "SELECT 1"], ["show", "button"], ["list"], ["gaps"],
                                   ["compare", "button"], ["export", "matrix"], ["vocab", "dimmed"], ["announcements", "button"],
                                   ["datasette"]]
        for path in [typo, empty] {
            for (query, run) in zip(queries, try Fixtures.runEach(queries.map { $0 + ["--db", path] })) {
                XCTAssertEqual(run.status, 2, "\(query[0]): \(run.stderr)")
                XCTAssertEqual(run.stdout, "", query[0])
                XCTAssertEqual(run.stderr, "a11ykb: no knowledge base at \(path); create one with a11ykb import --db \(path) CHECKOUT (a clone of github.com/tmobile/magentaA11y)\n", query[0])
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo-dir").path), "no folder made")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int, 0, "the empty file stays empty")

        // The MCP server, through a11ykb mcp and on its own.
        for arguments in [["mcp", "--db", typo]] {
            let run = try Fixtures.run(arguments)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("a11ykb mcp: no knowledge base at \(typo); create one with a11ykb import --db "), run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        }

        // import makes a new knowledge base at a new path, never a folder.
        let refused = try Fixtures.run(["import", "--db", typo, Fixtures.seedFolder.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "a11ykb: cannot create \(typo): no folder \(folder.path)/typo-dir (a11ykb creates the knowledge base file, never its folder)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo-dir").path))
        let fresh = folder.appendingPathComponent("new.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", fresh, Fixtures.seedFolder.path]).status, 0)
        XCTAssertEqual(try Fixtures.run(["search", "dimmed", "--db", fresh]).status, 0)
    }

    /// A knowledge base holding only the seed says so when a search finds nothing; one holding
    /// nothing says that; one holding a real import says neither. --replace-seed drops the seed.
    func testSeedOnlyKnowledgeBaseSaysSoAndReplaceSeedDropsIt() throws {
        let home = try Fixtures.temporaryFolder(self)
        let env = ["HOME": home.path]
        let seedOnly = try Fixtures.run(["search", "slider"], environment: env)
        XCTAssertEqual(seedOnly.status, 1)
        let components = try Fixtures.run(["sql", "SELECT count(*) AS n FROM components", "-f", "csv"], environment: env)
        let count = try XCTUnwrap(Int(components.stdout.split(separator: "\r\n")[1]))
        XCTAssertEqual(seedOnly.stderr, """
            a11ykb: no component matches slider
            a11ykb: this knowledge base holds only the \(count) seed components built into a11ykb; for all of MagentaA11y: git clone https://github.com/tmobile/magentaA11y && a11ykb import --replace-seed magentaA11y

            """)
        XCTAssertEqual(try Fixtures.run(["search", "slider", "--facts"], environment: env).stderr.components(separatedBy: "seed components").count, 2,
                       "the fact listing says it too")

        // A mistyped path replaces nothing: the seed stays, and the run is an error (status 2).
        let typo = try Fixtures.run(["import", "--replace-seed", home.appendingPathComponent("magentaA11yy").path], environment: env)
        XCTAssertEqual(typo.status, 2, typo.stdout + typo.stderr)
        let kept = try Fixtures.run(["sql", "SELECT count(*) AS n FROM components", "-f", "csv"], environment: env)
        XCTAssertEqual(kept.stdout, components.stdout, "nothing is removed unless the replacement imports")

        let checkout = try Fixtures.generatedCheckout(self, count: 2)
        let replaced = try Fixtures.run(["import", "--replace-seed", checkout.path], environment: env)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertTrue(replaced.stdout.contains("\(count) removed"), replaced.stdout)
        let seeds = try Fixtures.run(["sql", "SELECT count(*) FROM sources WHERE path LIKE '(embedded)/seed/%'", "-f", "csv"], environment: env)
        XCTAssertEqual(seeds.stdout, "count(*)\r\n0\r\n")
        let after = try Fixtures.run(["search", "slider"], environment: env)
        XCTAssertEqual(after.status, 1)
        XCTAssertEqual(after.stderr, "a11ykb: no component matches slider\n", "a real import: no word about the seed")

        // An import that wrote nothing (a folder without documents): the knowledge base is empty.
        let db = home.appendingPathComponent("nothing.sqlite").path
        let none = try Fixtures.temporaryFolder(self)
        // It says so in one line (issue 34), status 2, and the knowledge base it made stays.
        let empty = try Fixtures.run(["import", "--db", db, none.path])
        XCTAssertEqual(empty.status, 2, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("nothing to import"), empty.stderr)
        let nothing = try Fixtures.run(["search", "dimmed", "--db", db])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertTrue(nothing.stderr.contains("a11ykb: this knowledge base is empty: nothing was ever imported into it"), nothing.stderr)
    }

    /// The MCP server says it too, in its search tools' answers.
    func testMCPSearchesOnTheSeedAloneSaySo() throws {
        let home = try Fixtures.temporaryFolder(self)
        let client = try MCPClient(["mcp"], environment: ["HOME": home.path])
        _ = try client.initialize()
        for tool in ["find_components", "search", "search_facts"] {
            let answer = try client.call(tool, ["query": "slider"])
            XCTAssertFalse(answer.isError, answer.text)
            XCTAssertNotNil(answer.text.range(of: #"holds only the [0-9]+ seed components built into a11ykb"#, options: .regularExpression),
                            "\(tool): \(answer.text)")
        }
        let found = try client.call("find_components", ["query": "dimmed"])
        XCTAssertFalse(found.text.contains("seed components"), "a search that finds something says nothing of it")
        XCTAssertEqual(client.finish().status, 0)
    }

    // MARK: - Standard input, and an import of nothing

    func testImportAndSQLReadStandardInput() throws {
        let home = try Fixtures.temporaryFolder(self)
        let db = home.appendingPathComponent("kb.sqlite").path
        let document = home.appendingPathComponent("doc")
        try Data(try Fixtures.seed("table-row-button.md").utf8).write(to: document)
        let imported = try shell("\"$A11YKB\" import --db '\(db)' - --stdin-name widget-row.md < '\(document.path)'", home: home)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("table-row-button  ← (stdin)/widget-row.md"), imported.stdout)

        // SQL starting with a -- comment, from a file: two statements, one JSON document.
        let sql = home.appendingPathComponent("report.sql")
        try Data("-- how many\nSELECT count(*) AS n FROM components;\nSELECT path FROM sources;\n".utf8).write(to: sql)
        let answered = try shell("\"$A11YKB\" sql --db '\(db)' -f json - < '\(sql.path)'", home: home)
        XCTAssertEqual(answered.status, 0, answered.stderr)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(answered.stdout.utf8)) as? [[[String: Any]]])
        XCTAssertEqual(parsed.count, 2)
        XCTAssertEqual(parsed[0][0]["n"] as? Int, 1)
        XCTAssertEqual(parsed[1][0]["path"] as? String, "(stdin)/widget-row.md")
        let lines = try shell("\"$A11YKB\" sql --db '\(db)' -f jsonl - < '\(sql.path)'", home: home)
        XCTAssertEqual(lines.stdout.split(separator: "\n").count, 2, "JSON Lines: every row of both statements, one per line")
    }

    /// Before: `import /nonexistent` said its error twice (the summary on stdout and stderr) and
    /// ended with 1, as if some files went in.
    func testImportOfNothingButErrorsIsStatus2SaidOnce() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, "/nonexistent"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "a11ykb: /nonexistent: no such file or folder\n")
        // One good path beside the bad one: partly failed, status 1, the error still said once.
        let partly = try Fixtures.run(["import", "--db", db, "/nonexistent", Fixtures.seedFolder.path])
        XCTAssertEqual(partly.status, 1)
        XCTAssertEqual(partly.stderr, "a11ykb: /nonexistent: no such file or folder\n")
        XCTAssertFalse(partly.stdout.contains("/nonexistent"), partly.stdout)
        XCTAssertTrue(partly.stdout.contains(", 1 errors"), partly.stdout)
    }

    // MARK: - Conventions

    func testMistypedCommandGetsDidYouMean() throws {
        let run = try Fixtures.run(["searhc", "dimmed"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "a11ykb: 'searhc' is not an a11ykb command; did you mean 'search'? (see 'a11ykb --help')\n")
        let global = try Fixtures.run(["--no-pager", "stast"])
        XCTAssertEqual(global.stderr, "a11ykb: 'stast' is not an a11ykb command; did you mean 'stats'? (see 'a11ykb --help')\n")
        let far = try Fixtures.run(["frobnicate"])
        XCTAssertEqual(far.stderr, "a11ykb: 'frobnicate' is not an a11ykb command (see 'a11ykb --help')\n")
    }

    /// Before: `search --help` was 89 lines with USAGE at line 52.
    func testHelpShowsUsageAndCommonOptionsFirstAndDetailsAfter() throws {
        for command in ["search", "import", "sql", "announcements"] {
            let help = try Fixtures.run([command, "--help"])
            XCTAssertEqual(help.status, 0)
            let lines = help.stdout.components(separatedBy: "\n")
            let usage = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("USAGE: a11ykb \(command)") }, command)
            XCTAssertLessThanOrEqual(usage, 4, "\(command): usage near the top:\n\(help.stdout)")
            let options = try XCTUnwrap(lines.firstIndex(of: "OPTIONS:"), command)
            let details = try XCTUnwrap(lines.firstIndex(of: "DETAILS:"), command)
            XCTAssertLessThan(options, details, command)
        }
        let search = try Fixtures.run(["search", "--help"]).stdout.components(separatedBy: "\n")
        let first = try XCTUnwrap(search.firstIndex(of: "OPTIONS:"))
        XCTAssertTrue(search[first + 1].hasPrefix("  -p, --platform"), search[first + 1])
        XCTAssertTrue(search.contains { $0.hasPrefix("  -n, --limit <n>") })
        XCTAssertTrue(search.contains { $0.hasPrefix("  -f, --format <format>") })
        XCTAssertTrue(search.contains { $0.hasPrefix("  --color <when>") })
    }

    func testShortFlagsAndColor() throws {
        let home = try Fixtures.temporaryFolder(self)
        let env = ["HOME": home.path]
        let long = try Fixtures.run(["search", "dimmed", "--limit", "1", "--platform", "ios", "--format", "json"], environment: env)
        let short = try Fixtures.run(["search", "dimmed", "-n", "1", "-p", "ios", "-f", "json"], environment: env)
        XCTAssertEqual(long.status, 0, long.stderr)
        XCTAssertEqual(short.stdout, long.stdout)
        XCTAssertEqual(try Fixtures.run(["gaps", "-p", "android", "-f", "csv"], environment: env).stdout,
                       try Fixtures.run(["gaps", "--platform", "android", "--format", "csv"], environment: env).stdout)
        XCTAssertEqual(try Fixtures.run(["show", "table", "-f", "json"], environment: env).stdout,
                       try Fixtures.run(["show", "table", "--format", "json"], environment: env).stdout)

        // NO_COLOR is set in the tests' environment and stdout is a pipe: no colour, unless asked.
        let plain = try Fixtures.run(["search", "dimmed", "-n", "1"], environment: env)
        XCTAssertFalse(plain.stdout.contains("\u{1B}["))
        let always = try Fixtures.run(["--color=always", "search", "dimmed", "-n", "1"], environment: env)
        XCTAssertTrue(always.stdout.contains("\u{1B}[1;33m"), always.stdout)
        let never = try Fixtures.runInTerminal(Fixtures.commandLine(["search", "dimmed", "-n", "1", "--color", "never", "--no-pager"]),
                                               environment: ["NO_COLOR": "", "HOME": home.path])
        XCTAssertFalse(never.stdout.contains("\u{1B}[1;33m"), never.stdout)
        let auto = try Fixtures.runInTerminal(Fixtures.commandLine(["search", "dimmed", "-n", "1", "--no-pager"]),
                                              environment: ["NO_COLOR": "", "HOME": home.path])
        XCTAssertTrue(auto.stdout.contains("\u{1B}[1;33m"), "auto on a terminal colours: \(auto.stdout)")
        XCTAssertEqual(try Fixtures.run(["search", "dimmed", "--color", "sometimes"], environment: env).status, 2)
    }

    // MARK: - Announcements: the CLI beside the MCP tool

    func testAnnouncementsCommandAnswersAsTheMCPToolDoes() throws {
        let home = try Fixtures.temporaryFolder(self)
        let db = home.appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        let cli = try Fixtures.run(["announcements", "reorder-data-row", "-p", "android", "-f", "json", "--db", db])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [[String: Any]])
        XCTAssertFalse(rows.isEmpty)
        XCTAssertTrue(rows.allSatisfy { $0["platform"] as? String == "android" }, "\(rows)")

        let client = try MCPClient(["mcp", "--db", db])
        _ = try client.initialize()
        let tool = try client.call("get_announcements", ["component": "reorder-data-row", "platform": "android"])
        XCTAssertFalse(tool.isError, tool.text)
        let served = try XCTUnwrap(tool.structured["announcements"] as? [[String: Any]])
        XCTAssertEqual(served.map { $0["text"] as? String }, rows.map { $0["text"] as? String })
        XCTAssertEqual(served.map { "\($0["source"] ?? "none"):\($0["line"] ?? "none")" }, rows.map { "\($0["source"] ?? "none"):\($0["line"] ?? "none")" })
        XCTAssertTrue(rows.allSatisfy { ($0["source"] as? String)?.hasPrefix("reorder-data-row") == true }, "each with its file: \(rows)")
        XCTAssertEqual(client.finish().status, 0)

        let table = try Fixtures.run(["announcements", "reorder-data-row", "--origin", "example", "-n", "1", "--db", db])
        XCTAssertTrue(table.stdout.hasSuffix("1 of \(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try Fixtures.run(["announcements", "reorder-data-row", "--origin", "example", "-f", "json", "--db", db]).stdout.utf8)) as? [Any]).count) announcements (--limit 0 shows all)\n"), table.stdout)
        let none = try Fixtures.run(["announcements", "table-row-button", "--db", db])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stderr, "a11ykb: no announcements match for table-row-button\n")
        let unknown = try Fixtures.run(["announcements", "table-row-buton", "--db", db])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("table-row-button"), "the closest slug: \(unknown.stderr)")
    }

    /// "What does TalkBack say for a checkbox": the platform picks the family of a slug both use.
    func testAnnouncementsOnTheCorpusPickTheFamilyFromThePlatform() throws {
        let checkout = try Fixtures.corpus("magentaA11y-2026")
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "-q", "--db", db, checkout.path]).status, 0)
        let run = try Fixtures.run(["announcements", "checkbox", "--platform", "android", "--origin", "transcript", "-f", "csv", "--db", db])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\r\n").dropFirst()
        XCTAssertFalse(rows.isEmpty)
        XCTAssertTrue(rows.allSatisfy { $0.contains(",native,android,") && $0.contains("TalkBack") && $0.contains(".vtt,") }, run.stdout)
        XCTAssertEqual(try Fixtures.run(["announcements", "checkbox", "--db", db]).status, 2, "without a platform, checkbox is both families")
    }

    // MARK: - One version

    func testOneVersionForBothBinariesAndTheChangelog() throws {
        let version = try Fixtures.run(["--version"])
        XCTAssertEqual(version.stdout, "a11ykb \(KnowledgeBase.version) (schema \(KnowledgeBase.schemaVersion))\n")
        let client = try MCPClient(["mcp", "--db", try Fixtures.seededKnowledgeBase(self).path])
        let info = try XCTUnwrap(try client.initialize()["serverInfo"] as? [String: Any])
        XCTAssertEqual(info["version"] as? String, KnowledgeBase.version)
        XCTAssertEqual(client.finish().status, 0)
        let changelog = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try XCTUnwrap(changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" })
        XCTAssertTrue(newest.hasPrefix("## \(KnowledgeBase.version) "), "CHANGELOG.md's newest release is the version: \(newest)")
        for file in ["LICENSE", "NOTICE"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Fixtures.repoRoot.appendingPathComponent(file).path), file)
        }
        let notice = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("NOTICE"), encoding: .utf8)
        XCTAssertTrue(notice.contains("https://github.com/tmobile/magentaA11y"))
        // The seed is what NOTICE credits: every seed file is MagentaA11y's content.
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: Fixtures.seedFolder.path).isEmpty)
    }
}
