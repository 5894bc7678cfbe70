import A11yKB
import Foundation
import TestSupport
import XCTest

/// Issue 33 as a user runs it: every part of an answer in every format, one component by any name
/// whatever the command, a limit that only cuts, and errors that say what is wrong.
final class AnswersRoundThreeCLITests: XCTestCase {
    nonisolated(unsafe) static var shared: (folder: URL, db: String)?

    /// Today's checkout with axe-core's and the ACT rules, imported once for the class.
    func corpus() throws -> String {
        if let shared = Self.shared { return shared.db }
        let magenta = try Fixtures.corpus("magentaA11y-2026").path
        let axe = try Fixtures.corpus("axe-core").appendingPathComponent("lib/rules").path
        let act = try Fixtures.corpus("act-rules").appendingPathComponent("_rules").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-round3-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--db", db, magenta, axe, act])
        XCTAssertEqual(run.status, 0, run.stderr)
        Self.shared = (folder, db)
        return db
    }

    override class func tearDown() {
        if let folder = shared?.folder { try? FileManager.default.removeItem(at: folder) }
        shared = nil
        super.tearDown()
    }

    func objects(_ json: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// The rules the text listing shows are in JSON and JSON Lines too, after the components;
    /// before, JSON held none of them.
    func testSearchJSONHoldsTheAutomatedRulesTheTextLists() throws {
        let db = try corpus()
        let text = try Fixtures.run(["search", "--db", db, "accessible name"])
        XCTAssertEqual(text.status, 0, text.stderr)
        let listedRules = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  axe ") || $0.hasPrefix("  act ") }
        XCTAssertFalse(listedRules.isEmpty, text.stdout)
        let json = try objects(try Fixtures.run(["search", "--db", db, "accessible name", "--format", "json"]).stdout)
        let rules = json.filter { $0["result"] as? String == "rule" }
        XCTAssertEqual(rules.count, listedRules.count)
        XCTAssertTrue(rules.allSatisfy { ($0["rule"] as? String).map { id in listedRules.contains { $0.contains(" \(id) ") } } ?? false })
        XCTAssertFalse(json.filter { $0["result"] == nil }.isEmpty, "the components first")
        let lines = try Fixtures.run(["search", "--db", db, "accessible name", "--format", "jsonl"]).stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("\"result\":\"rule\"") }.count, listedRules.count)
    }

    /// A misspelling searched as the word meant is said in text (a line) and JSON (an object).
    func testACorrectionIsSaidInEveryFormat() throws {
        let db = try corpus()
        let text = try Fixtures.run(["search", "--db", db, "chekbox label", "--limit", "3"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("searched chekbox as checkbox"), text.stdout)
        let json = try objects(try Fixtures.run(["search", "--db", db, "chekbox label", "--format", "json", "--limit", "3"]).stdout)
        let correction = try XCTUnwrap(json.first { $0["result"] as? String == "correction" })
        XCTAssertEqual(correction["typed"] as? String, "chekbox")
        XCTAssertEqual(correction["searched"] as? String, "checkbox")
        XCTAssertTrue((json.first?["component"] as? String) == "checkbox", "\(json.first ?? [:])")
    }

    /// The fact listing corrects a misspelt word too, and says so in text and JSON. Before: no
    /// fact matched `chekbox` (status 1), and JSON was an empty list with the suggestion on stderr.
    func testTheFactListingCorrectsAMisspeltWordAndSaysSo() throws {
        let db = try corpus()
        let text = try Fixtures.run(["search", "--facts", "chekbox", "role", "--db", db, "--limit", "3"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("searched chekbox as checkbox: no fact holds chekbox"), text.stdout)
        XCTAssertTrue(text.stdout.contains("[checkbox]") || text.stdout.contains("[Checkbox]"), "the word searched is marked: \(text.stdout)")
        let json = try objects(try Fixtures.run(["search", "--facts", "chekbox", "role", "--db", db, "--format", "json", "--limit", "3"]).stdout)
        let hits = json.filter { $0["result"] == nil }
        XCTAssertEqual(hits.count, 3)
        XCTAssertTrue(hits.allSatisfy { ($0["snippet"] as? String)?.lowercased().contains("[checkbox]") == true }, "\(hits)")
        XCTAssertEqual(json.last?["result"] as? String, "correction")
        XCTAssertEqual(json.last?["typed"] as? String, "chekbox")
        XCTAssertEqual(json.last?["searched"] as? String, "checkbox")
        // Without a misspelling, the listing is the hits alone, as it always was.
        let plain = try objects(try Fixtures.run(["search", "--facts", "checkbox", "role", "--db", db, "--format", "json", "--limit", "3"]).stdout)
        XCTAssertEqual(plain.count, 3)
        XCTAssertTrue(plain.allSatisfy { $0["result"] == nil })
        // A word the index holds is never respelt, and nothing is found where nothing is near.
        let nothing = try Fixtures.run(["search", "--facts", "zqxjkw", "--db", db])
        XCTAssertEqual(nothing.status, 1, nothing.stderr)
    }

    /// A platform or framework settles native or web wherever a component is named; before, `show
    /// switch --platform ios` exited 2 ("names more than one component") and `checklist tabs
    /// --platform ios` gave web/tabs with no iOS criteria, exit 0.
    func testAPlatformOrFrameworkSettlesTheComponentInEveryCommand() throws {
        let db = try corpus()
        for arguments in [["show", "switch", "--platform", "ios"], ["show", "switch", "--framework", "swiftui"],
                          ["show", "switch", "button", "--platform", "android", "--format", "condensed"]] {
            let run = try Fixtures.run(arguments + ["--db", db])
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stdout.contains("Toggle switch") || run.stdout.contains("toggle switch"), run.stdout)
        }
        let compare = try Fixtures.run(["compare", "switch", "--platforms", "ios", "--db", db])
        XCTAssertEqual(compare.status, 0, compare.stderr)
        XCTAssertTrue(compare.stdout.hasPrefix("toggle-switch: Toggle switch (native"), compare.stdout)
        let tabs = try Fixtures.run(["checklist", "tabs", "--platform", "ios", "--db", db])
        XCTAssertEqual(tabs.status, 0, tabs.stderr)
        XCTAssertTrue(tabs.stdout.contains("(native/segmented-control"), tabs.stdout)
        XCTAssertFalse(tabs.stdout.contains("web/tabs"), tabs.stdout)
        let search = try Fixtures.run(["search", "state", "--component", "switch", "--platform", "ios", "--db", db, "--format", "json"])
        XCTAssertEqual(search.status, 0, search.stderr)
        XCTAssertEqual(Set(try objects(search.stdout).compactMap { $0["family"] as? String }), ["native"])
        let announcements = try Fixtures.run(["announcements", "alert", "--platform", "android", "--db", db])
        XCTAssertEqual(announcements.status, 0, announcements.stderr)
        XCTAssertTrue(announcements.stdout.contains("alert-dialog"), announcements.stdout)
        // A name only the other family holds is an error naming it, never a silent omission.
        let web = try Fixtures.run(["checklist", "skip-link", "--platform", "ios", "--db", db])
        XCTAssertEqual(web.status, 2)
        XCTAssertEqual(web.stderr, "a11ykb: no native component \"skip-link\"; only web/skip-link answers to that name\n")
    }

    /// An unknown subcommand with --help is said to be unknown (exit 2), not answered with the
    /// whole tool's help (exit 0); every error is one line ending with a newline.
    func testAnUnknownSubcommandWithHelpIsAnError() throws {
        let run = try Fixtures.run(["acrx", "--help"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "a11ykb: 'acrx' is not an a11ykb command; did you mean 'acr'? (see 'a11ykb --help')\n")
        XCTAssertEqual(try Fixtures.run(["search", "--help"]).status, 0)
        let db = try corpus()
        for arguments in [["show", "image"], ["compare", "image"], ["checklist", "image"], ["announcements", "image"],
                          ["search", "x", "--component", "image"]] {
            let failed = try Fixtures.run(arguments + ["--db", db])
            XCTAssertEqual(failed.status, 2, "\(arguments)")
            XCTAssertTrue(failed.stderr.hasPrefix("a11ykb: no component \"image\"; closest: "), failed.stderr)
            XCTAssertTrue(failed.stderr.hasSuffix("\n") && failed.stderr.filter { $0 == "\n" }.count == 1, failed.stderr)
        }
    }

    /// A success criterion's number reaches the rules that test it (before, its digits were
    /// searched as words and found no rule), in JSON as in text, with the criterion named.
    func testASuccessCriterionNumberReachesItsRules() throws {
        let db = try corpus()
        let json = try objects(try Fixtures.run(["search", "--db", db, "WCAG 1.4.3 contrast minimum", "--format", "json"]).stdout)
        let rules = json.filter { $0["result"] as? String == "rule" }.compactMap { $0["rule"] as? String }
        XCTAssertEqual(Array(rules.prefix(2)).sorted(), ["afw4f7", "color-contrast"], "\(rules)")
        XCTAssertEqual(json.first { $0["result"] as? String == "criterion" }?["sc"] as? String, "1.4.3")
        let text = try Fixtures.run(["search", "--db", db, "2.4.7", "--rules"])
        XCTAssertTrue(text.stdout.contains("oj04fd"), text.stdout)
    }

    /// The listing says when both families answer, and how to keep one.
    func testTheListingSaysHowToNarrowWhenBothFamiliesAnswer() throws {
        let db = try corpus()
        let run = try Fixtures.run(["search", "--db", db, "escape key closes alert, focus returns", "--limit", "3"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("native and web pages both answer: the best of each first; a platform word (iOS, Android, web) narrows it (--platform or --family keeps one)"), run.stdout)
    }
}
