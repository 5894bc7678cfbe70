import Foundation
import KBEvidence
import TestSupport
import XCTest

/// Each evidence reader against an independent reading of the same corpus file in Python (plain
/// `json`, `csv`): the pages, the tests, the findings and the outcomes per success criterion must
/// be the same. The Python side maps criteria from the tools' own data and W3C's wcag.json, never
/// from a11ykb's tables. Each skips, saying why, where python3 or the corpus is missing.
final class EvidenceReaderTests: XCTestCase {
    /// The reader's counts as the Python script writes its own: criteria by number, outcomes by name.
    static func summary(_ record: EvidenceRecord) -> [String: Any] {
        var criteria: [String: [String: Int]] = [:]
        for (sc, counts) in record.outcomesByCriterion {
            criteria[sc.description] = Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
        }
        return ["pages": Set(record.pages).count, "tests": Set(record.findings.map(\.test.id)).count,
                "findings": record.findings.count, "criteria": criteria]
    }

    /// Reads `file` (below the corpus's evidence folder) with a11ykb and with `reader` (Python,
    /// defining `read(path) -> (pages, findings)` with each finding `(test, outcome, [sc])`), and
    /// compares; `made` reads a file the test made instead. Returns the record for further checks.
    @discardableResult
    func compare(_ file: String, as format: EvidenceFormat, _ reader: String, at made: URL? = nil) throws -> EvidenceRecord {
        let folder = try Fixtures.corpus("evidence")
        let url = made ?? folder.appendingPathComponent(file)
        let data = try Data(contentsOf: url)
        XCTAssertEqual(EvidenceReading.detect(data), format, "\(file) is told from its content")
        let record = try EvidenceReading.read(data, file: url.lastPathComponent)
        XCTAssertEqual(record.format, format)
        let ours = try Fixtures.temporaryFolder(self).appendingPathComponent("ours.json")
        try JSONSerialization.data(withJSONObject: Self.summary(record), options: [.sortedKeys]).write(to: ours)
        let wcag = try Fixtures.corpus("wcag").appendingPathComponent("wcag.json").path
        let script = """
            import json, sys, re, collections
            WCAG = {}
            for p in json.load(open(sys.argv[3]))['principles']:
                for g in p['guidelines']:
                    for s in g['successcriteria']:
                        WCAG[s['id']] = s['num']
            def axe_tag(t):
                m = re.fullmatch(r'wcag(\\d)(\\d)(\\d+)', t)
                return '%s.%s.%d' % (m.group(1), m.group(2), int(m.group(3))) if m else None
            \(reader)
            pages, findings = read(sys.argv[1])
            criteria = collections.defaultdict(collections.Counter)
            for test, outcome, scs in findings:
                for sc in sorted(set(scs)):
                    criteria[sc][outcome] += 1
            theirs = {'pages': len(set(pages)), 'tests': len({t for t, _, _ in findings}), 'findings': len(findings),
                      'criteria': {sc: dict(c) for sc, c in criteria.items()}}
            ours = json.load(open(sys.argv[2]))
            if ours != theirs:
                for key in ['pages', 'tests', 'findings']:
                    if ours[key] != theirs[key]: print(key, 'a11ykb', ours[key], 'python', theirs[key])
                for sc in sorted(set(ours['criteria']) | set(theirs['criteria'])):
                    if ours['criteria'].get(sc) != theirs['criteria'].get(sc):
                        print(sc, 'a11ykb', ours['criteria'].get(sc), 'python', theirs['criteria'].get(sc))
                sys.exit(1)
            print(theirs['pages'], theirs['tests'], theirs['findings'], len(theirs['criteria']))
            """
        let run = try python(script, [url.path, ours.path, wcag, folder.path])
        XCTAssertEqual(run.status, 0, "\(file): a11ykb and Python differ:\n" + run.stdout + run.stderr)
        return record
    }

    func python(_ script: String, _ arguments: [String]) throws -> Fixtures.Run {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let probe = try Fixtures.runProcess(env, ["python3", "-c", "import json"], environment: nil)
        if probe.status != 0 { throw XCTSkip("python3 is missing: the independent reader is skipped") }
        return try Fixtures.runProcess(env, ["python3", "-c", script] + arguments, environment: nil)
    }

