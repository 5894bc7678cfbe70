import A11yKB
@testable import KBStore
@testable import KBImport
@testable import KBRender
import Foundation
import GRDB
import TestSupport
import XCTest

/// Every tool of `a11ykb mcp` on the real MagentaA11y corpus (both checkouts, native and web),
/// each answer checked against the knowledge base's rows. Skipped with a message when
/// ../shared/corpus is absent.
final class MCPCorpusTests: XCTestCase {
    nonisolated(unsafe) static var shared: KnowledgeBase?
    var kb: KnowledgeBase!
    var client: MCPClient!

    /// One import of the corpus for the whole class, kept in a folder of its own.
    static func corpusKnowledgeBase() throws -> KnowledgeBase {
        if let shared { return shared }
        let newer = try Fixtures.corpus("magentaA11y-2026"), older = try Fixtures.corpus("magentaA11y-2024")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-mcp-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        _ = try kb.importFiles([newer.path, older.path])
        shared = kb
        return kb
    }

    override class func tearDown() {
        if let path = shared?.path {
            try? shared?.close()
            try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        }
        shared = nil
    }

    override func setUpWithError() throws {
        kb = try Self.corpusKnowledgeBase()
        client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()
    }

    override func tearDownWithError() throws {
        // setUp skipped (no corpus) before it started a client: nothing to end.
        guard let client else { return }
        let end = client.finish()
        XCTAssertEqual(end.status, 0, end.stderr)
    }

    func strings(_ sql: String, _ arguments: StatementArguments = []) throws -> [String] { try Fixtures.strings(kb, sql, arguments) }
    func int(_ sql: String, _ arguments: StatementArguments = []) throws -> Int { try Fixtures.int(kb, sql, arguments) }

    /// Assistants choose a tool by its name: the tool called search answers a question as the
    /// command line's search does, components first (issue 48: it was the strict fact listing,
    /// which said "no fact matches" to this question while find_components answered it).
    func testTheToolCalledSearchAnswersAQuestionWithComponents() throws {
        let question = "what should voiceover say for a selected tab"
        let asked = try client.call("search", ["query": question])
        XCTAssertFalse(asked.isError, asked.text)
        let components = (asked.structured["result"] as? [[String: Any]] ?? []).compactMap { $0["component"] as? String }
        XCTAssertFalse(components.isEmpty, asked.text)
        // The strict listing finds no fact holding every word of the question: what the tool called search answered before.
        let strict = try client.call("search_facts", ["query": question])
        XCTAssertEqual((strict.structured["hits"] as? [[String: Any]])?.count, 0, strict.text)
        // The former name answers the same, for a release; the fact listing has its own name.
        let former = try client.call("find_components", ["query": question])
        XCTAssertEqual(former.text, asked.text)
        let facts = try client.call("search_facts", ["query": "dimmed", "limit": 3])
        XCTAssertFalse((facts.structured["hits"] as? [[String: Any]] ?? []).isEmpty, facts.text)
    }

