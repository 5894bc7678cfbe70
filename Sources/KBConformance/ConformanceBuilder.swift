import Foundation
import KBEvidence
import KBModel
import KBQuery

/// Evidence to an OpenACR report. Per success criterion of the catalog and per kind of product the
/// evidence speaks for (`web` for web components, `software` for native ones, as the catalogs name
/// them), the level is `Evidence.level` over:
/// - the results rows whose item tests that success criterion (`TestedSuccessCriteria`: the row's
///   own links, never another criterion its component cites);
/// - a person's outcomes another tool holds (`ManualEvidence`: WCAG-EM, Accessibility Insights),
///   counted as rows are, web only;
/// - the automated findings of every evidence file (axe-core, Lighthouse, pa11y, SARIF, EARL, IBM,
///   Accessibility Insights) that speak of it, each rule once over every file and page: elements
///   that failed, and rules that passed, web only (`AutomatedEvidence`).
/// The remarks are a buyer's (`BuyerRemarks`); where each level came from is the trail
/// (`ConformanceTrail`). A level the base report states is a person's word: where the evidence
/// gives another level (either way) the two disagree, and the report stands only when the lead
/// keeps the base's word (`keepBase`), which its remark then says. A base's notes without a level
/// word a criterion whose level the evidence sets. Section 508's functional performance criteria
/// follow from what failed (`FunctionalPerformance`). Chapters no evidence reaches come from the
/// base report, else stay Not Evaluated; what is still unsettled below AAA is the to-do list
/// (`pending`), which `ConformanceTodo` writes as a base to fill. The same evidence always gives
/// the same bytes: nothing depends on the clock, a dictionary's order, or the files' names.
public struct ConformanceBuild: Sendable {
    public var report: OpenACRReport
    /// Where the base's level and the evidence's disagree (in either direction).
    public var conflicts: [OpenACRProblem]
    /// Whether the base's levels were kept over the evidence's where they disagree.
    public var keptBase: Bool
    /// What the evidence does not settle below AAA: what a person still has to state.
    public var pending: [Pending]
    /// Rows of the results files that could not be counted, by file.
    public var unreadRows: [(file: String, problem: TestReport.Problem)]
    /// Results files whose rows carry no fingerprint: rows reworded since were counted as they stand.
    public var withoutFingerprints: [String]
    /// How many criteria of each chapter got each level, in the catalog's order.
    public var summary: [(chapter: OpenACRCatalog.Chapter, counts: [AdherenceLevel: Int])]
    /// Where each level came from: rows, files, lines, rules, nodes.
    public var trail: ConformanceTrail
    /// The base the build read (nil: none), which the to-do list extends.
    public var base: OpenACRReport?
    /// The evidence files read, their criteria mapped: what each holds, the tests that speak of no
    /// success criterion, and a person's findings that no level reads yet.
    public var evidence: [EvidenceRecord] = []

    /// A report the evidence alone cannot finish, with the base's other entries kept.
    public var todo: ConformanceTodo { ConformanceTodo(pending: pending, base: base, catalog: report.catalog ?? OpenACRCatalog.defaultID, built: report) }

    /// One criterion and kind of product the evidence does not settle. As data: the keys of
    /// `CodingKeys`, the criterion as it is written (`1.4.3`, `302.1`, `402.2.1`).
    public struct Pending: Sendable, Equatable, Encodable {
        public var chapter: String
        public var criterion: String
        public var title: String
        public var component: String
        /// Ids of results rows that test it but were left untested, blocked or marked n/a.
        public var rows: [String]
        /// The how-to-test guides that test it (`how-to-test/color-contrast`).
        public var guides: [String]
        /// axe rules that passed on it, which cannot by themselves show conformance.
        public var automatedPasses: [String]
        /// What would settle it, in words: the rows, the guides, or a person's judgement.
        public var settle: String

        /// The success criterion, for a criterion of a success-criteria chapter.
        public var sc: SCNumber? { chapter.hasPrefix("success_criteria") ? SCNumber(criterion) : nil }

        enum CodingKeys: String, CodingKey {
            case chapter, criterion, title, component, rows, guides, automatedPasses = "automated_passes", settle
        }
    }
}

