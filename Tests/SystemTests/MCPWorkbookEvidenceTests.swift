import Foundation
import TestSupport
import XCTest

/// The Trusted Tester workbook, a binary file, reaches the MCP tools that take evidence: as
/// base64 (`evidence_base64`), through `a11ykb mcp` as an assistant's host runs it (the team
/// server serves the same tool table over HTTP). The workbook is the corpus's template filled by
/// openpyxl (`TrustedTesterWorkbook`): 5.C fails (1.3.1 and 4.1.2), 6.A fails (2.4.4 and 4.1.2),
/// 10.B passes (1.3.1).
final class MCPWorkbookEvidenceTests: XCTestCase {
    func testAFilledWorkbookReachesTheEvidenceToolsAsBase64() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let workbook = try TrustedTesterWorkbook.make(in: folder, url: "https://www.mikescerealshack.co/")
        // Wrapped in lines of 76, as a mail client or `base64` writes it.
        let encoded = try Data(contentsOf: workbook).base64EncodedString(options: .lineLength76Characters)
        let kb = try Fixtures.seededKnowledgeBase(self)
        let client = try MCPClient(["mcp", "--db", kb.path])
        _ = try client.initialize()

        let coverage = try client.call("get_coverage", ["level": "AA", "evidence_base64": [encoded]])
        XCTAssertFalse(coverage.isError, coverage.text)
        let criteria = coverage.structured["criteria"] as? [[String: Any]] ?? []
        let structure = try XCTUnwrap(criteria.first { ($0["sc"] as? String) == "1.3.1" }, "\(criteria.prefix(1))")
        XCTAssertEqual(structure["tested"] as? String, "manual", "\(structure)")
        XCTAssertEqual(structure["manual_failed"] as? Int, 1, "\(structure)")
        XCTAssertEqual(structure["manual_passed"] as? Int, 1, "\(structure)")

        // A tester's results (every row of a checklist passed) beside the workbook's outcomes.
        let checklist = try client.call("build_checklist", ["components": ["table-row-button"], "format": "csv"])
        XCTAssertFalse(checklist.isError, checklist.text)
        let rows = checklist.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.enumerated()
            .map { $0.offset == 0 ? $0.element : String($0.element.dropLast(1)) + "pass," }
        let report = try client.call("report_results", ["results": rows.joined(separator: "\r\n"), "evidence_base64": [encoded]])
        XCTAssertFalse(report.isError, report.text)
        let reported = report.structured["rows"] as? [[String: Any]] ?? []
        let linkPurpose = try XCTUnwrap(reported.first { ($0["name"] as? String) == "2.4.4" }, "\(reported.prefix(2))")
        XCTAssertEqual(linkPurpose["failed"] as? Int, 1, "\(linkPurpose)")
        XCTAssertEqual(linkPurpose["conformance"] as? String, "does not support", "\(linkPurpose)")
        XCTAssertTrue(report.text.contains("Trusted Tester 5.1.3"), report.text.prefix(600).description)

        let acr = try client.call("build_conformance_report", ["evidence_base64": [encoded], "format": "json"])
        XCTAssertFalse(acr.isError, acr.text)
        let chapters = (acr.structured["report"] as? [String: Any])?["chapters"] as? [String: Any]
        let levelA = (chapters?["success_criteria_level_a"] as? [String: Any])?["criteria"] as? [[String: Any]] ?? []
        let purpose = try XCTUnwrap(levelA.first { ($0["num"] as? String) == "2.4.4" }, "\(levelA.prefix(1))")
        let adherence = ((purpose["components"] as? [[String: Any]])?.first?["adherence"] as? [String: Any]) ?? [:]
        XCTAssertEqual(adherence["level"] as? String, "does-not-support", "\(purpose)")
        XCTAssertTrue((adherence["notes"] as? String ?? "").contains("Corrections page"), "\(adherence)")

        // Text that is not base64 is one error naming the argument and the file's place; nothing is read.
        let bad = try client.call("get_coverage", ["evidence_base64": [encoded, "not base64!"]])
        XCTAssertTrue(bad.isError, bad.text)
        XCTAssertTrue(bad.text.contains("evidence_base64 2 is not base64"), bad.text)
        let end = client.finish()
        XCTAssertEqual(end.status, 0, end.stderr)
    }
}
