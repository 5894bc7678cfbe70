import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
@testable import KBImport
@testable import a11ykb_fuzz
import KBConformance
import Foundation
import KBEvidence
import TestSupport
import XCTest

/// Inputs the fuzzer (scripts/fuzz) found, kept under Tests/fixtures/fuzz/: each goes through
/// exactly what the fuzz target runs, then through a real import.
final class FuzzRegressionTests: XCTestCase {
    static let folder = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/fuzz")

    static func inputs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.lastPathComponent != "README.md" }
            .sorted { $0.path < $1.path }
    }

    func testEveryFoundInputRunsThroughTheFuzzTarget() throws {
        for input in try Self.inputs() {
            fuzzOne(try Data(contentsOf: input))
        }
    }

    func testEveryFoundInputImportsOrIsNamed() throws {
        let inputs = try Self.inputs()
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths(inputs.map(\.path))
        let accounted = Set(summary.added.map(\.path) + summary.replaced.map(\.path) + summary.transcripts.map(\.path)
                            + summary.skipped.map(\.path) + summary.errors.map(\.path) + summary.superseded.map(\.superseded))
        for input in inputs {
            XCTAssertTrue(accounted.contains(input.path), "\(input.lastPathComponent) is imported, skipped or named as an error")
        }
    }

    /// The OpenACR seeds (the shapes of GSA's invalid example reports, written for a11ykb): each
    /// reaches the report reader through the fuzz target, and is refused for what its shape is.
    func testOpenACRSeedsReachTheReportReaderAndAreRefused() throws {
        let expected: [String: OpenACRProblem.Kind] = [
            "openacr-not-a-report.yaml": .schema, "openacr-wrong-types.yaml": .schema,
            "openacr-unknown-criteria.yaml": .catalog, "openacr-unknown-components.yaml": .catalog,
            "openacr-unknown-terms.yaml": .catalog,
        ]
        for (name, kind) in expected {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            XCTAssertTrue(fuzzOne(data).contains("openacr"), "\(name) reaches OpenACRReading")
            let (report, problems) = try OpenACRReading.read(String(decoding: data, as: UTF8.self))
            let all = problems + OpenACRCheck.check(report, catalog: "2.5-edition-wcag-2.2-en")
            XCTAssertTrue(all.contains { $0.kind == kind }, "\(name): \(all.map(\.message))")
        }
    }

    /// Every evidence file of the corpus (the fuzz run's seeds) reaches its reader through the fuzz
    /// target, told from its content.
    func testEvidenceSeedsReachTheirReaders() throws {
        let folder = try Fixtures.corpus("evidence")
        let expected: [String: EvidenceFormat] = [
            "axe-multi/axe-cli-4.10.2-w3citylights.json": .axe, "lighthouse/lighthouse-sample_v2.json": .lighthouse,
            "pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json": .pa11y, "sarif/sarif-axe-4.10.2-basic-document-title.sarif": .sarif,
            "earl/earl-act-alfa.json": .earl, "wcag-em/wcag-em-example_export_v1.ld.json": .wcagEM,
            "ibm-ace/ibm-ace-extension-panel-v3.1.67.json": .ibm,
            "accessibility-insights/aiweb-2.26.0-assessment-AU-before.a11ywebassessment": .accessibilityInsights,
            "trusted-tester/tt-5.1.3-ICT-Review-Test-Results-Template.xlsm": .trustedTester,
            "trusted-tester/scrt-SuccessCriteriaTT5.1.3-template.json": .scrt,
        ]
        for (name, format) in expected {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            XCTAssertTrue(fuzzOne(data).contains("evidence " + format.rawValue), "\(name) reaches the \(format.rawValue) reader")
        }
        // A saved SCRT file (written for a11ykb in the tool's shape: the corpus holds only its blank template).
        let saved = try Data(contentsOf: Self.folder.appendingPathComponent("scrt-saved-results.json"))
        XCTAssertTrue(fuzzOne(saved).contains("evidence scrt"), "the saved SCRT seed reaches its reader")
    }

    /// The crashing cue times are not cue times: no utterance, no trap. Valid ones still read.
    func testMalformedCueTimesAreNotCues() throws {
        for name in ["vtt-crash-a938ec03-empty-seconds-in-end-time.vtt", "vtt-empty-seconds.vtt",
                     "vtt-overflowing-minutes.vtt", "vtt-overflowing-hours.vtt"] {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(try TranscriptReader.read(text, fileName: name).utterances, [], name)
        }
        XCTAssertNil(TranscriptReader.milliseconds("00:016080:."))
        XCTAssertNil(TranscriptReader.milliseconds("-1:00.000"))
        XCTAssertNil(TranscriptReader.milliseconds("00:1x.000"))
        XCTAssertEqual(TranscriptReader.milliseconds("00:01.640"), 1_640)
        XCTAssertEqual(TranscriptReader.milliseconds("01:02:03.5"), 3_723_500)
        XCTAssertEqual(TranscriptReader.milliseconds("999999999:00:00.000"), 999_999_999 * 3_600_000)
    }

    /// A list nested 2,000 levels deep, read on a thread with the 512 KB stack of a dispatch worker
    /// (where the import parses): the outline stops nesting at 32 levels, every item is kept.
    func testDeeplyNestedListDoesNotExhaustTheStack() throws {
        var text = "# Deep\n\n## iOS Developer Notes\n\n"
        for depth in 0..<2_000 { text += String(repeating: " ", count: depth) + "- Name: level \(depth)\n" }
        nonisolated(unsafe) var result: NormalizedEntry?
        nonisolated(unsafe) var failure: Error?
        let done = expectation(description: "read")
        let thread = Thread { [text] in
            do {
                let entry = try DocumentReader.read(text)
                result = try Normalizer.normalize(entry, hints: SourceHints(fallbackSlug: "deep"))
            } catch {
                failure = error
            }
            done.fulfill()
        }
        thread.stackSize = 512 << 10
        thread.start()
        wait(for: [done], timeout: 600)
        XCTAssertNil(failure)
        let guidance = try XCTUnwrap(result).guidance
        XCTAssertEqual(guidance.count, 2_000, "no item is lost")
        var depth: [Int: Int] = [:]
        for (index, fact) in guidance.enumerated() {
            depth[index] = fact.parent.map { (depth[$0] ?? 0) + 1 } ?? 0
        }
        XCTAssertEqual(depth.values.max(), MarkdownOutline.maxListDepth)
    }
}
