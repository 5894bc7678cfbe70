import A11yKB
import KBModel
import KBRender
@testable import KBConformance
@testable import KBImport
@testable import KBQuery
import Foundation
import TestSupport
import XCTest

/// How evidence becomes a conformance report, rule by rule, on today's MagentaA11y checkout, W3C's
/// catalogue, axe-core's rules and a real axe run (Tests/fixtures/axe/faults-all-results.json,
/// made by scripts/axe-run --all over faults.html).
final class ConformanceReportTests: XCTestCase {
    /// One knowledge base of the corpus for the whole class: importing it is the slow part.
    nonisolated(unsafe) static var shared: KnowledgeBase?

    func corpusKnowledgeBase() throws -> KnowledgeBase {
        if let kb = Self.shared { return kb }
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-acr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        _ = try Importer(kb).importPaths([corpus.path, corpus.deletingLastPathComponent().appendingPathComponent("wcag/wcag.json").path])
        Self.shared = kb
        return kb
    }

    static let axeRun = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/axe/faults-all-results.json")

    /// A results CSV of `names` for a stack, every criterion passed but those `fail` names (with a
    /// tester's note), developer notes left untested.
    func results(_ kb: KnowledgeBase, _ names: [String], platform: Platform, fail: [String: String] = [:], na: Set<String> = []) throws -> NamedInput {
        let checklist = try kb.checklist(names, platform: platform)
        var csv = "id,fingerprint,result,note\n"
        for item in checklist.items {
            let result = item.kind != .criterion ? "" : fail[item.id] != nil ? "fail" : na.contains(item.id) ? "n/a" : "pass"
            csv += "\(item.id),\(item.fingerprint),\(result),\(fail[item.id] ?? "")\n"
        }
        return NamedInput(name: "results.csv", data: Data(csv.utf8))
    }

    func adherence(_ report: OpenACRReport, _ chapter: String, _ sc: String, _ component: String) -> OpenACRReport.Adherence? {
        report.adherence(chapter: chapter, criterion: sc, component: component)
    }

    static let base = """
        title: Example Shop Accessibility Conformance Report
        product:
          name: Example Shop
          version: "12"
        author:
          email: lead@example.com
        chapters:
          success_criteria_level_a:
            criteria:
              - num: "1.2.1"
                components:
                  - name: web
                    adherence:
                      level: not-applicable
                      notes: The shop plays no audio-only or video-only content.
          hardware:
            disabled: true
            notes: A web application.
        """