    static let axeReader = """
        def read(path):
            d = json.load(open(path))
            runs = d if isinstance(d, list) else [d]
            pages, out = [], []
            for run in runs:
                if run.get('url'): pages.append(run['url'])
                for key, outcome in [('violations', 'failed'), ('incomplete', 'cannot tell'), ('passes', 'passed'), ('inapplicable', 'inapplicable')]:
                    for rule in run.get(key, []):
                        scs = [s for s in map(axe_tag, rule.get('tags', [])) if s]
                        n = 1 if key == 'inapplicable' else max(1, len(rule.get('nodes', [])))
                        out += [(rule['id'], outcome, scs)] * n
            return pages, out
        """

    func testAxeCLIList() throws {
        let record = try compare("axe-multi/axe-cli-4.10.2-w3citylights.json", as: .axe, Self.axeReader)
        XCTAssertEqual(record.outcomeCounts[.failed], 67)
        XCTAssertEqual(record.toolWords, "axe-core 4.10.2")
    }

    func testAxePuppeteerObject() throws {
        try compare("axe-multi/axe-core-4.10.2-puppeteer-v1-w3citylights.json", as: .axe, Self.axeReader)
    }

    static let lighthouseReader = """
        def read(path):
            d = json.load(open(path))
            lhrs = [d] if 'lighthouseVersion' in d else [s['lhr'] for s in d['steps']]
            pages, out = [], []
            for lhr in lhrs:
                cat = lhr['categories'].get('accessibility')
                if not cat: continue
                pages.append(lhr.get('finalDisplayedUrl') or lhr.get('finalUrl') or lhr.get('requestedUrl'))
                for ref in cat['auditRefs']:
                    a = lhr['audits'][ref['id']]
                    mode = a['scoreDisplayMode']
                    if mode == 'notApplicable': outcome = 'inapplicable'
                    elif mode == 'manual': outcome = 'untested'
                    elif mode in ('binary', 'numeric'): outcome = 'passed' if a['score'] == 1 else 'failed'
                    else: continue
                    details = a.get('details') or {}
                    scs = [s for s in map(axe_tag, (details.get('debugData') or {}).get('tags', [])) if s]
                    nodes = [i for i in details.get('items', []) if 'node' in i]
                    n = len(nodes) if outcome == 'failed' and nodes else 1
                    out += [(ref['id'], outcome, scs)] * n
            return pages, out
        """

    func testLighthouseReport() throws {
        let record = try compare("lighthouse/lighthouse-sample_v2.json", as: .lighthouse, Self.lighthouseReader)
        // The corpus's own count: 15 audits pass and 5 fail.
        XCTAssertEqual(record.findings.filter { $0.outcome == .passed }.count, 15)
        XCTAssertEqual(Set(record.findings.filter { $0.outcome == .failed }.map(\.test.id)).count, 5)
    }

    func testLighthouseFlowStepsArePages() throws {
        let record = try compare("lighthouse/lighthouse-sample-flow-result.json", as: .lighthouse, Self.lighthouseReader)
        // Four steps, three with the accessibility category, two on one address.
        XCTAssertEqual(record.pages.count, 3)
    }

    static let pa11yReader = """
        def read(path):
            d = json.load(open(path))
            pages, out = list(d['results']), []
            for url, issues in d['results'].items():
                for i in issues:
                    if 'code' not in i: continue
                    parts = i['code'].split('.')
                    sc = parts[3].replace('_', '.') if parts[0].startswith('WCAG2') and len(parts) > 3 else None
                    out.append((i['code'], 'failed' if i.get('type', 'error') == 'error' else 'cannot tell', [sc] if sc else []))
            return pages, out
        """

    func testPa11yCIWithErrors() throws {
        let record = try compare("pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json", as: .pa11y, Self.pa11yReader)
        XCTAssertEqual(record.outcomesByCriterion.first { $0.sc.description == "1.4.3" }?.counts[.failed], 9)
    }

    func testPa11yCIWithoutErrorsStillNamesItsPage() throws {
        let record = try compare("pa11y/pa11y-ci-gitlab-pa11y.org-without-errors.json", as: .pa11y, Self.pa11yReader)
        XCTAssertEqual(record.pages, ["https://pa11y.org/"])
    }

