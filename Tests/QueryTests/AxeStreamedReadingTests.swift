import A11yKB
@testable import KBEvidence
@testable import KBQuery
import Foundation
import TestSupport
import XCTest

/// Issue 48: `explain` decoded whole axe runs, passes and inapplicable rules included, and held
/// about 200 times its input (a 34 MB run died allocating). It now skips what it does not explain
/// (`AxeResults.readFailures` over `JSONSpans`) and tells an axe run by its keys before any tree is
/// built. What is checked is the answer, never memory or time: the streamed reading gives what the
/// whole decoding gives, on the corpus's runs and on a large generated one.
final class AxeStreamedReadingTests: XCTestCase {
    /// The rule ids and node targets of what failed or could not be told, run by run.
    func failures(_ runs: [AxeResults]) -> [String] {
        var lines: [String] = []
        for run in runs {
            lines.append("run \(run.engine ?? "-") \(run.url ?? "-")")
            for r in run.violations + run.incomplete {
                let targets: [String] = r.nodes.map(\.target)
                lines.append(r.id + " " + r.tags.joined(separator: ",") + ": " + targets.joined(separator: " | "))
            }
        }
        return lines
    }

    func testTheCorpusRunsReadStreamedAsWhole() throws {
        let folder = try Fixtures.corpus("evidence/axe-multi")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files.count, 2)
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let streamed = try XCTUnwrap(AxeResults.streamedFailures(data), "\(file) is read streamed")
            XCTAssertEqual(failures(streamed), failures(try AxeResults.read(data)), file)
            XCTAssertTrue(streamed.allSatisfy { $0.passes.isEmpty && $0.inapplicable.isEmpty }, "the passes are skipped, not decoded")
            XCTAssertTrue(EvidenceReading.looksLikeAxe(data), file)
            XCTAssertEqual(EvidenceReading.detect(data), .axe, file)
        }
        // The other formats are never taken for axe by their keys.
        for other in ["lighthouse/lighthouse-sample_v2.json", "pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json",
                      "sarif/sarif-axe-4.10.2-w3citylights.sarif", "earl/earl-act-axe-core.json", "ibm-ace/ibm-ace-extension-panel-v3.1.67.json"] {
            let data = try Data(contentsOf: try Fixtures.corpus("evidence").appendingPathComponent(other))
            XCTAssertFalse(EvidenceReading.looksLikeAxe(data), other)
        }
    }

    /// A list of 20 runs of which most bytes are passes (strings with escapes, brackets and braces
    /// inside them): the violations and incomplete results streamed are those generated, and
    /// `explain` explains every node of them. (Not decoded whole here: that is what took gigabytes.)
    func testALargeGeneratedRunIsExplainedFromItsFailuresAlone() throws {
        // An element whose HTML holds quotes, brackets and braces in a string, escaped as JSON escapes them.
        func node(_ name: String) -> String {
            ##"{"html": "<div data-x=\"[{\\\"a\\\": \\\"}]\\\"}\">"## + name + ##" \u00e9</div>", "target": ["#"## + name
                + ##""], "any": [], "all": [], "none": []}"##
        }
        func rule(_ id: String, _ tags: String, _ nodes: [String]) -> String {
            #"{"id": ""# + id + #"", "impact": "serious", "tags": "# + tags + #", "help": "h", "nodes": ["# + nodes.joined(separator: ", ") + "]}"
        }
        var runs: [String] = []
        for page in 0..<20 {
            let passes = (0..<60).map { r in rule("pass-\(r)", #"["wcag2a", "wcag111"]"#, (0..<40).map { node("p\(r)x\($0)") }) }
            let violations = rule("button-name", #"["wcag2a", "wcag412"]"#, (0..<25).map { node("b\(page)x\($0)") })
            let incomplete = rule("color-contrast", #"["wcag2aa", "wcag143"]"#, [node("c\(page)")])
            runs.append(#"{"testEngine": {"name": "axe-core", "version": "4.10.2"}, "url": "https://example.com/"# + "\(page)" + #"", "passes": ["#
                        + passes.joined(separator: ",\n") + #"], "violations": ["# + violations + #"], "incomplete": ["# + incomplete
                        + #"], "inapplicable": [{"id": "video-caption", "tags": [], "nodes": []}]}"#)
        }
        let data = Data(("[\n" + runs.joined(separator: ",\n") + "\n]").utf8)
        XCTAssertGreaterThan(data.count, 4 << 20, "a run of the size that took gigabytes")
        let streamed = try XCTUnwrap(AxeResults.streamedFailures(data))
        XCTAssertEqual(streamed.count, 20)
        XCTAssertEqual(streamed.map(\.url), (0..<20).map { "https://example.com/\($0)" })
        XCTAssertEqual(failures(streamed).filter { $0.hasPrefix("color-contrast") }, (0..<20).map { "color-contrast wcag2aa,wcag143: #c\($0)" })
        XCTAssertEqual(streamed[3].violations.first?.nodes.count, 25)
        XCTAssertEqual(streamed[3].violations.first?.nodes.first?.html, #"<div data-x="[{\"a\": \"}]\"}">b3x0 é</div>"#)

        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let explained = try kb.explainEvidence(data, name: "large.json")
        XCTAssertEqual(explained.engine, "4.10.2")
        XCTAssertEqual(explained.nodeCount, 20 * 25 + 20, "every node of what failed or could not be told, none of the passes")
        XCTAssertEqual(Set(explained.rules.map(\.id)), ["button-name", "color-contrast"])
    }

    /// What the streamed reading does not take is refused as before, in words.
    func testAFieldOfAnotherTypeIsStillSaid() throws {
        let data = Data(#"{"violations": [{"id": 7, "tags": [], "nodes": []}], "incomplete": []}"#.utf8)
        XCTAssertNil(AxeResults.streamedFailures(data))
        XCTAssertThrowsError(try AxeResults.readFailures(data)) {
            XCTAssertTrue("\($0.localizedDescription)".contains("violations[0].id is not text"), "\($0)")
        }
    }
}
