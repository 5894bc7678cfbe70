import GRDB
import KBModel
import KBStore

/// The one lookup of which WCAG success criteria a component's test rows give evidence for, read
/// from `v_tested_sc`: checklists, plans, `report`, `explain`, `coverage`, `diff` and conformance
/// reports all ask here, so they never disagree.
///
/// A criterion row answers with its own links first (what the row itself tests). A row marked as
/// testing nothing answers none. Only a row with neither (a knowledge base made before every row
/// was linked) falls back to what the component as a whole is linked to, and says so. Developer
/// notes and announcements have no links of their own: they carry the component's.
package struct TestedSuccessCriteria: Sendable {
    package typealias Link = SuccessCriterionLink
    package typealias Basis = LinkBasis

    package struct Tested: Sendable, Equatable {
        package var sc: SCNumber
        package var link: Link
        package var reason: String?
        /// The platform the row is written for; nil: every platform of its family.
        package var platform: Platform?
    }

    private var byCriterion: [Int64: [Tested]] = [:]
    private var testsNothing: Set<Int64> = []
    private var byComponent: [Int64: [Tested]] = [:]
    private var all: [Int64: [Tested]] = [:]

    /// The links of the components `ids` (every component when nil), in one query. A knowledge
    /// base older than the view (one `diff` reads without migrating it) answers its citations.
    package static func load(_ db: Database, componentIDs ids: [Int64]?) throws -> TestedSuccessCriteria {
        var out = TestedSuccessCriteria()
        if let ids, ids.isEmpty { return out }
        let filter = ids.map { "WHERE c.id IN (\($0.map(String.init).joined(separator: ",")))" } ?? ""
        let hasView = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'view' AND name = 'v_tested_sc'") ?? false
        let columns = hasView ? try Row.fetchAll(db, sql: "PRAGMA table_info(v_tested_sc)").map { $0["name"] as String } : []
        let hasCriterionColumn = columns.contains("criterion_id")
        let sql = hasCriterionColumn ? """
            SELECT c.id AS component_id, t.criterion_id, t.sc, t.link, t.reason, t.platform
            FROM v_tested_sc t JOIN components c ON c.slug = t.component AND c.family = t.family \(filter)
            """ : """
            SELECT c.id AS component_id, NULL AS criterion_id, cw.sc, 'cited' AS link, NULL AS reason, NULL AS platform
            FROM component_wcag cw JOIN components c ON c.id = cw.component_id \(filter)
            """
        for row in try Row.fetchAll(db, sql: sql) {
            let criterion: Int64? = row["criterion_id"]
            let link: String = row["link"]
            if link == "nothing", let criterion {
                out.testsNothing.insert(criterion)
                continue
            }
            guard let kind = Link(rawValue: link) else { throw UnknownStoredValue(kind: .link, column: "link", value: link) }
            let tested = Tested(sc: try row.successCriterion(), link: kind, reason: row["reason"], platform: try row.platform())
            out.all[row["component_id"], default: []].append(tested)
            if let criterion { out.byCriterion[criterion, default: []].append(tested) } else { out.byComponent[row["component_id"], default: []].append(tested) }
        }
        out.byCriterion = out.byCriterion.mapValues(Self.ordered)
        out.byComponent = out.byComponent.mapValues(Self.ordered)
        return out
    }

    /// What a criterion row tests, and on what basis.
    package func criterion(_ id: Int64, of component: Int64) -> (tested: [Tested], basis: Basis) {
        if let own = byCriterion[id], !own.isEmpty { return (own, .own) }
        if testsNothing.contains(id) { return ([], .nothing) }
        return (byComponent[component] ?? [], .component)
    }

    /// What the component as a whole is linked to: its page's citations and the links inferred for it.
    package func component(_ id: Int64) -> [Tested] { byComponent[id] ?? [] }

    /// Every link of the component and of its rows, each with its platform, as stored.
    package func links(ofComponent id: Int64) -> [Tested] { all[id] ?? [] }

    /// Every success criterion any row of the component, or the component itself, is linked to.
    package func everything(ofComponent id: Int64, criteria: [Int64]) -> [Tested] {
        Self.ordered(component(id) + criteria.flatMap { byCriterion[$0] ?? [] })
    }

    /// Numeric order, each number once (cited before inferred).
    /// The how-to-test guides that test each success criterion (cited or inferred, by any of their
    /// checks), as `how-to-test/slug`, in name order: what a person follows to settle a criterion
    /// no results row tests.
    package static func guides(_ db: Database) throws -> [SCNumber: [String]] {
        var out: [SCNumber: [String]] = [:]
        let rows = try GRDB.Row.fetchAll(db, sql: """
            SELECT DISTINCT sc, component FROM v_tested_sc
            WHERE family = 'how-to-test' AND sc IS NOT NULL ORDER BY component
            """)
        for row in rows {
            guard let sc = SCNumber(row["sc"] as String) else { continue }
            out[sc, default: []].append("how-to-test/" + (row["component"] as String))
        }
        return out
    }

    static func ordered(_ links: [Tested]) -> [Tested] {
        var seen: Set<SCNumber> = []
        return links.sorted { ($0.sc, $0.link) < ($1.sc, $1.link) }.filter { seen.insert($0.sc).inserted }
    }
}

/// How a success criterion reaches a component or one of its rows (`v_tested_sc.link`).
public enum SuccessCriterionLink: String, Sendable, Comparable {
    /// The page cites it for the whole component.
    case cited
    /// Inferred from what the row (or the component) tests.
    case inferred

    public static func < (a: SuccessCriterionLink, b: SuccessCriterionLink) -> Bool { a.rawValue < b.rawValue }
}

/// Where a test row's success criteria came from.
public enum LinkBasis: String, Sendable, Equatable {
    /// The row's own links: what the row itself tests.
    case own
    /// The row says it tests nothing.
    case nothing
    /// None of its own: the component's links stand in (a developer note, or a row of an older
    /// knowledge base).
    case component
}
