import A11yKB
@testable import KBStore
@testable import KBImport
import Foundation
import GRDB
import TestSupport
import XCTest

/// `a11ykb mcp` as an assistant's host runs it: the built binary as a child process, JSON-RPC over
/// its stdin and stdout. Every tool is called on a small knowledge base (the seed, and the web
/// fixture for what the seed lacks: WCAG citations, a caption transcript, a web component), and
/// each answer is checked against the knowledge base's own rows.
final class MCPToolTests: XCTestCase {
    var kb: KnowledgeBase!
    var client: MCPClient!

    override func setUpWithError() throws {
        kb = try Fixtures.seededKnowledgeBase(self)
        let summary = try kb.importFiles([Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout").path])
        XCTAssertEqual(summary.errors.count, 0)
        client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
    }

    override func tearDownWithError() throws {
        // A setUp that failed before it started a client: nothing to end.
        guard let client else { return }
        let end = client.finish()
        XCTAssertEqual(end.status, 0, "the server ends with its input, status 0; stderr: \(end.stderr)")
        XCTAssertEqual(end.stderr, "", "the server writes nothing to stderr while it serves")
    }

    func rows(_ sql: String) throws -> [[String: String]] {
        try Fixtures.rows(kb, sql).map { row in
            Dictionary(uniqueKeysWithValues: row.columnNames.map { ($0, row[$0].map { "\($0)" } ?? "") })
        }
    }

    func testInitializeAnnouncesToolsAndResources() throws {
        let other = try MCPClient(["mcp", "--db", kb.path])
        let result = try other.initialize()
        XCTAssertEqual((result["serverInfo"] as? [String: Any])?["name"] as? String, "a11ykb")
        XCTAssertEqual(result["protocolVersion"] as? String, "2025-06-18", "the client's version is accepted")
        let capabilities = try XCTUnwrap(result["capabilities"] as? [String: Any])
        XCTAssertNotNil(capabilities["tools"])
        XCTAssertNotNil(capabilities["resources"])
        XCTAssertTrue((result["instructions"] as? String ?? "").contains("source file and line"))
        XCTAssertEqual(other.finish().status, 0)
    }

    func testToolsAreListedReadOnlyWithEnumsInTheirSchemas() throws {
        let answer = try client.request("tools/list")
        let tools = try XCTUnwrap((answer["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let names = tools.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["list_components", "get_component", "get_developer_notes", "list_component_formats", "search",
                               "search_facts", "find_components", "compare_platforms", "get_announcements", "list_gaps", "get_wcag_criteria",
                               "get_success_criterion", "get_coverage", "build_checklist", "explain_axe_results",
                               "get_test_plan", "report_results", "diff_knowledge_bases", "build_conformance_report", "check_conformance_report", "compare_conformance_reports", "run_sql"])
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            let annotations = try XCTUnwrap(tool["annotations"] as? [String: Any], name)
            XCTAssertEqual(annotations["readOnlyHint"] as? Bool, true, name)
            XCTAssertEqual(annotations["idempotentHint"] as? Bool, true, name)
            XCTAssertEqual(annotations["destructiveHint"] as? Bool, false, name)
            XCTAssertGreaterThan((tool["description"] as? String ?? "").count, 150, "\(name) explains itself to a model")
            let schema = try XCTUnwrap(tool["inputSchema"] as? [String: Any], name)
            XCTAssertEqual(schema["type"] as? String, "object")
            let properties = try XCTUnwrap(schema["properties"] as? [String: [String: Any]], name)
            // Whatever a tool calls platform, family, framework or format offers its choices as an enum.
            for key in ["platform", "family", "framework", "format"] {
                if let property = properties[key] {
                    XCTAssertNotNil(property["enum"], "\(name).\(key) lists its choices")
                }
            }
        }
        let schema = { (name: String) in tools.first { $0["name"] as? String == name }?["inputSchema"] as? [String: Any] ?? [:] }
        let component = schema("get_component")["properties"] as? [String: [String: Any]] ?? [:]
        XCTAssertEqual(component["format"]?["enum"] as? [String], ["markdown", "condensed", "gherkin", "json"])
        XCTAssertEqual(component["family"]?["enum"] as? [String], ["native", "web", "how-to-test"])
        XCTAssertEqual(schema("get_component")["required"] as? [String], ["component"])
        let search = schema("search_facts")["properties"] as? [String: [String: Any]] ?? [:]
        XCTAssertEqual(search["platform"]?["enum"] as? [String], ["ios", "android", "web"])
        XCTAssertEqual(search["framework"]?["enum"] as? [String], ["uikit", "swiftui", "android-views", "jetpack-compose"])
    }

    func testListComponentsGivesEveryComponentWithItsSourceAndCategories() throws {
        let all = try client.call("list_components")
        XCTAssertFalse(all.isError)
        let components = try XCTUnwrap(all.structured["components"] as? [[String: Any]])
        let expected = try rows("SELECT c.slug, c.family, s.path FROM components c JOIN sources s ON s.id = c.source_id ORDER BY c.family, c.slug")
        XCTAssertEqual(Set(components.map { "\($0["family"]!)/\($0["slug"]!)" }), Set(expected.map { "\($0["family"]!)/\($0["slug"]!)" }))
        for row in expected {
            XCTAssertTrue(all.text.contains("\(row["family"]!)/\(row["slug"]!)"), row.description)
            XCTAssertTrue(all.text.contains(row["path"]!), "the text names each component's source")
        }
        let button = try XCTUnwrap(components.first { $0["slug"] as? String == "table-row-button" })
        XCTAssertEqual(button["criteria"] as? Int, 10)
        XCTAssertEqual(button["category"] as? String, "controls")

        let web = try client.call("list_components", ["family": "web"])
        XCTAssertEqual((web.structured["components"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }, ["toggle-button"])
        let controls = try client.call("list_components", ["family": "native", "category": "controls"])
        let slugs = (controls.structured["components"] as? [[String: Any]])?.compactMap { $0["slug"] as? String } ?? []
        XCTAssertEqual(slugs, try rows("SELECT slug FROM components WHERE family = 'native' AND category = 'controls' ORDER BY slug").map { $0["slug"]! })

        let unknown = try client.call("list_components", ["category": "widgets"])
        XCTAssertTrue(unknown.isError)
        XCTAssertTrue(unknown.text.contains("unknown category \"widgets\"") && unknown.text.contains("controls"), unknown.text)
    }

    func testGetComponentInEveryFormatCitesEachFactsLine() throws {
        let criteria = try rows("SELECT label, expectation, line FROM v_criteria WHERE component = 'table-row-button'")
        XCTAssertEqual(criteria.count, 10)

        let condensed = try client.call("get_component", ["component": "table-row-button", "format": "condensed"])
        XCTAssertFalse(condensed.isError)
        for c in criteria {
            XCTAssertTrue(condensed.text.contains("\(c["label"]!): \(c["expectation"]!) (line \(c["line"]!))"), "\(c) in\n\(condensed.text)")
        }
        let groups = try XCTUnwrap(condensed.structured["groups"] as? [[String: Any]])
        XCTAssertEqual(groups.compactMap { $0["kind"] as? String }, ["keyboard", "gesture", "screenreader", "settings"])
        XCTAssertEqual((condensed.structured["component"] as? [String: Any])?["source"] as? String, "table-row-button.md",
                       "named below the seed folder it was imported from")

        let markdown = try client.call("get_component", ["component": "Table row button"])
        XCTAssertTrue(markdown.text.hasPrefix("# Table row button\n"))
        for section in ["## General Notes", "## Condensed", "## Gherkin", "## iOS Developer Notes", "## Android Developer Notes"] {
            XCTAssertTrue(markdown.text.contains(section), section)
        }
        let note = try XCTUnwrap(try rows("SELECT text, line FROM v_guidance WHERE component = 'table-row-button' AND platform = 'ios' AND aspect = 'state' ORDER BY position LIMIT 1").first)
        XCTAssertTrue(markdown.text.contains("\(note["text"]!) (line \(note["line"]!))"), "developer notes carry their lines")
        XCTAssertEqual((markdown.structured["criteria"] as? [Any])?.count, 10)

        let gherkin = try client.call("get_component", ["component": "reorder-data-row", "format": "gherkin"])
        let step = try XCTUnwrap(try rows("SELECT text, line FROM gherkin_steps g JOIN components c ON c.id = g.component_id WHERE c.slug = 'reorder-data-row' AND depth = 1 ORDER BY g.position LIMIT 1").first)
        XCTAssertTrue(gherkin.text.contains("\(step["text"]!) (line \(step["line"]!))"), gherkin.text)
        XCTAssertEqual(gherkin.structured["origin"] as? String, "source", "the source's own Gherkin")

        let json = try client.call("get_component", ["component": "native/reorder-data-row", "format": "json", "include_code_examples": false])
        XCTAssertEqual((json.structured["code_examples"] as? [Any])?.count, 0)
        let withCode = try client.call("get_component", ["component": "native/reorder-data-row", "format": "json"])
        let codeCount = try rows("SELECT count(*) AS n FROM code_examples x JOIN components c ON c.id = x.component_id WHERE c.slug = 'reorder-data-row'")[0]["n"]!
        XCTAssertEqual((withCode.structured["code_examples"] as? [Any])?.count, Int(codeCount))
        XCTAssertTrue(json.text.hasPrefix("{"), "format json: the text is the JSON")
    }

    func testDeveloperNotesForOnePlatformOrFramework() throws {
        let ios = try client.call("get_developer_notes", ["component": "table-row-button", "platform": "ios"])
        XCTAssertFalse(ios.isError)
        let iosNotes = try rows("SELECT text, line FROM v_guidance WHERE component = 'table-row-button' AND platform = 'ios'")
        let androidNotes = try rows("SELECT text FROM v_guidance WHERE component = 'table-row-button' AND platform = 'android'")
        XCTAssertFalse(iosNotes.isEmpty)
        for note in iosNotes { XCTAssertTrue(ios.text.contains("\(note["text"]!) (line \(note["line"]!))"), note.description) }
        for note in androidNotes where !iosNotes.contains(where: { $0["text"] == note["text"] }) {
            XCTAssertFalse(ios.text.contains(note["text"]!), "an Android note in the iOS answer: \(note)")
        }
        XCTAssertTrue(ios.text.contains("## iOS Developer Notes") && !ios.text.contains("## Android Developer Notes"))
        let platforms = Set((ios.structured["guidance"] as? [[String: Any]] ?? []).compactMap { $0["platform"] as? String })
        XCTAssertEqual(platforms, ["ios"])

        let swiftUI = try client.call("get_developer_notes", ["component": "expandable", "framework": "swiftui"])
        XCTAssertTrue(swiftUI.text.contains("**SwiftUI**"), swiftUI.text)
        XCTAssertFalse(swiftUI.text.contains("**UIKit**"), "framework swiftui leaves UIKit's notes out")
        XCTAssertFalse(swiftUI.text.contains("Android"), "framework swiftui is iOS")

        let mismatch = try client.call("get_developer_notes", ["component": "expandable", "platform": "android", "framework": "swiftui"])
        XCTAssertTrue(mismatch.isError)
        XCTAssertTrue(mismatch.text.contains("swiftui is for ios"), mismatch.text)
    }

    func testComponentFormatsFollowTheFacts() throws {
        let formats = try client.call("list_component_formats", ["component": "table"])
        let list = try XCTUnwrap(formats.structured["formats"] as? [[String: Any]])
        let available = Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0["available"] as! Bool) })
        // table.txt is a page copied from the site: criteria, no Gherkin of its own, no code.
        let counts = try rows("""
            SELECT (SELECT count(*) FROM criteria x WHERE x.component_id = c.id) AS criteria,
                   (SELECT count(*) FROM code_examples x WHERE x.component_id = c.id) AS code
            FROM components c WHERE slug = 'table'
            """)[0]
        XCTAssertEqual(available["markdown"], true)
        XCTAssertEqual(available["condensed"], counts["criteria"] != "0")
        XCTAssertEqual(available["code-examples"], counts["code"] != "0")
        XCTAssertTrue(formats.text.contains("condensed: \(counts["criteria"] != "0" ? "yes" : "no")"), formats.text)

        let reorder = try client.call("list_component_formats", ["component": "reorder-data-row"])
        XCTAssertTrue(reorder.text.contains("gherkin: yes — as the source wrote it"), reorder.text)
        XCTAssertTrue(reorder.text.contains("developer-notes: yes") && reorder.text.contains("ios, android"), reorder.text)
        XCTAssertTrue(reorder.text.contains("gaps: yes — 3 places"), reorder.text)
    }

