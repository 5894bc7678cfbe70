// The questions about the standards: the WCAG catalogue, what tests a success criterion, what a
// set of components' tests cover, and rule search. Each reads in one snapshot.
import GRDB
import KBModel
import KBStore
import KBSearch
import KBConformance
import KBEvidence
import KBQuery

/// What `wcag` answers: one criterion with everything that tests it, or a list of criteria.
public enum WCAGAnswer: Sendable {
    case criterion(CriterionTests)
    case catalogue([WCAGCriterion])
}

extension KnowledgeBase {
    /// Nothing: the catalogue (to `level`, when given); a number (`4.1.2`): that criterion and what
    /// tests it; words: the criteria whose title, guideline or principle hold them all (one alone
    /// is shown whole).
    public func wcag(_ query: String? = nil, level: WCAGLevel? = nil) throws -> WCAGAnswer {
        try read { db in
            let text = query?.trimmingCharacters(in: .whitespaces) ?? ""
            if let number = WCAGCriterion.number(text) {
                // Digits of another script, or a number too long, are no criterion's.
                guard let sc = SCNumber(exactly: number), let tests = try CriterionTests.load(db, sc: sc) else {
                    throw QueryError.invalidOption("no success criterion \(number) in the knowledge base")
                }
                return .criterion(tests)
            }
            let words = text.split(separator: " ").map(String.init)
            let found = try WCAGCriterion.list(db, words: words, level: level)
            if !words.isEmpty, found.count == 1, let tests = try CriterionTests.load(db, sc: found[0].sc) {
                return .criterion(tests)
            }
            return .catalogue(found)
        }
    }

    /// For each success criterion up to `level`, what covers it among the components chosen (named
    /// ones, else every component of `category`, `family`, `platform`): manual criteria, automated
    /// rules, both or nothing. `evidence` (as `readEvidence` reads it): each criterion also says
    /// what the files tested of it, automated and by hand (`CriterionEvidence`).
    public func coverage(components: [String] = [], category: String? = nil, family: Family? = nil, platform: Platform? = nil,
                         level: WCAGLevel = .aa, evidence: [EvidenceRecord] = []) throws -> Coverage {
        let findings = evidence.isEmpty ? nil : CriterionEvidence.findings(evidence)
        return try read { db in
            // One name that is no component but a saved plan's: the plan's components, on its platform.
            if components.count == 1, (try? ComponentLookup.resolve(db, components[0], family: family)) == nil,
               let plan = try PlanStore.named(db, components[0]) {
                return try coverage(db, plan: plan, level: level, findings: findings)
            }
            let ids = try components.map { try ComponentLookup.resolve(db, $0, family: family) }
            return try Coverage.build(db, Coverage.Selection(componentIDs: ids, category: category, family: family, platform: platform,
                                                             level: level), findings: findings)
        }
    }

    /// What a saved plan's tests cover: its components as the knowledge base holds them now, on
    /// the plan's platform; with `evidence`, what the files tested beside it.
    public func coverage(plan name: String, level: WCAGLevel = .aa, evidence: [EvidenceRecord] = []) throws -> Coverage {
        let findings = evidence.isEmpty ? nil : CriterionEvidence.findings(evidence)
        return try read { db in
            guard let plan = try PlanStore.named(db, name) else {
                let known = try PlanStore.all(db).map(\.name)
                throw QueryError.invalidOption("no plan \"\(name)\"" + (known.isEmpty ? "; none is saved" : "; saved: " + known.joined(separator: ", ")))
            }
            return try coverage(db, plan: plan, level: level, findings: findings)
        }
    }

    private func coverage(_ db: Database, plan: SavedPlan, level: WCAGLevel, findings: [SCNumber: CriterionFindings]?) throws -> Coverage {
        let ids = plan.components.compactMap(ComponentName.init).compactMap { name in
            try? ComponentLookup.resolve(db, name.slug, family: name.family)
        }
        return try Coverage.build(db, Coverage.Selection(componentIDs: ids, platform: plan.platform, level: level), findings: findings)
    }

    /// ACT and axe-core rules matching a question's words, most words first; the first `limit`
    /// (0: all) beside how many match.
    public func searchRules(_ text: String, limit: Int = 5) throws -> Shown<RuleHit> {
        try read { db in
            let (hits, total) = try RuleSearch.search(db, text, limit: limit, held: heldRankingIndex(db))
            return Shown(items: hits, total: total)
        }
    }
}

/// A success criterion a component's tests reach: cited by its page, or inferred from what its
/// rows test (`v_tested_sc`), with the criterion's title, level and Understanding page.
public struct ComponentCriterionLink: Sendable, Equatable {
    public var sc: SCNumber
    public var title: String?
    public var level: WCAGLevel?
    /// True: the page cites it; false: inferred.
    public var cited: Bool
    /// Why it was inferred (the rule that linked it), when it was.
    public var reason: String?
    public var url: String?
}

extension KnowledgeBase {
    /// The success criteria `facts`' component and its rows are linked to, in numeric order, each
    /// once (cited before inferred): the same lookup checklists and reports use.
    public func successCriteria(of facts: ComponentFacts) throws -> [ComponentCriterionLink] {
        try read { db in
            let id = facts.component.id
            let tested = try TestedSuccessCriteria.load(db, componentIDs: [id])
                .everything(ofComponent: id, criteria: facts.criteria.map(\.id))
            let catalogue = Dictionary(try WCAGCriterion.list(db).map { ($0.sc, $0) }, uniquingKeysWith: { a, _ in a })
            return tested.map { t in
                let known = catalogue[t.sc]
                return ComponentCriterionLink(sc: t.sc, title: known?.title, level: known?.level, cited: t.link == .cited,
                                              reason: t.reason, url: known?.url)
            }
        }
    }
}
