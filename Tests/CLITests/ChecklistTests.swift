import A11yKB
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// `show A B C`, `show --category`, `show --family`: several components in one document, as
/// MagentaA11y's My Criteria page copies saved criteria into one ticket; and the categories in
/// `list`.
final class ChecklistTests: XCTestCase {
    /// Each part of the bundle is that component's own `show`, trimmed, in the order named, and the
    /// parts are separated exactly as the site does (`\n\n---\n\n`), in every text format.
    func testSeveralComponentsJoinTheirOwnDocumentsInTheOrderNamed() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let names = ["table-row-button", "expandable", "reorder-data-row"]
        for format in ["markdown", "condensed", "gherkin"] {
            let run = try QueryFixtures.run(["show"] + names + ["--format", format], db: kb)
            XCTAssertEqual(run.status, 0, run.stderr)
            let singles = try names.map { name -> String in
                let single = try QueryFixtures.run(["show", name, "--format", format], db: kb)
                XCTAssertEqual(single.status, 0, single.stderr)
                return single.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            XCTAssertEqual(run.stdout, singles.joined(separator: "\n\n---\n\n") + "\n", format)
            XCTAssertEqual(run.stdout.components(separatedBy: "\n---\n").count, 3, "\(format): two separators")
        }
        let condensed = try QueryFixtures.run(["show", "reorder-data-row", "table-row-button", "--format", "condensed"], db: kb).stdout
        let first = try XCTUnwrap(condensed.range(of: "How to test a reorder data row"))
        let second = try XCTUnwrap(condensed.range(of: "How to test a table row button"))
        XCTAssertLessThan(first.lowerBound, second.lowerBound, "the order named, not alphabetical")
    }

    func testJSONOfSeveralIsAnArrayAndANameTwiceComesOnce() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let run = try QueryFixtures.run(["show", "table-row-button", "Expandable region", "table-row-button", "--format", "json"], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.compactMap { ($0["component"] as? [String: Any])?["slug"] as? String }, ["table-row-button", "expandable"])
        XCTAssertEqual((array[0]["criteria"] as? [Any])?.count, 10)
        // One name keeps today's shape: an object.
        let one = try QueryFixtures.run(["show", "table-row-button", "--format", "json"], db: kb)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
    }

    func testOneUnknownNameFailsTheWholeBundleAndWritesNothing() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("ticket.md")
        let run = try QueryFixtures.run(["show", "table-row-button", "tabel-row-buton", "--output", file.path], db: kb)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "a11ykb: no component \"tabel-row-buton\"; closest: table-row-button\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testCategoryAndFamilyBundleTheirComponentsInListOrder() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let category = try QueryFixtures.run(["show", "--category", "Controls", "--format", "json"], db: kb)
        XCTAssertEqual(category.status, 0, category.stderr)
        let slugs = { (text: String) throws -> [String] in
            let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            return array.compactMap { ($0["component"] as? [String: Any])?["slug"] as? String }
        }
        XCTAssertEqual(try slugs(category.stdout), ["expandable", "reorder-data-row", "table-row-button"])
        let family = try QueryFixtures.run(["show", "--family", "native", "--format", "json"], db: kb)
        XCTAssertEqual(try slugs(family.stdout), ["expandable", "reorder-data-row", "table", "table-row-button"])
        let web = try QueryFixtures.run(["show", "--family", "web"], db: kb)
        XCTAssertEqual(web.status, 1, "nothing found")
        XCTAssertEqual(web.stderr, "a11ykb: no web components in the knowledge base\n")
        let unknown = try QueryFixtures.run(["show", "--category", "controlz"], db: kb)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "a11ykb: no category \"controlz\"; closest: controls (a11ykb list categories)\n")
        let both = try QueryFixtures.run(["show", "table", "--category", "controls"], db: kb)
        XCTAssertNotEqual(both.status, 0, "a usage error")
        XCTAssertTrue(both.stderr.contains("name components or choose a --category, not both"), both.stderr)
        let none = try QueryFixtures.run(["show"], db: kb)
        XCTAssertNotEqual(none.status, 0)
        XCTAssertTrue(none.stderr.contains("name a COMPONENT (or several), or choose --category or --family"), none.stderr)
    }

    /// The corpus's five categories and the guides' one, and a category of another family.
    func testListCategoriesAndComponentsOfACategoryOnTheCorpus() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let db = try Fixtures.temporaryFolder(self).appendingPathComponent("kb.sqlite").path
        XCTAssertEqual(try Fixtures.run(["import", "--db", db, "--quiet", corpus.path]).status, 0)
        let categories = try Fixtures.run(["list", "categories", "--db", db, "--format", "csv"])
        let rows = CSVReader.parse(categories.stdout)
        XCTAssertEqual(rows.first, ["category", "family", "components", "criteria", "guidance", "announcements", "gaps"])
        XCTAssertEqual(rows.dropFirst().map { "\($0[1])/\($0[0])" },
                       ["how-to-test/test-type", "native/controls", "native/notifications", "native/patterns", "web/component", "web/page-level"])
        let kb = try KnowledgeBase(path: db)
        for row in rows.dropFirst() {
            XCTAssertEqual(Int(row[2]), try Fixtures.int(kb, "SELECT count(*) FROM components WHERE family = ? AND category = ?", [row[1], row[0]]))
            XCTAssertEqual(Int(row[3]), try Fixtures.int(kb, """
                SELECT count(*) FROM criteria x JOIN components c ON c.id = x.component_id WHERE c.family = ? AND c.category = ?
                """, [row[1], row[0]]))
        }
        let notifications = try Fixtures.run(["list", "components", "--category", "notifications", "--db", db, "--format", "csv"])
        XCTAssertEqual(CSVReader.parse(notifications.stdout).dropFirst().map { $0[0] }, ["alert-dialog", "modal", "snackbar-toast"])
        let webOnly = try Fixtures.run(["list", "categories", "--family", "web", "--db", db, "--format", "csv"])
        XCTAssertEqual(CSVReader.parse(webOnly.stdout).dropFirst().map { $0[0] }, ["component", "page-level"])
        let refused = try Fixtures.run(["list", "platforms", "--category", "controls", "--db", db])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("--family and --category narrow components and categories, not platforms"), refused.stderr)
    }
}