    func testEachRuleOnAWebPlanAndARealAxeRun() throws {
        let kb = try corpusKnowledgeBase()
        let failing = "web/link:keyboard:web:enter"
        let input = try results(kb, ["button", "checkbox", "link"], platform: .web, fail: [failing: "SHOP-123: the footer link ignores Enter"])
        XCTAssertTrue(String(decoding: input.data, as: UTF8.self).contains(failing), "the plan holds the row the test fails")
        let axe = NamedInput(name: "axe.json", data: try Data(contentsOf: Self.axeRun))
        let built = try kb.buildConformanceReport(results: [input], axe: [axe], base: NamedInput(name: "base.yaml", data: Data(Self.base.utf8)))
        let r = built.report
        let a = "success_criteria_level_a", aa = "success_criteria_level_aa"

        // A failed row beside passed ones: partially supports, with the tester's note and where the row is.
        let keyboard = try XCTUnwrap(adherence(r, a, "2.1.1", "web"))
        XCTAssertEqual(keyboard.level, "partially-supports")
        XCTAssertTrue(keyboard.notes?.contains("SHOP-123") ?? false, keyboard.notes ?? "")
        XCTAssertTrue(keyboard.notes?.contains("for keyboard users") ?? false, keyboard.notes ?? "")
        // Where the row is belongs to the trail, not to the buyer's remark.
        XCTAssertFalse(keyboard.notes?.contains(failing) ?? true)
        let keyboardTrail = try XCTUnwrap(built.trail.records.first { $0.criterion == "2.1.1" && $0.component == "web" })
        XCTAssertTrue(keyboardTrail.rows.contains { $0.id == failing && $0.result == "fail" && $0.file == "results.csv" && $0.line > 1 })
        // The failed keyboard row never counts toward a criterion it does not test (its page cites 1.4.1).
        XCTAssertFalse(adherence(r, a, "1.4.1", "web")?.notes?.contains(failing) ?? false)
        XCTAssertNotEqual(adherence(r, a, "1.4.1", "web")?.level, "partially-supports")
        // An automated violation with manual passes: partially supports, naming the rule and its nodes.
        let nameRoleValue = try XCTUnwrap(adherence(r, a, "4.1.2", "web"))
        XCTAssertEqual(nameRoleValue.level, "partially-supports")
        XCTAssertTrue(nameRoleValue.notes?.contains("1 element failing “Buttons must have discernible text”") ?? false, nameRoleValue.notes ?? "")
        XCTAssertTrue(built.trail.records.first { $0.criterion == "4.1.2" && $0.component == "web" }?.rules
            .contains { $0.rule == "button-name" && $0.outcome == "failed" && $0.nodes == 1 && $0.file == "axe.json" } ?? false)
        // A violation and nothing that passed: does not support.
        XCTAssertEqual(adherence(r, a, "3.1.1", "web")?.level, "does-not-support")
        // Automated passes alone never make supports.
        let title = try XCTUnwrap(adherence(r, a, "2.4.2", "web"))
        XCTAssertEqual(title.level, "not-evaluated")
        XCTAssertTrue(title.notes?.contains("automated checks alone cannot show that it is met") ?? false, title.notes ?? "")
        XCTAssertTrue(built.pending.contains { $0.sc == SCNumber(2, 4, 2) && $0.automatedPasses == ["document-title"] })
        // Nothing: not evaluated, and the command can say so.
        XCTAssertEqual(adherence(r, aa, "1.2.5", "web")?.level, "not-evaluated")
        XCTAssertTrue(built.pending.contains { $0.sc == SCNumber(1, 2, 5) })
        // Not applicable only from the base, with its reason.
        XCTAssertEqual(adherence(r, a, "1.2.1", "web"), .init(level: "not-applicable", notes: "The shop plays no audio-only or video-only content."))
        XCTAssertFalse(r.chapters.flatMap { $0.criteria ?? [] }.contains { c in
            c.num != "1.2.1" && (c.components ?? []).contains { $0.adherence?.level == "not-applicable" }
        }, "no evidence makes a criterion not applicable")
        // A failing success criterion makes the functional performance criteria it touches partial.
        XCTAssertEqual(adherence(r, "functional_performance_criteria", "302.1", "none")?.level, "partially-supports")
        XCTAssertTrue(built.conflicts.isEmpty)
        // Every criterion of the catalog's A and AA chapters is there, for web only.
        let catalog = try XCTUnwrap(OpenACRCatalog.named(OpenACRCatalog.defaultID))
        for chapter in catalog.chapters where chapter.wcagLevel == .a || chapter.wcagLevel == .aa {
            XCTAssertEqual(r.chapter(chapter.id)?.criteria?.map(\.num), chapter.criteria.map(\.id))
            XCTAssertEqual(Set(r.chapter(chapter.id)?.criteria?.flatMap { $0.components?.map(\.name) ?? [] } ?? []), ["web"])
        }
        XCTAssertEqual(r.chapter("hardware")?.disabled, true)
        // Checked by our own rules (the schema test checks it with an independent validator).
        XCTAssertEqual(OpenACRCheck.check(r).map(\.located), [])
        // The same evidence, the same bytes.
        let again = try kb.buildConformanceReport(results: [input], axe: [axe], base: NamedInput(name: "base.yaml", data: Data(Self.base.utf8)))
        XCTAssertEqual(OpenACRWriting.yaml(again.report), OpenACRWriting.yaml(r))
        // Written and read back, the report is the same.
        XCTAssertEqual(try OpenACRReading.read(OpenACRWriting.yaml(r)).report, r)
        XCTAssertEqual(try OpenACRReading.read(ConformanceDataRendering.json(r).rendered()).report, r)
    }

