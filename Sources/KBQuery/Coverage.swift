import GRDB
import KBModel
import KBSearch
import KBStore

/// Which success criteria a set of components' tests cover, and how: by MagentaA11y's manual
/// criteria (`v_tested_sc`), by automated rules (axe rules, not deprecated, and the ACT rules
/// they implement), by both, or by nothing; an ACT rule no engine implements is a procedure to
/// follow by hand, listed apart. Automated rules test web content: they count only when
/// the selection holds web components. Covering a criterion with tests is not conformance.
public struct Coverage: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable { case both, manual, automated, none }

    /// A component whose tests cover a criterion, and the platform they are written for (nil:
    /// every platform of its family; `web/button`, `native/switch` on iOS).
    public struct CoveringComponent: Sendable, Hashable, Comparable {
        public var component: ComponentName
        public var platform: Platform?

        public init(component: ComponentName, platform: Platform? = nil) {
            (self.component, self.platform) = (component, platform)
        }

        /// By component (`family/slug`), then the tests of every platform before one platform's.
        public static func < (a: CoveringComponent, b: CoveringComponent) -> Bool {
            (a.component.description, a.platform?.rawValue ?? "") < (b.component.description, b.platform?.rawValue ?? "")
        }
    }

    public struct Criterion: Sendable, Equatable {
        public var sc: SCNumber
        public var title: String?
        public var level: WCAGLevel
        public var status: Status
        /// The components whose tests cover it.
        public var manual: [CoveringComponent]
        /// Rules an engine runs: `axe/button-name`, and `act/97a4e1` where an axe rule implements it.
        public var automated: [String]
        /// ACT rules no rule of an engine the knowledge base holds implements: test procedures,
        /// followed by hand (`act/80af7b` for 2.1.2 No Keyboard Trap). They do not make a criterion automated.
        public var procedures: [String] = []
        /// What the evidence files read beside the plan say of it; nil where none was read.
        public var evidence: CriterionFindings? = nil

        /// How the evidence tested it, in the words of the plan's coverage: by an automated tool,
        /// by a person (an outcome another tool holds), both, or not at all; nil: no evidence read.
        public var tested: Status? {
            evidence.map { e in
                e.testedAutomatically && e.testedByHand ? .both : e.testedAutomatically ? .automated : e.testedByHand ? .manual : .none
            }
        }
    }

    public var rows: [Criterion]
    /// How many components the selection holds.
    public var components: Int
    /// Whether automated rules were counted (the selection holds web components).
    public var automatedCounted: Bool
    public var level: WCAGLevel

    public func total(_ status: Status) -> Int { rows.filter { $0.status == status }.count }
    /// Whether evidence files were read beside the plan (each row's `tested` then says how).
    public var evidenceRead: Bool { rows.contains { $0.evidence != nil } }
    /// Criteria the evidence tested in the way `status` says.
    public func tested(_ status: Status) -> Int { rows.filter { $0.tested == status }.count }
    /// Criteria the evidence tested that no test of the selection covers.
    public var testedNotCovered: [SCNumber] { rows.filter { ($0.tested ?? .none) != .none && $0.status == .none }.map(\.sc) }

    package struct Selection {
        package var componentIDs: [Int64] = []
        package var category: String?
        package var family: Family?
        package var platform: Platform?
        package var level = WCAGLevel.aa

        package init(componentIDs: [Int64] = [], category: String? = nil, family: Family? = nil, platform: Platform? = nil,
                     level: WCAGLevel = .aa) {
            self.componentIDs = componentIDs
            self.category = category
            self.family = family
            self.platform = platform
            self.level = level
        }
    }

    /// `findings`: what evidence files say per success criterion (`CriterionEvidence`), set on
    /// each row; nil: none was read.
    package static func build(_ db: Database, _ selection: Selection, findings: [SCNumber: CriterionFindings]? = nil) throws -> Coverage {
        var filters = SQLFilters()
        if !selection.componentIDs.isEmpty {
            filters.add("c.id IN (\(selection.componentIDs.map(String.init).joined(separator: ", ")))")
        }
        if let category = selection.category { filters.add("c.category = ?", category) }
        if let family = selection.family { filters.add("c.family = ?", family.rawValue) }
        if let platform = selection.platform { filters.add("c.family = ?", platform.family.rawValue) }
        let chosen = try Row.fetchAll(db, sql: "SELECT c.id, c.slug, c.family FROM components c WHERE \(filters.sql)", arguments: filters.arguments)
            .map { (id: $0["id"] as Int64, name: ComponentName(family: try $0.family(), slug: $0["slug"])) }
        let web = chosen.contains { $0.name.family == .web }

        var manual: [SCNumber: Set<CoveringComponent>] = [:]
        let links = try TestedSuccessCriteria.load(db, componentIDs: chosen.map(\.id))
        for component in chosen {
            for link in links.links(ofComponent: component.id) {
                if let wanted = selection.platform, let platform = link.platform, platform != wanted { continue }
                // A platform that is its family's only one (web's) says no more than "every platform".
                let platform = component.name.family.platforms.count == 1 ? nil : link.platform
                manual[link.sc, default: []].insert(CoveringComponent(component: component.name, platform: platform))
            }
        }
        // A component that covers a criterion on every platform is listed once, without its platforms.
        for (sc, covering) in manual {
            let everywhere = Set(covering.filter { $0.platform == nil }.map(\.component))
            manual[sc] = covering.filter { $0.platform == nil || !everywhere.contains($0.component) }
        }
        var automated: [SCNumber: Set<String>] = [:], procedures: [SCNumber: Set<String>] = [:]
        if web {
            // An ACT rule is automated only where an engine's rule implements it (axe's actIds).
            let implemented = Set(try String.fetchAll(db, sql: """
                SELECT a.act_rule FROM v_rule_act a JOIN v_rules r ON r.kind = 'axe' AND r.rule = a.axe_rule WHERE r.deprecated = 0
                """))
            for row in try Row.fetchAll(db, sql: """
                SELECT s.kind, s.rule, s.sc FROM v_rule_sc s JOIN v_rules r ON r.kind = s.kind AND r.rule = s.rule
                WHERE s.secondary = 0 AND r.deprecated = 0
                """) {
                let kind = try row.ruleKind(), rule: String = row["rule"]
                let sc = try row.successCriterion()
                if kind == .act && !implemented.contains(rule) {
                    procedures[sc, default: []].insert("act/\(rule)")
                } else {
                    automated[sc, default: []].insert("\(kind.rawValue)/\(rule)")
                }
            }
        }
        let rows = try WCAGCriterion.list(db, level: selection.level).filter { $0.status == "active" }.compactMap { c -> Criterion? in
            // Listed to a level, a criterion has one.
            guard let level = c.level else { return nil }
            let m = manual[c.sc].map { $0.sorted() } ?? []
            let a = automated[c.sc].map { $0.sorted() } ?? []
            let status: Status = !m.isEmpty && !a.isEmpty ? .both : !m.isEmpty ? .manual : !a.isEmpty ? .automated : .none
            return Criterion(sc: c.sc, title: c.title, level: level, status: status, manual: m, automated: a,
                             procedures: procedures[c.sc].map { $0.sorted() } ?? [], evidence: findings.map { $0[c.sc] ?? CriterionFindings() })
        }
        return Coverage(rows: rows, components: Set(chosen.map(\.name)).count, automatedCounted: web, level: selection.level)
    }
}
