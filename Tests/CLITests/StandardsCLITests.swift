import A11yKB
import Foundation
import TestSupport
import XCTest

/// `a11ykb wcag` and `a11ykb coverage` as a user runs them.
final class StandardsCLITests: XCTestCase {
    /// stats counts the automated rules as it counts every other table.
    func testStatsCountsRules() throws {
        let axe = try Fixtures.corpus("axe-core").appendingPathComponent("lib/rules").path
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, axe]).status, 0)
        let stats = try Fixtures.run(["stats", "--db", db])
        let rulesLine = stats.stdout.split(separator: "\n").first { $0.hasPrefix("rules ") }
        XCTAssertGreaterThan(Int(rulesLine?.split(separator: " ").last ?? "") ?? 0, 50, stats.stdout)
    }

    /// axe-core's checkout holds one rule set in two shapes (a file per rule, and the installed
    /// rule list): each rule file shares its rule with the list. On a screen that is one counted
    /// line, not 105 notices; `--verbose` lists each.
    func testOneRuleSetInTwoShapesIsOneLine() throws {
        let axe = try Fixtures.corpus("axe-core")
        let folder = try Fixtures.temporaryFolder(self)
        let run = try Fixtures.run(["import", "--db", folder.appendingPathComponent("kb.sqlite").path, axe.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = (run.stdout + run.stderr).split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains(" also given by /") }.count, 0, "\(lines.count) lines")
        XCTAssertEqual(lines.filter { $0.contains("are also given by another file") }.count, 1, run.stdout)
        let verbose = try Fixtures.run(["import", "--verbose", "--db", folder.appendingPathComponent("kb2.sqlite").path, axe.path])
        XCTAssertGreaterThan((verbose.stdout + verbose.stderr).components(separatedBy: "also given by").count - 1, 100)
        let json = try Fixtures.run(["import", "--format", "json", "--db", folder.appendingPathComponent("kb3.sqlite").path, axe.path])
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        let notices = summary["notices"] as? [[String: Any]] ?? []
        XCTAssertGreaterThan(notices.filter { ($0["shared_rules"] as? Int ?? 0) > 0 }.count, 100)
    }

    func testCatalogueAndCoverageOnANewKnowledgeBase() throws {
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, Fixtures.seedFolder.path]).status, 0)
        let catalogue = try Fixtures.run(["wcag", "--db", db, "--format", "csv"])
        XCTAssertEqual(catalogue.status, 0, catalogue.stderr)
        let rows = CSVReader.parse(catalogue.stdout)
        XCTAssertEqual(rows.first?.prefix(3), ["sc", "title", "level"])
        XCTAssertTrue(rows.contains { $0.prefix(3) == ["2.5.8", "Target Size (Minimum)", "AA"] })
        let one = try Fixtures.run(["wcag", "--db", db, "1.4.3"])
        XCTAssertEqual(one.status, 0)
        XCTAssertTrue(one.stdout.hasPrefix("1.4.3 Contrast (Minimum) (Level AA)\n"), one.stdout)
        // A component is named once per family and platform, with how it is linked.
        let named = try Fixtures.run(["wcag", "--db", db, "4.1.2"])
        let lines = named.stdout.split(separator: "\n").filter { $0.hasPrefix("  native") }
        XCTAssertFalse(lines.isEmpty, named.stdout)
        for line in lines {
            let names = String(line.split(separator: ":", maxSplits: 1)[1]).components(separatedBy: "), ")
                .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " (")[0] }
            XCTAssertEqual(names.count, Set(names).count, String(line))
        }
        XCTAssertTrue(named.stdout.contains("table-row-button (inferred)"), named.stdout)
        // One address per criterion, whatever a page cited: W3C's Understanding page.
        let urls = rows.dropFirst().compactMap { $0.last }
        XCTAssertFalse(urls.isEmpty)
        XCTAssertTrue(urls.allSatisfy { $0.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/") && $0.hasSuffix(".html") }, "\(Set(urls.map { String($0.prefix(40)) }))")
        // Where it sits in the other standards a conformance report answers to.
        XCTAssertTrue(one.stdout.contains("Trusted Tester 5.1.3: ") && one.stdout.contains("EN 301 549: 9.1.4.3 (web), 11.1.4.3 (software)"), one.stdout)
        XCTAssertEqual(try Fixtures.run(["wcag", "--db", db, "9.9.9"]).status, 2)
        XCTAssertEqual(try Fixtures.run(["wcag", "--db", db, "zzzz"]).status, 1)

        let table = try Fixtures.run(["coverage", "--db", db, "--level", "A"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("it is not conformance"), table.stdout)
        let json = try Fixtures.run(["coverage", "--db", db, "--level", "AA", "--format", "json"])
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        // Every active criterion of the built-in WCAG 2.2 to AA (derived from the catalogue, not pinned).
        XCTAssertEqual(list.count, Fixtures.activeCriteria(upTo: .aa))
        XCTAssertTrue(list.allSatisfy { ["both", "manual", "automated", "none"].contains($0["status"] as? String ?? "") })
        let markdown = try Fixtures.run(["coverage", "--db", db, "--markdown"])
        XCTAssertTrue(markdown.stdout.hasPrefix("# WCAG coverage to level AA\n\n| SC | Title |"), markdown.stdout)
        XCTAssertEqual(try Fixtures.run(["coverage", "--db", db, "--level", "AAAA"]).status, 2)
    }
}