    func testABaseLevelTheEvidenceContradictsIsAConflict() throws {
        let kb = try corpusKnowledgeBase()
        let input = try results(kb, ["link"], platform: .web, fail: ["web/link:keyboard:web:enter": "broken"])
        let base = Self.base.replacingOccurrences(of: "  hardware:", with: """
                  - num: "2.1.1"
                    components:
                      - name: web
                        adherence:
                          level: supports
              hardware:
            """)
        let built = try kb.buildConformanceReport(results: [input], axe: [], base: NamedInput(name: "base.yaml", data: Data(base.utf8)))
        XCTAssertEqual(built.conflicts.map { "\($0.criterion ?? "") \($0.component ?? "")" }, ["2.1.1 web"])
        XCTAssertEqual(built.report.adherence(chapter: "success_criteria_level_a", criterion: "2.1.1", component: "web")?.level, "supports",
                       "the person's level is kept; the conflict is reported")
    }

    func testRowsMarkedNotApplicableAreNeitherPassNorFail() throws {
        let kb = try corpusKnowledgeBase()
        let checklist = try kb.checklist(["checkbox"], platform: .web)
        let rows = checklist.items.filter { $0.kind == .criterion && $0.successCriteria.contains(SCNumber(4, 1, 2)) }
        XCTAssertFalse(rows.isEmpty)
        let input = try results(kb, ["checkbox"], platform: .web, na: Set(rows.map(\.id)))
        let built = try kb.buildConformanceReport(results: [input], axe: [], base: nil)
        let level = built.report.adherence(chapter: "success_criteria_level_a", criterion: "4.1.2", component: "web")
        XCTAssertNotEqual(level?.level, "not-applicable")
        XCTAssertEqual(level?.level, "not-evaluated")
        // The testers' n/a is in the trail and the to-do list, never an instruction in the buyer's remark.
        XCTAssertFalse(level?.notes?.contains("n/a") ?? true, level?.notes ?? "")
        XCTAssertTrue(built.trail.records.first { $0.criterion == "4.1.2" }?.rows.allSatisfy { $0.result == "n/a" } ?? false)
        XCTAssertEqual(Set(built.pending.first { $0.criterion == "4.1.2" }?.rows ?? []), Set(rows.map(\.id)))
    }

    func testANativePlanReportsSoftwareNeverWeb() throws {
        let kb = try corpusKnowledgeBase()
        let input = try results(kb, ["button", "switch", "text-field"].filter { name in (try? kb.checklist([name], platform: .ios)) != nil },
                                platform: .ios)
        let built = try kb.buildConformanceReport(results: [input], axe: [], base: nil)
        let names = Set(built.report.chapters.filter { $0.id.hasPrefix("success_criteria") }.flatMap { $0.criteria ?? [] }.flatMap { $0.components ?? [] }.map(\.name))
        XCTAssertEqual(names, ["software"])
        XCTAssertEqual(built.report.adherence(chapter: "success_criteria_level_a", criterion: "2.1.1", component: "software")?.level, "supports")
    }

    func testGSAsExamplesAndThePublishedReports() throws {
        let examples = try Fixtures.corpus("openacr").appendingPathComponent("examples")
        let gsaCatalog = "2.4-edition-wcag-2.0-508-en"
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where name.hasSuffix(".yaml") {
            let input = NamedInput(name: name, data: try Data(contentsOf: examples.appendingPathComponent(name)))
            let problems = try ConformanceReports.check(input, catalog: gsaCatalog)
            if name.hasPrefix("invalid") {
                XCTAssertFalse(problems.isEmpty, "\(name) is refused")
            } else {
                XCTAssertEqual(problems.map(\.located), [], "\(name) is accepted")
            }
        }
        // What a buyer needs and a published report leaves out.
        for name in ["Moodle-3", "Plone-5", "NVDA-2018", "govready-0.9"] {
            let input = NamedInput(name: name, data: try Data(contentsOf: examples.appendingPathComponent(name + ".yaml")))
            let strict = try ConformanceReports.check(input, catalog: gsaCatalog, strict: true)
            XCTAssertFalse(strict.isEmpty, name)
            XCTAssertTrue(strict.allSatisfy { $0.kind == .strict }, name)
        }
    }

