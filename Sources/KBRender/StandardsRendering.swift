/// The standards' answers: the WCAG catalogue, one criterion with what tests it, coverage, rules
/// found by a search. Lists are `Tabular`s (every format); a criterion and coverage also read as
/// a document on a terminal and as markdown.
import KBModel
import KBSearch
import KBQuery
import KBConformance

extension WCAGCriterion: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("sc"), .init("title"), .init("level"), .init("guideline"), .init("principle"), .init("version"), .init("status"),
        .init("components"), .init("act_rules"), .init("axe_rules"), .init("url"),
    ]
    public var cells: [Tabular.Value] {
        [.text(sc.description), .optional(title), .optional(level?.rawValue), .optional(guideline.map { g in guidelineTitle.map { "\(g) \($0)" } ?? g }),
         .optional(principleTitle), .optional(version), .optional(status), .int(components), .int(actRules), .int(axeRules),
         .optional(url)]
    }
}

extension RuleHit: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("kind"), .init("rule"), .init("name"), .init("criteria"), .init("related"), .init("description"),
    ]
    public var cells: [Tabular.Value] {
        [.text(kind.rawValue), .text(rule), .optional(name), .texts(criteria.written), .texts(related), .optional(description)]
    }
}

public enum StandardsRendering {
    /// Everything that tests a criterion, one row each: `via` is `magentaa11y`, `act` or `axe`.
    public static func tabular(_ tests: CriterionTests) -> Tabular {
        let c = tests.criterion
        var rows: [[Tabular.Value]] = []
        let sc = c.sc.description
        for m in tests.manual {
            rows.append([.text(sc), .text("magentaa11y"), .text(m.component), .optional(m.title), .text(m.family.rawValue),
                         .optional(m.platform?.rawValue), .text(m.link.rawValue), .optional(m.reason), .int(m.criteria), .texts([])])
        }
        // Trusted Tester's tests of it are tests by hand too, done by a certified tester.
        for id in CriterionRoutes.of(c.sc).trustedTester {
            rows.append([.text(sc), .text("trusted-tester"), .text(id), .null, .text("web"), .null, .text("tests"), .null, .null, .texts([])])
        }
        for r in tests.rules {
            rows.append([.text(sc), .text(r.kind.rawValue), .text(r.rule), .optional(r.name), .text("web"), .null,
                         .text(r.secondary ? "secondary" : "tests"), .optional(r.failed.map { "failed: \($0)" } ?? r.impact), .null,
                         .texts(r.related)])
        }
        return Tabular(columns: ["sc", "via", "id", "name", "family", "platform", "link", "detail", "criteria", "related"].map { .init($0) },
                       rows: rows)
    }

    /// One criterion as a page: what it is, then MagentaA11y's components by family and platform,
    /// the ACT rules and the axe rules that test it.
    /// Its text is a knowledge base's (a rule's name is axe's help as imported): markdown escapes
    /// each piece (`MarkdownText.inline`), and neither form keeps a control character.
    public static func text(_ tests: CriterionTests, markdown: Bool = false) -> String {
        TerminalText.text(criterionText(tests, markdown: markdown))
    }

