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
}
