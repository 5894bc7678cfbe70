import A11yKB
import KBRender
import Foundation
import TestSupport
import XCTest

/// `report` and `coverage` with `--evidence` (issue 47), on the corpus's evidence files: the
/// WCAG-EM Report Tool's export (a person's outcomes per criterion and sampled page) and pa11y-ci
/// (automated failures whose codes name their criterion). Each output is read back by Python
/// (csv, json), and what the evidence adds is checked against the evidence files read by Python
/// too, never by a11ykb's own readers.
final class EvidenceReportCommandTests: XCTestCase {
    var kb: KnowledgeBase!

    override func setUpWithError() throws {
        (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
    }

    func evidence(_ path: String) throws -> String { try Fixtures.corpus("evidence").appendingPathComponent(path).path }

    /// A web button's checklist, every row passed, as a tester fills it: rows of web only, so
    /// that each success criterion's level is the one acr build gives the web component.
    func passedResults() throws -> String {
        let checklist = try kb.checklist(["web/button"], platform: .web)
        var csv = "id,fingerprint,result,note\n"
        for item in checklist.items where item.kind == .criterion { csv += "\(item.id),\(item.fingerprint),pass,\n" }
        let path = try Fixtures.temporaryFolder(self).appendingPathComponent("results.csv")
        try Data(csv.utf8).write(to: path)
        return path.path
    }

    /// What the WCAG-EM export says of one criterion, read by Python: the site's result and each
    /// sampled page's, as the rows they count as (passed, failed, n/a, not tested).
    func wcagEMOutcomes(_ file: String, requirement: String) throws -> [String: Int] {
        let json = try QueryFixtures.python("""
            import json, sys
            doc = json.load(open(sys.argv[1]))
            graph = doc['@graph'] if '@graph' in doc else [doc]
            audit = next(n for n in graph if isinstance(n.get('auditResult'), list))['auditResult']
            words = {'earl:passed': 'passed', 'earl:failed': 'failed', 'earl:inapplicable': 'n/a'}
            counts = {'passed': 0, 'failed': 0, 'n/a': 0, 'not tested': 0}
            for a in audit:
                if a.get('test', a.get('testRequirement')) != sys.argv[2]: continue
                for node, times in [(a, 1)] + [(p, len(p.get('subject') or [])) for p in a.get('hasPart', [])]:
                    outcome = (node.get('result') or {}).get('outcome')
                    if outcome: counts[words.get(outcome, 'not tested')] += times
            print(json.dumps(counts))
            """, [file, requirement])
        return try JSONDecoder().decode([String: Int].self, from: Data(json.utf8))
    }

    /// pa11y-ci's errors whose HTML_CodeSniffer code names `sc` (`1_4_3`), and their pages, read by Python.
    func pa11yErrors(_ file: String, sc: String) throws -> (count: Int, pages: [String]) {
        let out = try QueryFixtures.python("""
            import json, sys
            doc = json.load(open(sys.argv[1]))
            code = '.' + sys.argv[2].replace('.', '_') + '.'
            hits = [(url, i) for url, issues in doc['results'].items() for i in issues
                    if isinstance(i, dict) and i.get('type') == 'error' and code in i.get('code', '')]
            pages = []
            for url, _ in hits:
                if url not in pages: pages.append(url)
            print(json.dumps({'count': len(hits), 'pages': pages}))
            """, [file, sc])
        struct Found: Decodable { var count: Int; var pages: [String] }
        let found = try JSONDecoder().decode(Found.self, from: Data(out.utf8))
        return (found.count, found.pages)
    }

    func testReportCountsTheEvidenceBesideTheRowsAsAnACRDoes() throws {
        let results = try passedResults()
        let wcagEM = try evidence("wcag-em/wcag-em-v2.0-evaluation-report-wcag21.json")
        let pa11y = try evidence("pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json")
        let folder = try Fixtures.temporaryFolder(self)
        let bare = folder.appendingPathComponent("bare.csv").path, with = folder.appendingPathComponent("with.csv").path
        var run = try QueryFixtures.run(["report", results, "--format", "csv", "-o", bare], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        run = try QueryFixtures.run(["report", results, "--evidence", wcagEM, "--evidence", pa11y, "--format", "csv", "-o", with], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)

        func rows(_ path: String) throws -> (header: [String], bySC: [String: [String: String]]) {
            let records = try QueryFixtures.pythonCSV(path)
            let header = try XCTUnwrap(records.first)
            var bySC: [String: [String: String]] = [:]
            for r in records.dropFirst() where r[0] == "success criterion" {
                bySC[r[1]] = Dictionary(uniqueKeysWithValues: zip(header, r))
            }
            return (header, bySC)
        }
        let before = try rows(bare), after = try rows(with)
        XCTAssertFalse(before.header.contains("automated failed"), "no evidence, no evidence columns")
        XCTAssertEqual(Array(after.header.suffix(4)), ["automated failed", "automated passed", "automated cannot tell", "failing pages"])

        // 1.1.1: the person's outcomes of the WCAG-EM export count as rows, beside the tester's.
        let person = try wcagEMOutcomes(wcagEM, requirement: "WCAG2:non-text-content")
        XCTAssertGreaterThan(person["failed"] ?? 0, 0)
        let b = try XCTUnwrap(before.bySC["1.1.1"]), a = try XCTUnwrap(after.bySC["1.1.1"])
        for column in ["passed", "failed", "n/a", "not tested"] {
            XCTAssertEqual(Int(a[column]!)! - Int(b[column]!)!, person[column], "1.1.1 \(column)")
        }
        XCTAssertEqual(a["conformance"], Int(a["passed"]!)! > 0 ? "partially supports" : "does not support")
        XCTAssertTrue(a["failing pages"]?.contains("checkout") ?? false, a["failing pages"] ?? "")

        // 1.4.3: pa11y's errors are automated failures with their page, and fail the criterion.
        let contrast = try pa11yErrors(pa11y, sc: "1.4.3")
        XCTAssertGreaterThan(contrast.count, 0)
        let c = try XCTUnwrap(after.bySC["1.4.3"])
        XCTAssertEqual(Int(c["automated failed"]!), contrast.count)
        XCTAssertTrue(contrast.pages.allSatisfy { c["failing pages"]!.contains($0) }, c["failing pages"]!)
        XCTAssertTrue(["partially supports", "does not support"].contains(c["conformance"]!), c["conformance"]!)

        // Every criterion's level is the one acr build gives the web component over the same
        // evidence (4.1.1 Parsing aside, which the edition's errata settle): one mechanism.
        func input(_ path: String) throws -> NamedInput {
            NamedInput(name: (path as NSString).lastPathComponent, data: try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let files = try [wcagEM, pa11y].map(input)
        let report = try kb.report(results: try input(results).data, name: "results.csv", level: .aa, evidence: try kb.readEvidence(files))
        let built = try kb.buildConformanceReport(results: [try input(results)], axe: [], evidence: files, base: nil)
        var compared = 0
        for row in report.successCriteria where row.name != "4.1.1" {
            guard let level = built.report.chapters.first(where: { c in (c.criteria ?? []).contains { $0.num == row.name } }),
                  let web = built.report.adherence(chapter: level.id, criterion: row.name, component: "web") else { continue }
            XCTAssertEqual(row.tally.conformance.rawValue, web.level, row.name)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 40)

        // The summary names what the evidence fails; the markdown lists the files read.
        let markdown = try QueryFixtures.run(["report", results, "--evidence", wcagEM, "--evidence", pa11y], db: kb)
        XCTAssertTrue(markdown.stdout.contains("The 2 evidence files fail WCAG 1.1.1"), markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("- **Evidence**: WCAG-EM Report Tool 2.0.0: wcag-em-v2.0-evaluation-report-wcag21.json"), markdown.stdout)
    }

    func testCoverageSaysWhatTheEvidenceTestedBesideWhatThePlanCovers() throws {
        let wcagEM = try evidence("wcag-em/wcag-em-v2.0-evaluation-report-wcag21.json")
        let pa11y = try evidence("pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json")
        let out = try Fixtures.temporaryFolder(self).appendingPathComponent("coverage.json").path
        let run = try QueryFixtures.run(["coverage", "web/button", "--family", "web", "--evidence", wcagEM, "--evidence", pa11y,
                                         "--format", "json", "-o", out], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("the evidence tested"), run.stderr)
        let rows = try QueryFixtures.python("""
            import json, sys
            print(json.dumps({r['sc']: r for r in json.load(open(sys.argv[1]))}))
            """, [out])
        let bySC = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(rows.utf8)) as? [String: [String: Any]])
        // What the evidence files say, read by Python: a person judged 1.1.1 and 1.4.3, pa11y failed 1.4.3.
        for (sc, requirement) in [("1.1.1", "WCAG2:non-text-content"), ("1.4.3", "WCAG2:contrast-minimum")] {
            let person = try wcagEMOutcomes(wcagEM, requirement: requirement)
            let automated = try pa11yErrors(pa11y, sc: sc).count
            let byHand = (person["passed"] ?? 0) + (person["failed"] ?? 0) + (person["n/a"] ?? 0) > 0
            let expected = automated > 0 && byHand ? "both" : automated > 0 ? "automated" : byHand ? "manual" : "none"
            let row = try XCTUnwrap(bySC[sc])
            XCTAssertEqual(row["tested"] as? String, expected, sc)
            XCTAssertEqual(row["manual_passed"] as? Int, person["passed"], sc)
            XCTAssertEqual(row["manual_failed"] as? Int, person["failed"], sc)
            XCTAssertEqual(row["automated_failed"] as? Int, automated, sc)
        }
        // Without evidence, no such column.
        let plain = try QueryFixtures.run(["coverage", "web/button", "--family", "web", "--format", "csv"], db: kb)
        XCTAssertFalse(plain.stdout.split(separator: "\n").first?.contains("tested") ?? true)
    }

    func testEvidenceFormatAloneAndAResultsCSVAsEvidenceAreRefused() throws {
        let results = try passedResults()
        try assertRefusedInOneLine(["report", results, "--evidence-format", "pa11y", "--db", kb.path], saying: "--evidence-format goes with --evidence FILE")
        try assertRefusedInOneLine(["coverage", "web/button", "--evidence", results, "--db", kb.path], saying: "is a results CSV")
    }
}
