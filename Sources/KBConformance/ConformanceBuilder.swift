import Foundation
import KBModel
import KBQuery

/// Evidence to an OpenACR report. Per success criterion of the catalog and per kind of product the
/// evidence speaks for (`web` for web components, `software` for native ones, as the catalogs name
/// them), the level is `Evidence.level` over:
/// - the results rows whose item tests that success criterion (`TestedSuccessCriteria`: the row's
///   own links, never another criterion its component cites);
/// - the automated runs' rules tagged with it: violations (nodes) and passes (rules), web only.
/// A level the base report gives is kept; evidence that contradicts it (Supports or Not Applicable
/// over a failed row or a violation) is a conflict. Section 508's functional performance criteria
/// follow from the success criteria the Trusted Tester tests of each touch. Chapters no evidence
/// reaches come from the base report, else stay Not Evaluated. The same evidence always gives the
/// same bytes: nothing depends on the clock or on a dictionary's order.
public struct ConformanceBuild: Sendable {
    public var report: OpenACRReport
    /// Where the base's level and the evidence disagree.
    public var conflicts: [OpenACRProblem]
    /// Success criteria still Not Evaluated below AAA, with the rows that would settle them.
    public var pending: [Pending]
    /// Rows of the results files that could not be counted, by file.
    public var unreadRows: [(file: String, problem: TestReport.Problem)]
    /// Results files whose rows carry no fingerprint: rows reworded since were counted as they stand.
    public var withoutFingerprints: [String]
    /// How many criteria of each chapter got each level, in the catalog's order.
    public var summary: [(chapter: OpenACRCatalog.Chapter, counts: [AdherenceLevel: Int])]

    /// As data: the keys of `CodingKeys`, the success criterion as it is written (`1.4.3`).
    public struct Pending: Sendable, Equatable, Encodable {
        public var sc: SCNumber
        public var title: String
        public var component: String
        /// Ids of results rows that test it but were left untested, blocked or marked n/a.
        public var rows: [String]
        /// axe rules that passed on it, which cannot by themselves show conformance.
        public var automatedPasses: [String]

        enum CodingKeys: String, CodingKey { case sc, title, component, rows, automatedPasses = "automated_passes" }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(sc.description, forKey: .sc)
            try c.encode(title, forKey: .title)
            try c.encode(component, forKey: .component)
            try c.encode(rows, forKey: .rows)
            try c.encode(automatedPasses, forKey: .automatedPasses)
        }
    }
}

