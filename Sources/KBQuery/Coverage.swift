import GRDB
import KBModel
import KBSearch

/// Which success criteria a set of components' tests cover, and how: by MagentaA11y's manual
/// criteria (`v_tested_sc`), by automated rules (axe rules, not deprecated, and the ACT rules
/// they implement), by both, or by nothing; an ACT rule no engine implements is a procedure to
/// follow by hand, listed apart. Automated rules test web content: they count only when
/// the selection holds web components. Covering a criterion with tests is not conformance.
public struct Coverage: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable { case both, manual, automated, none }

    public struct Criterion: Sendable, Equatable {
        public var sc: String
        public var title: String?
        public var level: String
        public var status: Status
        /// `web/button`, `native/switch (ios)`: the components whose tests cover it.
        public var manual: [String]
        /// Rules an engine runs: `axe/button-name`, and `act/97a4e1` where an axe rule implements it.
        public var automated: [String]
        /// ACT rules no rule of an engine the knowledge base holds implements: test procedures,
        /// followed by hand (`act/80af7b` for 2.1.2 No Keyboard Trap). They do not make a criterion automated.
        public var procedures: [String] = []
    }

    public var rows: [Criterion]
    /// How many components the selection holds.
    public var components: Int
    /// Whether automated rules were counted (the selection holds web components).
    public var automatedCounted: Bool
    public var level: String

    public func total(_ status: Status) -> Int { rows.filter { $0.status == status }.count }

    package struct Selection {
        package var componentIDs: [Int64] = []
        package var category: String?
        package var family: Family?
        package var platform: String?
        package var level = "AA"

        package init(componentIDs: [Int64] = [], category: String? = nil, family: Family? = nil, platform: String? = nil, level: String = "AA") {
            self.componentIDs = componentIDs
            self.category = category
            self.family = family
            self.platform = platform
            self.level = level
        }
    }

    package static func build(_ db: Database, _ selection: Selection) throws -> Coverage {
        guard WCAGLevel(written: selection.level) != nil else {
            throw QueryError.invalidOption("a conformance level is A, AA or AAA (got \"\(selection.level)\")")
        }
        var filters = SQLFilters()
        if !selection.componentIDs.isEmpty {
            filters.add("c.id IN (\(selection.componentIDs.map(String.init).joined(separator: ", ")))")
        }
        if let category = selection.category { filters.add("c.category = ?", category) }
        if let family = selection.family { filters.add("c.family = ?", family.rawValue) }
        if let platform = selection.platform { filters.add("c.family = ?", try Family.of(platform: platform).rawValue) }
        let chosen = try Row.fetchAll(db, sql: "SELECT c.id, c.slug, c.family FROM components c WHERE \(filters.sql)", arguments: filters.arguments)
        let keys = Set(chosen.map { "\($0["family"] as String)/\($0["slug"] as String)" })
        let web = chosen.contains { ($0["family"] as String) == Family.web.rawValue }

        var manual: [String: Set<String>] = [:]
        let links = try TestedSuccessCriteria.load(db, componentIDs: chosen.map { $0["id"] as Int64 })
        for row in chosen {
            let key = "\(row["family"] as String)/\(row["slug"] as String)"
            for link in links.links(ofComponent: row["id"]) {
                if let wanted = selection.platform, let platform = link.platform, platform != wanted { continue }
                manual[link.sc.description, default: []].insert(key + (link.platform.map { " (\($0))" } ?? ""))
            }
        }
        var automated: [String: Set<String>] = [:], procedures: [String: Set<String>] = [:]
        if web {
            // An ACT rule is automated only where an engine's rule implements it (axe's actIds).
            let implemented = Set(try String.fetchAll(db, sql: """
                SELECT a.act_rule FROM v_rule_act a JOIN v_rules r ON r.kind = 'axe' AND r.rule = a.axe_rule WHERE r.deprecated = 0
                """))
            for row in try Row.fetchAll(db, sql: """
                SELECT s.kind, s.rule, s.sc FROM v_rule_sc s JOIN v_rules r ON r.kind = s.kind AND r.rule = s.rule
                WHERE s.secondary = 0 AND r.deprecated = 0
                """) {
                let kind: String = row["kind"], rule: String = row["rule"]
                if kind == "act" && !implemented.contains(rule) {
                    procedures[row["sc"], default: []].insert("act/\(rule)")
                } else {
                    automated[row["sc"], default: []].insert("\(kind)/\(rule)")
                }
            }
        }
        let level = selection.level.uppercased()
        let rows = try WCAGCriterion.list(db, level: level).filter { $0.status == "active" }.map { c -> Criterion in
            let m = manual[c.sc].map { $0.sorted() } ?? []
            let a = automated[c.sc].map { $0.sorted() } ?? []
            let status: Status = !m.isEmpty && !a.isEmpty ? .both : !m.isEmpty ? .manual : !a.isEmpty ? .automated : .none
            return Criterion(sc: c.sc, title: c.title, level: c.level ?? "", status: status, manual: m, automated: a,
                             procedures: procedures[c.sc].map { $0.sorted() } ?? [])
        }
        return Coverage(rows: rows, components: keys.count, automatedCounted: web, level: level)
    }
}