    func testDiffListsExactlyTheChangedLevels() throws {
        let valid = try Fixtures.corpus("openacr").appendingPathComponent("examples/valid.yaml")
        let old = try String(contentsOf: valid, encoding: .utf8)
        let new = old.replacingOccurrences(of: "level: partially-supports", with: "level: supports")
            .replacingOccurrences(of: "level: does-not-support", with: "level: \"\"")
        let diff = try ConformanceReports.diff(NamedInput(name: "old", data: Data(old.utf8)), NamedInput(name: "new", data: Data(new.utf8)))
        XCTAssertEqual(diff.changes.map { "\($0.field) \($0.criterion ?? "") \($0.component ?? "") \($0.old ?? "-") \($0.new ?? "-")" }, [
            "level 1.2.2 web partially-supports supports",
            "level 1.2.2 electronic-docs partially-supports supports",
            "level 1.2.2 authoring-tool does-not-support -",
        ])
    }

    /// Two releases as a lead builds them: release 12 fails a keyboard row (SHOP-123) and a name row
    /// (A11Y-124); release 13 fixes SHOP-123, still fails A11Y-124 and newly fails a checkbox row
    /// (A11Y-200); each from files of its own name (results and the same axe run) and with its rows
    /// in another order. The markdown diff reads as a release note.
    func testTheDiffOfTwoReleasesReadsAsAReleaseNote() throws {
        let kb = try corpusKnowledgeBase()
        let names = ["button", "checkbox", "link"]
        let items = try kb.checklist(names, platform: .web).items.filter { $0.kind == .criterion }
        let keyboard = "web/link:keyboard:web:enter"
        let name = try XCTUnwrap(items.first { $0.id.hasPrefix("web/button:") && $0.successCriteria == [SCNumber(4, 1, 2)] }).id
        func release(_ number: Int, fail: [String: String], reversed: Bool) throws -> OpenACRReport {
            var results = try self.results(kb, names, platform: .web, fail: fail)
            if reversed {
                // Each component's rows in the other order: every row on another line, the components in theirs.
                let lines = String(decoding: results.data, as: UTF8.self).split(separator: "\n")
                let rows = Dictionary(grouping: lines.dropFirst()) { $0.prefix { $0 != ":" } }
                let components = lines.dropFirst().map { $0.prefix { $0 != ":" } }.reduce(into: [Substring]()) { if !$0.contains($1) { $0.append($1) } }
                results.data = Data(([lines[0]] + components.flatMap { rows[$0]!.reversed() }).joined(separator: "\n").utf8 + [0x0A])
            }
            results.name = "web-r\(number)-filled.csv"
            let base = Self.base.replacingOccurrences(of: "version: \"12\"", with: "version: \"\(number)\"\nreport_date: \"2026-\(number - 2)-01\"")
            let built = try kb.buildConformanceReport(results: [results], axe: [NamedInput(name: "axe-r\(number).json", data: try Data(contentsOf: Self.axeRun))],
                                                      base: NamedInput(name: "base.yaml", data: Data(base.utf8)))
            return built.report
        }
        let r12 = try release(12, fail: [keyboard: "SHOP-123 the footer link ignores Enter", name: "A11Y-124 the icon button has no name"], reversed: false)
        // A checkbox row none of whose criteria the failing rows test, each supported in release 12.
        let failingSCs = Set(items.filter { [keyboard, name].contains($0.id) }.flatMap(\.successCriteria))
        let newly = try XCTUnwrap(items.first { item in
            item.id.hasPrefix("web/checkbox:") && !item.successCriteria.isEmpty && Set(item.successCriteria).isDisjoint(with: failingSCs)
                && item.successCriteria.allSatisfy { sc in
                    r12.chapters.contains { $0.criteria?.contains { $0.num == sc.description && $0.components?.first?.adherence?.level == "supports" } ?? false }
                }
        })
        let regressed = try XCTUnwrap(newly.successCriteria.first)
        let r13 = try release(13, fail: [name: "A11Y-124 the icon button has no name", newly.id: "A11Y-200 the checkbox fails"], reversed: true)
        let a = "success_criteria_level_a"

        let diff = OpenACRDiff.compare(r12, r13)
        let levels = diff.changes.filter { $0.field == .level }
        XCTAssertTrue(levels.contains { $0.criterion == "2.1.1" && $0.component == "web" && $0.direction == .improved }, "\(levels)")
        XCTAssertTrue(levels.contains { $0.criterion == regressed.description && $0.direction == .regressed }, "\(levels)")
        XCTAssertEqual(diff.changes.filter { $0.criterion == "4.1.2" && $0.component == "web" }.map { "\($0.old ?? "") -> \($0.new ?? "")" }, [],
                       "renamed and reordered files change nothing")
        XCTAssertEqual(Set(diff.changes.filter { $0.field == .ticketFixed }.compactMap(\.old)), ["SHOP-123"])
        XCTAssertEqual(Set(diff.changes.filter { $0.field == .ticketNew }.compactMap(\.new)), ["A11Y-200"])
        XCTAssertEqual(diff.changes.filter { [.productVersion, .reportDate].contains($0.field) }.map { "\($0.field.rawValue) \($0.old ?? "-") \($0.new ?? "-")" },
                       ["product_version 12 13", "report_date 2026-10-01 2026-11-01"])
        let levelA = try XCTUnwrap(diff.chapters.first { $0.chapter == a })
        XCTAssertGreaterThanOrEqual(levelA.improved, 1)
        XCTAssertGreaterThan(levelA.unchanged, 20)

        let markdown = try diff.rendered(.markdown)
        XCTAssertTrue(markdown.contains("\nLevels: 1 improved, \(levels.filter { $0.direction == .regressed }.count) regressed, "), markdown)
        XCTAssertTrue(markdown.contains(" Tickets: 1 fixed, 1 newly failing. "), markdown)
        let sections = ["## Per chapter", "## Level changes", "## Tickets fixed", "## Tickets newly failing"].map { markdown.range(of: $0)?.lowerBound }
        XCTAssertFalse(sections.contains(nil), markdown)
        XCTAssertEqual(sections.compactMap { $0 }, sections.compactMap { $0 }.sorted(), "summary, level changes, then tickets")
        XCTAssertTrue(markdown.contains("- **Product version**: 12 → 13\n- **Report date**: 2026-10-01 → 2026-11-01\n"), markdown)
        XCTAssertTrue(markdown.contains("- 2.1.1 Keyboard (web): Partially Supports → Supports (improved)\n  - **Before**: "), markdown)
        let keyboardChange = try XCTUnwrap(levels.first { $0.criterion == "2.1.1" })
        XCTAssertTrue(keyboardChange.oldNotes?.contains("SHOP-123") ?? false, "the old remark is shown beside the change")
        XCTAssertNotNil(keyboardChange.newNotes)
        XCTAssertTrue(markdown.contains("\n- SHOP-123: 2.1.1 Keyboard (web), now Supports\n"), markdown)
        XCTAssertTrue(markdown.contains("\n- A11Y-200: \(regressed)"), markdown)
        XCTAssertFalse(markdown.contains("A11Y-124:"), "a ticket failing in both is neither fixed nor new")
        XCTAssertFalse(markdown.contains("## Other remark changes"), "only when every remark is asked for")
        var all = diff
        all.listsEveryRemark = true
        XCTAssertEqual(all.listed.count, diff.changes.count)
        XCTAssertFalse(all.listed.contains { $0.criterion == "4.1.2" && $0.component == "web" })

        let same = OpenACRDiff.compare(r13, r13)
        XCTAssertEqual(same.changes, [])
        XCTAssertTrue(try same.rendered(.markdown).contains("\nNothing changed.\n"))
    }