    /// A question whose words sit in different facts, with one platform's word for another's state:
    /// the components that answer, best first, Android's `disabled` marked as the equivalent of `dimmed`.
    func testFindComponentsAnswersAQuestionWithComponentsAndEquivalents() throws {
        let result = try client.call("find_components", ["query": "what is announced when a table row button is dimmed"])
        XCTAssertFalse(result.isError, result.text)
        let components = try XCTUnwrap(result.structured["result"] as? [[String: Any]])
        XCTAssertEqual(components.first?["component"] as? String, "table-row-button", result.text)
        let facts = components.first?["facts"] as? [[String: Any]] ?? []
        XCTAssertFalse(facts.isEmpty)
        XCTAssertTrue(facts.allSatisfy { ($0["line"] as? Int ?? 0) > 0 && ($0["source"] as? String ?? "").hasSuffix("table-row-button.md") })
        let dimmed = try client.call("find_components", ["query": "dimmed"])
        let equivalents = (dimmed.structured["result"] as? [[String: Any]] ?? []).flatMap { $0["facts"] as? [[String: Any]] ?? [] }
            .flatMap { $0["equivalents"] as? [String] ?? [] }
        XCTAssertTrue(equivalents.contains("disabled"), dimmed.text)
        let nothing = try client.call("find_components", ["query": "zzqxv"])
        XCTAssertFalse(nothing.isError)
        XCTAssertEqual((nothing.structured["result"] as? [Any])?.count, 0)
    }

