import A11yKB
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// `checklist`, `plan`, `report` and `diff` as a tester runs them on the real corpus, each format
/// held to its syntax.
final class TestPlanCommandTests: XCTestCase {
    var kb: KnowledgeBase!

    override func setUpWithError() throws {
        (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
    }

    /// A five-component iOS plan passes Jira's limit for one description; as jira-csv it is one
    /// issue per component, each under the limit, read back by Python's csv module, every item there.
    func testJiraCSVIsAnIssuePerComponentWithinJirasLimits() throws {
        let names = ["native/button", "native/toggle-switch", "native/alert-dialog", "native/segmented-control", "native/text-input"]
        let one = try QueryFixtures.run(["checklist"] + names + ["--platform", "ios", "--framework", "swiftui", "--format", "jira"], db: kb)
        XCTAssertGreaterThan(one.stdout.count, ChecklistRendering.jiraDescriptionLimit, "one description would not fit")
        XCTAssertEqual(one.status, 0, "written all the same")
        XCTAssertEqual(one.stderr, "a11ykb: warning: \(one.stdout.utf16.count) characters, past the 32767 Jira takes in one description; "
                       + "--format jira-csv writes one issue per component\n", "a description Jira refuses is said to be")
        let small = try QueryFixtures.run(["checklist", "native/button", "--platform", "ios", "--format", "jira"], db: kb)
        XCTAssertEqual(small.stderr, "", "one that fits says nothing")
        let csv = try Fixtures.temporaryFolder(self).appendingPathComponent("issues.csv").path
        let run = try QueryFixtures.run(["checklist"] + names + ["--platform", "ios", "--framework", "swiftui", "--format", "jira-csv", "-o", csv], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = try QueryFixtures.pythonCSV(csv)
        XCTAssertEqual(records.first, ["Summary", "Description", "Labels", "Component id"])
        XCTAssertEqual(records.dropFirst().map { $0[3] }, names)
        XCTAssertTrue(records.dropFirst().allSatisfy { $0[1].count <= ChecklistRendering.jiraDescriptionLimit && $0[0].count <= ChecklistRendering.jiraSummaryLimit })
        let checklist = try kb.checklist(names, platform: .ios, framework: .swiftui)
        let descriptions = records.dropFirst().map { $0[1] }.joined()
        XCTAssertTrue(checklist.items.allSatisfy { descriptions.contains(ChecklistRendering.jiraCell($0.id)) }, "every item is in one issue")
        // A component longer than the limit is split into numbered issues, each within it.
        let split = ChecklistRendering.jiraIssues(try kb.checklist(["native/text-input"], platform: .ios), limit: 4_000)
        let parts = split.rows.map { row -> String in if case .text(let t) = row[1] { return t }; return "" }
        XCTAssertGreaterThan(parts.count, 1)
        XCTAssertTrue(parts.allSatisfy { $0.count <= 4_000 }, "\(parts.map(\.count))")
        XCTAssertTrue(split.rows.allSatisfy { row in if case .text(let t) = row[0] { return t.hasSuffix("/\(parts.count))") }; return false })
    }

    /// The cells of a Jira table row: split on `|` not escaped by a backslash.
    func jiraCells(_ line: String) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for ch in line.dropFirst() {
            if escaped { cell.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; cell.append(ch); continue }
            if ch == "|" { cells.append(cell); cell = "" } else { cell.append(ch) }
        }
        return cells
    }

    /// The issue's example: iOS with SwiftUI keeps no Android-only criterion and no UIKit (or
    /// Android) note, and every criterion of both components that applies on iOS.
    func testIOSSwiftUIChecklistInJiraHasEveryIOSCriterionAndNoAndroidOrUIKitItem() throws {
        let run = try QueryFixtures.run(["checklist", "native/button", "native/toggle-switch", "--platform", "ios",
                                         "--framework", "swiftui", "--format", "jira"], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = run.stdout
        // Every criterion of both written for iOS or for every platform, unless its words name
        // Android and not iOS (or VoiceOver).
        let criteria = try Fixtures.rows(kb, """
            SELECT label, expectation FROM v_criteria WHERE family = 'native' AND component IN ('button', 'toggle-switch')
            AND (platform IS NULL OR platform = 'ios') ORDER BY component, position
            """)
        var kept = 0
        for row in criteria {
            let label: String? = row["label"], expectation: String = row["expectation"]
            let words = ((label ?? "") + " " + expectation).lowercased()
            let androidOnly = (words.contains("android") || words.contains("talkback")) && !words.contains("ios") && !words.contains("voiceover")
            let cell = ChecklistRendering.jiraCell((label.map { "\($0): " } ?? "") + expectation)
            if androidOnly {
                XCTAssertFalse(text.contains("|" + cell + "|"), "Android only: \(expectation)")
            } else {
                XCTAssertTrue(text.contains("| |" + cell + "|"), "iOS criterion missing: \(expectation)")
                kept += 1
            }
        }
        XCTAssertGreaterThanOrEqual(kept, 18)
        XCTAssertFalse(text.contains("Activates on Android|"))
        // No note of UIKit or of Android, and every SwiftUI note of button is there.
        // (The notes written word for word on both platforms are iOS's too.)
        let excluded = try Fixtures.strings(kb, """
            SELECT text FROM v_guidance WHERE family = 'native' AND component IN ('button', 'toggle-switch')
            AND (framework = 'uikit' OR platform = 'android')
            EXCEPT SELECT text FROM v_guidance WHERE family = 'native' AND component IN ('button', 'toggle-switch')
            AND platform = 'ios' AND (framework IS NULL OR framework = 'swiftui')
            """)
        XCTAssertFalse(excluded.isEmpty)
        for note in excluded where !note.isEmpty {
            XCTAssertFalse(text.contains("] " + ChecklistRendering.jiraCell(note) + "|"), "not for iOS SwiftUI: \(note)")
        }
        XCTAssertFalse(text.contains("UIKit") || text.contains("\\[Android") || text.contains("Jetpack"))
        let swiftUI = try Fixtures.strings(kb, "SELECT text FROM v_guidance WHERE family = 'native' AND component = 'button' AND framework = 'swiftui'")
        for note in swiftUI { XCTAssertTrue(text.contains("\\[SwiftUI · "), note) }
        // The notes are guidance beside the criteria, a bullet each, not rows to tick (issue 35).
        XCTAssertEqual(text.components(separatedBy: "* \\[SwiftUI · ").count - 1,
                       try Fixtures.int(kb, "SELECT count(*) FROM v_guidance WHERE family = 'native' AND component IN ('button', 'toggle-switch') AND framework = 'swiftui'"))
        XCTAssertFalse(text.contains("| |\\[SwiftUI"), "no note is a row to tick")

        // Jira wiki markup: headings, one header row per table, every row closed with its six cells.
        let lines = text.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], "h1. Accessibility checklist: Button, Toggle switch")
        XCTAssertTrue(lines.contains("h2. 1. Button ({{native/button}})"))
        XCTAssertTrue(lines.contains("h2. 2. Toggle switch ({{native/toggle\\-switch}})"))
        let headers = lines.filter { $0.hasPrefix("||") }
        XCTAssertTrue(headers.allSatisfy { $0 == "||Done||Check||Expected announcement||WCAG||Id||Source||" })
        let guidance = lines.filter { $0.hasPrefix("h3. Developer notes") }
        XCTAssertEqual(guidance.count, 2, "a guidance section per component")
        XCTAssertEqual(headers.count, lines.filter { $0.hasPrefix("h3. ") }.count - guidance.count)
        let rows = lines.filter { $0.hasPrefix("| |") }
        XCTAssertEqual(rows.count, kept, "the rows to tick are the criteria")
        for row in rows {
            XCTAssertEqual(jiraCells(row).count, 6, row)
            XCTAssertTrue(row.hasSuffix("}}|"), row)
            XCTAssertNotNil(row.range(of: #"\|\{\{native/[a-z\\-]+:[^ |]+\}\} [0-9a-f]{12}\|\{\{public/[^|]+\.md:\d+\}\}\|$"#, options: .regularExpression), row)
        }
    }

    func testJiraCellEscapesWhatWikiMarkupReads() {
        XCTAssertEqual(ChecklistRendering.jiraCell("a|b [c] {d} *e* _f_ x\\y -g- ^h^ ~i~ +j+ ??k?? !l! #m\nn"),
                       "a\\|b \\[c\\] \\{d\\} \\*e\\* \\_f\\_ x&#92;y \\-g\\- \\^h\\^ \\~i\\~ \\+j\\+ \\?\\?k\\?\\? \\!l\\! \\#m n")
        XCTAssertEqual(ChecklistRendering.jiraCell(""), " ")
    }

    func testMarkdownIsAGitHubTaskListAndGherkinAFeature() throws {
        let markdown = try QueryFixtures.run(["checklist", "native/toggle-switch", "--platform", "android"], db: kb)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        let items = markdown.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("- [") }
        XCTAssertGreaterThan(items.count, 9)
        for line in items {
            XCTAssertNotNil(line.range(of: #"^- \[ \] \S.*( \(WCAG [0-9., ]+\))? \(line \d+\) <!-- native/toggle-switch:\S+ [0-9a-f]{12} -->$"#, options: .regularExpression), line)
        }
        XCTAssertTrue(items.contains { $0.hasPrefix("- [ ] Enter: Activates on Android (") }, "Android keeps its Enter criterion")

        let gherkin = try QueryFixtures.run(["checklist", "native/toggle-switch", "--platform", "ios", "--format", "gherkin"], db: kb).stdout
        let lines = gherkin.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], "Feature: Accessibility checklist: Toggle switch")
        // Each scenario: a comment with id, fingerprint and source, then Scenario, Given, When, Then in order.
        var scenarios = 0
        for (i, line) in lines.enumerated() where line.hasPrefix("  Scenario: ") {
            scenarios += 1
            // The comment, then the tags of the success criteria the row tests, when it tests any.
            let comment = lines[i - 1].hasPrefix("  @wcag-") ? lines[i - 2] : lines[i - 1]
            XCTAssertNotNil(comment.range(of: #"^  # native/toggle-switch:\S+ [0-9a-f]{12} public/\S+\.md:\d+$"#, options: .regularExpression), comment)
            XCTAssertTrue(lines[i + 1].hasPrefix("    Given the Toggle switch on iOS"), lines[i + 1])
            XCTAssertTrue(lines[i + 2].hasPrefix("    When "), lines[i + 2])
            XCTAssertTrue(lines[i + 3].hasPrefix("    Then "), lines[i + 3])
        }
        XCTAssertEqual(scenarios, lines.filter { $0.hasPrefix("  # native/") }.count)
        XCTAssertFalse(gherkin.contains("Then Activates on Android\n"))
    }

    /// CSV read back by Python's csv module (strict): a header, every row the same width, CRLF,
    /// the ids and fingerprints of JSON, a cell holding a comma and quotes intact.
    func testCSVIsRFC4180AndMatchesJSON() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let csv = folder.appendingPathComponent("plan.csv").path
        let run = try QueryFixtures.run(["checklist", "web/heading", "native/button", "--format", "csv", "--bom", "-o", csv], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: csv))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        let lf = bytes.filter { $0 == 0x0A }.count
        XCTAssertEqual(zip(bytes, bytes.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count, lf, "CRLF only")
        let records = try QueryFixtures.pythonCSV(csv)
        XCTAssertEqual(records[0], ["id", "fingerprint", "component", "title", "platform", "framework", "kind", "group", "label",
                                    "expectation", "announcements", "success_criteria", "source", "line", "changed", "result", "note"])
        XCTAssertTrue(records.allSatisfy { $0.count == 17 })
        let json = try QueryFixtures.run(["checklist", "web/heading", "native/button", "--format", "json"], db: kb)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = (object["components"] as? [[String: Any]] ?? []).flatMap { $0["items"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(records.dropFirst().map { $0[0] + " " + $0[1] }, items.map { "\($0["id"]!) \($0["fingerprint"]!)" })
        XCTAssertTrue(records.contains { $0[3] == "Heading: h1, h2, h3, h4, h5, h6" }, "a title with commas survives")
        // Each row its own success criteria: the Tab row (a heading takes no focus) tests nothing,
        // where it used to carry the page's citations, 1.3.1 and 2.4.6.
        let heading = records.dropFirst().filter { $0[2] == "web/heading" && $0[6] == "criterion" }
        XCTAssertTrue(heading.contains { $0[8] == "Tab" && $0[11].isEmpty }, "\(heading.map { $0[8] + " " + $0[11] })")
        XCTAssertGreaterThan(Set(heading.map { $0[11] }).count, 1, "rows differ in what they test")
    }

    func testPlanFooterReportAndDiffCommands() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let copy = folder.appendingPathComponent("kb.sqlite")
        try kb.exportDatabase(to: copy.path)
        let db = try KnowledgeBase(path: copy.path)
        XCTAssertEqual(try QueryFixtures.run(["plan", "save", "release", "native/button", "--platform", "android", "--framework", "swiftui"], db: db).status, 2,
                       "SwiftUI is not Android's")
        let save = try QueryFixtures.run(["plan", "save", "release", "native/button", "native/toggle-switch", "--framework", "swiftui"], db: db)
        XCTAssertEqual(save.status, 0, save.stderr)
        XCTAssertTrue(save.stdout.hasPrefix("saved plan release: 2 components"), save.stdout)
        // Saved again under the same name: the answer says it replaced the earlier plan.
        let again = try QueryFixtures.run(["plan", "save", "release", "native/button", "native/toggle-switch", "--framework", "swiftui"], db: db)
        XCTAssertTrue(again.stdout.hasPrefix("replaced plan release (saved 20"), again.stdout)
        let footer = try QueryFixtures.run(["plan", "footer", "--contact", "a11y@example.com", "--ticket-link", "https://jira.example.com/A11Y-1"], db: db)
        XCTAssertEqual(footer.stdout, "contact: a11y@example.com\nticket link: https://jira.example.com/A11Y-1\n")
        let list = try QueryFixtures.run(["plan", "list", "--format", "csv"], db: db)
        XCTAssertTrue(list.stdout.hasPrefix("name,platform,framework,components,saved_at\r\nrelease,ios,swiftui,native/button native/toggle-switch,"), list.stdout)
        let shown = try QueryFixtures.run(["plan", "show", "release"], db: db)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.hasPrefix("# Test plan release\n\nPlatform: iOS · SwiftUI"), shown.stdout)
        XCTAssertTrue(shown.stdout.hasSuffix("\n---\n\nAccessibility contact: a11y@example.com  \nTicket: https://jira.example.com/A11Y-1\n"), shown.stdout)
        let checklist = try QueryFixtures.run(["checklist", "native/button", "native/toggle-switch", "--framework", "swiftui"], db: db)
        XCTAssertEqual(checklist.stdout.replacingOccurrences(of: "# Accessibility checklist: Button, Toggle switch", with: "# Test plan release"), shown.stdout)

        // Results filled from the plan's own CSV: all pass but one fail.
        let csv = folder.appendingPathComponent("results.csv").path
        XCTAssertEqual(try QueryFixtures.run(["plan", "show", "release", "--format", "csv", "-o", csv], db: db).status, 0)
        var records = try QueryFixtures.pythonCSV(csv)
        for i in 1..<records.count { records[i][15] = i == 1 ? "fail" : "pass" }
        try records.map { CSV.record($0) }.joined().write(toFile: csv, atomically: true, encoding: .utf8)
        let report = try QueryFixtures.run(["report", csv, "--format", "csv"], db: db)
        XCTAssertEqual(report.status, 0, report.stderr)
        let rows = report.stdout.components(separatedBy: "\r\n")
        let button = records.dropFirst().filter { $0[2] == "native/button" }.count
        let toggle = records.count - 1 - button
        XCTAssertEqual(rows[0], "scope,name,title,passed,failed,blocked,n/a,not tested,conformance,detail")
        XCTAssertEqual(rows[1], "component,native/button,Button,\(button - 1),1,0,0,0,partially supports,")
        XCTAssertEqual(rows[2], "component,native/toggle-switch,Toggle switch,\(toggle),0,0,0,0,supports,")
        XCTAssertEqual(rows.first { $0.hasPrefix("total,") }, "total,,,\(records.count - 2),1,0,0,0,partially supports,")

        // The plan against an older knowledge base: items new or reworded since are marked.
        let (older, _) = try CorpusImports.checkout("magentaA11y-2024")
        let marked = try QueryFixtures.run(["plan", "show", "release", "--changes-since", older.path], db: db)
        XCTAssertEqual(marked.status, 0, marked.stderr)
        XCTAssertTrue(marked.stdout.contains("- [ ] **CHANGED** "), marked.stdout)
        let diff = try QueryFixtures.run(["diff", older.path], db: db)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        // The alert dialog's criteria changed in typography only: counted, listed with --typography.
        XCTAssertTrue(diff.stdout.contains("\nCriteria changed in: native/animation, "), diff.stdout)
        XCTAssertTrue(diff.stdout.contains(" of typography only (quotes, dashes, spaces, case) not shown"), diff.stdout)
        let typography = try QueryFixtures.run(["diff", older.path, "--typography"], db: db)
        XCTAssertTrue(typography.stdout.contains("\nCriteria changed in: native/alert-dialog, "), typography.stdout)
        XCTAssertEqual(try QueryFixtures.run(["diff", copy.path], db: db).status, 1, "nothing changed")

        try FileManager.default.removeItem(at: copy)
        try? FileManager.default.removeItem(atPath: copy.path + "-wal")
        XCTAssertEqual(try QueryFixtures.run(["plan", "rm", "nothing"], db: kb).status, 1)
    }

    func testShowKeepsToTheStack() throws {
        let run = try QueryFixtures.run(["show", "native/button", "--platform", "ios", "--framework", "swiftui"], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stdout.contains("Activates on Android"))
        XCTAssertFalse(run.stdout.contains("setTitle()"), "a UIKit note")
        XCTAssertFalse(run.stdout.contains("Android Developer Notes"))
        XCTAssertTrue(run.stdout.contains("accessibilityAddTraits(.isButton)"), "a SwiftUI note")
    }
}