    /// What names the evidence is not the product: renamed files, other lines and bracketed
    /// references compare equal; counts, levels and ticket ids do not.
    func testRemarksAreComparedWithoutTheirEvidencesNamesAndPlaces() {
        let c = RemarkText.comparable
        XCTAssertEqual(c("Fails in 1 of 3 tested rows: A11Y-124 Hero image. [web-r12-filled.csv line 55, web/informative-image:screenreader:web:name]. axe-core found violations: image-alt (1 node, axe-r1.json)."),
                       c("Fails in 1 of 3 tested rows: A11Y-124 Hero image. [web-r13-filled.csv line 61, web/informative-image:screenreader:web:name]. axe-core found violations: image-alt (1 node, axe-r2.json)."))
        XCTAssertEqual(c("see results.csv lines 3, 7 and 9\n  and row 4"), "see (file) line and row")
        XCTAssertNotEqual(c("Fails in 1 of 3 tested rows"), c("Fails in 2 of 3 tested rows"))
        XCTAssertNotEqual(c("A11Y-124 broken"), c("A11Y-125 broken"))
        XCTAssertEqual(c("[Understanding](https://www.w3.org/x.html)"), "[Understanding](https://www.w3.org/x.html)", "a link is no evidence reference")
        XCTAssertEqual(c("kept [as the lead wrote]"), "kept [as the lead wrote]")
        XCTAssertEqual(RemarkText.tickets(in: "SHOP-123 and A11Y-124; again SHOP-123, not a11y-9 or X-1 or WCAG 2.1"), ["SHOP-123", "A11Y-124"])
    }