    static let sarifReader = """
        def read(path):
            d = json.load(open(path))
            pages, out = [], []
            for run in d['runs']:
                rules = run['tool']['driver'].get('rules', [])
                pages += [a['location']['uri'] for a in run.get('artifacts', [])]
                for r in run['results']:
                    rule = rules[r['ruleIndex']] if 'ruleIndex' in r else next((x for x in rules if x['id'] == r['ruleId']), {})
                    kind = r.get('kind', 'fail')
                    outcome = {'pass': 'passed', 'fail': 'failed', 'open': 'cannot tell', 'review': 'cannot tell', 'notApplicable': 'inapplicable'}.get(kind)
                    if not outcome: continue
                    scs = [s for s in (axe_tag(x['target']['id']) for x in rule.get('relationships', [])) if s]
                    out.append((r.get('ruleId', rule.get('id')), outcome, scs))
                    for loc in r.get('locations', [])[:1]:
                        uri = loc.get('physicalLocation', {}).get('artifactLocation', {}).get('uri')
                        if uri: pages.append(uri)
            return pages, out
        """

    func testSARIFFromAxe() throws {
        let record = try compare("sarif/sarif-axe-4.10.2-w3citylights.sarif", as: .sarif, Self.sarifReader)
        // The corpus's count: 67 fail, 590 pass, 2 open, 64 not applicable.
        XCTAssertEqual(record.outcomeCounts, [.failed: 67, .passed: 590, .cannotTell: 2, .inapplicable: 64])
    }

    func testSARIFOneRule() throws {
        try compare("sarif/sarif-axe-4.10.2-basic-document-title.sarif", as: .sarif, Self.sarifReader)
    }

    /// Both layouts: the flat list with tests inside (axe-core), and nodes linked by `@id` (Alfa).
    static let earlReader = """
        def local(t): return t.split(':')[-1]
        def types(n):
            t = n.get('@type', n.get('type', []))
            return [local(x) for x in (t if isinstance(t, list) else [t])]
        def get(n, k):
            for key in (k, 'earl:' + k, 'dct:' + k):
                if isinstance(n, dict) and key in n: return n[key]
        def read(path):
            d = json.load(open(path))
            graph = d['@graph'] if isinstance(d, dict) else d
            nodes = {n['@id']: n for n in graph if '@id' in n}
            def resolve(v):
                if isinstance(v, str): return nodes.get(v, v)
                if isinstance(v, dict) and list(v) == ['@id']: return nodes.get(v['@id'], v)
                return v
            pages, out = [], []
            pairs = [(a, None) for a in graph if 'Assertion' in types(a)]
            pairs += [(a, n) for n in graph for a in (get(n, 'assertions') or [])]
            outcomes = {'passed': 'passed', 'failed': 'failed', 'cantTell': 'cannot tell', 'inapplicable': 'inapplicable', 'untested': 'untested'}
            for a, parent in pairs:
                outcome = outcomes.get(local(get(get(a, 'result') or {}, 'outcome') or ''))
                test = resolve(get(a, 'test'))
                if not outcome or test is None: continue
                tid = get(test, 'title') or (test.get('@id') if isinstance(test, dict) else test)
                tid = tid.split('?')[0].rstrip('/').split('/')[-1] if '/' in tid else tid
                parts = get(test, 'isPartOf') or []
                parts = parts if isinstance(parts, list) else [parts]
                scs = []
                for p in parts:
                    ref = p if isinstance(p, str) else p.get('@id', '')
                    slug = local(ref.split('#')[-1])
                    if slug in WCAG: scs.append(WCAG[slug])
                subject = parent or resolve(get(a, 'subject'))
                pages.append(get(subject, 'source') or subject.get('url') or subject.get('@id'))
                out.append((tid, outcome, scs))
            return pages, out
        """

    func testEARLFlatAssertions() throws {
        let record = try compare("earl/earl-act-axe-core.json", as: .earl, Self.earlReader)
        XCTAssertEqual(record.tool, "axe-core")
        XCTAssertEqual(Set(record.findings.map(\.test.id)).count, 52, "the corpus's count: 52 rules")
    }