    func testSearchIsRankedFilteredAndCitesSourceLines() throws {
        let result = try client.call("search_facts", ["query": "dimmed"])
        XCTAssertFalse(result.isError)
        let hits = try XCTUnwrap(result.structured["hits"] as? [[String: Any]])
        XCTAssertEqual(hits.first?["component"] as? String, "table-row-button", "the criterion ranks first")
        XCTAssertEqual(hits.first?["line"] as? Int, 28)
        XCTAssertEqual(hits.compactMap { $0["rank"] as? Int }, Array(1...hits.count))
        XCTAssertTrue(result.text.contains(" table-row-button.md:28"), result.text)
        XCTAssertTrue(result.text.contains("[dimmed]"), "matched words marked")

        let android = try client.call("search_facts", ["query": "enabled", "platform": "android", "kind": "guidance", "limit": 3])
        let androidHits = try XCTUnwrap(android.structured["hits"] as? [[String: Any]])
        XCTAssertFalse(androidHits.isEmpty)
        XCTAssertLessThanOrEqual(androidHits.count, 3)
        for hit in androidHits {
            XCTAssertEqual(hit["fact"] as? String, "guidance")
            XCTAssertTrue(hit["platform"] == nil || hit["platform"] is NSNull || hit["platform"] as? String == "android", "\(hit)")
        }

        // A misspelling is searched as the word meant (issue 33), and said.
        let misspelt = try client.call("search_facts", ["query": "dimmmed"])
        XCTAssertTrue(misspelt.text.contains("searched dimmmed as dimmed"), misspelt.text)
        XCTAssertFalse(try XCTUnwrap(misspelt.structured["hits"] as? [[String: Any]]).isEmpty)
        let nothing = try client.call("search_facts", ["query": "dimmmed xylophone"])
        XCTAssertFalse(nothing.isError, "no hit is an answer, not an error")
        XCTAssertTrue(nothing.text.contains("no fact matches dimmmed xylophone") && nothing.text.contains("did you mean: dimmed"), nothing.text)

        let bad = try client.call("search_facts", ["query": "\"unclosed", "platform": "windows"])
        XCTAssertTrue(bad.isError)
        XCTAssertEqual(bad.text, "argument \"platform\" must be one of ios, android, web (got windows)")
    }

