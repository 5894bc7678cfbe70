import A11yKB
import KBRender
@testable import KBQuery
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// Test plans on the real corpus: stable ids and fingerprints across re-imports, edits and
/// reordering of a copy; plans kept through imports; results reported against a hand-made
/// expectation; the 2024 → 2026 diff checked against the rows themselves.
final class TestPlanTests: XCTestCase {
    /// A copy of the 2026 checkout imported into a knowledge base of its own.
    func copiedCheckout() throws -> (checkout: URL, kb: KnowledgeBase) {
        let checkout = try Fixtures.copy(try Fixtures.corpus("magentaA11y-2026"), self, as: "magentaA11y")
        let kb = try KnowledgeBase(path: try Fixtures.temporaryFolder(self).appendingPathComponent("copy.sqlite").path)
        _ = try kb.importFiles([checkout.path])
        return (checkout, kb)
    }

    func file(_ checkout: URL, _ relative: String) -> URL { checkout.appendingPathComponent("public/content/documentation/" + relative) }

    func edit(_ url: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(url.lastPathComponent) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    func testReimportKeepsEveryIDAndOneEditedExpectationMovesOnlyItsFingerprint() throws {
        let (original, _) = try CorpusImports.checkout("magentaA11y-2026")
        let (checkout, copy) = try copiedCheckout()
        // The same content in another place: every id and fingerprint the same.
        let same = try copy.diff(from: original.path)
        XCTAssertEqual(same.changed.count + same.added.count + same.removed.count, 0, ChecklistDiffRendering.markdown(same))
        let before = try copy.checklist(["native/toggle-switch"]).items

        try edit(file(checkout, "native/controls/toggle-switch.md"), "Activates on Android", "Activates on Android only")
        _ = try copy.importFiles([checkout.path])
        let after = try copy.checklist(["native/toggle-switch"]).items
        XCTAssertEqual(after.map(\.id), before.map(\.id), "no id moved")
        let moved = zip(before, after).filter { $0.fingerprint != $1.fingerprint }
        XCTAssertEqual(moved.map(\.1.id), ["native/toggle-switch:keyboard:all:enter"])
        let diff = try copy.diff(from: original.path)
        XCTAssertEqual(diff.changed.map(\.component), ["native/toggle-switch"])
        XCTAssertEqual(diff.changed[0].changes.map(\.kind), [.reworded])
        XCTAssertEqual(diff.changed[0].changes[0].new?.expectation, "Activates on Android only")
        XCTAssertEqual(diff.changed[0].changes[0].old?.expectation, "Activates on Android")
    }

    func testReorderingCriteriaChangesNoIDNorFingerprint() throws {
        let (checkout, copy) = try copiedCheckout()
        let before = try copy.checklist(["native/toggle-switch"]).items
        let url = file(checkout, "native/controls/toggle-switch.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let swipe = try XCTUnwrap(lines.firstIndex { $0.contains("Swipe") && $0.contains("Focus moves to the element") })
        let doubletap = try XCTUnwrap(lines.firstIndex { $0.contains("Doubletap") && $0.contains("toggles between states") })
        lines.swapAt(swipe, doubletap)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        _ = try copy.importFiles([checkout.path])
        let after = try copy.checklist(["native/toggle-switch"]).items
        XCTAssertNotEqual(after.map(\.id), before.map(\.id), "the order did change")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0.fingerprint) }),
                       Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0.fingerprint) }))
    }

    func testAPlanOutlivesReimportsAndNamesAComponentAnImportRemoved() throws {
        let (checkout, copy) = try copiedCheckout()
        let checklist = try copy.checklist(["native/button", "Toggle switch", "native/alert-dialog"], platform: .android, family: .native)
        try copy.savePlan("release", checklist: checklist)
        let shown = ChecklistRendering.markdown(try copy.plan("release").checklist)
        _ = try copy.importFiles([checkout.path])
        XCTAssertEqual(ChecklistRendering.markdown(try copy.plan("release").checklist), shown, "identical after a re-import")

        try FileManager.default.removeItem(at: file(checkout, "native/controls/toggle-switch.md"))
        _ = try copy.importFiles([checkout.path])
        let (plan, now) = try copy.plan("release")
        XCTAssertEqual(plan.components, ["native/button", "native/toggle-switch", "native/alert-dialog"])
        XCTAssertEqual(now.missing, ["native/toggle-switch"])
        XCTAssertEqual(now.sections.map(\.component.slug), ["button", "alert-dialog"])
        XCTAssertEqual(now.platform, .android)
        XCTAssertTrue(ChecklistRendering.markdown(now).contains("Removed from the knowledge base since the plan was saved: native/toggle-switch"))

        // It travels with the published copy.
        let published = try Fixtures.temporaryFolder(self).appendingPathComponent("published.sqlite").path
        try copy.exportDatabase(to: published)
        XCTAssertEqual(try KnowledgeBase(path: published).plans().map(\.name), ["release"])
        XCTAssertTrue(try copy.removePlan("release"))
        XCTAssertFalse(try copy.removePlan("release"))
    }

    /// A results file filled by hand for two web components that cite success criteria
    /// (heading: 1.3.1, 2.4.6; main landmark: 1.3.1), and the report worked out by hand.
    func testReportOfAFilledResultsFileMatchesTheHandMadeExpectation() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let items = try kb.checklist(["web/heading", "web/main-landmark"]).items
        XCTAssertEqual(items.map(\.id), [
            "web/heading:keyboard:web:tab", "web/heading:keyboard:web:arrow-keys", "web/heading:gesture:web:swipe",
            "web/heading:screenreader:web:name", "web/heading:screenreader:web:role", "web/heading:screenreader:web:group",
            "web/main-landmark:keyboard:web:skip-links", "web/main-landmark:keyboard:web:tab", "web/main-landmark:gesture:web:swipe",
            "web/main-landmark:screenreader:web:role", "web/main-landmark:screenreader:web:group",
        ])
        let fp = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.fingerprint) })
        let results = """
            id,fingerprint,result,note\r
            web/heading:keyboard:web:tab,\(fp["web/heading:keyboard:web:tab"]!),pass,\r
            web/heading:keyboard:web:arrow-keys,\(fp["web/heading:keyboard:web:arrow-keys"]!),Passed,\r
            web/heading:gesture:web:swipe,\(fp["web/heading:gesture:web:swipe"]!),fail,"skips the h2, says ""heading"" twice"\r
            web/heading:screenreader:web:name,\(fp["web/heading:screenreader:web:name"]!),PASS,\r
            web/heading:screenreader:web:role,\(fp["web/heading:screenreader:web:role"]!),n/a,\r
            web/heading:screenreader:web:group,000000000000,pass,\r
            web/main-landmark:keyboard:web:skip-links,\(fp["web/main-landmark:keyboard:web:skip-links"]!),pass,\r
            web/main-landmark:keyboard:web:tab,\(fp["web/main-landmark:keyboard:web:tab"]!),pass,\r
            web/main-landmark:gesture:web:swipe,\(fp["web/main-landmark:gesture:web:swipe"]!),blocked,no device\r
            web/main-landmark:screenreader:web:role,\(fp["web/main-landmark:screenreader:web:role"]!),,\r
            web/main-landmark:screenreader:web:group,\(fp["web/main-landmark:screenreader:web:group"]!),maybe,\r
            web/heading:keyboard:web:escape,123456789abc,fail,\r
            web/heading:keyboard:web:tab,\(fp["web/heading:keyboard:web:tab"]!),fail,pasted twice\r

            """
        let report = try kb.report(results: Data(results.utf8), name: "results.csv")
        typealias T = TestReport.Tally
        XCTAssertEqual(report.components.map(\.name), ["web/heading", "web/main-landmark"])
        XCTAssertEqual(report.components[0].tally, T(passed: 3, failed: 1, blocked: 0, notApplicable: 1, notTested: 0))
        XCTAssertEqual(report.components[0].tally.conformance, .partiallySupports)
        XCTAssertEqual(report.components[1].tally, T(passed: 2, failed: 0, blocked: 1, notApplicable: 0, notTested: 1))
        // Every tested row passed (the blocked and untested ones are counted, not judged): the one rule, Evidence.level.
        XCTAssertEqual(report.components[1].tally.conformance, .supports)
        // Every active A and AA criterion has a row, whether tested or not, in numeric order.
        let catalogue = try kb.wcag(level: .aa)
        guard case .catalogue(let all) = catalogue else { return XCTFail("expected the catalogue") }
        let active = all.filter { $0.status == "active" }.map(\.sc).written
        XCTAssertEqual(report.successCriteria.map(\.name).filter(active.contains), active)
        XCTAssertEqual(report.successCriteria.map(\.name).map { SCNumber($0)! }, report.successCriteria.map(\.name).map { SCNumber($0)! }.sorted())
        // Each row counts toward what it tests, never toward its component's other citations:
        // the rows' own links, summed, are the success criteria's tallies.
        let counted = report.outcomes
        for row in report.successCriteria {
            let sc = SCNumber(row.name)!
            var expected = T()
            for o in counted where o.item.successCriteria.contains(sc) { expected.add(o.result) }
            XCTAssertEqual(row.tally, expected, row.name)
        }
        // A lower target lists fewer criteria, those tested above it still shown.
        let levelA = try kb.report(results: Data(results.utf8), name: "results.csv", level: .a)
        XCTAssertLessThan(levelA.successCriteria.count, report.successCriteria.count)
        XCTAssertTrue(Set(levelA.successCriteria.map(\.name)).isSubset(of: report.successCriteria.map(\.name)))
        XCTAssertEqual(report.failures.map(\.item.id), ["web/heading:gesture:web:swipe", "web/main-landmark:gesture:web:swipe"])
        XCTAssertEqual(report.failures.first?.note, "skips the h2, says \"heading\" twice")
        XCTAssertEqual(report.problems.map { "\($0.line) \($0.id) \($0.kind.rawValue)" }, [
            "7 web/heading:screenreader:web:group wording changed since exported",
            "12 web/main-landmark:screenreader:web:group result not one of pass, fail, blocked, n/a",
            "13 web/heading:keyboard:web:escape no such item",
            "14 web/heading:keyboard:web:tab listed again: only its first row counts",
        ])
        XCTAssertTrue(report.fingerprintsChecked)
        // The ten-second summary: what passed, where it fails, what it touches, what is open.
        let summary = TestReportRendering.summary(report)
        XCTAssertTrue(summary.hasPrefix("\(report.total.passed) of \(report.total.passed + report.total.failed) tested rows passed; \(report.total.failed) failed, in "), summary)
        XCTAssertTrue(summary.contains("1 blocked") && summary.hasSuffix("Overall: partially supports."), summary)
        let page = TestReportRendering.html(report, heading: ReportHeading(title: "Test report: r12", stack: "Web", date: "2026-11-26", contact: "a11y@example.com"))
        XCTAssertTrue(page.contains("<h1>Test report: r12</h1>") && page.contains("<dd>a11y@example.com</dd>") && page.contains("<caption>Results per component</caption>"))
        XCTAssertTrue(page.contains("skips the h2, says &quot;heading&quot; twice"), "a tester's note, escaped")
        let bare = try kb.report(results: Data("id,result\nweb/heading:keyboard:web:tab,pass\n".utf8), name: "bare.csv")
        XCTAssertFalse(bare.fingerprintsChecked, "no fingerprint column: the wording was not checked, and the caller is told")
        XCTAssertEqual(T(passed: 1).conformance, .supports)
        XCTAssertEqual(T(failed: 2).conformance, .doesNotSupport)
        // Rows marked n/a never make a criterion not applicable: only a person does, in a conformance report's base.
        XCTAssertEqual(T(notApplicable: 2).conformance, .notEvaluated)
    }

    /// The native components whose criteria differ between the checkouts, found from the rows
    /// (the multiset of kind, platform, label, expectation), are those the diff names.
    func testDiffOf2024And2026NamesTheNativeComponentsWhoseCriteriaChanged() throws {
        let (older, _) = try CorpusImports.checkout("magentaA11y-2024")
        let (newer, _) = try CorpusImports.checkout("magentaA11y-2026")
        // Every change, typography included, for the exact comparison with the rows.
        let diff = try newer.diff(from: older.path, typography: true)
        let sql = """
            SELECT family || '/' || component, kind || '|' || ifnull(platform, '') || '|' || ifnull(label, '') || '|' || expectation
            FROM v_criteria WHERE family = 'native' ORDER BY 1, 2
            """
        func criteria(_ kb: KnowledgeBase) throws -> [String: [String]] {
            var out: [String: [String]] = [:]
            for row in try Fixtures.rows(kb, sql) { out[row[0] as String, default: []].append(row[1]) }
            return out
        }
        let before = try criteria(older), after = try criteria(newer)
        let expected = Set(before.keys).intersection(after.keys).filter { before[$0] != after[$0] }
        let named = Set(diff.changed.filter { $0.changes.contains { $0.item.kind == .criterion } }.map(\.component))
        XCTAssertEqual(named, expected)
        XCTAssertFalse(expected.isEmpty)
        let removed = Set(before.keys).subtracting(Set(try Fixtures.strings(newer, "SELECT family || '/' || slug FROM components")))
        XCTAssertEqual(Set(diff.removed), removed)
        let summary = ChecklistDiffRendering.summary(diff)
        XCTAssertTrue(summary.hasPrefix("\(diff.changed.count) components changed (\(expected.count) in their criteria)"), summary)
        print("diff 2024 → 2026: " + summary)

        // By default, changes of typography only are counted and left out, and only those.
        let plain = try newer.diff(from: older.path)
        let typographic = diff.changed.flatMap(\.changes).filter { $0.kind == .typographic }
        XCTAssertGreaterThan(typographic.count, 10, "straight quotes turned curly, Ctl+tab → ctl+tab")
        XCTAssertEqual(plain.typographicChanges, typographic.count)
        XCTAssertEqual(plain.changed.flatMap(\.changes).count, diff.changed.flatMap(\.changes).count - typographic.count)
        for change in typographic {
            XCTAssertEqual(Typography.normalized(change.old!.expectation), Typography.normalized(change.new!.expectation))
            XCTAssertNotEqual(change.old!.fingerprint, change.new!.fingerprint)
        }
        // The 2024 checkout holds native entries only: today's web and guide pages are not "added".
        XCTAssertEqual(Set(plain.absentFamilies.map(\.family)), [.web, .howToTest])
        XCTAssertTrue(plain.absentFamilies.allSatisfy(\.fromOld))
        XCTAssertTrue(plain.added.allSatisfy { $0.hasPrefix("native/") }, "\(plain.added)")
    }

    func testTypographyIsQuotesDashesSpacesAndCase() {
        XCTAssertEqual(Typography.normalized("Ctl+tab:  moves \u{201C}focus\u{201D} \u{2013} forward."), Typography.normalized("ctl+tab: moves \"focus\" - forward"))
        XCTAssertNotEqual(Typography.normalized("Focus moves forward"), Typography.normalized("Focus moves backward"))
    }

    func testPlatformScopeInWordsAndTheStack() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let ios = try kb.checklist(["native/button"], platform: try Platform(typed: "iOS"), framework: try Framework(typed: "SwiftUI"))
        XCTAssertEqual(ios.platform, .ios)
        XCTAssertEqual(ios.framework, .swiftui)
        XCTAssertFalse(ios.items.contains { $0.id == "native/button:keyboard:all:enter" }, "Enter: Activates on Android")
        XCTAssertTrue(ios.items.contains { $0.id == "native/button:keyboard:all:spacebar" }, "Spacebar: Activates on iOS and Android")
        XCTAssertTrue(ios.items.allSatisfy { $0.platform == nil || $0.platform == .ios })
        XCTAssertTrue(ios.items.allSatisfy { $0.framework == nil || $0.framework == .swiftui })
        // The notes are guidance beside the criteria, not items to tick (issue 35); asked for, items.
        XCTAssertFalse(ios.items.contains { $0.kind == .note })
        XCTAssertTrue(ios.sections[0].guidance.contains { $0.framework == .swiftui })
        XCTAssertTrue(ios.sections[0].guidance.allSatisfy { $0.framework == nil || $0.framework == .swiftui })
        let withNotes = try kb.checklist(["native/button"], platform: try Platform(typed: "iOS"), framework: try Framework(typed: "SwiftUI"), notesAsItems: true)
        XCTAssertEqual(withNotes.items.filter { $0.kind == .note }.map(\.id), ios.sections[0].guidance.map(\.id))
        XCTAssertEqual(withNotes.sections[0].guidance, [])
        let spoken = try XCTUnwrap(ios.items.first { $0.id == "native/button:screenreader:all:name" }).announcements
        XCTAssertEqual(spoken, try Fixtures.strings(kb, """
            SELECT text FROM v_announcements WHERE family = 'native' AND component = 'button' AND origin = 'example' AND platform = 'ios' ORDER BY position
            """))
        let android = try kb.checklist(["native/button"], platform: .android)
        XCTAssertTrue(android.items.contains { $0.id == "native/button:keyboard:all:enter" })
        XCTAssertThrowsError(try kb.checklist(["native/button"], platform: .android, framework: .swiftui))
        XCTAssertEqual(PlatformScope.platforms(of: try XCTUnwrap(try kb.component("native/carousel").criteria.first { $0.label == "3 finger swipe" }),
                                               family: .native), [.ios])
    }

    func testResultsCSVIsReadAsRFC4180() {
        XCTAssertEqual(try CSVRecords.parse("\u{FEFF}a,\"b,\"\"c\"\"\r\nd\",e\r\n,\n\"\"\r\n"),
                       [["a", "b,\"c\"\r\nd", "e"], ["", ""], [""]])
        XCTAssertEqual(ItemIdentity.slug("Tab, arrow keys or ctl+tab"), "tab-arrow-keys-or-ctl-tab")
        XCTAssertEqual(ItemIdentity.disambiguate([("k", "b"), ("k", "a"), ("j", "c")]), ["k~2", "k", "j"])
    }

    /// A results file as spreadsheets save it, and as testers break it: each is read right or
    /// refused in one sentence that names the line; nothing is dropped in silence.
    func testResultsFilesAsSpreadsheetsSaveThemAndAsTestersBreakThem() throws {
        // A stray opening quote in one note used to swallow every later row, exit 0.
        let stray = "id,fingerprint,result,note\na,1,pass,\nb,2,fail,\"oops\nc,3,fail,\nd,4,fail,\n"
        XCTAssertThrowsError(try TestReport.read(Data(stray.utf8), name: "r.csv")) { error in
            XCTAssertEqual("\(error.localizedDescription)", "r.csv line 3: a quoted field opens and never closes (a stray \" in a note?)")
        }
        // Excel in a locale whose decimal mark is a comma saves semicolons; tabs come from pasting.
        for separator in [";", "\t"] {
            let text = ["id", "fingerprint", "result", "note"].joined(separator: separator) + "\n"
                + ["web/x:keyboard:web:tab", "abc", "pass", "a, b"].joined(separator: separator) + "\n"
            let entries = try TestReport.read(Data(text.utf8), name: "r.csv")
            XCTAssertEqual(entries.map { "\($0.id)|\($0.result)|\($0.note)" }, ["web/x:keyboard:web:tab|pass|a, b"], separator)
        }
        // UTF-16 with its mark is read; Latin-1 is refused, saying how to save it.
        let utf16 = try XCTUnwrap("id,result\nweb/x:keyboard:web:tab,pass\n".data(using: .utf16))
        XCTAssertEqual(try TestReport.read(utf16, name: "r.csv").first?.result, "pass")
        let latin1 = Data("id,result,note\nx,pass,caf".utf8) + Data([0xE9, 0x0A])
        XCTAssertThrowsError(try TestReport.read(latin1, name: "r.csv")) {
            XCTAssertTrue($0.localizedDescription.contains("save it as CSV UTF-8"), $0.localizedDescription)
        }
    }

    /// A knowledge base of both checkouts keeps only today's button; `eras` reads the superseded
    /// Jekyll entry again and finds the same criterion changes as the diff of two knowledge bases.
    func testErasCompareTheSupersededSourceWithItsReplacement() throws {
        let older = try Fixtures.corpus("magentaA11y-2024"), newer = try Fixtures.corpus("magentaA11y-2026")
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try kb.importFiles([older.path])
        _ = try kb.importFiles([newer.path])
        let eras = try kb.eras(of: "native/button", typography: true)
        let (old24, _) = try CorpusImports.checkout("magentaA11y-2024")
        let (new26, _) = try CorpusImports.checkout("magentaA11y-2026")
        let whole = try new26.diff(from: old24.path, typography: true)
        func criteria(_ d: ChecklistDiff) -> [String] {
            d.changed.filter { $0.component == "native/button" }.flatMap(\.changes).filter { $0.item.kind == .criterion }
                .map { "\($0.kind) \($0.item.id) \($0.old?.fingerprint ?? "") \($0.new?.fingerprint ?? "")" }
        }
        XCTAssertFalse(criteria(eras).isEmpty)
        XCTAssertEqual(criteria(eras), criteria(whole))
        XCTAssertThrowsError(try kb.eras(of: "web/button")) { error in
            XCTAssertEqual((error as? QueryError)?.description, "web/button has no superseded source: import the older checkout too, then the newer one")
        }
    }

    /// A note removed and one added under the same platform, framework and aspect pair up as
    /// reworded when their words mostly agree; an unrelated one stays added.
    func testNotesRewordedPairByTheirWords() {
        func note(_ aspect: String, _ text: String) -> ChecklistItem {
            let fp = ItemIdentity.digest([aspect, "ios", nil, text])
            return ChecklistItem(id: "native/x:note:ios:any:\(aspect):\(fp)", fingerprint: fp, kind: .note, component: "native/x",
                                 componentTitle: "X", platform: .ios, framework: nil, group: aspect, label: nil, expectation: text,
                                 announcements: [], successCriteria: [], basis: .component, source: "x.md", line: 1)
        }
        let old = ["native/x": (title: "X", items: [note("name", "Name describes the purpose of the control."), note("focus", "Use the default focus.")])]
        let new = ["native/x": (title: "X", items: [note("name", "Name says the purpose of the control."), note("name", "Something else entirely"),
                                                     note("focus", "Use the default focus")])]
        let diff = ChecklistDiff.compare(old: old, new: new)
        XCTAssertEqual(diff.changed.first?.changes.map { "\($0.kind) \($0.item.expectation)" },
                       ["reworded Name says the purpose of the control.", "added Something else entirely"])
        // A full stop dropped is typography: counted, and listed only when asked for.
        XCTAssertEqual(diff.typographicChanges, 1)
        XCTAssertEqual(ChecklistDiff.compare(old: old, new: new, showTypography: true).changed.first?.changes.map(\.kind),
                       [.reworded, .added, .typographic])
    }
}

