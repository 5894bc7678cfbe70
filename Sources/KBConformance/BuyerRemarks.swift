import KBModel
import KBQuery

/// The remarks a buyer reads for one success criterion and kind of product, in a stable order:
/// what fails and where (the component as the sources title it, the page or screen where the
/// results name one), for whom, with the tickets the testers' notes name; what automated checks
/// found, in the run's own words with counts; then what was verified to work. Never a file name, a
/// line, a row id, a bare rule id or a sentence addressed to the report's author: those are in
/// the trail (`ConformanceTrail`).
enum BuyerRemarks {
    /// How many failing components one remark names before it counts the rest.
    static let namedFailures = 3

    static func compose(level: AdherenceLevel, failed: [TestReport.Outcome], passed: [TestReport.Outcome],
                        automated: [AutomatedEvidence.Finding], web: Bool) -> [String] {
        var out: [String] = []
        out += failures(failed)
        if web { out += automatedFailures(automated) }
        if !passed.isEmpty {
            let names = passed.map(\.item.componentTitle).uniqued()
            out.append(RemarkWords.count(passed.count, "requirement", "requirements").capitalizedFirst
                       + " verified to work in " + RemarkWords.list(names, limit: 6, more: ("component", "components")) + ".")
        }
        let clean = web ? automated.filter { $0.passed > 0 && $0.failed == 0 } : []
        // Two rules are named; more are counted (the trail names each).
        if clean.count > 2 {
            out.append("Automated checks of " + RemarkWords.count(clean.count, "rule", "rules") + " found no failure.")
        } else if !clean.isEmpty {
            out.append("An automated check found no failure of " + RemarkWords.list(clean.map(ruleWords)) + ".")
        }
        if level == .notEvaluated {
            out.append(clean.isEmpty ? "Not evaluated for this report."
                       : "Not evaluated for this report: automated checks alone cannot show that it is met.")
        }
        return out
    }

    /// One sentence per failing component and page, in the order the rows come: `Not met in
    /// Checkbox on Checkout, for keyboard users: “…” (SHOP-123).`
    static func failures(_ failed: [TestReport.Outcome]) -> [String] {
        var groups: [(component: String, page: String?, rows: [TestReport.Outcome])] = []
        for o in failed {
            let page = RemarkWords.page(o.page)
            if let i = groups.firstIndex(where: { $0.component == o.item.componentTitle && $0.page == page }) {
                groups[i].rows.append(o)
            } else {
                groups.append((o.item.componentTitle, page, [o]))
            }
        }
        var out: [String] = groups.prefix(namedFailures).map { g in
            let whom = g.rows.compactMap { RemarkWords.audience(kind: $0.item.group, expectation: $0.item.expectation) }.uniqued()
            let what = g.rows.prefix(2).map { o in RemarkWords.quoted(o.item.expectation) }
            var sentence = "Not met in \(g.component)" + (g.page.map { " on \($0)" } ?? "")
            sentence += whom.isEmpty ? ": " : ", for " + RemarkWords.list(whom) + ": "
            sentence += RemarkWords.list(what + (g.rows.count > 2 ? [RemarkWords.count(g.rows.count - 2, "more requirement", "more requirements")] : []))
            let tickets = g.rows.flatMap { RemarkText.tickets(in: $0.note) }.uniqued()
            if !tickets.isEmpty { sentence += " (" + tickets.joined(separator: ", ") + ")" }
            return sentence + "."
        }
        if groups.count > namedFailures {
            let rest = groups.dropFirst(namedFailures)
            let tickets = rest.flatMap { $0.rows.flatMap { RemarkText.tickets(in: $0.note) } }.uniqued()
            out.append("Also not met in " + RemarkWords.list(rest.map(\.component).uniqued(), limit: 4, more: ("component", "components"))
                       + (tickets.isEmpty ? "" : " (" + tickets.joined(separator: ", ") + ")") + ".")
        }
        return out
    }

    /// `An automated check found 1 of 4 elements failing “Form elements must have labels” on
    /// https://shop.example/checkout.` One sentence for every rule that failed.
    static func automatedFailures(_ findings: [AutomatedEvidence.Finding]) -> [String] {
        let failing = findings.filter { $0.failed > 0 }
        guard !failing.isEmpty else { return [] }
        let parts = failing.map { f -> String in
            let nodes = f.passed > 0 ? "\(f.failed) of \(RemarkWords.count(f.failed + f.passed, "element", "elements"))"
                                     : RemarkWords.count(f.failed, "element", "elements")
            return nodes + " failing " + ruleWords(f)
        }
        let pages = failing.flatMap(\.failingPages).uniqued()
        return ["An automated check found " + RemarkWords.list(parts, limit: 4, more: ("failing rule", "failing rules"))
                + (pages.isEmpty ? "" : " on " + RemarkWords.list(pages, limit: 3, more: ("page", "pages"))) + "."]
    }

    /// A rule in words: axe's own `help` quoted, else the rule's id named as a rule.
    static func ruleWords(_ f: AutomatedEvidence.Finding) -> String {
        if let help = f.help, !help.isEmpty { return RemarkWords.quoted(help) }
        return "the automated rule \(f.rule)"
    }
}

extension String {
    /// The first letter a capital, the rest as written.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