    func testEARLLinkedNodes() throws {
        let record = try compare("earl/earl-act-alfa.json", as: .earl, Self.earlReader)
        XCTAssertEqual(record.toolWords, "Alfa 0.118.0")
        XCTAssertEqual(record.findings.count, 777, "the corpus's count: 777 assertions")
    }

    /// WCAG 2.0's ids of the criteria data format v1 uses: W3C's WCAG 2.0 anchors, typed here.
    static let wcagEMReader = """
        WCAG20 = {'text-equiv-all': '1.1.1', 'media-equiv-av-only-alt': '1.2.1', 'media-equiv-captions': '1.2.2',
            'media-equiv-audio-desc': '1.2.3', 'content-structure-separation-programmatic': '1.3.1',
            'content-structure-separation-sequence': '1.3.2', 'content-structure-separation-understanding': '1.3.3',
            'visual-audio-contrast-without-color': '1.4.1', 'visual-audio-contrast-dis-audio': '1.4.2',
            'keyboard-operation-keyboard-operable': '2.1.1', 'keyboard-operation-trapping': '2.1.2',
            'time-limits-required-behaviors': '2.2.1', 'time-limits-pause': '2.2.2', 'seizure-does-not-violate': '2.3.1',
            'navigation-mechanisms-skip': '2.4.1', 'navigation-mechanisms-title': '2.4.2', 'navigation-mechanisms-focus-order': '2.4.3',
            'navigation-mechanisms-refs': '2.4.4', 'meaning-doc-lang-id': '3.1.1', 'consistent-behavior-receive-focus': '3.2.1',
            'consistent-behavior-unpredictable-change': '3.2.2', 'minimize-error-identified': '3.3.1', 'minimize-error-cues': '3.3.2',
            'ensure-compat-parses': '4.1.1', 'ensure-compat-rsv': '4.1.2',
            # WCAG 2.1's ids that WCAG 2.2 (W3C's wcag.json here) renamed or dropped.
            'target-size': '2.5.5', 'parsing': '4.1.1'}
        def read(path):
            ev = next(n for n in json.load(open(path))['@graph'] if 'auditResult' in n)
            names = {}
            for sample in ('structuredSample', 'randomSample'):
                for p in ev.get(sample, {}).get('webpage', []):
                    names[p['id']] = p.get('source') or p.get('description') or p.get('title') or p.get('handle') or p['id']
            site = ev['evaluationScope']['website']
            pages = [site.get('siteName') or site.get('title') or 'the website'] + list(names.values())
            outcomes = {'earl:passed': 'passed', 'earl:failed': 'failed', 'earl:cantTell': 'cannot tell',
                        'earl:inapplicable': 'inapplicable', 'earl:untested': 'untested'}
            out = []
            for a in ev['auditResult']:
                slug = (a.get('test') or a.get('testRequirement')).split(':')[-1]
                sc = WCAG.get(slug) or WCAG20.get(slug)
                for node, count in [(a, 1)] + [(p, len(p['subject'])) for p in a.get('hasPart', [])]:
                    o = outcomes.get(node['result'].get('outcome'))
                    if o: out += [(sc or slug, o, [sc] if sc else [])] * count
            return pages, out
        """

    func testWCAGEMToolV2() throws {
        let record = try compare("wcag-em/wcag-em-v2.0-evaluation-report-wcag21.json", as: .wcagEM, Self.wcagEMReader)
        // The corpus's count: 78 criteria of WCAG 2.1 AA, 2.5.5 and 4.1.1 under their WCAG 2.1 ids.
        XCTAssertEqual(Set(record.findings.map(\.test.id)).count, 78)
        XCTAssertTrue(record.unmappedTests.isEmpty, "\(record.unmappedTests)")
    }

    func testWCAGEMDataFormatV3() throws {
        try compare("wcag-em/wcag-em-example_export_v3.ld.json", as: .wcagEM, Self.wcagEMReader)
    }

    func testWCAGEMDataFormatV1() throws {
        let record = try compare("wcag-em/wcag-em-example_export_v1.ld.json", as: .wcagEM, Self.wcagEMReader)
        XCTAssertTrue(record.findings.allSatisfy { $0.mode == .manual })
    }

