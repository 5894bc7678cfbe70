import A11yKB
@testable import KBConformance
@testable import KBQuery
import Foundation
import TestSupport
import XCTest

/// The report a buyer reads, walked as a lead would: a web release of eight components and an iOS
/// release of five, results filled with ticket ids in the notes and the page each row was tested
/// on, a real axe-core run, a base with the product and contact. Every remark is read as a buyer
/// reads it; the to-do list is filled and built again; a stale pin is caught; Section 508's
/// functional performance criteria follow what failed.
extension ConformanceReportTests {
    static let webRelease = ["button", "checkbox", "link", "text-input", "radio-button", "informative-image", "select-dropdown", "modal-dialog"]
    static let iosRelease = ["button", "checkbox", "toggle-switch", "segmented-control", "slider"]

    /// A results CSV with a page column: every criterion passed, but `fail` (row id → note).
    func pagedResults(_ kb: KnowledgeBase, _ names: [String], platform: Platform, page: String, fail: [String: String] = [:],
                      name: String) throws -> NamedInput {
        let checklist = try kb.checklist(names, platform: platform)
        var csv = "id,fingerprint,result,note,page\n"
        for item in checklist.items where item.kind == .criterion {
            csv += "\(item.id),\(item.fingerprint),\(fail[item.id] != nil ? "fail" : "pass"),\"\(fail[item.id] ?? "")\",\(page)\n"
        }
        return NamedInput(name: name, data: Data(csv.utf8))
    }

    /// The first criterion row of `component` that tests `sc`.
    func row(_ kb: KnowledgeBase, _ component: String, platform: Platform, testing sc: SCNumber, kind: String? = nil) throws -> String {
        let items = try kb.checklist([component], platform: platform).items
        return try XCTUnwrap(items.first { $0.kind == .criterion && $0.successCriteria.contains(sc) && (kind == nil || $0.group == kind) }?.id,
                             "\(component) has a row testing \(sc)")
    }

    static let leadBase = """
        title: Example Shop Accessibility Conformance Report
        product:
          name: Example Shop
          version: "13"
        author:
          name: A. Lead
          email: lead@example.com
        report_date: "2026-11-28"
        """

    struct Release {
        var built: ConformanceBuild
        var inputs: [NamedInput]
    }

    func leadRelease(_ kb: KnowledgeBase, names: (results: String, ios: String, axe: String)) throws -> Release {
        let image = try row(kb, "informative-image", platform: .web, testing: SCNumber(1, 1, 1))
        let enter = try row(kb, "link", platform: .web, testing: SCNumber(2, 1, 1), kind: "keyboard")
        let web = try pagedResults(kb, Self.webRelease, platform: .web, page: "Checkout",
                                   fail: [image: "A11Y-124 Hero image on checkout has no alt text", enter: "SHOP-123: the footer link ignores Enter"],
                                   name: names.results)
        let toggle = try row(kb, "toggle-switch", platform: .ios, testing: SCNumber(4, 1, 2))
        let ios = try pagedResults(kb, Self.iosRelease, platform: .ios, page: "Settings screen", fail: [toggle: "IOS-77 state not announced"],
                                   name: names.ios)
        let axe = NamedInput(name: names.axe, data: try Data(contentsOf: Self.axeRun))
        let inputs = [web, ios, axe]
        let built = try kb.buildConformanceReport(results: [web, ios], axe: [axe], base: NamedInput(name: "base.yaml", data: Data(Self.leadBase.utf8)))
        return Release(built: built, inputs: inputs)
    }

    func remarks(_ report: OpenACRReport) -> [(place: String, notes: String)] {
        report.chapters.flatMap { chapter in
            (chapter.criteria ?? []).flatMap { c in
                (c.components ?? []).compactMap { p in p.adherence?.notes.map { ("\(chapter.id) \(c.num) \(p.name)", $0) } }
            }
        }
    }