    static func criterionText(_ tests: CriterionTests, markdown: Bool) -> String {
        var tests = tests
        if markdown {
            // The typed values (the number, the level, a platform, a link) are words of closed
            // sets with nothing markdown reads: only the text is escaped.
            func e(_ s: String) -> String { MarkdownText.inline(s) }
            var c = tests.criterion
            c.title = c.title.map(e); c.guideline = c.guideline.map(e)
            c.guidelineTitle = c.guidelineTitle.map(e); c.principleTitle = c.principleTitle.map(e); c.version = c.version.map(e)
            c.url = c.url.map(e)
            tests.criterion = c
            tests.manual = tests.manual.map { m in var m = m; m.component = e(m.component); return m }
            tests.rules = tests.rules.map { r in
                var r = r
                r.rule = e(r.rule); r.name = r.name.map(e); r.impact = r.impact.map(e); r.related = r.related.map(e)
                return r
            }
        }
        let c = tests.criterion
        let h1 = markdown ? "# " : "", h2 = markdown ? "\n## " : "\n", bullet = markdown ? "- " : "  "
        var out = h1 + "\(c.sc) \(c.title ?? "")" + (c.level.map { " (Level \($0.rawValue))" } ?? (c.status == "obsolete" ? " (obsolete in WCAG 2.2)" : "")) + "\n"
        var place: [String] = []
        if let g = c.guideline { place.append("guideline \(g)" + (c.guidelineTitle.map { " \($0)" } ?? "")) }
        if let p = c.principleTitle { place.append("principle \(p)") }
        if let v = c.version { place.append("since WCAG \(v)") }
        if !place.isEmpty { out += place.joined(separator: ", ") + "\n" }
        if let url = c.url { out += url + "\n" }

        out += h2 + "MagentaA11y, tested by hand (\(Set(tests.manual.map { "\($0.family.rawValue)/\($0.component)" }).count) components)\n"
        if tests.manual.isEmpty { out += bullet + "none\n" }
        for family in Family.allCases.reversed() {
            let ofFamily = tests.manual.filter { $0.family == family }
            guard !ofFamily.isEmpty else { continue }
            // Native components split by platform; a web or guide family has one platform only.
            var byPlatform: [(String, [ManualTest])] = []
            for m in ofFamily {
                let key = family == .native ? "\(family.rawValue), \(m.platform?.rawValue ?? "every platform")" : family.rawValue
                if let i = byPlatform.firstIndex(where: { $0.0 == key }) { byPlatform[i].1.append(m) } else { byPlatform.append((key, [m])) }
            }
            for (label, tests) in byPlatform {
                // A component once, with how it is linked (its page cites the criterion, or its
                // criteria were read as testing it); each inferred link's reason is in the rows.
                var links: [(component: String, kinds: [String])] = []
                for m in tests {
                    if let i = links.firstIndex(where: { $0.component == m.component }) {
                        if !links[i].kinds.contains(m.link.rawValue) { links[i].kinds.append(m.link.rawValue) }
                    } else {
                        links.append((m.component, [m.link.rawValue]))
                    }
                }
                let names = links.map { "\($0.component) (\($0.kinds.sorted().joined(separator: ", ")))" }
                out += bullet + "\(label): " + names.joined(separator: ", ") + "\n"
            }
        }
        for kind in [RuleKind.act, .axe] {
            let rules = tests.rules.filter { $0.kind == kind }
            out += h2 + (kind == .act ? "ACT rules" : "axe-core rules") + " (\(rules.filter { !$0.secondary }.count) test it"
                + (rules.contains(where: \.secondary) ? ", \(rules.filter(\.secondary).count) secondary" : "") + ")\n"
            if rules.isEmpty { out += bullet + "none\n" }
            for r in rules {
                var line = bullet + r.rule + (r.name.map { "  \($0)" } ?? "")
                var notes: [String] = []
                if r.secondary { notes.append("secondary: related, not a test of it") }
                if let impact = r.impact { notes.append(impact) }
                if !r.related.isEmpty { notes.append((kind == .axe ? "ACT " : "axe ") + r.related.joined(separator: ", ")) }
                if r.deprecated { notes.append("deprecated") }
                if !notes.isEmpty { line += "  [" + notes.joined(separator: "; ") + "]" }
                out += line + "\n"
            }
        }
        do {
            let routes = CriterionRoutes.of(c.sc)
            out += h2 + "Other standards\n"
            out += bullet + "Trusted Tester 5.1.3: " + (routes.trustedTester.isEmpty ? "no test" : routes.trustedTester.joined(separator: ", ")) + "\n"
            out += bullet + "Section 508: " + (routes.requiredBy508 ? "required (E205.4 electronic content, E207.2 software: WCAG 2.0 Level A and AA)"
                                                : "not required (508 takes in WCAG 2.0 Level A and AA only)")
            if !routes.functionalPerformance.isEmpty {
                out += "; functional performance " + routes.functionalPerformance.map { "\($0.id) \($0.handle)" }.joined(separator: ", ")
            }
            out += "\n" + bullet + "EN 301 549: \(routes.en301549[0]) (web), \(routes.en301549[1]) (software)\n"
        }
        return out
    }

    /// Where the criterion sits in Trusted Tester, Section 508 and EN 301 549, as data.
    public static func routes(_ c: WCAGCriterion) -> JSONValue {
        let r = CriterionRoutes.of(c.sc)
        return .object([("trusted_tester", .array(r.trustedTester.map(JSONValue.string))),
                        ("section_508_required", .bool(r.requiredBy508)),
                        ("functional_performance", .array(r.functionalPerformance.map { .object([("id", .string($0.id)), ("handle", .string($0.handle))]) })),
                        ("en_301_549", .object([("web", .string(r.en301549[0])), ("software", .string(r.en301549[1]))]))])
    }

    /// The disclaimer every coverage answer carries.
    public static let notConformance =
        "Covered means some test looks at the criterion; it is not conformance: only testing the product against every criterion says that."

    /// A component whose tests cover a criterion: `web/button`, `native/switch (ios)` for the tests
    /// of one platform.
    public static func name(_ covering: Coverage.CoveringComponent) -> String {
        covering.component.description + (covering.platform.map { " (\($0.rawValue))" } ?? "")
    }

