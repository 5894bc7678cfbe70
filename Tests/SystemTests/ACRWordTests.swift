import A11yKB
import KBQuery
import Foundation
import TestSupport
import XCTest

/// `a11ykb acr build|render --format docx` as a buyer's office opens it: read back by python-docx
/// (every criterion row of the edition's A and AA tables with its level, header rows marked to
/// repeat, Heading styles, the title and language), converted to PDF by LibreOffice, and refused
/// on a terminal. Each skips, saying why, where its reader is not installed.
final class ACRWordTests: XCTestCase {
    static let catalog = "2.5-edition-wcag-2.1-508-en"

    /// A built report (a small knowledge base, a lead's base on the WCAG 2.1 edition) and Moodle's
    /// published one, each as a .docx.
    func documents() throws -> (built: String, moodle: String, folder: URL) {
        let folder = try Fixtures.temporaryFolder(self)
        let db = folder.appendingPathComponent("kb.sqlite").path
        let imported = try Fixtures.run(["import", Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout/_checklist-web").path, "--db", db])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let base = folder.appendingPathComponent("base.yaml").path
        try """
            title: Example Shop Accessibility Conformance Report
            product: {name: Example Shop, version: "12"}
            author: {email: lead@example.com}
            chapters:
              hardware:
                disabled: true
                notes: Example Shop is a web application; it has no hardware.
            """.write(toFile: base, atomically: true, encoding: .utf8)
        // The toggle button's checklist, every criterion row passed by a tester.
        let plan = try Fixtures.run(["checklist", "toggle-button", "--platform", "web", "--format", "csv", "--db", db])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        // RFC 4180's CRLF lines; Swift reads "\r\n" as one Character.
        let filled = plan.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { line in
            line.contains(",criterion,") && line.hasSuffix(",,") ? String(line.dropLast(2)) + ",pass," : line
        }
        let results = folder.appendingPathComponent("results.csv").path
        try (filled.joined(separator: "\r\n") + "\r\n").write(toFile: results, atomically: true, encoding: .utf8)
        let build = ["acr", "build", "--results", results, "--base", base, "--catalog", Self.catalog, "--format", "docx", "--db", db]
        let built = folder.appendingPathComponent("built.docx").path
        let run = try Fixtures.run(build + ["-o", built])
        XCTAssertEqual(run.status, 0, run.stderr)
        // The same report, the same bytes.
        let again = folder.appendingPathComponent("again.docx").path
        XCTAssertEqual(try Fixtures.run(build + ["-o", again]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: built)), try Data(contentsOf: URL(fileURLWithPath: again)))
        let moodle = folder.appendingPathComponent("moodle.docx").path
        let source = try Fixtures.corpus("openacr").appendingPathComponent("examples/Moodle-3.yaml").path
        let rendered = try Fixtures.run(["acr", "render", source, "--format", "docx", "-o", moodle])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        return (built, moodle, folder)
    }

    func python(_ script: String, _ arguments: [String]) throws -> Fixtures.Run {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        if try Fixtures.runProcess(env, ["python3", "-c", "import docx"], environment: nil).status != 0 {
            throw XCTSkip("python3's docx (pip install python-docx) is missing: the independent reader of the Word file is skipped")
        }
        return try Fixtures.runProcess(env, ["python3", "-c", script] + arguments, environment: nil)
    }

    static let reader = """
        import json, sys, docx
        from docx.oxml.ns import qn
        d = docx.Document(sys.argv[1])
        out = {"title": d.core_properties.title, "language": d.core_properties.language,
               "headings": [[p.style.name, p.text] for p in d.paragraphs if p.style.name.startswith("Heading") or p.style.name == "Title"],
               "tables": []}
        for t in d.tables:
            pr = t.rows[0]._tr.trPr
            out["tables"].append({"repeats": pr is not None and pr.find(qn("w:tblHeader")) is not None,
                                  "rows": [[c.text for c in r.cells] for r in t.rows]})
        json.dump(out, sys.stdout)
        """

    struct Read: Decodable {
        struct Table: Decodable { var repeats: Bool; var rows: [[String]] }
        var title: String
        var language: String
        var headings: [[String]]
        var tables: [Table]
    }

    func read(_ path: String) throws -> Read {
        let run = try python(Self.reader, [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try JSONDecoder().decode(Read.self, from: Data(run.stdout.utf8))
    }

    func testPythonDocxReadsEveryCriterionRowHeadersHeadingsTitleAndLanguage() throws {
        let files = try documents()
        let built = try read(files.built)
        XCTAssertEqual(built.title, "Example Shop Accessibility Conformance Report")
        XCTAssertEqual(built.language, "en-US")
        XCTAssertEqual(built.headings.first, ["Title", "Example Shop Accessibility Conformance Report"])
        let headings = built.headings.map { $0.joined(separator: ": ") }
        for expected in ["Heading 1: Applicable Standards/Guidelines", "Heading 1: Terms", "Heading 1: WCAG 2.1 Report",
                         "Heading 2: Table 1: Success Criteria, Level A", "Heading 2: Table 2: Success Criteria, Level AA",
                         "Heading 1: Revised Section 508 Report", "Heading 2: Chapter 4: Hardware"] {
            XCTAssertTrue(headings.contains(expected), "\(expected) in \(headings)")
        }
        XCTAssertFalse(built.tables.isEmpty)
        XCTAssertTrue(built.tables.allSatisfy(\.repeats), "every table's header row repeats on each page")
        let criteriaTables = built.tables.filter { $0.rows.first == ["Criteria", "Conformance Level", "Remarks and Explanations"] }
        let rows = criteriaTables.flatMap { $0.rows.dropFirst() }
        let catalog = try XCTUnwrap(OpenACRCatalog.builtIn.first { $0.id == Self.catalog })
        for chapter in catalog.chapters where chapter.id == "success_criteria_level_a" || chapter.id == "success_criteria_level_aa" {
            for criterion in chapter.criteria {
                let row = rows.first { $0.first == "\(criterion.id) \(criterion.handle)" }
                XCTAssertNotNil(row, "\(criterion.id) \(criterion.handle) is a row")
                XCTAssertTrue(row.map { r in AdherenceLevel.allCases.contains { r[1].contains($0.label) } } ?? false, "\(criterion.id) has its level: \(row ?? [])")
            }
        }
        // 4.1.1 in a WCAG 2.1 edition, which no row tests: Supports by the errata, which the remark says.
        let parsing = try XCTUnwrap(rows.first { $0.first == "4.1.1 Parsing" })
        XCTAssertEqual(parsing[1], "Web: Supports")
        XCTAssertTrue(rows.contains { $0.first == "2.1.1 Keyboard" && $0[1] == "Web: Supports" }, "the keyboard rows passed")
        XCTAssertTrue(parsing[2].contains("2023 errata"), parsing[2])
        let terms = try XCTUnwrap(built.tables.first { $0.rows.first == ["Term", "Definition"] })
        XCTAssertEqual(terms.rows.dropFirst().map { $0[0] }, AdherenceLevel.allCases.map(\.label))

        let moodle = try read(files.moodle)
        XCTAssertEqual(moodle.title, "Moodle")
        XCTAssertTrue(moodle.headings.contains(["Heading 1", "WCAG 2.0 Report"]), "\(moodle.headings)")
        let moodleRows = moodle.tables.flatMap(\.rows).map { $0.joined(separator: " | ") }
        XCTAssertTrue(moodleRows.contains { $0.hasPrefix("1.1.1 Non-text Content | Web: Supports") }, "\(moodleRows.prefix(20))")
        XCTAssertTrue(moodleRows.contains { $0.hasPrefix("302.1 Without Vision") })
    }

    func testLibreOfficeConvertsTheWordFileToPDF() throws {
        guard let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("LibreOffice (apt-get install libreoffice-writer) is missing: the conversion of the Word file to PDF is skipped")
        }
        let files = try documents()
        let out = files.folder.appendingPathComponent("pdf")
        // A profile of its own: LibreOffice writes one under HOME.
        let run = try Fixtures.runProcess(URL(fileURLWithPath: soffice), ["--headless", "--convert-to", "pdf", "--outdir", out.path, files.built, files.moodle],
                                          environment: ["HOME": files.folder.path, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for name in ["built", "moodle"] {
            let pdf = try Data(contentsOf: out.appendingPathComponent(name + ".pdf"))
            XCTAssertEqual(Array(pdf.prefix(5)), Array("%PDF-".utf8), name)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            throw XCTSkip("pdftotext (apt-get install poppler-utils) is missing: the PDF's text is not read")
        }
        let run2 = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [out.appendingPathComponent("built.pdf").path, "-"], environment: nil)
        // Words as the pages show them, whatever line a heading wraps onto.
        let text = run2.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["Example Shop Accessibility Conformance Report", "WCAG 2.1 Report", "Remarks and Explanations", "Revised Section 508 Report",
                         "Example Shop is a web application; it has no hardware."] {
            XCTAssertTrue(text.contains(expected), expected)
        }
    }

    /// Bytes a terminal would garble are refused there, in one line, before any work; a pipe takes them.
    func testWordIsRefusedOnATerminalAndWrittenToAPipe() throws {
        let source = try Fixtures.corpus("openacr").appendingPathComponent("examples/govready-0.9.yaml").path
        let terminal = try Fixtures.runInTerminal(Fixtures.commandLine(["acr", "render", source, "--format", "docx"]))
        XCTAssertEqual(terminal.status, 2, terminal.stdout)
        XCTAssertEqual(terminal.stdout.split(separator: "\n").count, 1, terminal.stdout)
        XCTAssertTrue(terminal.stdout.contains("docx is a binary file and stdout is a terminal"), terminal.stdout)
        let piped = try Fixtures.runInTerminal(Fixtures.commandLine(["acr", "render", source, "--format", "docx"]) + " | head -c 2")
        XCTAssertEqual(piped.status, 0, piped.stdout)
        XCTAssertEqual(piped.stdout, "PK")
    }
}