    func testComparePlatformsPutsIOSBesideAndroidPerAspect() throws {
        let result = try client.call("compare_platforms", ["component": "table-row-button", "aspects": ["state", "announcements"]])
        XCTAssertFalse(result.isError)
        XCTAssertTrue(result.text.contains("## state\n") && result.text.contains("### iOS\n") && result.text.contains("### Android\n"), result.text)
        let note = try XCTUnwrap(try rows("SELECT text, line FROM v_guidance WHERE component = 'table-row-button' AND platform = 'android' AND aspect = 'state' ORDER BY position LIMIT 1").first)
        let android = try XCTUnwrap(result.text.components(separatedBy: "### Android\n").dropFirst().first)
        XCTAssertTrue(android.contains("\(note["text"]!) (line \(note["line"]!))"), "the Android note sits under Android")
        let rowsJSON = try XCTUnwrap(result.structured["rows"] as? [[String: Any]])
        XCTAssertEqual(rowsJSON.compactMap { $0["row"] as? String }, ["state", "announcements"])

        let across = try client.call("compare_platforms", ["aspects": ["state"], "family": "native"])
        XCTAssertEqual(Set((across.structured["rows"] as? [[String: Any]] ?? []).compactMap { $0["component"] as? String }),
                       Set(try rows("SELECT slug FROM components WHERE family = 'native'").map { $0["slug"]! }))
        XCTAssertTrue(across.text.contains("(from table-row-button.md)\n"), "each component's rows name its source, below its root")

        let neither = try client.call("compare_platforms")
        XCTAssertTrue(neither.isError)
        XCTAssertTrue(neither.text.contains("name a component, or the aspects to compare across every component"), neither.text)
        let unknownAspect = try client.call("compare_platforms", ["component": "table-row-button", "aspects": ["colour"]])
        XCTAssertTrue(unknownAspect.isError && unknownAspect.text.contains("unknown aspect \"colour\""), unknownAspect.text)
    }

