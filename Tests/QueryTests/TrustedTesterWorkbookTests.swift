import Foundation
@testable import KBEvidence
@testable import KBWord
import XCTest

/// The workbook reader on the SpreadsheetML a spreadsheet other than Excel's template may write:
/// inline strings, shared strings in rich-text runs (a phonetic reading left out), a renamed
/// Results sheet found by its header, a test id written whole, an entity in a note. The zip is made
/// in memory by KBWord's package writer; the corpus's own workbook is read in SystemTests.
final class TrustedTesterWorkbookTests: XCTestCase {
    static func workbook(sheet: String) throws -> Data {
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        return try WordPackage.zip([
            ("_rels/.rels", """
                <?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
                <Relationship Id="rId1" Type="\(rel)/officeDocument" Target="xl/workbook.xml"/></Relationships>
                """),
            ("xl/workbook.xml", """
                <?xml version="1.0"?><workbook xmlns="\(main)" xmlns:r="\(rel)"><sheets>\
                <sheet name="Notes" sheetId="1" r:id="rId1"/><sheet name="Ergebnisse" sheetId="2" r:id="rId2"/></sheets></workbook>
                """),
            ("xl/_rels/workbook.xml.rels", """
                <?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
                <Relationship Id="rId1" Type="\(rel)/worksheet" Target="worksheets/sheet1.xml"/>\
                <Relationship Id="rId2" Type="\(rel)/worksheet" Target="/xl/worksheets/sheet2.xml"/>\
                <Relationship Id="rId3" Type="\(rel)/sharedStrings" Target="sharedStrings.xml"/></Relationships>
                """),
            ("xl/sharedStrings.xml", """
                <?xml version="1.0"?><sst xmlns="\(main)"><si><r><t>Test </t></r><r><t>IDs</t></r><rPh><t>tesuto</t></rPh></si><si><t>Pass</t></si></sst>
                """),
            ("xl/worksheets/sheet1.xml", "<worksheet xmlns=\"\(main)\"><sheetData/></worksheet>"),
            ("xl/worksheets/sheet2.xml", sheet),
        ])
    }

    func testInlineAndRichStringsOnARenamedSheet() throws {
        let inline = { (ref: String, text: String) in "<c r=\"\(ref)\" t=\"inlineStr\"><is><t>\(text)</t></is></c>" }
        let data = try Self.workbook(sheet: """
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\
            <row r="1">\(inline("A1", "Version 5.1.3"))</row>\
            <row r="2"><c r="B2" t="s"><v>0</v></c>\(inline("C2", "Test Results"))\(inline("D2", "Failure Details"))</row>\
            <row r="3">\(inline("B3", "4.a"))\(inline("C3", "Fail"))\(inline("D3", "Tab &amp; Enter trap focus &#x2192; menu"))</row>\
            <row r="4">\(inline("B4", "12.B"))<c r="C4" t="s"><v>1</v></c></row>\
            <row r="5">\(inline("B5", "99.Z"))\(inline("C5", "DNA"))</row>\
            </sheetData></worksheet>
            """)
        XCTAssertEqual(EvidenceReading.detect(data), .trustedTester)
        let record = try EvidenceReading.read(data, file: "tt.xlsx")
        XCTAssertEqual(record.version, "5.1.3")
        XCTAssertEqual(record.findings.map(\.test.id), ["4.A", "12.B", "99.Z"])
        XCTAssertEqual(record.findings.map(\.outcome), [.failed, .passed, .inapplicable])
        XCTAssertEqual(record.findings[0].successCriteria.map(\.description), ["2.1.1"])
        XCTAssertEqual(record.findings[0].words, "Tab & Enter trap focus → menu")
        XCTAssertEqual(record.findings[0].position, "Ergebnisse!C3")
        XCTAssertEqual(record.findings[1].successCriteria.map(\.description), ["2.4.2"])
        // A test the test conditions do not hold names no criterion: listed, not dropped.
        XCTAssertEqual(record.unmappedTests.map(\.id), ["99.Z"])
    }

    /// A workbook without the Results sheet's header is no Trusted Tester workbook: one line.
    func testAWorkbookOfAnotherKindIsNamedAndRefused() throws {
        let data = try Self.workbook(sheet: "<worksheet><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>Budget</t></is></c></row></sheetData></worksheet>")
        XCTAssertNil(EvidenceReading.detect(data))
        XCTAssertThrowsError(try EvidenceReading.read(data, file: "budget.xlsx")) { error in
            XCTAssertTrue(error.localizedDescription.hasPrefix("budget.xlsx is a zip holding no Trusted Tester results workbook"), error.localizedDescription)
        }
    }
}
