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
        // (4.1.1 Parsing is settled by the edition's rule, the 2023 errata, not by any test.)
        let levels = report.chapters.filter { $0.id.hasPrefix("success_criteria") }.flatMap { $0.criteria ?? [] }
            .filter { $0.num != "4.1.1" }.flatMap { $0.components ?? [] }.compactMap(\.adherence?.level)
        XCTAssertFalse(levels.contains("supports"), "\(Set(levels))")
        XCTAssertTrue(report.evaluationMethodsUsed?.contains("Lighthouse 13.4.1 and pa11y") ?? false, report.evaluationMethodsUsed ?? "")
        // The audits that name no criterion are counted, not dropped.
        XCTAssertTrue(built.evidence[0].unmappedTests.contains { $0.id == "heading-order" })
    }

    /// A person's outcomes another tool holds (the WCAG-EM Report Tool's, per sampled page) count
    /// as results rows do: beside Lighthouse's failures of the same criterion, partially
    /// supports, with both said, and the person's tool in the trail.
    func testAToolFailsAndAPersonPassesBothAreSaid() throws {
        let (kb, _) = try CorpusImports.checkout("axe-core")
        let person = try evidence("wcag-em/wcag-em-v2.0-evaluation-report-wcag21.json")
        let alone = try kb.buildConformanceReport(results: [], axe: [], evidence: [person], base: nil)
        // 1.1.1: failed on the checkout page, passed on three others: the person's word alone.
        let manual = try XCTUnwrap(alone.report.adherence(chapter: "success_criteria_level_a", criterion: "1.1.1", component: "web"))
        XCTAssertEqual(manual.level, "partially-supports")
        XCTAssertTrue(manual.notes?.contains("Not met on Example and http://www/example.org/checkout/ in a manual evaluation (WCAG-EM Report Tool 2.0.0)") ?? false,
                      manual.notes ?? "")
        XCTAssertTrue(manual.notes?.contains("Verified to work by hand on 3 pages (WCAG-EM Report Tool 2.0.0).") ?? false, manual.notes ?? "")
        XCTAssertTrue(alone.report.evaluationMethodsUsed?.contains("Manual evaluation recorded with WCAG-EM Report Tool 2.0.0: 82 outcomes") ?? false,
                      alone.report.evaluationMethodsUsed ?? "")

        // With Lighthouse's flow, which fails 1.1.1 too: one level, the tool's finding and the
        // person's word side by side in the remark and the trail.
        let both = try kb.buildConformanceReport(results: [], axe: [], evidence: [try evidence("lighthouse/lighthouse-sample-flow-result.json"), person], base: nil)
        let alt = try XCTUnwrap(both.report.adherence(chapter: "success_criteria_level_a", criterion: "1.1.1", component: "web"))
        XCTAssertEqual(alt.level, "partially-supports")
        let notes = alt.notes ?? ""
        XCTAssertTrue(notes.contains("in a manual evaluation (WCAG-EM Report Tool 2.0.0)") && notes.contains("An automated check found")
                      && notes.contains("Verified to work by hand"), notes)
        let rules = both.trail.records.first { $0.criterion == "1.1.1" && $0.component == "web" }?.rules ?? []
        XCTAssertTrue(rules.contains { $0.tool == "WCAG-EM Report Tool 2.0.0" && $0.outcome == "passed" && $0.page == "http://www/example.org/" })
        XCTAssertTrue(rules.contains { $0.tool == "Lighthouse 13.4.1" && $0.outcome == "failed" })
    }

    func testAFileOfNoKnownFormatIsRefusedNamingTheFormats() throws {
        let (kb, _) = try CorpusImports.checkout("axe-core")
        XCTAssertThrowsError(try kb.buildConformanceReport(results: [], axe: [], evidence: [NamedInput(name: "notes.txt", data: Data("hello".utf8))], base: nil)) {
            XCTAssertEqual($0.localizedDescription, "notes.txt is of no evidence format a11ykb reads; read: "
                           + EvidenceFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// Another tool's failures explained as an axe run's: pa11y's two codes are two rules, their
    /// criteria from the codes, their elements the nodes, each matched to a component.
    func testPa11yFailuresAreExplainedForTestingByHand() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let input = try evidence("pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json")
        let explained = try kb.explainEvidence(input.data, name: input.name)
        XCTAssertEqual(explained.rules.count, 2)
        XCTAssertEqual(explained.nodeCount, 10)
        XCTAssertEqual(explained.url, "https://about.gitlab.com/")
        let contrast = try XCTUnwrap(explained.rules.first { $0.id.hasSuffix("G18.Fail") })
        XCTAssertEqual(contrast.successCriteria.map(\.sc.description), ["1.4.3"])
        XCTAssertTrue(contrast.nodes.allSatisfy { $0.component?.known == true }, "\(contrast.nodes.map { $0.component?.name ?? "-" })")
        // An axe run is explained as before.
        let axe = try kb.explainEvidence(try evidence("axe-multi/axe-cli-4.10.2-w3citylights.json").data, name: "axe.json")
        XCTAssertEqual(axe.engine, "4.10.2")
    }
}