    func testListComponentsByFamilyAndCategory() throws {
        let pages = try client.call("list_components", ["family": "web", "category": "page-level"])
        let slugs = (pages.structured["components"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
        XCTAssertEqual(slugs, try strings("SELECT slug FROM components WHERE family = 'web' AND category = 'page-level' ORDER BY slug"))
        XCTAssertFalse(slugs.isEmpty)
        let categories = (pages.structured["categories"] as? [[String: Any]] ?? []).compactMap { $0["category"] as? String }
        XCTAssertEqual(categories, try strings("SELECT DISTINCT category FROM components WHERE family = 'web' AND category IS NOT NULL ORDER BY category"))
        let all = try client.call("list_components")
        XCTAssertEqual((all.structured["components"] as? [Any])?.count, try int("SELECT count(*) FROM components"))
    }

    func testComponentAmbiguousAcrossFamiliesNamesBoth() throws {
        let both = try client.call("get_component", ["component": "button"])
        XCTAssertTrue(both.isError)
        XCTAssertTrue(both.text.contains("native/button") && both.text.contains("web/button"), both.text)
        XCTAssertEqual(both.structured["candidates"] as? [String], ["native/button", "web/button"])
        let native = try client.call("get_component", ["component": "button", "family": "native", "format": "condensed"])
        XCTAssertFalse(native.isError)
        let rows = try Fixtures.rows(kb, "SELECT label, expectation, line FROM v_criteria WHERE component = 'button' AND family = 'native'")
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            let label: String? = row["label"], expectation: String = row["expectation"], line: Int = row["line"]
            XCTAssertTrue(native.text.contains((label.map { "\($0): " } ?? "") + expectation), expectation)
            XCTAssertTrue(native.text.contains("(line \(line))"))
        }
    }

    func testEveryComponentAnswersInEveryFormatAndReadsAsAResource() throws {
        let names = try strings("SELECT family || '/' || slug FROM components ORDER BY family, slug")
        // Every component's four calls in flight at once, as an assistant may send them.
        let answers = try client.callAll(names.flatMap { name in
            [("get_component", ["component": name]), ("get_component", ["component": name, "format": "condensed"]),
             ("get_component", ["component": name, "format": "gherkin"]), ("list_component_formats", ["component": name])]
        })
        let resources = try client.requestAll(names.map { ("resources/read", ["uri": "a11ykb://component/\($0)"]) })
        for (index, name) in names.enumerated() {
            let markdown = answers[4 * index]
            XCTAssertFalse(markdown.isError, "\(name): \(markdown.text)")
            let source = try XCTUnwrap((markdown.structured["component"] as? [String: Any])?["source"] as? String)
            XCTAssertTrue(markdown.text.contains("from \(source)"), name)
            for (offset, format) in ["condensed", "gherkin"].enumerated() {
                let answer = answers[4 * index + 1 + offset]
                XCTAssertFalse(answer.isError, "\(name) \(format)")
                XCTAssertTrue(answer.text.contains("How to test"), "\(name) \(format)")
            }
            let formats = answers[4 * index + 3]
            XCTAssertTrue(formats.text.contains("markdown: yes"), name)
            let text = ((resources[index]["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first?["text"] as? String
            XCTAssertEqual(text, AcceptanceCriteria.markdown(try kb.component(name)), name)
        }
    }

    func testDeveloperNotesOfOneFrameworkOnTheCorpus() throws {
        let compose = try client.call("get_developer_notes", ["component": "native/button", "framework": "jetpack-compose",
                                                              "include_code_examples": false])
        XCTAssertTrue(compose.text.contains("**Jetpack Compose**"), compose.text)
        XCTAssertFalse(compose.text.contains("**Android Views**") || compose.text.contains("**UIKit**"))
        XCTAssertFalse(compose.text.contains("```"), "code examples left out")
        let notes = try Fixtures.rows(kb, """
            SELECT text, line FROM v_guidance WHERE component = 'button' AND family = 'native' AND framework = 'jetpack-compose'
            """)
        XCTAssertFalse(notes.isEmpty)
        for note in notes {
            let text: String = note["text"], line: Int = note["line"]
            XCTAssertTrue(compose.text.contains("\(text.split(separator: "\n")[0])"), text)
            XCTAssertTrue(compose.text.contains("(line \(line))"), "line \(line)")
        }
    }

    func testSearchWithFiltersOnTheCorpus() throws {
        let result = try client.call("search_facts", ["query": "focus", "platform": "android", "framework": "jetpack-compose", "limit": 20])
        let hits = try XCTUnwrap(result.structured["hits"] as? [[String: Any]])
        XCTAssertFalse(hits.isEmpty)
        for hit in hits {
            XCTAssertEqual(hit["framework"] as? String, "jetpack-compose")
            XCTAssertEqual(hit["platform"] as? String, "android")
            let source = try XCTUnwrap(hit["source"] as? String), line = try XCTUnwrap(hit["line"] as? Int)
            XCTAssertTrue(result.text.contains("\(source):\(line)"))
        }
        // A misspelt word is searched as the word meant, in the text and the structured answer.
        let misspelt = try client.call("search_facts", ["query": "chekbox role", "limit": 3])
        XCTAssertFalse(try XCTUnwrap(misspelt.structured["hits"] as? [[String: Any]]).isEmpty, misspelt.text)
        XCTAssertEqual((misspelt.structured["corrections"] as? [[String: Any]])?.first?["searched"] as? String, "checkbox")
        XCTAssertTrue(misspelt.text.contains("searched chekbox as checkbox"), misspelt.text)
        let web = try client.call("search_facts", ["query": "\"aria-pressed\"", "family": "web"])
        let webHits = try XCTUnwrap(web.structured["hits"] as? [[String: Any]])
        XCTAssertFalse(webHits.isEmpty)
        XCTAssertTrue(webHits.allSatisfy { $0["family"] as? String == "web" })
    }

    func testCompareAnnouncementsWCAGGapsChecklistAndSQLOnTheCorpus() throws {
        let compare = try client.call("compare_platforms", ["component": "native/toggle-switch", "aspects": ["state"]])
        XCTAssertTrue(compare.text.contains("### iOS") && compare.text.contains("### Android"), compare.text)
        let cells = ((compare.structured["rows"] as? [[String: Any]])?.first?["cells"] as? [String: Any]) ?? [:]
        XCTAssertEqual((cells["ios"] as? [String: Any])?["facts"] as? Int,
                       try int("SELECT count(*) FROM v_guidance WHERE component = 'toggle-switch' AND family = 'native' AND platform = 'ios' AND aspect = 'state'")
                       + int("""
                           SELECT count(*) FROM code_examples x JOIN components c ON c.id = x.component_id JOIN platforms p ON p.id = x.platform_id
                           WHERE c.slug = 'toggle-switch' AND c.family = 'native' AND p.slug = 'ios' AND x.aspect = 'state'
                           """))

        let transcripts = try client.call("get_announcements", ["component": "web/text-input", "origin": "transcript", "limit": 5000])
        let lines = try XCTUnwrap(transcripts.structured["announcements"] as? [[String: Any]])
        XCTAssertEqual(lines.count, try int("SELECT count(*) FROM v_announcements WHERE component = 'text-input' AND family = 'web' AND origin = 'transcript'"))
        XCTAssertTrue(lines.allSatisfy { ($0["source"] as? String ?? "").hasSuffix(".vtt") && $0["line"] is Int })
        XCTAssertTrue(transcripts.text.contains("VoiceOver — video caption transcript"), transcripts.text)

        let talkback = try client.call("get_announcements", ["component": "native/button", "platform": "android", "origin": "example"])
        for text in try strings("SELECT text FROM v_announcements WHERE component = 'button' AND family = 'native' AND platform = 'android' AND origin = 'example'") {
            XCTAssertTrue(talkback.text.contains("\"\(text)\""), text)
        }

        let wcag = try client.call("get_wcag_criteria", ["criterion": "4.1.2"])
        let citing = (wcag.structured["citations"] as? [[String: Any]] ?? []).compactMap { $0["component"] as? String }
        XCTAssertEqual(citing.sorted(), try strings("SELECT component FROM v_component_wcag WHERE sc = '4.1.2' ORDER BY component"))
        XCTAssertTrue(wcag.text.contains("4.1.2 Name, Role, Value"), wcag.text)

        let gaps = try client.call("list_gaps", ["platform": "android"])
        XCTAssertEqual((gaps.structured["gaps"] as? [Any])?.count, try int("SELECT count(*) FROM v_gaps WHERE platform = 'android'"))

        let checklist = try client.call("build_checklist", ["components": ["native/button", "native/toggle-switch", "native/alert-dialog"], "platform": "ios"])
        XCTAssertFalse(checklist.isError, checklist.text)
        // iOS keeps the criteria for every platform less those whose words name Android alone
        // ("Enter: Activates on Android"), which MCP once listed for iOS.
        XCTAssertEqual(checklist.structured["criteria"] as? Int, try int("""
            SELECT count(*) FROM v_criteria WHERE family = 'native' AND component IN ('button', 'toggle-switch', 'alert-dialog')
            AND (platform IS NULL OR platform = 'ios')
            AND NOT ((ifnull(label, '') || expectation LIKE '%android%' OR ifnull(label, '') || expectation LIKE '%talkback%')
                     AND ifnull(label, '') || expectation NOT LIKE '%ios%' AND ifnull(label, '') || expectation NOT LIKE '%voiceover%')
            """))
        XCTAssertFalse(checklist.text.contains("Activates on Android ("), checklist.text)

        let sql = try client.call("run_sql", ["query": "SELECT component, count(*) AS n FROM v_component_wcag GROUP BY component ORDER BY n DESC, component LIMIT 3"])
        let first = try XCTUnwrap(((sql.structured["results"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["component"] as? String,
                       try strings("SELECT component FROM v_component_wcag GROUP BY component ORDER BY count(*) DESC, component LIMIT 1").first)
    }

    /// The axe results of a real run (Tests/fixtures/axe), passed as text: the same explanation
    /// the library gives, as markdown and as data.
    func testExplainAxeResults() throws {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/axe/faults-results.json"), encoding: .utf8)
        let answer = try client.call("explain_axe_results", ["results": text])
        XCTAssertFalse(answer.isError, answer.text)
        let expected = try kb.explainAxeResults(Data(text.utf8))
        let rows = answer.structured["rules"] as? [[String: Any]] ?? []
        XCTAssertEqual(rows.count, expected.rules.reduce(0) { $0 + max($1.nodes.count, 1) })
        let button = try XCTUnwrap(rows.first { $0["rule"] as? String == "button-name" })
        XCTAssertEqual(button["component"] as? String, "button")
        XCTAssertEqual((button["success_criteria"] as? [[String: Any]])?.compactMap { $0["sc"] as? String }, ["4.1.2"])
        XCTAssertEqual((button["checks"] as? [[String: Any]])?.compactMap { $0["label"] as? String },
                       expected.rules.first { $0.id == "button-name" }?.nodes[0].checks.compactMap(\.label))
        XCTAssertTrue(answer.text.contains("## button-name (violation, critical)"), answer.text)
        XCTAssertTrue(answer.text.contains("no component answers to &lt;html&gt;"), "unknown nodes are told, not dropped")
        XCTAssertTrue(answer.text.contains("no component: the testing guide how-to-test/color-contrast"), answer.text)
        let refused = try client.call("explain_axe_results", ["results": "{\"rules\": []}"])
        XCTAssertTrue(refused.isError)
        XCTAssertTrue(refused.text.contains("violations"), refused.text)
    }

    func testTestPlanToolsChecklistInAFormatPlansReportAndDiff() throws {
        let jira = try client.call("build_checklist", ["components": ["native/button"], "platform": "ios", "framework": "swiftui", "format": "jira"])
        XCTAssertFalse(jira.isError, jira.text)
        XCTAssertTrue(jira.text.hasPrefix("h1. Accessibility checklist: Button\n"), jira.text)
        XCTAssertFalse(jira.text.contains("UIKit"), jira.text)
        let items = (jira.structured["components"] as? [[String: Any]])?.first?["items"] as? [[String: Any]] ?? []
        XCTAssertTrue(items.allSatisfy { ($0["framework"] as? String).map { $0 == "swiftui" } ?? true })

        let none = try client.call("get_test_plan")
        XCTAssertEqual((none.structured["plans"] as? [Any])?.count, try int("SELECT count(*) FROM plans"))
        let unknown = try client.call("get_test_plan", ["name": "no-such-plan"])
        XCTAssertTrue(unknown.isError, unknown.text)

        let csv = try client.call("build_checklist", ["components": ["web/heading"], "format": "csv"])
        var lines = csv.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(lines.count - 1, try int("SELECT count(*) FROM v_criteria WHERE family = 'web' AND component = 'heading'"))
        lines = lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropLast(1)) + "pass," }
        let report = try client.call("report_results", ["results": lines.joined(separator: "\r\n")])
        XCTAssertFalse(report.isError, report.text)
        XCTAssertTrue(report.text.contains("| Heading: h1, h2, h3, h4, h5, h6 (web/heading) | \(lines.count - 1) | 0 | 0 | 0 | 0 | supports |"), report.text)
        XCTAssertTrue(report.text.contains("| 2.4.6 "), report.text)
        XCTAssertFalse(report.text.contains("**Results**"), "results given as text name no file: \(report.text.prefix(300))")

        // Evidence as text beside the results and the coverage, as `report --evidence` and
        // `coverage --evidence` count it: pa11y-ci's ten errors, nine of them 1.4.3.
        let pa11y = try String(contentsOf: try Fixtures.corpus("evidence/pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json"), encoding: .utf8)
        let withEvidence = try client.call("report_results", ["results": lines.joined(separator: "\r\n"), "evidence": [pa11y]])
        XCTAssertFalse(withEvidence.isError, withEvidence.text)
        let rows = withEvidence.structured["rows"] as? [[String: Any]] ?? []
        let contrast = try XCTUnwrap(rows.first { row in row.values.contains { ($0 as? String)?.hasPrefix("1.4.3") == true } }, "\(rows.prefix(2))")
        XCTAssertEqual(contrast["automated failed"] as? Int, 9, "\(contrast)")
        XCTAssertFalse(report.text.contains("fail WCAG"), "without evidence the report says nothing of it")
        XCTAssertTrue(withEvidence.text.contains("fail WCAG"), withEvidence.text.prefix(600).description)
        let tested = try client.call("get_coverage", ["family": "web", "level": "AA", "evidence": [pa11y]])
        XCTAssertFalse(tested.isError, tested.text)
        let criteria = tested.structured["criteria"] as? [[String: Any]] ?? []
        let covered = try XCTUnwrap(criteria.first { ($0["sc"] as? String) == "1.4.3" }, "\(criteria.prefix(1))")
        XCTAssertEqual(covered["tested"] as? String, "automated", "\(covered)")
        let refused = try client.call("report_results", ["results": lines.joined(separator: "\r\n"), "evidence": ["no evidence of any kind"]])
        XCTAssertTrue(refused.isError, "a text of no known format is refused: \(refused.text)")

        let diff = try client.call("diff_knowledge_bases", ["old": kb.path])
        XCTAssertFalse(diff.isError, diff.text)
        XCTAssertEqual(diff.structured["summary"] as? String,
                       "0 components changed (0 in their criteria), 0 added, 0 removed; criteria +0 −0 ~0, notes +0 −0 ~0, announcements +0 −0 ~0")
        let missing = try client.call("diff_knowledge_bases", ["old": "/nonexistent/kb.sqlite"])
        XCTAssertTrue(missing.isError, missing.text)
    }

    /// Issue 33: the tools resolve a component as every command does (a platform or framework
    /// settles native or web, a name per platform), and find_components carries its corrections.
    func testToolsResolveComponentsByPlatformAndCarryCorrections() throws {
        let checklist = try client.call("build_checklist", ["components": ["tabs"], "platform": "ios"])
        XCTAssertFalse(checklist.isError, checklist.text)
        XCTAssertTrue(checklist.text.contains("native/segmented-control"), checklist.text)
        XCTAssertFalse(checklist.text.contains("web/tabs"), checklist.text)
        let notes = try client.call("get_developer_notes", ["component": "switch", "framework": "swiftui"])
        XCTAssertFalse(notes.isError, notes.text)
        let elsewhere = try client.call("build_checklist", ["components": ["skip-link"], "platform": "android"])
        XCTAssertTrue(elsewhere.isError, elsewhere.text)
        XCTAssertTrue(elsewhere.text.contains("web/skip-link"), elsewhere.text)
        let found = try client.call("find_components", ["query": "chekbox label"])
        let corrections = try XCTUnwrap(found.structured["corrections"] as? [[String: Any]])
        XCTAssertEqual(corrections.first?["searched"] as? String, "checkbox")
        XCTAssertTrue(found.text.contains("searched chekbox as checkbox"), found.text)
    }

    /// Issue 33: get_component takes a platform and a framework, as `show` does: the stack
    /// settles native or web for a name both families have, and keeps what applies to it.
    func testGetComponentForOneStack() throws {
        let web = try client.call("get_component", ["component": "button", "platform": "web", "format": "json"])
        XCTAssertFalse(web.isError, web.text)
        XCTAssertEqual((web.structured["component"] as? [String: Any])?["family"] as? String, "web")
        let ios = try client.call("get_component", ["component": "button", "platform": "ios", "format": "json"])
        XCTAssertFalse(ios.isError, ios.text)
        XCTAssertEqual((ios.structured["component"] as? [String: Any])?["family"] as? String, "native")
        let platforms = Set(((ios.structured["guidance"] as? [[String: Any]]) ?? []).compactMap { $0["platform"] as? String })
        XCTAssertFalse(platforms.isEmpty, ios.text)
        XCTAssertFalse(platforms.contains("android"), "only iOS's notes and the general ones: \(platforms)")
        let everything = try client.call("get_component", ["component": "native/button", "format": "json"])
        XCTAssertTrue(Set(((everything.structured["guidance"] as? [[String: Any]]) ?? []).compactMap { $0["platform"] as? String })
            .contains("android"), "without a platform, every platform's notes")
        let wrong = try client.call("get_component", ["component": "button", "platform": "ios", "framework": "jetpack-compose"])
        XCTAssertTrue(wrong.isError, wrong.text)
    }
}
