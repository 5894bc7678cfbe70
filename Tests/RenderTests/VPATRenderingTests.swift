import A11yKB
import KBQuery
import Foundation
@testable import KBConformance
@testable import KBRender
@testable import KBWord
import TestSupport
import XCTest

/// A conformance report rendered as ITI's VPAT 2.5 lays one out, in each of the three renderings
/// a buyer reads (HTML, markdown, Word), on the built-in editions and GSA's published examples.
/// Word's text is read here from its WordprocessingML; SystemTests/ACRWordTests reads the .docx
/// with python-docx and LibreOffice.
final class VPATRenderingTests: XCTestCase {
    func report(_ yaml: String) throws -> OpenACRReport {
        try ConformanceReports.read(NamedInput(name: "r.yaml", data: Data(yaml.utf8))).report
    }

    /// Each rendering as the text a reader gets: HTML and Word without their markup, markdown as written.
    func renderings(_ report: OpenACRReport) throws -> [(name: String, text: String)] {
        let html = try report.rendered(.html)
        let word = ConformanceWordRendering.document(VPATDocument(report)).documentXML
        return [("html", Self.text(html, breaks: ["</p>", "</tr>", "</h1>", "</h2>", "</h3>", "<br>", "</dd>", "</td>", "</th>"])),
                ("markdown", try report.rendered(.markdown)),
                ("word", Self.text(word, breaks: ["</w:p>"]))]
    }