    func testAnnouncementsExamplesAndTranscriptsWithTheirLines() throws {
        let ios = try client.call("get_announcements", ["component": "reorder-data-row", "platform": "ios"])
        let expected = try rows("SELECT text, line FROM v_announcements WHERE component = 'reorder-data-row' AND (platform = 'ios' OR platform IS NULL)")
        let given = try XCTUnwrap(ios.structured["announcements"] as? [[String: Any]])
        XCTAssertEqual(given.count, expected.count)
        for row in expected { XCTAssertTrue(ios.text.contains("\"\(row["text"]!)\""), row.description) }
        XCTAssertTrue(ios.text.contains("(line 152)"), ios.text)
        XCTAssertTrue(ios.text.contains("iOS · VoiceOver — examples in the notes"), ios.text)

        let transcript = try client.call("get_announcements", ["origin": "transcript"])
        let lines = try XCTUnwrap(transcript.structured["announcements"] as? [[String: Any]])
        XCTAssertEqual(lines.compactMap { $0["text"] as? String }, ["Mute, toggle button, not pressed.", "Pressed."])
        XCTAssertTrue((lines.first?["source"] as? String ?? "").hasSuffix("toggle-button_WindowsNvdaChrome-en-US.vtt"))
        XCTAssertTrue(transcript.text.contains("[0:00.5] \"Mute, toggle button, not pressed.\" (line 4)"), transcript.text)

        let limited = try client.call("get_announcements", ["limit": 2])
        XCTAssertEqual((limited.structured["announcements"] as? [Any])?.count, 2)
        XCTAssertEqual(limited.structured["total"] as? Int, Int(try rows("SELECT count(*) AS n FROM announcements")[0]["n"]!))
        XCTAssertTrue(limited.text.contains("(2 of "), limited.text)
    }

