import A11yKB
import Foundation
import TestSupport
import XCTest

/// A conformance report built from other tools' evidence: a Lighthouse user flow (three pages with
/// the accessibility category) and pa11y-ci, over a knowledge base that holds axe-core's rules
/// (which map the audits Lighthouse passed, whose report names no criterion).
final class EvidenceConformanceTests: XCTestCase {
    func evidence(_ path: String) throws -> NamedInput {
        let url = try Fixtures.corpus("evidence").appendingPathComponent(path)
        return NamedInput(name: url.lastPathComponent, data: try Data(contentsOf: url))
    }

    func testLighthouseFlowAndPa11yMakeOneReportNamingThePages() throws {
        let (kb, _) = try CorpusImports.checkout("axe-core")
        let built = try kb.buildConformanceReport(results: [], axe: [], evidence: [
            try evidence("lighthouse/lighthouse-sample-flow-result.json"),
            try evidence("pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json"),
        ], base: nil)
        let report = built.report
        // Contrast fails on a flow step and on GitLab's page: one criterion, both pages named, and
        // Lighthouse's passes on the other steps make it partial, never a pass.
        let contrast = try XCTUnwrap(report.adherence(chapter: "success_criteria_level_aa", criterion: "1.4.3", component: "web"))
        XCTAssertEqual(contrast.level, "partially-supports")
        let notes = contrast.notes ?? ""
        XCTAssertTrue(notes.contains("https://www.mikescerealshack.co/search?q=call+of+duty") && notes.contains("https://about.gitlab.com/"), notes)
        // Where each came from: the tool, its version, the file and the page.
        let rules = built.trail.records.first { $0.criterion == "1.4.3" && $0.component == "web" }?.rules ?? []
        XCTAssertTrue(rules.contains { $0.tool == "Lighthouse 13.4.1" && $0.rule == "color-contrast" && $0.outcome == "failed" && $0.nodes == 24 })
        XCTAssertTrue(rules.contains { $0.tool == "pa11y" && $0.page == "https://about.gitlab.com/" && $0.nodes == 9 })
        // Automated passes alone never make supports.
        let levels = report.chapters.filter { $0.id.hasPrefix("success_criteria") }.flatMap { $0.criteria ?? [] }
            .flatMap { $0.components ?? [] }.compactMap(\.adherence?.level)
        XCTAssertFalse(levels.contains("supports"), "\(Set(levels))")
        XCTAssertTrue(report.evaluationMethodsUsed?.contains("Lighthouse 13.4.1 and pa11y") ?? false, report.evaluationMethodsUsed ?? "")
        // The audits that name no criterion are counted, not dropped.
        XCTAssertTrue(built.evidence[0].unmappedTests.contains { $0.id == "heading-order" })
    }

    /// A person's outcomes from another tool (the WCAG-EM Report Tool) are read and kept with the
    /// build, and set no level: a person's word reaches a level through the results CSV.
    func testAPersonsOutcomesFromAnotherToolSetNoLevel() throws {
        let (kb, _) = try CorpusImports.checkout("axe-core")
        let built = try kb.buildConformanceReport(results: [], axe: [], evidence: [try evidence("wcag-em/wcag-em-v2.0-evaluation-report-wcag21.json")],
                                                  base: nil)
        XCTAssertEqual(built.evidence.first?.findings.filter { $0.mode == .manual }.count, 80)
        XCTAssertEqual(built.report.adherence(chapter: "success_criteria_level_a", criterion: "1.1.1", component: "web")?.level, nil)
    }

    func testAFileOfNoKnownFormatIsRefusedNamingTheFormats() throws {
        let (kb, _) = try CorpusImports.checkout("axe-core")
        XCTAssertThrowsError(try kb.buildConformanceReport(results: [], axe: [], evidence: [NamedInput(name: "notes.txt", data: Data("hello".utf8))], base: nil)) {
            XCTAssertEqual($0.localizedDescription, "notes.txt is of no evidence format a11ykb reads; read: "
                           + EvidenceFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }
}