/// One axe-core results file: its name (as given) and its runs.
package struct AxeEvidence: Sendable {
    package var file: String
    package var runs: [AxeResults]
    package init(file: String, runs: [AxeResults]) { (self.file, self.runs) = (file, runs) }
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

    package static func build(catalog: OpenACRCatalog, results: [TestReport], axe: [AxeEvidence], base: OpenACRReport?,
                              titles: [SCNumber: String]) -> ConformanceBuild {
        var report = OpenACRReport()
        report.title = base?.title ?? ((base?.product?.name).map { "\($0) Accessibility Conformance Report" } ?? "Accessibility Conformance Report")
        report.product = base?.product ?? OpenACRReport.Product(name: "Unnamed product")
        report.author = base?.author ?? OpenACRReport.Contact(email: "")
        report.vendor = base?.vendor
        report.reportDate = base?.reportDate
        report.lastModifiedDate = base?.lastModifiedDate
        report.version = base?.version
        report.notes = base?.notes
        report.evaluationMethodsUsed = base?.evaluationMethodsUsed ?? methods(results, axe)
        report.legalDisclaimer = base?.legalDisclaimer
        report.license = base?.license
        report.repository = base?.repository
        report.feedback = base?.feedback
        report.relatedOpenACRs = base?.relatedOpenACRs
        report.catalog = catalog.id

        let outcomes = results.flatMap(\.outcomes)
        var claimed = Set(outcomes.compactMap { family(of: $0.item).flatMap(component(of:)) })
        if !axe.isEmpty { claimed.insert("web") }
        for chapter in base?.chapters ?? [] where chapter.id.hasPrefix("success_criteria") {
            for c in chapter.criteria ?? [] { for p in c.components ?? [] where p.name != "none" { claimed.insert(p.name) } }
        }
        // Checks of the guides alone name no kind of product: the report is then made for web, which
        // a base report that names its components changes.
        if claimed.isEmpty && outcomes.contains(where: { family(of: $0.item) == .howToTest }) { claimed.insert("web") }
        // The rows that test each success criterion, in the files' order, gathered once.
        var rowsBySC: [SCNumber: [TestReport.Outcome]] = [:]
        for o in outcomes { for sc in o.item.successCriteria { rowsBySC[sc, default: []].append(o) } }
        let axeBySC = AutomatedEvidence(axe)
        let eu = catalog.id.contains("-eu-")

        var conflicts: [OpenACRProblem] = []
        var pending: [ConformanceBuild.Pending] = []
        var levels: [SCNumber: [String: AdherenceLevel]] = [:]
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
                    var level: AdherenceLevel
                    var remarks: [String] = []
                    if let wcag = known.wcagLevel, let sc = SCNumber(entry.id) {
                        let found = evidence(sc, component: name, rows: rowsBySC[sc] ?? [], automated: axeBySC)
                        level = found.evidence.level
                        remarks = found.remarks
                        if level == .notEvaluated && wcag != .aaa && statedLevel == nil {
                            pending.append(.init(sc: sc, title: entry.handle, component: name, rows: found.unsettled,
                                                 automatedPasses: name == "web" ? axeBySC.passes(sc) : []))
                        }
                        if let statedLevel, (statedLevel == .supports || statedLevel == .notApplicable),
                           found.evidence.failed > 0 || found.evidence.violations > 0 {
                            conflicts.append(OpenACRProblem(.conflict, chapter: known.id, criterion: entry.id, component: name,
                                "the base report says \(statedLevel.label), the evidence \(level.label): \(found.evidence.failed) failed rows, \(found.evidence.violations) failing nodes"))
                        }
                        if eu { remarks.append("EN 301 549: " + (name == "software" ? EN301549.softwareClause(sc) : EN301549.webClause(sc)) + ".") }
                        levels[sc, default: [:]][name] = statedLevel ?? level
                    } else if known.id == "functional_performance_criteria" {
                        (level, remarks) = functionalPerformance(entry.id, levels: levels, titles: titles)
                    } else {
                        level = .notEvaluated
                        remarks = ["No test evidence reaches this chapter; the base report states it."]
                    }
                    let notes: String?
                    if let statedLevel {
                        level = statedLevel
                        notes = [stated?.notes].compactMap { $0 }.first ?? (remarks.isEmpty ? nil : remarks.joined(separator: "\n"))
                    } else {
                        let joined = ([stated?.notes].compactMap { $0 } + remarks).joined(separator: "\n")
                        notes = joined.isEmpty ? nil : joined
                    }
                    counts[level, default: 0] += 1
                    components.append(OpenACRReport.Component(name: name, adherence: .init(level: level.rawValue, notes: notes)))
                }
                criteria.append(OpenACRReport.Criterion(num: entry.id, components: components))
            }
            chapter.criteria = criteria
        }
        report.chapters = catalog.chapters.compactMap { chapters[$0.id] }
        summary.sort { a, b in catalog.chapters.firstIndex(of: a.chapter)! < catalog.chapters.firstIndex(of: b.chapter)! }
        let unread = results.flatMap { r in r.problems.map { (file: r.outcomes.first?.file ?? r.file ?? "", problem: $0) } }
        return ConformanceBuild(report: report, conflicts: conflicts, pending: pending, unreadRows: unread,
                                withoutFingerprints: results.filter { !$0.fingerprintsChecked }.compactMap(\.file), summary: summary)
    }

    /// How the report was made, when the base does not say: the files and engines, counted.
    static func methods(_ results: [TestReport], _ axe: [AxeEvidence]) -> String {
        var parts: [String] = []
        let tested = results.reduce(0) { $0 + $1.outcomes.filter { $0.result != nil }.count }
        if !results.isEmpty {
            parts.append("Manual testing of MagentaA11y acceptance criteria by keyboard, screen reader and device settings: \(tested) results rows"
                         + " from " + results.compactMap(\.file).joined(separator: ", ") + ".")
        }
        let engines = Set(axe.flatMap { $0.runs.compactMap(\.engine) }).sorted()
        if !axe.isEmpty {
            parts.append("Automated testing with axe-core" + (engines.isEmpty ? "" : " " + engines.joined(separator: ", "))
                         + " (" + axe.map(\.file).joined(separator: ", ") + "); automated passes alone never make a criterion Supports.")
        }
        return parts.isEmpty ? "No evidence was given: every level comes from the base report or is Not Evaluated." : parts.joined(separator: " ")
    }

    struct Found {
        var evidence = Evidence()
        var remarks: [String] = []
        /// Rows that test it but were not settled (untested, blocked, n/a).
        var unsettled: [String] = []
    }

    /// The rows and runs that speak of one success criterion for one kind of product, and the
    /// remarks a buyer reads: what fails where (with the testers' notes and where each row is),
    /// what passed, what the automated rules found, and what is still to test.
    /// `rows`: those that test `sc`, of every kind of product.
    static func evidence(_ sc: SCNumber, component: String, rows testing: [TestReport.Outcome], automated: AutomatedEvidence) -> Found {
        var found = Found()
        let rows = testing.filter { o in
            guard let family = ConformanceBuilder.family(of: o.item) else { return false }
            return family == .howToTest || ConformanceBuilder.component(of: family) == component
        }
        for o in rows { found.evidence.add(o.result) }
        if component == "web" {
            found.evidence.violations = automated.violationNodes(sc)
            found.evidence.automatedPasses = automated.passes(sc).count
        }
        let failed = rows.filter { $0.result == .fail }
        if !failed.isEmpty {
            let shown = failed.prefix(6).map { o -> String in
                let where_ = [o.file.map { "\($0) line \(o.line)" }, o.item.id].compactMap { $0 }.joined(separator: ", ")
                let note = o.note.trimmingCharacters(in: .whitespacesAndNewlines)
                return "\(o.item.componentTitle)\(o.item.platform.map { " (\($0.rawValue))" } ?? ""): "
                    + shorten((o.item.label.map { "\($0): " } ?? "") + o.item.expectation) + "."
                    + (note.isEmpty ? "" : " Tester's note: \(note).") + " [\(where_)]"
            }
            found.remarks.append("Fails in \(failed.count) of \(failed.count + found.evidence.passed) tested rows: " + shown.joined(separator: "; ")
                                 + (failed.count > shown.count ? "; and \(failed.count - shown.count) more." : "."))
        }
        if component == "web" {
            let violations = automated.violations(sc)
            if !violations.isEmpty {
                found.remarks.append("axe-core found violations: " + violations.map { "\($0.rule) (\($0.nodes) node\($0.nodes == 1 ? "" : "s"), \($0.file))" }.joined(separator: ", ") + ".")
            }
            let review = automated.incomplete(sc)
            if !review.isEmpty {
                found.remarks.append("axe-core could not decide, to review by hand: " + review.map { "\($0.rule) (\($0.nodes) node\($0.nodes == 1 ? "" : "s"))" }.joined(separator: ", ") + ".")
            }
        }
        if found.evidence.passed > 0 {
            let names = rows.filter { $0.result == .pass }.map(\.item.componentTitle).uniqued()
            found.remarks.append("Passed \(found.evidence.passed) row\(found.evidence.passed == 1 ? "" : "s") (" + names.joined(separator: ", ") + ").")
        }
        if component == "web", !automated.passes(sc).isEmpty {
            found.remarks.append("axe-core rules passed: " + automated.passes(sc).joined(separator: ", ") + "."
                                 + (found.evidence.passed == 0 && found.evidence.failed == 0 && found.evidence.violations == 0
                                    ? " Automated passes cannot show conformance: test it by hand." : ""))
        }
        let open = rows.filter { $0.result == nil || $0.result == .blocked || $0.result == .notApplicable }
        found.unsettled = open.map(\.item.id)
        var counts: [String] = []
        if found.evidence.notTested > 0 { counts.append("\(found.evidence.notTested) not tested") }
        if found.evidence.blocked > 0 { counts.append("\(found.evidence.blocked) blocked") }
        if found.evidence.notApplicable > 0 { counts.append("\(found.evidence.notApplicable) marked n/a by testers (only the base report makes a criterion Not Applicable)") }
        if !counts.isEmpty { found.remarks.append("Rows " + counts.joined(separator: ", ") + ".") }
        if found.evidence.level == .notEvaluated {
            found.remarks.append(open.isEmpty && rows.isEmpty
                                 ? "Not evaluated: no results row tests it."
                                 : "Not evaluated: to settle it, test " + open.prefix(8).map(\.item.id).joined(separator: ", ")
                                    + (open.count > 8 ? " and \(open.count - 8) more" : "") + ".")
        }
        return found
    }

    /// A functional performance criterion from the success criteria whose Trusted Tester tests
    /// touch it: any of them partially or not supported makes it at best Partially Supports (one
    /// failing criterion leaves other ways to use the product); all of them supported or not
    /// applicable make it Supports; otherwise it is Not Evaluated, saying which are missing.
    static func functionalPerformance(_ id: String, levels: [SCNumber: [String: AdherenceLevel]], titles: [SCNumber: String]) -> (AdherenceLevel, [String]) {
        let related = TrustedTester.successCriteria(touching: id).filter { levels[$0] != nil }
        guard !related.isEmpty else { return (.notEvaluated, ["No Trusted Tester test ties a success criterion to it; the base report states it."]) }
        func name(_ sc: SCNumber) -> String { titles[sc].map { "\(sc) \($0)" } ?? sc.description }
        let worst = related.map { sc in (sc, levels[sc]!.values.max() ?? .notEvaluated) }
        let failing = worst.filter { $0.1 == .partiallySupports || $0.1 == .doesNotSupport }.map(\.0)
        if !failing.isEmpty {
            return (.partiallySupports, ["Success criteria it rests on (Trusted Tester) that are not fully supported: "
                                         + failing.map(name).joined(separator: ", ") + "."])
        }
        let open = worst.filter { $0.1 == .notEvaluated }.map(\.0)
        if open.isEmpty, worst.contains(where: { $0.1 == .supports }) {
            return (.supports, ["Every success criterion it rests on (Trusted Tester) is supported or not applicable: "
                                + related.map(\.description).joined(separator: ", ") + "."])
        }
        return (.notEvaluated, ["\(related.count - open.count) of \(related.count) success criteria it rests on (Trusted Tester) are evaluated; still to evaluate: "
                                + open.map(\.description).joined(separator: ", ") + "."])
    }

    static func shorten(_ text: String, to limit: Int = 110) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat.hasSuffix(".") ? String(flat.dropLast()) : flat }
        let cut = flat.prefix(limit)
        return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
    }

}