    static func text(_ markup: String, breaks: [String]) -> String {
        var out = markup
        for b in breaks { out = out.replacingOccurrences(of: b, with: b + "\n") }
        out = out.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        return out.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"")
    }

    /// A lead's base on an edition: 4.1.1 listed without a level, the hardware chapter disabled with its reason.
    static func base(_ catalog: String, parsing level: String = "") -> String {
        """
        title: Example Shop Accessibility Conformance Report
        product: {name: Example Shop, version: "12"}
        author: {name: A. Lead, email: lead@example.com}
        report_date: "2026-11-28"
        catalog: \(catalog)
        chapters:
          success_criteria_level_a:
            criteria:
              - num: "1.1.1"
                components: [{name: web, adherence: {level: partially-supports, notes: "The hero image on the checkout page has no text alternative (SHOP-124)."}}]
              - num: "4.1.1"
                components: [{name: web, adherence: {level: "\(level)"}}]
          success_criteria_level_aa:
            criteria:
              - num: "1.4.3"
                components: [{name: web, adherence: {level: supports}}]
          hardware:
            disabled: true
            notes: Example Shop is a web application; it has no hardware.
        """
    }

    func testEveryRenderingHoldsTheTermsStandardsAndOneSectionPerStandard() throws {
        let cases: [(catalog: String, sections: [String], absent: [String])] = [
            ("2.5-edition-wcag-2.1-508-en", ["WCAG 2.1 Report", "Revised Section 508 Report"], ["EN 301 549 Report", "WCAG 2.2 Report"]),
            ("2.5-edition-wcag-2.2-508-en", ["WCAG 2.2 Report", "Revised Section 508 Report"], ["EN 301 549 Report"]),
            ("2.5-edition-wcag-2.2-508-eu-en", ["WCAG 2.2 Report", "Revised Section 508 Report", "EN 301 549 Report"], []),
            ("2.5-edition-wcag-2.2-en", ["WCAG 2.2 Report"], ["Revised Section 508 Report"]),
        ]
        for (catalog, sections, absent) in cases {
            let r = try report(Self.base(catalog))
            for (name, text) in try renderings(r) {
                let place = "\(catalog) \(name)"
                for level in AdherenceLevel.allCases {
                    XCTAssertTrue(text.contains(level.label) && text.contains(level.definition), "\(place): the term \(level.label) and its definition")
                }
                XCTAssertTrue(text.contains("Applicable Standards/Guidelines"), place)
                XCTAssertTrue(text.contains("Level A (Yes)") && text.contains("Level AA (Yes)") && text.contains("Level AAA (No)"), place)
                for heading in sections { XCTAssertTrue(text.contains(heading), "\(place): \(heading)") }
                for heading in absent { XCTAssertFalse(text.contains(heading), "\(place): no \(heading)") }
                // The tables in their order, by the catalog's titles, with VPAT's columns.
                let one = try XCTUnwrap(text.range(of: "Table 1: Success Criteria, Level A"), place)
                let two = try XCTUnwrap(text.range(of: "Table 2: Success Criteria, Level AA"), place)
                XCTAssertLessThan(one.lowerBound, two.lowerBound, place)
                XCTAssertTrue(text.contains("Criteria") && text.contains("Conformance Level") && text.contains("Remarks and Explanations"), place)
                XCTAssertTrue(text.contains("1.1.1 Non-text Content") && text.contains("Web: Partially Supports"), place)
                XCTAssertTrue(text.contains("The hero image on the checkout page has no text alternative (SHOP-124)."), place)
                XCTAssertTrue(text.contains("Name of Product/Version") && text.contains("Example Shop, version 12") && text.contains("2026-11-28"), place)
                if sections.contains("Revised Section 508 Report") {
                    XCTAssertTrue(text.contains("Chapter 3: Functional Performance Criteria (FPC)") && text.contains("Chapter 6: Support Documentation and Services"), place)
                    // The disabled chapter: Not Applicable with the base's reason, never "not provided".
                    XCTAssertTrue(text.contains("Not Applicable: Example Shop is a web application; it has no hardware."), "\(place): \(text)")
                    XCTAssertFalse(text.lowercased().contains("not provided"), place)
                }
            }
        }
    }

    /// 4.1.1 Parsing per the edition's WCAG version: the 2023 errata for 2.0 and 2.1 (an unstated
    /// level reads Supports, and says why), obsolete in 2.2, with Section 508's WCAG 2.0 beside it.
    func testParsingFollowsTheEditionsWCAGVersion() throws {
        let errata = "W3C's 2023 errata to WCAG 2.0 and 2.1 say that this criterion is always satisfied for content written in HTML or XML."
        for (name, text) in try renderings(try report(Self.base("2.5-edition-wcag-2.1-508-en"))) {
            let row = try XCTUnwrap(text.range(of: "4.1.1 Parsing"), name)
            let after = String(text[row.upperBound...].prefix(700))
            XCTAssertTrue(after.contains("Supports") && !after.contains("Not stated"), "\(name): \(after)")
            XCTAssertTrue(after.contains(errata), "\(name): \(after)")
            XCTAssertTrue(after.contains("this rendering gives Supports"), "\(name): the remark says the level is the errata's")
            XCTAssertFalse(text.contains("obsolete"), name)
        }
        // A level the report states is kept, with the note.
        for (name, text) in try renderings(try report(Self.base("2.5-edition-wcag-2.0-508-en", parsing: "partially-supports"))) {
            let after = String(text[try XCTUnwrap(text.range(of: "4.1.1 Parsing"), name).upperBound...].prefix(500))
            XCTAssertTrue(after.contains("Partially Supports") && after.contains(errata) && !after.contains("this rendering gives"), "\(name): \(after)")
        }
        for (name, text) in try renderings(try report(Self.base("2.5-edition-wcag-2.2-508-en", parsing: "supports"))) {
            let after = String(text[try XCTUnwrap(text.range(of: "4.1.1 Parsing"), name).upperBound...].prefix(700))
            XCTAssertTrue(after.contains("WCAG 2.2 made this criterion obsolete and removed it."), "\(name): \(after)")
            XCTAssertTrue(after.contains("Section 508"), name)
        }
        // A WCAG 2.2 edition with no Section 508 report: an unstated 4.1.1 is not applicable.
        for (name, text) in try renderings(try report(Self.base("2.5-edition-wcag-2.2-en"))) {
            let after = String(text[try XCTUnwrap(text.range(of: "4.1.1 Parsing"), name).upperBound...].prefix(500))
            XCTAssertTrue(after.contains("Not Applicable") && after.contains("obsolete") && !after.contains("errata"), "\(name): \(after)")
        }
    }

    /// Published reports that name no catalog (Moodle, GovReady): titled from the edition their ids
    /// match, which the rendering names; no raw chapter id, no bare criterion number, links as links
    /// in HTML and as text and address elsewhere.
    func testPublishedReportsWithoutACatalogAreTitledFromTheEditionTheyMatch() throws {
        let examples = try Fixtures.corpus("openacr").appendingPathComponent("examples")
        for (file, expected) in [("Moodle-3", "2.5-edition-wcag-2.0-508-en"), ("govready-0.9", "2.5-edition-wcag-2.0-508-en")] {
            let r = try report(String(contentsOf: examples.appendingPathComponent(file + ".yaml"), encoding: .utf8))
            XCTAssertNil(r.catalog, "\(file) names no catalog")
            XCTAssertEqual(OpenACRCatalog.inferred(for: r)?.id, expected, file)
            for (name, text) in try renderings(r) {
                let place = "\(file) \(name)"
                XCTAssertTrue(text.contains("VPAT® 2.5 Revised Section 508 Edition (\(expected))") && text.contains("match best"), "\(place): the inferred catalog is named")
                for title in ["WCAG 2.0 Report", "Table 1: Success Criteria, Level A", "1.1.1 Non-text Content", "Chapter 3: Functional Performance Criteria (FPC)",
                              "302.1 Without Vision", "Revised Section 508 Report"] {
                    XCTAssertTrue(text.contains(title), "\(place): \(title)")
                }
                for raw in ["success_criteria_level_a", "functional_performance_criteria", "support_documentation_and_services", "Other Chapters"] {
                    XCTAssertFalse(text.contains(raw), "\(place): \(raw)")
                }
                XCTAssertNil(text.range(of: #"\]\(https?://"#, options: .regularExpression).flatMap { name == "markdown" ? nil : $0 }, "\(place): a raw markdown link")
            }
        }
        let moodle = try report(String(contentsOf: examples.appendingPathComponent("Moodle-3.yaml"), encoding: .utf8))
        XCTAssertTrue(try moodle.rendered(.html).contains("<a href=\"https://moodle.com/contact/\">contact Moodle Pty Ltd</a>"))
        XCTAssertTrue(try moodle.rendered(.markdown).contains("contact Moodle Pty Ltd (https://moodle.com/contact/)"))
        XCTAssertFalse(try moodle.rendered(.markdown).contains("[contact Moodle Pty Ltd]"))
        let word = Self.text(ConformanceWordRendering.document(VPATDocument(moodle)).documentXML, breaks: ["</w:p>"])
        XCTAssertTrue(word.contains("contact Moodle Pty Ltd (https://moodle.com/contact/)"))
        // Every criterion of the report is a row with its title in each rendering.
        let criteria = moodle.chapters.flatMap { $0.criteria ?? [] }.map(\.num)
        let catalog = try XCTUnwrap(OpenACRCatalog.inferred(for: moodle))
        for (name, text) in try renderings(moodle) {
            for num in criteria {
                let handle = try XCTUnwrap(catalog.chapters.lazy.compactMap { $0.criteria.first { $0.id == num }?.handle }.first, num)
                XCTAssertTrue(text.contains("\(num) \(handle)"), "\(name): \(num) \(handle)")
            }
        }
    }

    /// A link only where the address is http or https; anything else stays text, escaped.
    func testOnlyWebLinksBecomeLinks() throws {
        let r = try report("""
            title: T
            catalog: 2.5-edition-wcag-2.2-508-en
            notes: "See [our page](https://example.com/a?b=1&c=2), not [this](javascript:alert(1)) or [that](https://x.example/\\"onmouseover=1)."
            """)
        let html = try r.rendered(.html)
        XCTAssertTrue(html.contains("<a href=\"https://example.com/a?b=1&amp;c=2\">our page</a>"), html)
        XCTAssertFalse(html.contains("href=\"javascript"))
        XCTAssertTrue(html.contains("[this](javascript:alert(1))"), "left as text")
        XCTAssertFalse(html.contains("onmouseover=1\">"))
        let markdown = try r.rendered(.markdown)
        XCTAssertTrue(markdown.contains("our page (https://example.com/a?b=1&c=2)"), markdown)
        XCTAssertNil(markdown.range(of: #"(?<!\\)\]\("#, options: .regularExpression), markdown)
    }

    /// Word's file: the same report gives the same bytes; it is a zip whose parts name the title
    /// and language, use Heading styles and mark each table's header row to repeat.
    func testTheWordFileIsDeterministicAndStructured() throws {
        let r = try report(Self.base("2.5-edition-wcag-2.2-508-en"))
        let first = try r.renderedData(.docx)
        XCTAssertEqual(first, try r.renderedData(.docx))
        XCTAssertEqual(Array(first.prefix(4)), [0x50, 0x4B, 0x03, 0x04], "a zip")
        XCTAssertThrowsError(try r.rendered(.docx), "Word is no text") { error in
            XCTAssertEqual((error as? UnsupportedFormat)?.supported.contains(.docx), false)
        }
        let word = ConformanceWordRendering.document(VPATDocument(r))
        let parts = Dictionary(uniqueKeysWithValues: word.parts.map { ($0.path, $0.xml) })
        XCTAssertTrue(parts["docProps/core.xml"]?.contains("<dc:title>Example Shop Accessibility Conformance Report</dc:title>") ?? false)
        XCTAssertTrue(parts["docProps/core.xml"]?.contains("<dc:language>en-US</dc:language>") ?? false)
        XCTAssertTrue(parts["word/styles.xml"]?.contains("<w:lang w:val=\"en-US\"") ?? false)
        let body = word.documentXML
        XCTAssertEqual(body.components(separatedBy: "<w:tblHeader/>").count - 1, body.components(separatedBy: "<w:tbl>").count - 1, "every table's header row repeats")
        XCTAssertTrue(body.contains("<w:pStyle w:val=\"Heading1\"/></w:pPr><w:r><w:t xml:space=\"preserve\">WCAG 2.2 Report</w:t>"))
        XCTAssertTrue(body.contains("<w:pStyle w:val=\"Heading2\"/></w:pPr><w:r><w:t xml:space=\"preserve\">Table 1: Success Criteria, Level A</w:t>"))
        XCTAssertEqual(DocumentFormat.docx.fileExtension, "docx")
        XCTAssertEqual(DocumentFormat.docx.mediaType, "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    }

    /// Text XML cannot hold never reaches the file: controls dropped, markup escaped.
    func testWordTextIsEscaped() {
        let doc = WordDocument(title: "a<b>&\"c\"", creator: "t", blocks: [.paragraph([.init("x\u{1}y <w:p/> & z")])])
        XCTAssertTrue(doc.documentXML.contains("xy &lt;w:p/&gt; &amp; z"))
        XCTAssertFalse(doc.documentXML.contains("\u{1}"))
    }
}
