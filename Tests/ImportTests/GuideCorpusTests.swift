import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBRender
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 50 on today's guides (`how-to-test/test-type/*.md`): each row carries its step and the
/// headings inside it, as the file's own lines say; every "Related WCAG" number is a citation
/// with its line; no heading is kept as text; no placeholder is invented. The expectations are
/// read from the files here, line by line, apart from the import's reader.
final class GuideCorpusTests: XCTestCase {
    struct Guide {
        var file: URL
        var lines: [String]
        var source: String { "public/content/documentation/how-to-test/test-type/" + file.lastPathComponent }
    }

    func guides() throws -> [Guide] {
        let folder = try Fixtures.corpus("magentaA11y-2026").appendingPathComponent("public/content/documentation/how-to-test/test-type")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertEqual(files.count, 9)
        return try files.map { Guide(file: $0, lines: try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n")) }
    }

    static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// `2.  ## How to test` or `1. Start here` at the margin (where every guide writes its steps;
    /// a numbered list inside a step is indented): the step's number.
    static func stepNumber(_ line: String) -> Int? {
        guard indentation(line) == 0 else { return nil }
        let rest = line.drop { $0 == " " }
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return Int(digits)
    }

    /// The headings of `lines[range]`, an HTML one over several lines read whole.
    static func headings(_ lines: [String], _ range: Range<Int>) -> [(text: String, check: Bool)] {
        var found: [(text: String, check: Bool)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            var text = lines[index]
            let rest = text.drop { $0 == " " }
            if rest.hasPrefix("<h"), rest.dropFirst(2).first?.isNumber == true, !rest.contains("</h") {
                while index + 1 < range.upperBound, !text.contains("</h") { index += 1; text += " " + lines[index] }
            }
            if let heading = heading(text) { found.append(heading) }
            index += 1
        }
        return found
    }

    /// A heading's text as written on its line (markdown at any indentation, or one HTML `<hN>`),
    /// and whether it is a check (`✓ ...`); nil for any other line.
    static func heading(_ line: String) -> (text: String, check: Bool)? {
        var rest = Substring(line.drop { $0 == " " })
        if let step = stepNumber(line) { rest = rest.dropFirst(String(step).count + 1).drop { $0 == " " } }
        var text: String
        if rest.hasPrefix("#") {
            text = String(rest.drop { $0 == "#" })
        } else if rest.hasPrefix("<h"), rest.dropFirst(2).first?.isNumber == true, let close = rest.range(of: "</h") {
            guard let open = rest.firstIndex(of: ">"), open < close.lowerBound else { return nil }
            text = String(rest[rest.index(after: open)..<close.lowerBound])
        } else {
            return nil
        }
        text = TextCleaner.clean(text)
        return (text, text.hasPrefix("✓"))
    }

    /// Where each guide's rows are written: in the step above them (none once a line at the margin
    /// that is no item ends it), under the headings inside that step above them.
    func testEachGuideRowCarriesItsStepAndHeadingsFromTheFile() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        var checked = 0, underHeadings = 0
        for guide in try guides() {
            let rows = try Fixtures.rows(kb, """
                SELECT line, step, heading_path FROM v_guidance WHERE family = 'how-to-test' AND source = ?
                UNION ALL SELECT line, step, heading_path FROM v_criteria WHERE family = 'how-to-test' AND source = ?
                """, [guide.source, guide.source])
            XCTAssertFalse(rows.isEmpty, guide.source)
            for row in rows {
                let line: Int = row["line"]
                let name = "\(guide.file.lastPathComponent):\(line)"
                // The step: the nearest numbered item above, unless a margin line ended it.
                var step: (number: Int, line: Int)?
                for index in stride(from: line - 1, through: 0, by: -1) {
                    let text = guide.lines[index]
                    if let number = GuideCorpusTests.stepNumber(text) { step = (number, index + 1); break }
                    if !text.trimmingCharacters(in: .whitespaces).isEmpty, GuideCorpusTests.indentation(text) == 0 { break }
                }
                XCTAssertEqual(row["step"] as Int?, step?.number, name)
                let path = (row["heading_path"] as String?)?.components(separatedBy: " › ") ?? []
                guard let step else {
                    XCTAssertEqual(path, [], name)
                    continue
                }
                // The headings inside the step above the row, nearest last (checks apart).
                let inside = GuideCorpusTests.headings(guide.lines, step.line..<max(step.line, line - 1))
                let named = inside.filter { !$0.check }.map(\.text)
                // Every heading of the path is one the file wrote there, in its order.
                var cursor = named.startIndex
                for part in path {
                    guard let found = named[cursor...].firstIndex(of: part) else {
                        XCTFail("\(name): \(part) is no heading of step \(step.number) above the row (\(named))")
                        break
                    }
                    cursor = found + 1
                }
                // The nearest heading above the row, if no check stands between, is its innermost
                // (a check closes the headings of its level: its own row is left out here).
                if let nearest = inside.last, !nearest.check, GuideCorpusTests.heading(guide.lines[line - 1])?.check != true {
                    XCTAssertEqual(path.last, nearest.text, name)
                    underHeadings += 1
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300)
        XCTAssertGreaterThan(underHeadings, 100)
        // The colour-contrast guide's manual steps survive as its sections.
        XCTAssertGreaterThanOrEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM v_guidance WHERE component = 'color-contrast' AND family = 'how-to-test'
            AND step = 2 AND heading_path = 'Manual testing › Getting started'
            """), 4)
    }

    /// `show` prints a guide's step as its sections: each heading once, where its notes start, a
    /// deeper one a level below.
    func testShowPrintsAGuideStepAsItsSections() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let text = AcceptanceCriteria.markdown(try kb.component("color-contrast", family: .howToTest))
        let manual = try XCTUnwrap(text.range(of: "\n#### Manual testing\n"))
        let started = try XCTUnwrap(text.range(of: "\n##### Getting started\n"))
        XCTAssertLessThan(manual.lowerBound, started.lowerBound)
        XCTAssertEqual(text.components(separatedBy: "#### Manual testing\n").count, 2)
        XCTAssertFalse(text.contains("\n\n\n"))
    }

    /// Every number listed under "Related WCAG" is the guide's citation, with its own line; none is
    /// guidance; `wcag` and `coverage` count them.
    func testRelatedWCAGNumbersAreCitationsWithTheirLines() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        var listed = 0
        for guide in try guides() {
            var inRelated = false
            for (index, text) in guide.lines.enumerated() {
                if text.hasPrefix("## ") { inRelated = text.lowercased().hasPrefix("## related wcag") }
                guard inRelated, text.hasPrefix("- ") else { continue }
                let number = text.dropFirst(2).prefix { $0.isNumber || $0 == "." }
                guard number.split(separator: ".").count == 3 else { continue }
                listed += 1
                // A criterion the guide cites twice is one row, at its first citation.
                let cited = try Fixtures.int(kb, """
                    SELECT count(*) FROM v_component_wcag WHERE family = 'how-to-test' AND source = ? AND sc = ? AND line <= ?
                    """, [guide.source, String(number), index + 1])
                XCTAssertEqual(cited, 1, "\(guide.file.lastPathComponent):\(index + 1) \(number)")
                XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_guidance WHERE source = ? AND line = ?", [guide.source, index + 1]), 0)
            }
        }
        XCTAssertEqual(listed, 32)
        let cites = try kb.wcagCitations(criterion: SCNumber("1.4.3"))
        XCTAssertTrue(cites.contains { $0.component == "color-contrast" && $0.family == .howToTest })
        let coverage = try kb.coverage(family: .howToTest, level: .aa)
        let useOfColor = try XCTUnwrap(coverage.rows.first { $0.sc == SCNumber("1.4.1") })
        XCTAssertTrue(useOfColor.manual.contains { $0.component == ComponentName(family: .howToTest, slug: "color-contrast") })
    }

    /// No guide row is a heading kept with its markup, and no placeholder gap stands on a line
    /// that holds words.
    func testNoHeadingAsTextAndNoInventedPlaceholder() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT text FROM v_guidance WHERE family = 'how-to-test' AND text LIKE '#%'"), [])
        for guide in try guides() {
            for gap in try Fixtures.rows(kb, "SELECT line FROM v_gaps WHERE family = 'how-to-test' AND source = ?", [guide.source]) {
                let line: Int = gap["line"]
                let words = TextCleaner.clean(String(guide.lines[line - 1].drop { $0 == " " || $0 == "-" || $0 == "*" }))
                XCTAssertEqual(words, "", "\(guide.file.lastPathComponent):\(line) holds content")
            }
        }
    }
}