    /// IBM's table as the corpus keeps it (IBM's source), not a11ykb's copy.
    static let ibmReader = """
        import csv, os
        def read(path):
            table = {}
            rows = [r for r in csv.reader(open(os.path.join(sys.argv[4], 'ibm-ace', 'ibm-rules-wcag.tsv')), delimiter='\\t') if r and not r[0].startswith('#')]
            for r in rows[1:]:
                scs = [s for s in r[2].split(',') if s]
                table[r[0]] = scs
                for old in filter(None, r[1].split(',')): table.setdefault(old, scs)
            d = json.load(open(path))
            out = []
            for r in d['results']:
                policy, verdict = r['value'][0].upper(), r['value'][1].upper()
                if verdict == 'PASS': o = 'passed'
                elif verdict == 'FAIL': o = 'failed' if policy == 'VIOLATION' else 'cannot tell'
                elif verdict in ('POTENTIAL', 'MANUAL'): o = 'cannot tell'
                else: continue
                out.append((r['ruleId'], o, table.get(r['ruleId'], [])))
            return [d['summary']['URL']], out
        """

    func testIBMExtensionPanel() throws {
        let record = try compare("ibm-ace/ibm-ace-extension-panel-v3.1.67.json", as: .ibm, Self.ibmReader)
        XCTAssertEqual(record.toolWords, "accessibility-checker 3.1.67")
    }

    func testIBMKarmaWithPasses() throws {
        let record = try compare("ibm-ace/ibm-ace-karma-JSONObjectStructureVerification-v3.0.0.json", as: .ibm, Self.ibmReader)
        XCTAssertEqual(record.outcomeCounts[.passed], 102)
    }

    /// The saved assessment's requirements mapped by the tool's own export, read from that file.
    static let insightsAssessmentReader = """
        import os
        def read(path):
            export = json.load(open(os.path.join(sys.argv[4], 'accessibility-insights', 'aiweb-2.28.0-assessment-json-export-from-jest-snapshot.json')))
            table = collections.defaultdict(set)
            for r in export['results']:
                for k in ('requirementsFailed', 'requirementsPassed', 'requirementsIncomplete'):
                    for q in r.get(k, []): table[q['requirementKey']].add(r['wcagNumber'])
            data = json.load(open(path))['assessmentData']
            out = []
            for name, a in data['assessments'].items():
                for step, status in (a.get('testStepStatus') or {}).items():
                    o = {0: 'passed', 1: 'untested', 2: 'failed'}.get(status['stepFinalResult'])
                    if o: out.append((step, o, sorted(table.get(step, []))))
            return [data['persistedTabInfo']['url']], out
        """

    func testAccessibilityInsightsSavedAssessment() throws {
        let record = try compare("accessibility-insights/aiweb-2.26.0-assessment-AU-before.a11ywebassessment", as: .accessibilityInsights,
                                 Self.insightsAssessmentReader)
        // The corpus's count: 142 steps, 53 pass, 84 unknown, 5 fail.
        XCTAssertEqual(record.outcomeCounts, [.passed: 53, .untested: 84, .failed: 5])
    }

    static let insightsExportReader = """
        def read(path):
            d = json.load(open(path))
            out = []
            for r in d['results']:
                for k, o in (('requirementsFailed', 'failed'), ('requirementsPassed', 'passed'), ('requirementsIncomplete', 'untested')):
                    for q in r.get(k, []):
                        n = max(1, len(q.get('instances', []))) if o == 'failed' else 1
                        out += [(q['requirementKey'], o, [r['wcagNumber']])] * n
            return [d['url']], out
        """

    func testAccessibilityInsightsExport() throws {
        try compare("accessibility-insights/aiweb-2.28.0-assessment-json-export-from-jest-snapshot.json", as: .accessibilityInsights,
                    Self.insightsExportReader)
    }

