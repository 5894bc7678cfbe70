import Foundation
import TestSupport
import XCTest

/// The corpus's blank SCRT template saved as the tool saves a tester's results, by Python's json
/// module: the same review as `TrustedTesterWorkbook` (its plan, in the SCRT's words: `Does Not
/// Apply` for DNA), each failure on the page its note names (`location`) with the note as the
/// tester's comment, every criterion numbered as an issue, and the fields the tool never set
/// written `undefined`, as its report page writes them. One test the 5.1.3 conditions do not
/// hold (`21.Z`, a copy of the last criterion) passes. Skips, saying why, where python3 is missing.
enum SCRTResults {
    static let template = "trusted-tester/scrt-SuccessCriteriaTT5.1.3-template.json"

    static let fillScript = """
        import json, sys
        src, dst, url, plan = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
        words = {'Pass': 'Pass', 'Fail': 'Fail', 'DNA': 'Does Not Apply', 'Not Tested': 'Not Tested'}
        reviews = json.load(open(src))
        review = reviews[0]
        review['Product'].update({'P_Name': "Mike's Cereal Shack", 'P_Location': url})
        review['Tester'].update({'T_fstnm': 'Ada', 'T_lstnm': 'Tester'})
        review['Criteria'].append(dict(review['Criteria'][-1], TestID=' 21.Z', TestResult='Pass'))
        for n, c in enumerate(review['Criteria']):
            c['IssueNo'] = 'Issue %d' % n
            c['location'] = 'undefined'
            test = ''.join(c['TestID'].split()).upper()
            if test not in plan: continue
            result, note = plan[test]
            c['TestResult'] = words[result]
            if note:
                screen, comment = note.split(': ', 1)
                c['location'] = url + screen.split()[0].lower()
                c['TesterComment'] = comment
        json.dump(reviews, open(dst, 'w'), indent=1)
        """

    /// The saved results in `folder`, for the product at `url` (ending in `/`).
    static func make(in folder: URL, url: String) throws -> URL {
        try TrustedTesterWorkbook.fill(template, by: fillScript, needing: "json", into: folder.appendingPathComponent("scrt-results.json"), url: url)
    }
}
