import Foundation
import TestSupport
import XCTest

/// The corpus's blank Trusted Tester 5.1.3 workbook filled as a tester fills it, by Python's
/// openpyxl (macros kept): on the Results sheet ten tests pass, two fail with a note saying the
/// screen, seven do not apply, two are marked not tested and the rest stay `--`; the Report
/// sheet's form names the product and its URL. The sheet has no column per page or screen: the
/// notes name them. Skips, saying why, where python3 or openpyxl is missing.
enum TrustedTesterWorkbook {
    static let template = "trusted-tester/tt-5.1.3-ICT-Review-Test-Results-Template.xlsm"
    /// What the filled workbook says, by test id: a result, and a note for a failure.
    static let filled: [String: (result: String, note: String?)] = [
        "4.A": ("Pass", nil), "4.C": ("Pass", nil), "4.D": ("Pass", nil), "7.A": ("Pass", nil), "10.A": ("Pass", nil),
        "10.B": ("Pass", nil), "11.A": ("Pass", nil), "12.A": ("Pass", nil), "12.B": ("Pass", nil), "13.C": ("Pass", nil),
        "5.C": ("Fail", "Search screen: the search field has no programmatic label"),
        "6.A": ("Fail", "Corrections page: two links read only \"more\""),
        "2.A": ("DNA", nil), "2.B": ("DNA", nil), "2.C": ("DNA", nil), "3.A": ("DNA", nil), "16.A": ("DNA", nil),
        "16.B": ("DNA", nil), "17.A": ("DNA", nil),
        "8.A": ("Not Tested", nil), "9.A": ("Not Tested", nil),
    ]

    /// `filled` as the fill scripts read it: JSON, each test's `[result, note or null]`.
    static func plan() throws -> String {
        let plan = try JSONSerialization.data(withJSONObject: filled.mapValues { v -> [Any] in [v.result, v.note.map { $0 as Any } ?? NSNull()] })
        return String(decoding: plan, as: UTF8.self)
    }

    static let fillScript = """
        import json, sys, openpyxl
        src, dst, url, plan = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
        wb = openpyxl.load_workbook(src, keep_vba=True)
        ws = wb['Results']
        header = next(r for r in range(1, 30) if any(str(ws.cell(r, c).value or '').strip() == 'Test IDs' for c in range(1, 30)))
        cols = {str(ws.cell(header, c).value).strip(): c for c in range(1, 30) if ws.cell(header, c).value}
        details = next(c for name, c in cols.items() if name.startswith('Failure Details'))
        group = None
        for row in range(header + 1, ws.max_row + 1):
            head = str(ws.cell(row, cols['Test']).value or '').split(' ')[0]
            if head.isdigit(): group = head
            letter = str(ws.cell(row, cols['Test IDs']).value or '').strip()
            if not letter or group is None or group + '.' + letter.upper() not in plan: continue
            result, note = plan[group + '.' + letter.upper()]
            ws.cell(row, cols['Test Results']).value = result
            if note: ws.cell(row, details).value = note
        report = wb['Report']
        for row in range(1, 40):
            label = str(report.cell(row, 4).value or '')
            if label.startswith('URL'): report.cell(row, 5).value = url
            if label.startswith('Application Name'): report.cell(row, 5).value = "Mike's Cereal Shack"
        wb.save(dst)
        """

    /// The filled workbook in `folder`, for the product at `url`.
    static func make(in folder: URL, url: String) throws -> URL {
        try fill(template, by: fillScript, needing: "openpyxl", into: folder.appendingPathComponent("tt-filled.xlsm"), url: url)
    }

    /// `template` (below the corpus's evidence folder) filled by the Python `script` as `plan()`
    /// says, into `out`; skips, saying why, where python3 or its `module` is missing.
    static func fill(_ template: String, by script: String, needing module: String, into out: URL, url: String) throws -> URL {
        let blank = try Fixtures.corpus("evidence").appendingPathComponent(template)
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let probe = try Fixtures.runProcess(env, ["python3", "-c", "import " + module], environment: nil)
        if probe.status != 0 { throw XCTSkip("python3 or its \(module) is missing (pip install \(module)): \(out.lastPathComponent) is skipped") }
        let run = try Fixtures.runProcess(env, ["python3", "-c", script, blank.path, out.path, url, try plan()], environment: nil)
        XCTAssertEqual(run.status, 0, run.stderr)
        return out
    }
}