    /// The Trusted Tester workbook read with openpyxl: the Results sheet's rows under the header
    /// naming `Test IDs`, each test's id its group's number and its letter, its criteria those
    /// the corpus's SuccessCriteriaTT5.1.3.json gives it (WCAG-numbered ones), its page the Report
    /// sheet's URL.
    static let trustedTesterConditions = """
        def tt_conditions():
            import os
            conditions = json.load(open(os.path.join(sys.argv[4], '..', 'trusted-tester', 'SuccessCriteriaTT5.1.3.json')))[0]['Criteria']
            return {''.join(str(c['TestID']).split()).upper(): [s.strip() for s in str(c['CrtID']).split(',') if re.fullmatch(r'\\d+\\.\\d+\\.\\d+', s.strip())] for c in conditions}
        """

    static let trustedTesterReader = trustedTesterConditions + "\n" + """
        def read(path):
            import openpyxl
            tt = tt_conditions()
            wb = openpyxl.load_workbook(path)
            ws = wb['Results']
            header = next(r for r in range(1, 30) if any(str(ws.cell(r, c).value or '').strip() == 'Test IDs' for c in range(1, 30)))
            cols = {str(ws.cell(header, c).value).strip(): c for c in range(1, 30) if ws.cell(header, c).value}
            words = {'pass': 'passed', 'fail': 'failed', 'dna': 'inapplicable', 'not tested': 'untested', '--': 'untested', '': 'untested'}
            out, group = [], None
            for row in range(header + 1, ws.max_row + 1):
                head = str(ws.cell(row, cols['Test']).value or '').split(' ')[0]
                if head.isdigit(): group = head
                letter = str(ws.cell(row, cols['Test IDs']).value or '').strip()
                if not letter or group is None: continue
                test = group + '.' + letter.upper()
                out.append((test, words[str(ws.cell(row, cols['Test Results']).value or '').strip().lower()], tt.get(test, [])))
            report = wb['Report']
            urls = [report.cell(r, 5).value for r in range(1, 40) if str(report.cell(r, 4).value or '').startswith('URL')]
            return [u for u in urls if u], out
        """