    func testGapsWithTheFileAndLineToFix() throws {
        let all = try client.call("list_gaps")
        let total = Int(try rows("SELECT count(*) AS n FROM gaps")[0]["n"]!)!
        XCTAssertEqual((all.structured["gaps"] as? [Any])?.count, total)
        // A source is named by its path below the folder it was imported from (the seed folder),
        // not by where this clone happens to be: the answer reads the same on any machine.
        XCTAssertTrue(all.text.contains("expandable-region.md:119"), all.text)
        XCTAssertFalse(all.text.contains(Fixtures.seedFolder.path), all.text)
        let tokens = try client.call("list_gaps", ["problem": "template-token"])
        let gaps = try XCTUnwrap(tokens.structured["gaps"] as? [[String: Any]])
        XCTAssertEqual(gaps.count, Int(try rows("SELECT count(*) AS n FROM gaps WHERE problem = 'template-token'")[0]["n"]!))
        XCTAssertTrue(gaps.allSatisfy { $0["component"] as? String == "reorder-data-row" && $0["line"] is Int })
        let none = try client.call("list_gaps", ["component": "table-row-button"])
        XCTAssertTrue(none.text.hasPrefix("No gaps"), none.text)
    }

    func testWCAGCitationsPerComponentAndPerCriterion() throws {
        let toggle = try client.call("get_wcag_criteria", ["component": "toggle-button"])
        let citations = try XCTUnwrap(toggle.structured["citations"] as? [[String: Any]])
        XCTAssertEqual(citations.compactMap { $0["criterion"] as? String }, ["1.4.1", "2.1.1", "4.1.2"], "in the criteria's numeric order")
        let nameRoleValue = try XCTUnwrap(try rows("SELECT line, source FROM v_component_wcag WHERE sc = '4.1.2'").first)
        XCTAssertTrue(toggle.text.contains("- 4.1.2 Name, Role, Value (Level A)"), toggle.text)
        XCTAssertTrue(toggle.text.contains("(line \(nameRoleValue["line"]!))") && toggle.text.contains(nameRoleValue["source"]!))

        let who = try client.call("get_wcag_criteria", ["criterion": "SC 2.1.1"])
        XCTAssertEqual((who.structured["citations"] as? [[String: Any]])?.compactMap { $0["component"] as? String }, ["toggle-button"])
        let none = try client.call("get_wcag_criteria", ["component": "table-row-button"])
        XCTAssertTrue(none.text.hasPrefix("No WCAG citations"), none.text)
        let bad = try client.call("get_wcag_criteria", ["criterion": "name role value"])
        XCTAssertTrue(bad.isError && bad.text.contains("a number such as 1.4.3"), bad.text)
    }

    func testChecklistBundlesComponentsInTheOrderAsked() throws {
        let result = try client.call("build_checklist", ["components": ["reorder-data-row", "Table row button"], "platform": "android"])
        XCTAssertFalse(result.isError)
        let sections = try XCTUnwrap(result.structured["components"] as? [[String: Any]])
        XCTAssertEqual(sections.compactMap { $0["slug"] as? String }, ["reorder-data-row", "table-row-button"])
        let expected = try rows("""
            SELECT count(*) AS n FROM v_criteria WHERE component IN ('reorder-data-row', 'table-row-button')
            AND (platform IS NULL OR platform = 'android')
            """)[0]["n"]!
        XCTAssertEqual(result.structured["criteria"] as? Int, Int(expected))
        XCTAssertTrue(result.text.hasPrefix("# Accessibility checklist: Reorder data row, Table row button\n"), result.text)
        // The row carries what it tests itself (a state row: 4.1.2), not its component's citations.
        XCTAssertTrue(result.text.contains("- [ ] State: Expresses its state (disabled/dimmed) (WCAG 4.1.2) (line 28)"), result.text)
        let first = try XCTUnwrap(result.text.range(of: "## 1. Reorder data row")), second = try XCTUnwrap(result.text.range(of: "## 2. Table row button"))
        XCTAssertLessThan(first.lowerBound, second.lowerBound)

        let unknown = try client.call("build_checklist", ["components": ["table-row-button", "tabel-row-buton"]])
        XCTAssertTrue(unknown.isError)
        XCTAssertEqual(unknown.structured["suggestions"] as? [String], ["table-row-button"])
        let empty = try client.call("build_checklist", ["components": [String]()])
        XCTAssertTrue(empty.isError && empty.text.contains("at least one"), empty.text)
    }