    /// A report that lists a criterion, or a criterion's component, twice: the reader names both
    /// places by line, a check reports it, a diff against the single entry is a change, and a base
    /// report that does it is refused.
    func testACriterionListedTwiceIsAnErrorAndAChange() throws {
        // A report of one criterion (line 8) and one component (line 10), the file's last line 12.
        let single = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/acr/one-criterion.yaml"), encoding: .utf8)
        let twice = single + """
                      - name: web
                        adherence:
                          level: does-not-support

            """
        let criterionTwice = single + """
                  - num: "1.1.1"
                    components:
                      - name: web
                        adherence:
                          level: supports

            """
        let input = { (text: String) in NamedInput(name: "r.yaml", data: Data(text.utf8)) }
        XCTAssertEqual(try ConformanceReports.check(input(single)).map(\.located), [])
        for strict in [false, true] {
            let problems = try ConformanceReports.check(input(twice), strict: strict).filter { $0.kind == .duplicate }
            XCTAssertEqual(problems.map(\.located), ["success_criteria_level_a 1.1.1 web: the component is listed twice for this criterion (lines 10 and 13)"])
        }
        XCTAssertEqual(try ConformanceReports.read(input(criterionTwice)).problems.map(\.located),
                       ["success_criteria_level_a 1.1.1: the criterion is listed twice in this chapter (lines 8 and 13)"])

        let diff = try ConformanceReports.diff(input(single), input(twice))
        XCTAssertEqual(diff.changes.map { "\($0.field.rawValue) \($0.criterion ?? "") \($0.old ?? "-") -> \($0.new ?? "-")" },
                       ["duplicate 1.1.1 supports -> supports, does-not-support"])
        XCTAssertEqual(diff.chapters.first?.duplicates, 1)
        XCTAssertTrue(try diff.rendered(.markdown).contains("1 criterion listed more than once"))
        XCTAssertEqual(try ConformanceReports.diff(input(twice), input(twice)).changes, [])

        let kb = try corpusKnowledgeBase()
        let base = Self.base.replacingOccurrences(of: "  hardware:", with: """
                  - num: "1.2.1"
                    components:
                      - name: web
                        adherence:
                          level: supports
              hardware:
            """)
        XCTAssertThrowsError(try kb.buildConformanceReport(results: [], axe: [], base: NamedInput(name: "base.yaml", data: Data(base.utf8)))) { error in
            XCTAssertTrue("\(error)".contains("base.yaml: success_criteria_level_a 1.2.1: the criterion is listed twice in this chapter (lines 10 and 16)"), "\(error)")
        }
    }

