import Foundation
import KBModel

/// The DHS Trusted Tester ICT Review Test Results workbook (`.xlsm`, checked on its 5.1.3 template)
/// as evidence. Its Results sheet lists one row per test under a header row (`Test`, `Test IDs`,
/// `SC`, `Test Results`, `Failure Details`): a test's id is its group's number (`4 Keyboard/focus`,
/// written on the group's first row) and its letter (`A`). Each row is a person's outcome: `Pass`
/// passed, `Fail` failed, `DNA` (does not apply) inapplicable, `Not Tested`, `--` or blank
/// untested. The test's success criteria are those the Trusted Tester 5.1.3 test conditions give
/// it (`TrustedTester`), else the sheet's own `SC` cell where it names a WCAG criterion; a test of a
/// conformance requirement alone (`CR1`) has none and is listed as such. The failure details are
/// the finding's words. The workbook reviews one product: its page is the Report sheet's URL, else
/// the application's name; the sheet has no column per page or screen.
enum TrustedTesterReader {
    /// The header cells that make a sheet the Results sheet, lowercased.
    static let header = (testIDs: "test ids", results: "test results")

    /// Whether `data` is a workbook holding a Results sheet of the Trusted Tester's shape.
    static func isWorkbook(_ data: Data) -> Bool {
        guard let workbook = try? Workbook(data) else { return false }
        return (try? results(workbook)) != nil
    }

    /// The Results sheet and its header row's columns, by their heading lowercased.
    static func results(_ workbook: Workbook) throws -> (sheet: Workbook.Sheet, row: Int, columns: [String: Int])? {
        // The sheet is found by its header, not its name: a translated or renamed copy still reads.
        let names = workbook.sheetParts.map(\.name)
        for name in names.filter({ $0 == "Results" }) + names.filter({ $0 != "Results" }) {
            guard let sheet = try workbook.sheet(name) else { continue }
            for row in sheet.rows.prefix(30) {
                var columns: [String: Int] = [:]
                for (column, text) in sheet.cells[row] ?? [:] {
                    let heading = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
                    if columns[heading] == nil || column < columns[heading]! { columns[heading] = column }
                }
                if columns[header.testIDs] != nil && columns[header.results] != nil { return (sheet, row, columns) }
            }
        }
        return nil
    }

    /// The record, nil when the workbook holds no Results sheet; throws `Workbook.Problem` when the
    /// zip is over a limit or no workbook.
    static func read(_ data: Data, file: String) throws -> EvidenceRecord? {
        let workbook = try Workbook(data)
        guard let (sheet, headerRow, columns) = try results(workbook), let idColumn = columns[header.testIDs],
              let resultColumn = columns[header.results] else { return nil }
        let groupColumn = columns["test"], scColumn = columns["sc"]
        let detailsColumn = columns.first { $0.key.hasPrefix("failure details") }?.value
        let page = try product(workbook)
        var findings: [EvidenceFinding] = [], group: String?
        for row in sheet.rows where row > headerRow {
            if let groupText = groupColumn.flatMap({ sheet[row, $0] }), let number = groupText.split(separator: " ").first, Int(number) != nil {
                group = String(number)
            }
            guard let letter = sheet[row, idColumn]?.trimmingCharacters(in: .whitespaces), !letter.isEmpty else { continue }
            // A row may carry the whole id (`4.A`); the template writes the letter under its group's number.
            let id = letter.contains(".") ? letter.uppercased() : group.map { "\($0).\(letter.uppercased())" }
            guard let id, letter.count <= 6 else { continue }
            let written = sheet[row, resultColumn]?.trimmingCharacters(in: .whitespaces) ?? ""
            guard let outcome = outcome(written) else { continue }
            var criteria = TrustedTester.test(id)?.successCriteria ?? []
            if criteria.isEmpty, TrustedTester.test(id) == nil, let sc = scColumn.flatMap({ sheet[row, $0] }).flatMap({ SCNumber($0) }),
               WCAGCatalogue.builtIn.contains(where: { $0.sc == sc.description }) {
                criteria = [sc]
            }
            var finding = EvidenceFinding(test: EvidenceTest(kind: .trustedTester, id: id), outcome: outcome, mode: .manual, page: page,
                                          successCriteria: criteria,
                                          words: detailsColumn.flatMap { sheet[row, $0] },
                                          position: "\(sheet.name)!\(Workbook.Sheet.reference(row: row, column: resultColumn))")
            finding.trustedTesterTests = [id]
            findings.append(finding)
        }
        let version = sheet.rows.prefix(while: { $0 < headerRow }).lazy.compactMap { row in
            sheet.cells[row]?.values.first { $0.hasPrefix("Version ") }.map { String($0.dropFirst("Version ".count)) }
        }.first
        return EvidenceRecord(file: file, format: .trustedTester, tool: "Trusted Tester", version: version,
                              pages: page.map { [$0] } ?? [], findings: findings)
    }

    /// A result cell's word → its outcome; nil for a word that is no result (a stray note).
    static func outcome(_ written: String) -> EvidenceOutcome? {
        switch written.lowercased() {
        case "pass", "compliant": .passed
        case "fail", "not compliant": .failed
        case "dna", "does not apply", "na", "n/a": .inapplicable
        case "not tested", "nt", "--", "": .untested
        default: nil
        }
    }

    /// The product the review is of, from the Report sheet's form: its URL, else its name.
    static func product(_ workbook: Workbook) throws -> String? {
        guard let report = try workbook.sheet("Report") else { return nil }
        func answer(_ label: String) -> String? {
            for row in report.rows {
                guard let cells = report.cells[row],
                      let at = cells.first(where: { $0.value.lowercased().hasPrefix(label) })?.key else { continue }
                // The answer is the cell right of its label (the template: labels in D, answers in E).
                return cells[at + 1]?.trimmingCharacters(in: .whitespaces)
            }
            return nil
        }
        return [answer("url"), answer("application name")].compactMap { $0 }.first { !$0.isEmpty }
    }
}