/// A plan is what a tester ticks (issue 35): the criteria, with the developer notes beside them.
/// An iOS SwiftUI plan whose criteria all passed reads "supports", not "not evaluated" for notes
/// nobody ticks; a plan saved with its notes as items keeps them as items when shown again.
final class PlanItemsTests: XCTestCase {
    func testAllCriteriaPassedReadsSupportsAndNotesAsItemsIsKeptByTheSavedPlan() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let kb = try KnowledgeBase.open(forImport: Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path)
        _ = try kb.importFiles([corpus.path])
        let names = ["native/button", "native/toggle-switch", "native/checkbox", "native/text-input", "native/modal"]
        let plan = try kb.checklist(names, platform: .ios, framework: .swiftui)
        XCTAssertEqual(plan.items.filter { $0.kind == .note }, [])
        XCTAssertGreaterThan(plan.sections.map(\.guidance.count).reduce(0, +), 20, "the notes are there, as guidance")

        // Every criterion ticked as passed: each component supports, none is "not evaluated".
        var rows = CSVReader.parse(ChecklistRendering.render(plan, .csv))
        let result = try XCTUnwrap(rows[0].firstIndex(of: "result"))
        for i in 1..<rows.count where !rows[i].allSatisfy(\.isEmpty) { rows[i][result] = "pass" }
        let csv = rows.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }.joined(separator: "\n")
        let report = try kb.report(results: Data(csv.utf8), name: "results.csv")
        XCTAssertEqual(report.components.count, names.count)
        for row in report.components {
            XCTAssertEqual(row.tally.notTested, 0, row.name)
            XCTAssertEqual(row.tally.level, .supports, row.name)
        }

        // Saved with its notes as items, the plan shows them as items again.
        try kb.savePlan("r12 notes", checklist: try kb.checklist(names, platform: .ios, framework: .swiftui, notesAsItems: true))
        let (saved, shown) = try kb.plan("r12 notes")
        XCTAssertTrue(saved.notesAsItems)
        XCTAssertEqual(shown.items.filter { $0.kind == .note }.count, plan.sections.map(\.guidance.count).reduce(0, +))
        try kb.savePlan("r12", checklist: plan)
        XCTAssertFalse(try kb.plan("r12").plan.notesAsItems)
        XCTAssertEqual(try kb.plan("r12").checklist.items.map(\.id), plan.items.map(\.id))
    }
}