    /// The Trusted Tester tests of each criterion, read here from DHS's own file, are the ones
    /// a11ykb built in; 508 requires WCAG 2.0's A and AA only; EN 301 549 numbers them behind 9 and 11.
    func testEveryCriterionsRoutesToTheOtherStandards() throws {
        let file = try Fixtures.corpus("trusted-tester").appendingPathComponent("SuccessCriteriaTT5.1.3.json")
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])?.first?["Criteria"] as? [[String: Any]])
        var expected: [SCNumber: [String]] = [:]
        for row in rows {
            let id = (row["TestID"] as? String ?? "").trimmingCharacters(in: .whitespaces)
            for part in (row["CrtID"] as? String ?? "").split(separator: ",") {
                if let sc = SCNumber(part.trimmingCharacters(in: .whitespaces)) { expected[sc, default: []].append(id) }
            }
        }
        XCTAssertGreaterThan(expected.count, 30, "Trusted Tester tests most A and AA criteria")
        for info in WCAGCatalogue.builtIn {
            let sc = try XCTUnwrap(SCNumber(info.sc))
            XCTAssertEqual(CriterionRoutes.of(sc).trustedTester, expected[sc] ?? [], info.sc)
        }
        XCTAssertTrue(CriterionRoutes.of(SCNumber(1, 1, 1)).requiredBy508)
        XCTAssertFalse(CriterionRoutes.of(SCNumber(2, 5, 8)).requiredBy508, "a WCAG 2.2 criterion")
        XCTAssertFalse(CriterionRoutes.of(SCNumber(1, 4, 6)).requiredBy508, "level AAA")
        XCTAssertEqual(CriterionRoutes.of(SCNumber(1, 4, 3)).en301549, ["9.1.4.3", "11.1.4.3"])
        XCTAssertTrue(CriterionRoutes.of(SCNumber(1, 1, 1)).functionalPerformance.contains { $0.id == "302.1" && $0.handle == "Without Vision" })
    }

    /// Anyone's file is untrusted: an alias bomb, nesting deeper than the parser's stack, a list
    /// where a report is a map, or a file too large are each refused in one sentence, quickly.
    func testHostileReportsAreRefusedNotRun() throws {
        var bomb = "title: x\nproduct: {name: x}\nauthor: {email: x}\nb0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for n in 1...9 { bomb += "b\(n): &a\(n) [" + Array(repeating: "*a\(n - 1)", count: 9).joined(separator: ", ") + "]\n" }
        bomb += "chapters: {success_criteria_level_a: {criteria: *a9}}\n"
        let cases = [("bomb", bomb), ("deep", String(repeating: "[", count: 5_000)), ("list", "- a\n- b\n"),
                     ("huge", "title: " + String(repeating: "x", count: ConformanceReports.maxBytes))]
        for (name, text) in cases {
            XCTAssertThrowsError(try ConformanceReports.read(NamedInput(name: name, data: Data(text.utf8))), name) { error in
                XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
            }
        }
        // A large file with a key given twice: the error names the problem and its line, never the
        // document (a 5 MB file made a 5 MB error, said twice over MCP).
        let big = "title: x\nnotes: " + String(repeating: "lorem ", count: 200_000) + "\ntitle: y\n"
        XCTAssertThrowsError(try ConformanceReports.read(NamedInput(name: "twice.yaml", data: Data(big.utf8)))) { error in
            let text = "\(error)"
            XCTAssertLessThan(text.count, 500, String(text.prefix(300)))
            XCTAssertTrue(text.contains("line"), text)
        }
    }

    /// The time limit is said as a person reads it, to three significant digits: a deadline's 0.9997 s is 1 s.
    func testATimeLimitIsSaidToATenthOfASecond() {
        XCTAssertEqual(QueryError.timedOut(seconds: 0.9997028112411499).message { _ in nil }, "query stopped after the 1 s time limit")
        XCTAssertEqual(QueryError.timedOut(seconds: 0.25).message { _ in nil }, "query stopped after the 0.25 s time limit")
        XCTAssertEqual(QueryError.timedOut(seconds: 30).message { _ in nil }, "query stopped after the 30 s time limit")
    }

    /// A testing guide's checks hold for whatever the report speaks for: its contrast checks count
    /// toward 1.4.3 for the native app a plan names, as software.
    func testGuideChecksCountForTheProductTheReportSpeaksFor() throws {
        let kb = try corpusKnowledgeBase()
        let guide = try kb.checklist(["how-to-test/color-contrast"])
        let contrast = guide.items.filter { $0.kind == .criterion && $0.successCriteria.contains(SCNumber(1, 4, 3)) }
        XCTAssertFalse(contrast.isEmpty, "the guide holds contrast checks")
        var csv = String(decoding: try results(kb, ["native/button"], platform: .ios).data, as: UTF8.self)
        for item in contrast { csv += "\(item.id),\(item.fingerprint),pass,\n" }
        let built = try kb.buildConformanceReport(results: [NamedInput(name: "r.csv", data: Data(csv.utf8))], axe: [], base: nil)
        XCTAssertEqual(built.report.adherence(chapter: "success_criteria_level_aa", criterion: "1.4.3", component: "software")?.level, "supports")
        XCTAssertNil(built.report.adherence(chapter: "success_criteria_level_aa", criterion: "1.4.3", component: "web"), "no web content was tested")
    }

    /// Anyone's report is text in the documents rendered from it: no link, task, heading or HTML
    /// of its own in markdown, all escaped in HTML.
    func testAHostileReportRendersAsText() throws {
        let yaml = """
            title: "<script>alert(1)</script>"
            product: {name: "x\\n# fake"}
            author: {email: e}
            catalog: 2.5-edition-wcag-2.2-508-en
            chapters:
              success_criteria_level_a:
                criteria:
                  - num: "[x](javascript:alert(1))"
                    components: [{name: web, adherence: {level: supports, notes: "fine\\n- [x] done\\n<img src=x onerror=alert(1)>"}}]
                  - num: "1.1.1"
                    components: [{name: web, adherence: {level: supports, notes: "| a | b |"}}]
            """
        let (report, _) = try ConformanceReports.read(NamedInput(name: "r", data: Data(yaml.utf8)))
        let markdown = ConformanceRendering.markdown(report)
        let lines = markdown.split(separator: "\n")
        XCTAssertFalse(lines.contains { $0.hasPrefix("- [x]") || $0.hasPrefix("# fake") }, markdown)
        XCTAssertNil(markdown.range(of: #"(?<!\\)\]\(javascript:"#, options: .regularExpression), markdown)
        XCTAssertFalse(markdown.contains("<script") || markdown.contains("<img"), markdown)
        XCTAssertTrue(markdown.contains("[1.1.1 Non-text Content](https://www.w3.org/WAI/WCAG22/Understanding/non-text-content.html)"), "the catalogue's own link stays a link")
        // Each criterion is one table row of three cells (VPAT's Criteria, Conformance Level, Remarks and Explanations).
        XCTAssertEqual(lines.filter { $0.hasPrefix("| ") && $0.contains(" | Web: Supports | ") }.count, 2, markdown)
        let html = ConformanceRendering.html(report)
        XCTAssertFalse(html.contains("<script>alert") || html.contains("<img src"), "escaped")
    }
}
