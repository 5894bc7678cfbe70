import A11yKB
import Foundation
import TestSupport
import XCTest

/// `a11ykb explain` as a user runs it, on the results of a real axe-core run over the corpus.
final class ExplainCommandTests: XCTestCase {
    static let fixture = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/axe/faults-results.json").path

    func testFormatsAndTheClosingTally() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let json = try Fixtures.run(["explain", "--db", kb.path, Self.fixture, "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let label = rows.filter { $0["rule"] as? String == "label" }
        XCTAssertEqual(label.compactMap { $0["component"] as? String }, ["checkbox", "text-input", "radio-button"])
        XCTAssertTrue(label.allSatisfy { !(($0["checks"] as? [Any]) ?? []).isEmpty })
        let csv = try Fixtures.run(["explain", "--db", kb.path, Self.fixture, "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertTrue(csv.stdout.hasPrefix("outcome,rule,impact,sc,target,component,verify,text,tests,source,line\r\n"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("violation,html-has-lang,serious,3.1.1,html,,unknown,"), "an unknown node keeps its row")
        XCTAssertTrue(csv.stdout.contains("violation,color-contrast,serious,1.4.3,p,how-to-test/color-contrast,checklist,"), "a guide covers it")
        let table = try Fixtures.run(["explain", "--db", kb.path, Self.fixture])
        XCTAssertTrue(table.stdout.hasSuffix("13 rules, 16 nodes; 1 without a known component, 2 rules naming no success criterion (axe-core 4.12.1)\n"),
                      table.stdout)
    }

    func testWhatIsNotAxeResultsEndsWithStatus2() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let bogus = folder.appendingPathComponent("bogus.json")
        try Data(#"{"passes": []}"#.utf8).write(to: bogus)
        for file in [bogus.path, folder.appendingPathComponent("missing.json").path] {
            let run = try Fixtures.run(["explain", "--db", db, file])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        }
    }
}