    /// With evidence files read, columns more: how the evidence tested each criterion (`tested`:
    /// both, manual, automated, none), the automated elements failed, passed and cannot tell, a
    /// person's outcomes passed and failed, and the pages where it failed.
    public static func tabular(_ coverage: Coverage) -> Tabular {
        let evidence = coverage.evidenceRead
        let more = ["tested", "automated_failed", "automated_passed", "automated_cannot_tell", "manual_passed", "manual_failed", "failing_pages"]
        return Tabular(columns: (["sc", "title", "level", "status", "manual", "automated", "procedures"] + (evidence ? more : [])).map { .init($0) },
                       rows: coverage.rows.map { r in
                           [.text(r.sc.description), .optional(r.title), .text(r.level.rawValue), .text(r.status.rawValue),
                            .texts(r.manual.map(name)), .texts(r.automated), .texts(r.procedures)]
                               + (evidence ? r.evidence.map { e in
                                   [.optional(r.tested?.rawValue), .int(e.failed), .int(e.passed), .int(e.cannotTell),
                                    .int(e.manual.passed), .int(e.manual.failed), .texts(e.failingPages)]
                               } ?? [] : [])
                       })
    }

    /// The totals line: `42 criteria to AA: 10 both, 5 manual only, 20 automated only, 7 none`,
    /// and with evidence read, what it tested: `; the evidence tested 30: 5 both, ...`.
    public static func totals(_ coverage: Coverage) -> String {
        "\(coverage.rows.count) success criteria to level \(coverage.level.rawValue) over \(coverage.components) components: "
            + "\(coverage.total(.both)) both, \(coverage.total(.manual)) manual only, \(coverage.total(.automated)) automated only, "
            + "\(coverage.total(.none)) none"
            + (coverage.automatedCounted ? "; automated: what axe-core runs, and the ACT rules it implements (the others are procedures to follow by hand)"
                : " (automated rules test web content: not counted for native components)")
            + (coverage.evidenceRead ? "; " + tested(coverage) : "")
    }

    /// What the evidence files tested, against what the selection's tests cover.
    static func tested(_ coverage: Coverage) -> String {
        let some = coverage.rows.count - coverage.tested(.none)
        let uncovered = coverage.testedNotCovered
        return "the evidence tested \(some): \(coverage.tested(.both)) automated and by hand, \(coverage.tested(.automated)) automated only, "
            + "\(coverage.tested(.manual)) by hand only"
            + (uncovered.isEmpty ? "" : ", of which \(uncovered.count) no test here covers (" + uncovered.written.joined(separator: ", ") + ")")
    }

    /// A criterion's evidence in a few words: `automated: 3 failed, 12 passed; by hand: 2 passed`.
    static func evidenceWords(_ e: CriterionFindings) -> String {
        var parts: [String] = []
        if e.testedAutomatically {
            parts.append("automated: " + [("failed", e.failed), ("passed", e.passed), ("cannot tell", e.cannotTell)]
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", "))
        }
        let m = e.manual
        if e.testedByHand {
            parts.append("by hand: " + [("failed", m.failed), ("passed", m.passed), ("n/a", m.notApplicable)]
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }

    /// Coverage as markdown: a table of counts (manual and automated named when few), the totals, the disclaimer.
    public static func markdown(_ coverage: Coverage) -> String {
        func names(_ list: [String]) -> String { list.count <= 4 ? list.joined(separator: ", ") : "\(list.count): " + list.prefix(3).joined(separator: ", ") + ", …" }
        var out = "# WCAG coverage to level \(coverage.level.rawValue)\n\n"
        let evidence = coverage.evidenceRead
        out += MarkdownTable.render(header: ["SC", "Title", "Level", "Status", "Manual", "Automated", "Procedures (ACT, by hand)"]
                                        + (evidence ? ["Tested by the evidence"] : []), rows: coverage.rows.map {
            [$0.sc.description, $0.title ?? "", $0.level.rawValue, $0.status.rawValue, names($0.manual.map(name)), names($0.automated),
             names($0.procedures)] + (evidence ? [$0.evidence.map(evidenceWords) ?? ""] : [])
        })
        out += "\n" + totals(coverage) + ".\n\n" + notConformance + "\n"
        return out
    }

    /// Rules a search found, as a section after the components.
    public static func text(_ rules: Shown<RuleHit>, heading: (String) -> String = { $0 }) -> String {
        guard !rules.items.isEmpty else { return "" }
        var out = heading("Automated rules") + " (\(rules.total) match" + (rules.total == 1 ? "" : "es") + ", ACT and axe-core)\n"
        for r in rules.items {
            var line = "  \(r.kind.rawValue) \(r.rule)" + (r.name.map { "  \($0)" } ?? "")
            var notes: [String] = []
            if !r.criteria.isEmpty { notes.append("WCAG " + r.criteria.written.joined(separator: ", ")) }
            if !r.related.isEmpty { notes.append((r.kind == .axe ? "ACT " : "axe ") + r.related.joined(separator: ", ")) }
            line += notes.isEmpty ? "" : "  [" + notes.joined(separator: "; ") + "]"
            out += TerminalText.clean(line) + "\n"
        }
        return out
    }
}