    /// The blank template as a tester fills it (openpyxl, macros kept), read against openpyxl's
    /// own reading of the filled file.
    func testTrustedTesterWorkbookFilledByATester() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let filled = try TrustedTesterWorkbook.make(in: folder, url: "https://www.mikescerealshack.co/")
        let record = try compare("", as: .trustedTester, Self.trustedTesterReader, at: filled)
        XCTAssertEqual(record.toolWords, "Trusted Tester 5.1.3")
        XCTAssertEqual(record.pages, ["https://www.mikescerealshack.co/"])
        XCTAssertEqual(record.outcomeCounts, [.passed: 10, .failed: 2, .inapplicable: 7, .untested: 42])
        let label = try XCTUnwrap(record.findings.first { $0.test.id == "5.C" })
        XCTAssertEqual(label.outcome, .failed)
        XCTAssertEqual(label.mode, .manual)
        XCTAssertEqual(label.successCriteria.map(\.description), ["1.3.1", "4.1.2"])
        XCTAssertEqual(label.words, "Search screen: the search field has no programmatic label")
        XCTAssertEqual(label.position, "Results!F23")
        // The conformance requirement's tests (1.A-1.D) and 17.D test no success criterion: listed.
        XCTAssertEqual(record.unmappedTests.map(\.id), ["1.A", "1.B", "1.C", "1.D", "17.D"])
    }

    /// The blank templates, the workbook and the SCRT's JSON, are told from their content and
    /// read: every test untested, no page, the Trusted Tester version; the workbook under another
    /// name (a .zip) reads the same.
    func testTheBlankTrustedTesterTemplatesAreEveryTestUntested() throws {
        for (template, format) in [(TrustedTesterWorkbook.template, EvidenceFormat.trustedTester), (SCRTResults.template, .scrt)] {
            let data = try Data(contentsOf: Fixtures.corpus("evidence").appendingPathComponent(template))
            XCTAssertEqual(EvidenceReading.detect(data), format)
            let record = try EvidenceReading.read(data, file: "results.zip")
            XCTAssertEqual(record.outcomeCounts, [.untested: 61], template)
            XCTAssertEqual(Set(record.findings.map(\.test.id)).count, 61, template)
            XCTAssertEqual(record.pages, [], template)
            XCTAssertEqual(record.version, "5.1.3", template)
        }
    }

    /// The SCRT's saved results read with Python's json: each criterion's test id without its
    /// spaces, its result in the tool's words, its criteria those the corpus's
    /// SuccessCriteriaTT5.1.3.json gives the test (none for a test it does not hold), its page the
    /// criterion's location, else the product's, a field the tool never set (`undefined`) none.
    static let scrtReader = trustedTesterConditions + "\n" + """
        def read(path):
            tt = tt_conditions()
            words = {'pass': 'passed', 'fail': 'failed', 'does not apply': 'inapplicable', 'not tested': 'untested', '': 'untested'}
            def value(v):
                v = str(v or '').strip()
                return '' if v in ('undefined', 'null') else v
            pages, out = [], []
            for review in json.load(open(path)):
                product = value(review['Product'].get('P_Location')) or value(review['Product'].get('P_Name'))
                if product: pages.append(product)
                for c in review['Criteria']:
                    test = ''.join(c['TestID'].split()).upper()
                    page = value(c.get('location')) or product
                    if page: pages.append(page)
                    out.append((test, words[value(c.get('TestResult')).lower()], tt.get(test, [])))
            return pages, out
        """

    /// The blank SCRT template saved as a tester saves it, read against Python's own reading of
    /// the saved file: the workbook's review, each failure on its page.
    func testSCRTResultsSavedByATester() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let saved = try SCRTResults.make(in: folder, url: "https://www.mikescerealshack.co/")
        let record = try compare("", as: .scrt, Self.scrtReader, at: saved)
        XCTAssertEqual(record.toolWords, "Trusted Tester (SCRT) 5.1.3")
        XCTAssertEqual(record.pages, ["https://www.mikescerealshack.co/", "https://www.mikescerealshack.co/search",
                                      "https://www.mikescerealshack.co/corrections"])
        XCTAssertEqual(record.outcomeCounts, [.passed: 11, .failed: 2, .inapplicable: 7, .untested: 42])
        let label = try XCTUnwrap(record.findings.first { $0.test.id == "5.C" })
        XCTAssertEqual(label.outcome, .failed)
        XCTAssertEqual(label.mode, .manual)
        XCTAssertEqual(label.page, "https://www.mikescerealshack.co/search")
        XCTAssertEqual(label.successCriteria.map(\.description), ["1.3.1", "4.1.2"])
        XCTAssertEqual(label.words, "Issue 17: the search field has no programmatic label")
        XCTAssertEqual(label.position, "[0].Criteria[17]")
        XCTAssertEqual(label.trustedTesterTests, ["5.C"])
        // A pass with no comment says nothing more; the stray space of ` 7.A` and `7. D` is read away.
        let image = try XCTUnwrap(record.findings.first { $0.test.id == "7.A" })
        XCTAssertEqual(image.outcome, .passed)
        XCTAssertNil(image.words)
        XCTAssertEqual(image.page, "https://www.mikescerealshack.co/")
        XCTAssertNotNil(record.findings.first { $0.test.id == "7.D" && !$0.successCriteria.isEmpty })
        // The conformance requirement's tests, 17.D and the test 5.1.3 does not hold name no criterion: listed.
        XCTAssertEqual(record.unmappedTests.map(\.id), ["1.A", "1.B", "1.C", "1.D", "17.D", "21.Z"])
    }

    /// A zip bomb is refused from the zip's own directory before a byte is inflated (a part of
    /// 200 MB of zeros, 200 kB packed), so is a zip of 20,000 entries, each in one line, exit 2;
    /// a zip with no workbook in it says so.
    func testAZipBombIsRefusedInOneLine() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let make = try python("""
            import zipfile, sys
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('[Content_Types].xml', '<Types/>')
                with z.open('xl/worksheets/sheet1.xml', 'w', force_zip64=True) as part:
                    for _ in range(200): part.write(bytes(1 << 20))
            with zipfile.ZipFile(sys.argv[2], 'w') as z:
                for i in range(20000): z.writestr('x/%d' % i, '')
            with zipfile.ZipFile(sys.argv[3], 'w') as z:
                z.writestr('notes.txt', 'hello')
            """, ["bomb.xlsm", "many.xlsm", "plain.zip"].map { folder.appendingPathComponent($0).path })
        XCTAssertEqual(make.status, 0, make.stderr)
        let kb = try Fixtures.seededKnowledgeBase(self)
        for (name, says) in [("bomb.xlsm", "is a zip that unpacks to more than 128 MB: no evidence file does; not read"),
                             ("many.xlsm", "is a zip that holds more than 10000 entries: no evidence file does; not read"),
                             ("plain.zip", "is a zip holding no Trusted Tester results workbook")] {
            let run = try QueryFixtures.run(["evidence", folder.appendingPathComponent(name).path], db: kb)
            XCTAssertEqual(run.status, 2, name)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(name + " " + says), run.stderr)
        }
    }

    /// A file of no known format is one error that names the formats read; so is a list of
    /// reviews with no product or tester form (criteria alone are not the SCRT's file).
    func testUnknownFileNamesTheFormatsRead() throws {
        for data in [Data(#"{"hello": "world"}"#.utf8), Data(#"[{"Criteria": [{"TestID": "4.A", "TestResult": "Pass"}]}]"#.utf8)] {
            XCTAssertNil(EvidenceReading.detect(data))
            XCTAssertThrowsError(try EvidenceReading.read(data, file: "x.json")) { error in
                let message = "\(error.localizedDescription)"
                XCTAssertTrue(message.contains("lighthouse") && message.contains("sarif") && message.contains("earl"), message)
            }
        }
        // Nesting past the limit is refused before the parser recurses.
        let deep = Data((String(repeating: "[", count: EvidenceReading.maxNesting + 1) + String(repeating: "]", count: EvidenceReading.maxNesting + 1)).utf8)
        XCTAssertThrowsError(try EvidenceReading.read(deep, file: "deep.json")) { error in
            XCTAssertTrue(error.localizedDescription.contains("nested deeper"), error.localizedDescription)
        }
    }

    /// `a11ykb evidence` on every corpus file prints its summary (JSON, read back by Python's json),
    /// and a file of no known format exits 2 with the list of formats read.
    func testTheCommandSummarisesEveryCorpusFileAndRefusesAnUnknownOne() throws {
        let folder = try Fixtures.corpus("evidence")
        let kb = try Fixtures.seededKnowledgeBase(self)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".sarif") || $0.hasSuffix(".a11ywebassessment") || $0.hasSuffix(".xlsm") }
        XCTAssertEqual(files.count, 19)
        let run = try QueryFixtures.run(["evidence"] + files.map { folder.appendingPathComponent($0).path } + ["--format", "json"], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let summary = try Fixtures.temporaryFolder(self).appendingPathComponent("summary.json")
        try Data(run.stdout.utf8).write(to: summary)
        let check = try python("""
            import json, sys
            records = json.load(open(sys.argv[1]))
            assert len(records) == 19, len(records)
            for r in records:
                assert r['tool'] and r['format'], r
                assert r['findings'] == sum(r['outcomes'].values()), r['file']
            print('ok')
            """, [summary.path])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let text = try QueryFixtures.run(["evidence", folder.appendingPathComponent("pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json").path], db: kb)
        XCTAssertTrue(text.stdout.contains("1.4.3 Contrast (Minimum): failed 9"), text.stdout)
        let blank = try QueryFixtures.run(["evidence", folder.appendingPathComponent(SCRTResults.template).path], db: kb)
        XCTAssertEqual(blank.status, 0, blank.stderr)
        XCTAssertTrue(blank.stdout.contains("Trusted Tester (SCRT) 5.1.3 (scrt)") && blank.stdout.contains("findings: 61 (untested 61) of 61 tests"), blank.stdout)
        let other = try Fixtures.temporaryFolder(self).appendingPathComponent("notes.json")
        try Data(#"{"notes": ["checked the menu"]}"#.utf8).write(to: other)
        let unknown = try QueryFixtures.run(["evidence", other.path], db: kb)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr.split(separator: "\n").count, 1, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("notes.json is of no evidence format a11ykb reads; read: axe, lighthouse, pa11y, sarif, earl, wcag-em, ibm, accessibility-insights, trusted-tester, scrt, results-csv"), unknown.stderr)
    }
}
