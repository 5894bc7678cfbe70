import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBStore
@testable import KBImport
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// Every line of a source is a fact, structure, or skipped with a reason; none is unaccounted.
/// `trace` and the import report the same account, since both run the same pipeline.
final class LineAccountingTests: XCTestCase {
    func testEveryLineOfBothCheckoutsIsAccountedFor() throws {
        // The MagentaA11y checkouts; the corpus's WCAG, ACT and axe-core folders are standards this
        // import does not read yet.
        let traces = try KnowledgeBase.trace([try Fixtures.corpus("magentaA11y-2026").path, try Fixtures.corpus("magentaA11y-2024").path])
        // Both checkouts, native and web, captions included.
        XCTAssertEqual(traces.filter { $0.path.contains("/documentation/native/") }.count, 42)
        XCTAssertEqual(traces.filter { $0.path.contains("/documentation/web/") }.count, 51)
        XCTAssertEqual(traces.filter { $0.path.hasSuffix(".vtt") }.count, 115)
        XCTAssertEqual(traces.filter { $0.path.contains("magentaA11y-2024") }.count, 43)
        let unaccounted = traces.flatMap { trace in
            trace.lines.filter { $0.disposition == .unaccounted }.map { "\(trace.path):\($0.number): \($0.details) | \($0.text)" }
        }
        XCTAssertEqual(unaccounted, [])
        // Every line of every file is in the account, once.
        for trace in traces where trace.format != nil {
            let text = try String(contentsOfFile: trace.path, encoding: .utf8)
            XCTAssertEqual(trace.lines.count, MarkdownOutline.splitLines(text).count, trace.path)
            XCTAssertEqual(trace.lines.map(\.number), Array(0..<trace.lines.count).map { $0 + 1 }, trace.path)
        }
        // A skipped line always says why.
        for trace in traces {
            for line in trace.lines where line.disposition == .skipped {
                XCTAssertFalse(line.details.joined().isEmpty, "\(trace.path):\(line.number)")
            }
        }
    }

    func testTheImportSummaryReportsNoUnaccountedLineForEitherCheckout() throws {
        for name in ["magentaA11y-2026", "magentaA11y-2024"] {
            let (_, summary) = try CorpusImports.checkout(name)
            XCTAssertEqual(summary.unaccountedLines, 0, name)
            XCTAssertEqual(summary.notices.filter { $0.message.hasPrefix("line not accounted for") }, [], name)
            XCTAssertTrue(ImportSummaryRendering.text(summary).contains(", 0 unaccounted lines"), name)
        }
    }

    /// Dispositions of a web entry, line by line, as `trace` shows them.
    func testRadioButtonLinesAreTheFactsStructureAndSkipsTheyAre() throws {
        let file = try Fixtures.corpus("magentaA11y-2026").appendingPathComponent("public/content/documentation/web/component/radio-button.md")
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.components, ["web/radio-button"])
        func line(_ n: Int) -> SourceTrace.Line { trace.lines[n - 1] }
        XCTAssertEqual(line(1).details, ["heading: aspect general"])
        XCTAssertEqual(line(3).details, ["title (How to test ...)"])
        XCTAssertEqual(line(7).details, ["heading: caption inside condensed"])
        XCTAssertEqual(line(11).disposition, .structure)
        XCTAssertTrue(line(11).details[0].hasPrefix("group: Test keyboard only"))
        XCTAssertEqual([line(13).table, line(13).kind], ["criteria", "keyboard"])
        XCTAssertEqual([line(21).table, line(21).kind], ["criteria", "gesture"])
        XCTAssertEqual(line(35).details, ["page link (Full information)"])
        XCTAssertEqual(line(58).table, "gherkin_steps")
        // The code example's fences and body, the live demo below it.
        XCTAssertEqual((89...105).map { line($0).table }, Array(repeating: "code_examples", count: 17))
        XCTAssertEqual(Set((107...120).map { line($0).details }), [["live HTML demo of the code example"]])
        XCTAssertEqual(line(414).table, "guidance")
        XCTAssertEqual([line(418).table, line(418).kind], ["component_wcag", "1.3.1"])
        XCTAssertEqual(line(428).details, ["heading: video caption"])
        // The video player is the page's recording, kept beside its captions' transcript.
        XCTAssertEqual(line(433).table, "videos")
        XCTAssertEqual(trace.count(.unaccounted), 0)
    }

    /// What no layer keeps is unaccounted: `trace` shows it and exits 1, and the import names it as
    /// a notice with its line and counts it in the summary.
    func testAnUnreadLineIsReportedByTraceAndByTheImport() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("toggle.md")
        try """
            ---
            title: "Toggle"
            owner: design team
            keyboard:
              tab: |
                Focus moves to the toggle
            ---

            ## Developer notes

            ### State
            - Use `aria-pressed`

            <marquee>Rendered as is</marquee>
            """.write(to: file, atomically: true, encoding: .utf8)
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.lines.filter { $0.disposition == .unaccounted }.map(\.number), [3, 14])
        XCTAssertEqual(trace.lines[2].details, ["front-matter key \"owner\" not read"])
        XCTAssertEqual(trace.lines[13].details, ["HTML block <marquee>"])
        XCTAssertEqual(trace.lines[5].table, "criteria")

        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([file.path])
        XCTAssertEqual(summary.unaccounted, [ImportSummary.Unaccounted(path: file.path, lines: 2)])
        XCTAssertEqual(summary.notices.filter { $0.message.hasPrefix("line not accounted for") }.map(\.line), [3, 14])
        XCTAssertTrue(ImportSummaryRendering.text(summary).contains("\(file.path):3: line not accounted for"))
        XCTAssertTrue(ImportSummaryRendering.text(summary).contains(", 2 unaccounted lines in 1 files"))
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM notices WHERE kind = 'unaccounted'"), 2)
    }

    /// The account of a caption file: header, cue numbers and timings, words, blank lines.
    func testCaptionLinesAreAccountedFor() throws {
        let file = try Fixtures.corpus("magentaA11y-2026").appendingPathComponent(
            "public/content/assets/media/video/web/radio/radioAndroidTalkback-en-US.vtt")
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.components, ["web/radio-button (captions)"])
        XCTAssertEqual(trace.lines[0].details, ["WebVTT header"])
        XCTAssertTrue(trace.lines.contains { $0.table == "announcements" && $0.kind == "transcript" })
        XCTAssertEqual(trace.count(.unaccounted), 0)
    }
}