/// The automated runs, per success criterion their tags name (axe's `wcag412`).
struct AutomatedEvidence {
    struct Hit { var rule: String; var nodes: Int; var file: String }
    var violationsBySC: [SCNumber: [Hit]] = [:]
    var incompleteBySC: [SCNumber: [Hit]] = [:]
    var passesBySC: [SCNumber: [String]] = [:]

    init(_ files: [AxeEvidence]) {
        for file in files {
            for run in file.runs {
                func scs(_ r: AxeResults.Result) -> [SCNumber] {
                    r.tags.compactMap(AxeResults.successCriterion(ofTag:)).uniqued()
                }
                for r in run.violations { for sc in scs(r) { violationsBySC[sc, default: []].append(Hit(rule: r.id, nodes: r.nodes.count, file: file.file)) } }
                for r in run.incomplete { for sc in scs(r) { incompleteBySC[sc, default: []].append(Hit(rule: r.id, nodes: r.nodes.count, file: file.file)) } }
                for r in run.passes { for sc in scs(r) where !(passesBySC[sc]?.contains(r.id) ?? false) { passesBySC[sc, default: []].append(r.id) } }
            }
        }
    }

    func violations(_ sc: SCNumber) -> [Hit] { violationsBySC[sc] ?? [] }
    func incomplete(_ sc: SCNumber) -> [Hit] { incompleteBySC[sc] ?? [] }
    func violationNodes(_ sc: SCNumber) -> Int { violations(sc).reduce(0) { $0 + $1.nodes } }
    /// Rules that passed on some node (a rule may pass on some nodes and fail on others: both are said).
    func passes(_ sc: SCNumber) -> [String] { (passesBySC[sc] ?? []).sorted() }
}