    func testEveryRemarkReadsAsABuyersAndRenamedFilesChangeNone() throws {
        let kb = try corpusKnowledgeBase()
        let r12 = try leadRelease(kb, names: ("web-r12-filled.csv", "ios-r12-filled.csv", "axe-r1.json"))
        let report = r12.built.report
        XCTAssertTrue(r12.built.conflicts.isEmpty)
        let run = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.axeRun)) as! [String: Any]
        let ruleIDs = Set(["violations", "passes", "incomplete", "inapplicable"].flatMap { (run[$0] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } })
        let helps = ["violations", "passes"].flatMap { (run[$0] as? [[String: Any]] ?? []).compactMap { $0["help"] as? String } }
        let rowIDs = Set(r12.inputs.prefix(2).flatMap { String(decoding: $0.data, as: UTF8.self).split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) } })
        XCTAssertGreaterThan(rowIDs.count, 50)
        let all = remarks(report)
        XCTAssertGreaterThan(all.count, 100)
        let fileName = try NSRegularExpression(pattern: #"\b[\w-]+\.(csv|json|ya?ml|html?|md|xlsx?)\b"#)
        let singular = try NSRegularExpression(pattern: #"(?<![\d.,])1 (requirements|elements|rules|components|pages|rows|nodes|criteria)\b"#)
        let plural = try NSRegularExpression(pattern: #"\b([02-9]|\d\d+) (requirement|element|rule|component|page|row|node|criterion)\b(?! of)"#)
        for (place, notes) in all {
            let range = NSRange(notes.startIndex..., in: notes)
            XCTAssertNil(fileName.firstMatch(in: notes, range: range), "a file name in \(place): \(notes)")
            XCTAssertNil(notes.range(of: #"\bline \d"#, options: .regularExpression), "a line in \(place): \(notes)")
            XCTAssertNil(singular.firstMatch(in: notes, range: range), "one with a plural noun in \(place): \(notes)")
            XCTAssertNil(plural.firstMatch(in: notes, range: range), "many with a singular noun in \(place): \(notes)")
            for id in rowIDs { XCTAssertFalse(notes.contains(id), "row id \(id) in \(place)") }
            // A rule named without words: its id standing alone (ids without a hyphen are plain words: label, region).
            for id in ruleIDs where id.contains("-") {
                XCTAssertNil(notes.range(of: #"(?<![\w“-])"# + NSRegularExpression.escapedPattern(for: id) + #"(?![\w-])"#, options: .regularExpression),
                             "rule id \(id) without words in \(place): \(notes)")
            }
            for author in ["by hand", "to settle", "base report", "results row", "marked n/a", "--", "Tester's note", "axe-core found"] {
                XCTAssertFalse(notes.contains(author), "\"\(author)\" addressed to the author in \(place): \(notes)")
            }
            // A rule said to fail is never also said to pass.
            for help in helps where notes.contains("failing “\(help)”") {
                XCTAssertFalse(notes.contains("no failure of") && notes.components(separatedBy: "no failure of").last!.contains("“\(help)”"),
                               "\(help) both failed and passed in \(place)")
            }
        }
        // What fails, where, for whom, with the tickets, then what works.
        let alt = try XCTUnwrap(adherence(report, "success_criteria_level_a", "1.1.1", "web")?.notes)
        XCTAssertTrue(alt.hasPrefix("Not met in Informative image on Checkout, for screen reader users: "), alt)
        XCTAssertTrue(alt.contains("(A11Y-124)"), alt)
        XCTAssertTrue(alt.contains("An automated check found ") && alt.contains("2 elements failing “Images must have alternative text”"), alt)
        let keyboard = try XCTUnwrap(adherence(report, "success_criteria_level_a", "2.1.1", "web")?.notes)
        XCTAssertTrue(keyboard.hasPrefix("Not met in Link on Checkout, for keyboard users: "), keyboard)
        XCTAssertTrue(keyboard.contains("(SHOP-123)"), keyboard)
        XCTAssertTrue(keyboard.contains("verified to work in"), keyboard)
        // A rule that failed on one element and passed on others: once, as failing on N of M.
        let contrast = try XCTUnwrap(adherence(report, "success_criteria_level_aa", "1.4.3", "web")?.notes)
        XCTAssertTrue(contrast.contains("1 of 4 elements failing “Elements must meet minimum color contrast ratio thresholds”"), contrast)
        let ios = try XCTUnwrap(adherence(report, "success_criteria_level_a", "4.1.2", "software")?.notes)
        XCTAssertTrue(ios.hasPrefix("Not met in Toggle switch on Settings screen"), ios)
        XCTAssertTrue(ios.contains("(IOS-77)"), ios)
        XCTAssertFalse(ios.contains("automated"), "an axe run speaks for the web only: \(ios)")
        XCTAssertFalse(report.evaluationMethodsUsed?.contains(".csv") ?? true, report.evaluationMethodsUsed ?? "")

        // The same findings from renamed files: the same report, byte for byte; only the trail names the files.
        let r13 = try leadRelease(kb, names: ("web-r13-filled.csv", "ios-r13-filled.csv", "axe-r2.json"))
        XCTAssertEqual(OpenACRWriting.yaml(r13.built.report), OpenACRWriting.yaml(report))
        XCTAssertNotEqual(r13.built.trail, r12.built.trail)
        XCTAssertTrue(r12.built.trail.records.contains { $0.rows.contains { $0.file == "web-r12-filled.csv" && $0.page == "Checkout" } })
    }

    func testTheToDoListFilledByAPersonGivesAReportAStrictCheckAccepts() throws {
        let kb = try corpusKnowledgeBase()
        let release = try leadRelease(kb, names: ("web.csv", "ios.csv", "axe.json"))
        let todo = release.built.todo
        XCTAssertFalse(todo.pending.isEmpty)
        // Without it the strict check has work: the levels the evidence cannot give.
        XCTAssertFalse(OpenACRCheck.check(release.built.report, strict: true).isEmpty)
        let yaml = todo.yaml
        // Each entry says what would settle it: rows, a guide, or a person's judgement.
        XCTAssertTrue(yaml.contains("# 402.2.1 Information Displayed On-Screen: a person's judgement"), yaml)
        let contrastEntry = try XCTUnwrap(todo.pending.first { $0.criterion == "1.4.11" && $0.component == "web" })
        XCTAssertTrue(contrastEntry.settle.contains("how-to-test/"), contrastEntry.settle)
        let (skeleton, problems) = try OpenACRReading.read(yaml)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(skeleton.product?.name, "Example Shop", "the base's own entries are kept")
        // A person fills every empty level, mechanically here.
        let filled = yaml.replacingOccurrences(of: "level: \"\"", with: "level: \"supports\"")
            .replacingOccurrences(of: "notes: \"\"", with: "notes: \"Checked by the lead.\"")
        let again = try kb.buildConformanceReport(results: Array(release.inputs.prefix(2)), axe: [release.inputs[2]],
                                                  base: NamedInput(name: "filled.yaml", data: Data(filled.utf8)))
        XCTAssertEqual(again.conflicts.map(\.located), [])
        XCTAssertEqual(again.pending.count, 0)
        XCTAssertEqual(OpenACRCheck.check(again.report, strict: true).map(\.located), [])
        // The same list for a tracker.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try todo.rendered(.json).utf8)) as? [[String: Any]])
        XCTAssertEqual(json.count, todo.pending.count)
        XCTAssertEqual(Set(json.compactMap { $0["criterion"] as? String }), Set(todo.pending.map(\.criterion)))
    }

    func testAPinnedLevelTheEvidenceNoLongerBearsIsADisagreement() throws {
        let kb = try corpusKnowledgeBase()
        let input = try results(kb, ["link"], platform: .web)
        let pinned = Self.base.replacingOccurrences(of: "  hardware:", with: """
                  - num: "2.1.1"
                    components:
                      - name: web
                        adherence:
                          level: partially-supports
                          notes: SHOP-123 is open.
              success_criteria_level_aa:
                criteria:
                  - num: "1.4.3"
                    components:
                      - name: web
                        adherence:
                          notes: Our palette was chosen for contrast.
              hardware:
            """)
        let base = NamedInput(name: "base.yaml", data: Data(pinned.utf8))
        let built = try kb.buildConformanceReport(results: [input], axe: [], base: base)
        XCTAssertEqual(built.conflicts.map(\.located), ["success_criteria_level_a 2.1.1 web: the base report says Partially Supports, the evidence Supports"])
        XCTAssertFalse(built.keptBase)
        // Kept at the lead's word, the remark says whose level it is.
        let kept = try kb.buildConformanceReport(results: [input], axe: [], base: base, keepBase: true)
        let keyboard = try XCTUnwrap(kept.report.adherence(chapter: "success_criteria_level_a", criterion: "2.1.1", component: "web"))
        XCTAssertEqual(keyboard.level, "partially-supports")
        XCTAssertTrue(keyboard.notes?.hasPrefix("SHOP-123 is open. The level is the vendor's own assessment; the tests for this report found it supports.") ?? false,
                      keyboard.notes ?? "")
        // Notes without a level word a criterion whose level the evidence sets.
        let contrast = try XCTUnwrap(kept.report.adherence(chapter: "success_criteria_level_aa", criterion: "1.4.3", component: "web"))
        XCTAssertEqual(contrast.notes, "Our palette was chosen for contrast.")
        XCTAssertEqual(contrast.level, built.trail.records.first { $0.criterion == "1.4.3" }?.evidenceLevel?.rawValue)
    }

    func testTheTwoReportedFunctionalPerformanceCases() throws {
        let kb = try corpusKnowledgeBase()
        // A missing text alternative and a div button, nothing else: the hearing categories are untouched.
        var run = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Self.axeRun)) as? [String: Any])
        run["violations"] = (run["violations"] as? [[String: Any]] ?? []).filter { ["image-alt", "button-name"].contains($0["id"] as? String) }
        let axe = NamedInput(name: "axe.json", data: try JSONSerialization.data(withJSONObject: run))
        let input = try results(kb, ["button", "informative-image"], platform: .web)
        let built = try kb.buildConformanceReport(results: [input], axe: [axe], base: nil)
        func fpc(_ b: ConformanceBuild, _ id: String) -> String? { b.report.adherence(chapter: "functional_performance_criteria", criterion: id, component: "none")?.level }
        XCTAssertEqual(adherence(built.report, "success_criteria_level_a", "1.1.1", "web")?.level, "partially-supports")
        XCTAssertNotEqual(fpc(built, "302.4"), "partially-supports", "a missing alt text does not touch use without hearing")
        XCTAssertEqual(fpc(built, "302.1"), "partially-supports")
        XCTAssertTrue(adherence(built.report, "functional_performance_criteria", "302.1", "none")?.notes?.contains("1.1.1 Non-text Content") ?? false)

        // 2.1.1 failing on every keyboard row: Without Vision and Limited Manipulation are partial,
        // and stay so when native rows whose keyboard rows are untested join the draft.
        let link = try kb.checklist(["link"], platform: .web).items.filter { $0.kind == .criterion }
        let keyboardRows = link.filter { $0.group == "keyboard" }
        XCTAssertGreaterThanOrEqual(keyboardRows.count, 1)
        var csv = "id,fingerprint,result,note\n"
        for item in link { csv += "\(item.id),\(item.fingerprint),\(item.group == "keyboard" ? "fail" : "pass"),\n" }
        let failing = NamedInput(name: "web.csv", data: Data(csv.utf8))
        let web = try kb.buildConformanceReport(results: [failing], axe: [], base: nil)
        XCTAssertEqual(adherence(web.report, "success_criteria_level_a", "2.1.1", "web")?.level, "does-not-support")
        XCTAssertEqual(fpc(web, "302.1"), "partially-supports")
        XCTAssertEqual(fpc(web, "302.7"), "partially-supports")
        let native = try kb.checklist(["button"], platform: .ios).items.filter { $0.kind == .criterion }
        var untested = "id,fingerprint,result,note\n"
        for item in native { untested += "\(item.id),\(item.fingerprint),\(item.group == "keyboard" ? "" : "pass"),\n" }
        let draft = try kb.buildConformanceReport(results: [failing, NamedInput(name: "ios.csv", data: Data(untested.utf8))], axe: [], base: nil)
        XCTAssertEqual(fpc(draft, "302.1"), "partially-supports", "a draft counts every failure it has")
        XCTAssertEqual(fpc(draft, "302.7"), "partially-supports")
    }

    /// The 302.x rule on all nine categories, against an independent reading of the Trusted Tester
    /// 5.1.3 test conditions: a failure of a criterion every one of whose tests names a category
    /// makes that category partial; a criterion only some of whose tests name it does not.
    func testTheFunctionalPerformanceRuleOnEveryCategory() throws {
        let file = try Fixtures.corpus("trusted-tester").appendingPathComponent("SuccessCriteriaTT5.1.3.json")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        let rows = json.flatMap { $0["Criteria"] as? [[String: Any]] ?? [] }
        let catalog = try XCTUnwrap(OpenACRCatalog.named(OpenACRCatalog.defaultID)?.chapter("functional_performance_criteria"))
        XCTAssertEqual(catalog.criteria.count, 9)
        func words(_ s: String) -> String { s.lowercased().filter(\.isLetter) }
        // Per success criterion, the categories each of its tests names.
        var testsOf: [String: [Set<String>]] = [:]
        for row in rows {
            let impact = words(row["DisabilityImpact"] as? String ?? "")
            let categories = Set(catalog.criteria.filter { impact.contains(words($0.handle)) }.map(\.id))
            let scs = ((row["CrtID"] as? String) ?? "").split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" }).map(String.init)
            for sc in scs where SCNumber(sc) != nil && sc.split(separator: ".").count == 3 && !sc.hasPrefix("50") { testsOf[sc, default: []].append(categories) }
        }
        XCTAssertGreaterThan(testsOf.count, 30)
        let levels: [SCNumber: [String: AdherenceLevel]] = Dictionary(uniqueKeysWithValues: testsOf.keys.compactMap { SCNumber($0) }.map { ($0, ["web": AdherenceLevel.supports]) })
        var checked = 0
        for category in catalog.criteria {
            for (sc, tests) in testsOf {
                let every = tests.allSatisfy { $0.contains(category.id) }, some = tests.contains { $0.contains(category.id) }
                guard every || some, let number = SCNumber(sc) else { continue }
                var failing = levels
                failing[number] = ["web": .partiallySupports]
                let level = FunctionalPerformance.level(category.id, handle: category.handle, levels: failing,
                                                        failures: [.init(sc: number, tests: [])], titles: [:]).level
                if every {
                    XCTAssertEqual(level, .partiallySupports, "\(sc) fails: \(category.id) \(category.handle)")
                } else {
                    XCTAssertNotEqual(level, .partiallySupports, "\(sc) fails in a test that may not touch \(category.id)")
                }
                checked += 1
            }
            // With nothing failing, a category rests on its criteria: all met is Supports; none at all, Not Evaluated.
            let none = FunctionalPerformance.level(category.id, handle: category.handle, levels: levels, failures: [], titles: [:]).level
            let touched = testsOf.values.contains { $0.contains { $0.contains(category.id) } }
            XCTAssertEqual(none, touched ? .supports : .notEvaluated, category.id)
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// 4.1.1 Parsing, which no test settles, by the edition: the 2023 errata for WCAG 2.0 and 2.1
    /// (and for 2.2 editions that report Section 508, which takes WCAG 2.0), obsolete in WCAG 2.2
    /// alone; never on the to-do list for web content, and said once in the rendering.
    func testParsingIsSettledByTheEditionsRule() throws {
        let kb = try corpusKnowledgeBase()
        let input = try results(kb, ["button"], platform: .web)
        for (catalog, level) in [("2.5-edition-wcag-2.2-508-en", "supports"), ("2.5-edition-wcag-2.2-en", "not-applicable"),
                                 ("2.5-edition-wcag-2.1-508-en", "supports")] {
            let built = try kb.buildConformanceReport(results: [input], axe: [], base: nil, catalog: catalog)
            let parsing = try XCTUnwrap(adherence(built.report, "success_criteria_level_a", "4.1.1", "web"), catalog)
            XCTAssertEqual(parsing.level, level, catalog)
            XCTAssertTrue(parsing.notes?.contains(level == "supports" ? "2023 errata" : "obsolete") ?? false, parsing.notes ?? "")
            XCTAssertFalse(built.pending.contains { $0.criterion == "4.1.1" && $0.component == "web" }, catalog)
            let page = try built.report.rendered(.markdown)
            XCTAssertEqual(page.components(separatedBy: "obsolete and removed it").count - 1, catalog.contains("2.2") ? 1 : 0, catalog)
        }
    }
}