package enum ConformanceBuilder {
    /// The OpenACR component a family's entries report as; nil for the how-to-test guides, whose
    /// checks hold for every kind of product the report speaks for.
    static func component(of family: Family) -> String? {
        switch family {
        case .web: "web"
        case .native: "software"
        case .howToTest: nil
        }
    }

    static func family(of item: ChecklistItem) -> Family? { ComponentName(item.component)?.family }

    /// `guides`: the how-to-test guides that test each success criterion, as `how-to-test/slug`.
    /// `evidence`: the files' findings with their criteria mapped (`EvidenceRecord.mappingCriteria`).
    package static func build(catalog: OpenACRCatalog, results: [TestReport], evidence files: [EvidenceRecord], base: OpenACRReport?,
                              titles: [SCNumber: String], guides: [SCNumber: [String]] = [:], keepBase: Bool = false) -> ConformanceBuild {
        var report = OpenACRReport()
        report.title = base?.title ?? ((base?.product?.name).map { "\($0) Accessibility Conformance Report" } ?? "Accessibility Conformance Report")
        report.product = base?.product ?? OpenACRReport.Product(name: "Unnamed product")
        report.author = base?.author ?? OpenACRReport.Contact(email: "")
        report.vendor = base?.vendor
        report.reportDate = base?.reportDate
        report.lastModifiedDate = base?.lastModifiedDate
        report.version = base?.version
        report.notes = base?.notes
        let automated = AutomatedEvidence(files)
        let manual = ManualEvidence(files)
        report.evaluationMethodsUsed = base?.evaluationMethodsUsed ?? methods(results, files, automated)
        report.legalDisclaimer = base?.legalDisclaimer
        report.license = base?.license
        report.repository = base?.repository
        report.feedback = base?.feedback
        report.relatedOpenACRs = base?.relatedOpenACRs
        report.catalog = catalog.id

        let outcomes = results.flatMap(\.outcomes)
        var claimed = Set(outcomes.compactMap { family(of: $0.item).flatMap(component(of:)) })
        // Every other tool's evidence is of the web: axe, Lighthouse, pa11y, IBM, WCAG-EM, Accessibility Insights.
        if files.contains(where: { !$0.findings.isEmpty }) { claimed.insert("web") }
        for chapter in base?.chapters ?? [] where chapter.id.hasPrefix("success_criteria") {
            for c in chapter.criteria ?? [] { for p in c.components ?? [] where p.name != "none" { claimed.insert(p.name) } }
        }
        // Checks of the guides alone name no kind of product: the report is then made for web, which
        // a base report that names its components changes.
        if claimed.isEmpty && outcomes.contains(where: { family(of: $0.item) == .howToTest }) { claimed.insert("web") }
        // The rows that test each success criterion, in the files' order, gathered once.
        var rowsBySC: [SCNumber: [TestReport.Outcome]] = [:]
        for o in outcomes { for sc in o.item.successCriteria { rowsBySC[sc, default: []].append(o) } }
        let eu = catalog.id.contains("-eu-")

        var conflicts: [OpenACRProblem] = []
        var pending: [ConformanceBuild.Pending] = []
        var records: [ConformanceTrail.Record] = []
        var levels: [SCNumber: [String: AdherenceLevel]] = [:]
        var failures: [FunctionalPerformance.Failure] = []
        var summary: [(chapter: OpenACRCatalog.Chapter, counts: [AdherenceLevel: Int])] = []

        // The success-criteria chapters first: the functional performance criteria read their levels.
        let ordered = catalog.chapters.filter { $0.wcagLevel != nil } + catalog.chapters.filter { $0.wcagLevel == nil }
        var chapters: [String: OpenACRReport.Chapter] = [:]
        for known in ordered {
            let given = base?.chapter(known.id)
            var chapter = OpenACRReport.Chapter(id: known.id, notes: given?.notes, disabled: given?.disabled)
            var counts: [AdherenceLevel: Int] = [:]
            defer { summary.append((known, counts)); chapters[known.id] = chapter }
            if given?.disabled == true { chapter.criteria = given?.criteria; continue }
            var criteria: [OpenACRReport.Criterion] = []
            for entry in known.criteria {
                let names = entry.components == ["none"] ? ["none"] : OpenACRCatalog.componentIDs.filter { entry.components.contains($0) && claimed.contains($0) }
                var components: [OpenACRReport.Component] = []
                for name in names {
                    let stated = base?.adherence(chapter: known.id, criterion: entry.id, component: name)
                    let statedLevel = stated?.level.flatMap { $0.isEmpty ? nil : AdherenceLevel(rawValue: $0) }
                    let statedNotes = stated?.notes.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
                    // What the evidence gives: a level and a buyer's remarks (nil: the chapter takes no evidence).
                    var found: (level: AdherenceLevel, remarks: [String])?
                    var record = ConformanceTrail.Record(chapter: known.id, criterion: entry.id, component: name, level: .notEvaluated,
                                                         evidenceLevel: nil, baseLevel: statedLevel, rows: [], rules: [], basedOn: [])
                    var settle: (rows: [String], passes: [String])?
                    if let wcag = known.wcagLevel, let sc = SCNumber(entry.id) {
                        let e = evidence(sc, component: name, rows: rowsBySC[sc] ?? [], automated: automated, manual: manual)
                        found = (e.evidence.level, e.remarks)
                        if e.evidence.level == .notEvaluated, name == "web", let parsing = parsing(sc, catalog: catalog) { found = parsing }
                        record.rows = e.rows.map(ConformanceTrail.Row.init)
                        record.rules = name == "web" ? (automated.trail[sc] ?? []) + manual.trail(sc) : []
                        if found!.level == .notEvaluated && wcag != .aaa { settle = (e.unsettled, name == "web" ? automated.passingRules(sc) : []) }
                        if eu { found!.remarks.append("EN 301 549: " + (name == "software" ? EN301549.softwareClause(sc) : EN301549.webClause(sc)) + ".") }
                        let final = statedLevel ?? found!.level
                        levels[sc, default: [:]][name] = final
                        if final == .partiallySupports || final == .doesNotSupport {
                            // What failed, with the Trusted Tester tests each failure may stand for.
                            if e.evidence.failed > 0 || statedLevel != nil { failures.append(.init(sc: sc, tests: [])) }
                            for f in (name == "web" ? automated.findings(sc) : []) where f.failed > 0 {
                                failures.append(.init(sc: sc, tests: f.trustedTesterTests))
                            }
                        }
                    } else if known.id == "functional_performance_criteria" {
                        let fpc = FunctionalPerformance.level(entry.id, handle: entry.handle, levels: levels, failures: failures, titles: titles)
                        found = (fpc.level, fpc.remarks)
                        record.basedOn = fpc.basedOn
                        if fpc.level == .notEvaluated { settle = ([], []) }
                    } else {
                        settle = ([], [])
                    }
                    record.evidenceLevel = found?.level
                    let evidenceLevel = found?.level ?? .notEvaluated
                    var level = evidenceLevel
                    var remarks = found?.remarks ?? ["Not evaluated for this report."]
                    if let statedLevel {
                        // A person's word: kept where the evidence says nothing or the same; where it
                        // says another level, a disagreement the lead must settle.
                        if evidenceLevel != .notEvaluated && evidenceLevel != statedLevel {
                            conflicts.append(OpenACRProblem(.conflict, chapter: known.id, criterion: entry.id, component: name,
                                "the base report says \(statedLevel.label), the evidence \(evidenceLevel.label)"))
                            remarks = (statedNotes.map { [$0] } ?? [])
                                + ["The level is the vendor's own assessment; the tests for this report found it \(evidenceLevel.words)."]
                                + (found?.remarks ?? [])
                        } else {
                            remarks = statedNotes.map { [$0] } ?? remarks
                        }
                        level = statedLevel
                        settle = nil
                    } else if let statedNotes {
                        remarks = [statedNotes]
                    }
                    if let settle, known.wcagLevel != .aaa {
                        pending.append(pendingEntry(known, entry, component: name, rows: settle.rows, passes: settle.passes,
                                                    guides: SCNumber(entry.id).flatMap { guides[$0] } ?? [], basedOn: record.basedOn, levels: levels))
                    }
                    record.level = level
                    records.append(record)
                    counts[level, default: 0] += 1
                    let notes = remarks.joined(separator: " ")
                    components.append(OpenACRReport.Component(name: name, adherence: .init(level: level.rawValue, notes: notes.isEmpty ? nil : notes)))
                }
                criteria.append(OpenACRReport.Criterion(num: entry.id, components: components))
            }
            chapter.criteria = criteria
        }
        report.chapters = catalog.chapters.compactMap { chapters[$0.id] }
        summary.sort { a, b in catalog.chapters.firstIndex(of: a.chapter)! < catalog.chapters.firstIndex(of: b.chapter)! }
        let order = Dictionary(uniqueKeysWithValues: catalog.chapters.enumerated().map { ($1.id, $0) })
        records.sort { (order[$0.chapter] ?? 0) < (order[$1.chapter] ?? 0) }
        pending.sort { (order[$0.chapter] ?? 0) < (order[$1.chapter] ?? 0) }
        let unread = results.flatMap { r in r.problems.map { (file: r.outcomes.first?.file ?? r.file ?? "", problem: $0) } }
        return ConformanceBuild(report: report, conflicts: conflicts, keptBase: keepBase, pending: pending, unreadRows: unread,
                                withoutFingerprints: results.filter { !$0.fingerprintsChecked }.compactMap(\.file), summary: summary,
                                trail: ConformanceTrail(records: records), base: base, evidence: files)
    }

    /// 4.1.1 Parsing for web content no test settles, by the edition's rule (`ParsingCriterion`).
    /// Software is left to a person: whether it is written in a markup language decides.
    static func parsing(_ sc: SCNumber, catalog: OpenACRCatalog) -> (level: AdherenceLevel, remarks: [String])? {
        guard sc == ParsingCriterion.sc, let rule = ParsingCriterion.rule(for: catalog) else { return nil }
        return (rule.level, [rule.note])
    }

    /// One entry of the to-do list, saying what would settle it.
    static func pendingEntry(_ chapter: OpenACRCatalog.Chapter, _ entry: OpenACRCatalog.Criterion, component: String, rows: [String],
                             passes: [String], guides: [String], basedOn: [String], levels: [SCNumber: [String: AdherenceLevel]]) -> ConformanceBuild.Pending {
        var ways: [String] = []
        if chapter.wcagLevel != nil {
            if !rows.isEmpty { ways.append("test the checklist rows " + RemarkWords.list(rows, limit: 5, more: ("row", "rows"))) }
            if !guides.isEmpty { ways.append("test it as the how-to-test guide " + RemarkWords.list(guides, limit: 3, more: ("guide", "guides")) + " says") }
            if !passes.isEmpty { ways.append("confirm by hand what the automated " + (passes.count == 1 ? "rule" : "rules") + " " + RemarkWords.list(passes) + " passed") }
            if ways.isEmpty { ways.append("a person's judgement: no checklist row or guide of the knowledge base tests it (or not-applicable, with the reason)") }
        } else if chapter.id == "functional_performance_criteria", !basedOn.isEmpty {
            let open = basedOn.compactMap { SCNumber($0) }.filter { levels[$0]?.values.contains(.notEvaluated) ?? false }
            ways.append("settle the success criteria it rests on: " + RemarkWords.list(open.map { $0.description }, limit: 8, more: ("other", "others")))
        } else {
            // `Chapter 4: Hardware` → `hardware`.
            let topic = (chapter.label.split(separator: ":").last.map(String.init) ?? chapter.label).trimmingCharacters(in: .whitespaces).lowercased()
            ways.append("a person's judgement: e.g. whether the product has \(topic) this criterion applies to"
                        + " (if the chapter does not apply, disable it with the reason)")
        }
        return ConformanceBuild.Pending(chapter: chapter.id, criterion: entry.id, title: entry.handle, component: component, rows: rows,
                                        guides: guides, automatedPasses: passes, settle: ways.joined(separator: "; or "))
    }

    /// How the report was made, when the base does not say: the methods and how much each covered,
    /// never the files' names (a buyer reads it; the trail names them).
    static func methods(_ results: [TestReport], _ evidence: [EvidenceRecord], _ automated: AutomatedEvidence) -> String {
        var parts: [String] = []
        let outcomes = results.flatMap(\.outcomes)
        let tested = outcomes.filter { $0.result != nil }
        if !results.isEmpty {
            let components = tested.map(\.item.componentTitle).uniqued().count
            let pages = tested.compactMap { RemarkWords.page($0.page) }.uniqued().count
            parts.append("Manual testing of MagentaA11y acceptance criteria by keyboard, screen reader and device settings: "
                         + RemarkWords.count(tested.count, "requirement", "requirements") + " tested in "
                         + RemarkWords.count(components, "component", "components")
                         + (pages > 0 ? " on " + RemarkWords.count(pages, "page or screen", "pages or screens") : "") + ".")
        }
        let runs = evidence.filter { $0.findings.contains { $0.mode == .automatic } }
        if !runs.isEmpty {
            // `axe-core 4.10.2, Lighthouse 13.4.1`: each tool once, with the versions its files name.
            var versions: [String: [String]] = [:], tools: [String] = []
            for r in runs {
                if versions[r.tool] == nil { tools.append(r.tool) }
                versions[r.tool, default: []] += r.version.map { [$0] } ?? []
            }
            let named = tools.map { tool in ([tool] + Set(versions[tool] ?? []).sorted()).joined(separator: " ") }
            parts.append("Automated testing with " + RemarkWords.list(named) + ": "
                         + RemarkWords.count(runs.count, "file", "files")
                         + (automated.pages.isEmpty ? "" : " over " + RemarkWords.count(automated.pages.count, "page", "pages"))
                         + "; automated passes alone never make a criterion Supports.")
        }
        let people = evidence.filter { $0.findings.contains { $0.mode == .manual } }
        if !people.isEmpty {
            let said = people.reduce(0) { $0 + $1.findings.filter { $0.mode == .manual }.count }
            let pages = Set(people.flatMap { $0.findings.filter { $0.mode == .manual }.compactMap(\.page) }).count
            parts.append("Manual evaluation recorded with " + RemarkWords.list(people.map(\.toolWords).uniqued()) + ": "
                         + RemarkWords.count(said, "outcome", "outcomes")
                         + (pages > 0 ? " over " + RemarkWords.count(pages, "page", "pages") : "") + ".")
        }
        return parts.isEmpty ? "No test evidence was given: every level comes from the vendor's own assessment or is Not Evaluated." : parts.joined(separator: " ")
    }

    struct Found {
        var evidence = Evidence()
        var remarks: [String] = []
        /// Every row that tests it for this kind of product, in the files' order.
        var rows: [TestReport.Outcome] = []
        /// Rows that test it but were not settled (untested, blocked, n/a).
        var unsettled: [String] = []
    }

    /// The rows and runs that speak of one success criterion for one kind of product, and the
    /// remarks a buyer reads. `rows`: those that test `sc`, of every kind of product.
    static func evidence(_ sc: SCNumber, component: String, rows testing: [TestReport.Outcome], automated: AutomatedEvidence,
                         manual: ManualEvidence = ManualEvidence([])) -> Found {
        var found = Found()
        found.rows = testing.filter { o in
            guard let family = ConformanceBuilder.family(of: o.item) else { return false }
            return family == .howToTest || ConformanceBuilder.component(of: family) == component
        }
        for o in found.rows { found.evidence.add(o.result) }
        let web = component == "web"
        // The other tools' findings, summed as `report` and `coverage` sum them.
        if web { found.evidence = found.evidence + CriterionEvidence.findings(sc, automated: automated, manual: manual).tally }
        // Another tool's manual failures first and its passes last, around the rows' and runs' remarks.
        found.remarks = (web ? manual.failures(sc) : [])
            + BuyerRemarks.compose(level: found.evidence.level, failed: found.rows.filter { $0.result == .fail },
                                   passed: found.rows.filter { $0.result == .pass },
                                   automated: web ? automated.findings(sc) : [], web: web)
            + (web ? manual.passes(sc) : [])
        found.unsettled = found.rows.filter { $0.result == nil || $0.result == .blocked || $0.result == .notApplicable }.map(\.item.id).uniqued()
        return found
    }
}