    func testSQLIsReadOnlyWithTheSameChecksAndTimeLimit() throws {
        let count = try client.call("run_sql", ["query": "SELECT family, count(*) AS n FROM components GROUP BY family ORDER BY family"])
        XCTAssertFalse(count.isError)
        let results = try XCTUnwrap(count.structured["results"] as? [[String: Any]])
        let rowsJSON = try XCTUnwrap(results.first?["rows"] as? [[String: Any]])
        XCTAssertEqual(rowsJSON.compactMap { $0["family"] as? String }, ["native", "web"])
        XCTAssertEqual(rowsJSON.compactMap { $0["n"] as? Int }, try rows("SELECT count(*) AS n FROM components GROUP BY family ORDER BY family").map { Int($0["n"]!)! })
        XCTAssertTrue(count.text.contains("2 rows"), count.text)

        let capped = try client.call("run_sql", ["query": "SELECT id FROM guidance", "max_rows": 5])
        let first = try XCTUnwrap((capped.structured["results"] as? [[String: Any]])?.first)
        XCTAssertEqual((first["rows"] as? [Any])?.count, 5)
        XCTAssertEqual(first["row_count"] as? Int, Int(try rows("SELECT count(*) AS n FROM guidance")[0]["n"]!))
        XCTAssertTrue(capped.text.contains("(5 shown: raise max_rows"), capped.text)

        let before = try Data(contentsOf: URL(fileURLWithPath: kb.path))
        let write = try client.call("run_sql", ["query": "DELETE FROM components"])
        XCTAssertTrue(write.isError)
        XCTAssertTrue(write.text.contains("DELETE is refused: SQL here is read-only"), write.text)
        let attach = try client.call("run_sql", ["query": "ATTACH '/tmp/x.sqlite' AS x"])
        XCTAssertTrue(attach.isError && attach.text.contains("ATTACH is refused"), attach.text)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: kb.path)), before, "the file is untouched")

        let start = Date()
        let slow = try client.call("run_sql", ["query": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
                                               "timeout": 0.5])
        XCTAssertTrue(slow.isError)
        XCTAssertTrue(slow.text.contains("query stopped after the 0.5 s time limit"), slow.text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let tooLong = try client.call("run_sql", ["query": "SELECT 1", "timeout": 0])
        XCTAssertTrue(tooLong.isError && tooLong.text.contains("between 0.1 and 60"), "no query without a limit: \(tooLong.text)")
    }

    func testBadArgumentsAndUnknownComponentsAreToolErrorsAndTheServerGoesOn() throws {
        let unknown = try client.call("get_component", ["component": "tabel-row-buton"])
        XCTAssertTrue(unknown.isError)
        XCTAssertEqual(unknown.text, "no component \"tabel-row-buton\"; closest: table-row-button")
        XCTAssertEqual(unknown.structured["suggestions"] as? [String], ["table-row-button"])

        let missing = try client.call("get_component", [:])
        XCTAssertTrue(missing.isError)
        XCTAssertTrue(missing.text.hasPrefix("get_component needs the argument \"component\""), missing.text)
        let extra = try client.call("get_component", ["component": "table", "colour": "red"])
        XCTAssertTrue(extra.isError && extra.text.contains("has no argument \"colour\""), extra.text)
        let wrongType = try client.call("search_facts", ["query": "focus", "limit": "ten"])
        XCTAssertTrue(wrongType.isError && wrongType.text.contains("\"limit\" must be an integer"), wrongType.text)
        let outOfRange = try client.call("search_facts", ["query": "focus", "limit": 0])
        XCTAssertTrue(outOfRange.isError && outOfRange.text.contains("between 1 and 200"), outOfRange.text)
        let wrongFormat = try client.call("get_component", ["component": "table", "format": "pdf"])
        XCTAssertTrue(wrongFormat.isError && wrongFormat.text.contains("one of markdown, condensed, gherkin, json"), wrongFormat.text)

        // After all that, the server still answers.
        XCTAssertFalse(try client.call("get_component", ["component": "table", "format": "condensed"]).isError)
    }
}
