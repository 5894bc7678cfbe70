import GRDB
import KBModel
import KBStore

/// What the rows and columns of a matrix or comparison depend on, read with SQL (aggregates over
/// the fact tables, no fact kept), so that the layout is known before the first component is read
/// and components can then be read and written in chunks.
package struct FactSummary: Sendable, Equatable {
    /// Which components: all (of a family), or one.
    package enum Scope {
        case all(Family?)
        case component(Int64)

        /// A condition on a fact table's component column, and its arguments.
        func condition(_ column: String = "component_id") -> (sql: String, arguments: StatementArguments) {
            switch self {
            case .all(nil): ("1", [])
            case .all(let family?): ("\(column) IN (SELECT id FROM components WHERE family = ?)", [family.rawValue])
            case .component(let id): ("\(column) = ?", [id])
            }
        }
    }

    /// Platforms the components have, in the vocabulary's order: those any criterion, note,
    /// announcement or gap names, and the family's platforms for a component that names none
    /// (`ComponentFacts.platforms`, over many components).
    var platforms: [Platform] = []
    /// Guidance aspects beyond `RowKey.standardAspects` (and `announcements`), in the order they
    /// first appear (components by family and slug, notes in source order).
    var extraAspects: [Aspect] = []
    /// Criteria kinds beyond `RowKey.standardKinds`, in the order they first appear.
    var extraKinds: [CriterionKind] = []
    /// Row keys (aspects, `announcements`) with a note, code example, gap or announcement written
    /// for every platform: the rows that have a `general` cell.
    var generalKeys: Set<String> = []
    /// Whether any fact sits under a heading the vocabulary does not know (a note's or code
    /// example's aspect, a criteria kind, a gap's aspect): the `other` row of a readable matrix.
    var hasUnknown = false
    /// Whether such a fact is written for every platform (a note, code example or gap): the
    /// `general:other` cell.
    var hasUnknownGeneral = false

    package static func load(_ db: Database, _ scope: Scope) throws -> FactSummary {
        let (condition, arguments) = scope.condition()
        var summary = FactSummary()

        // Platforms: an EXISTS per platform and table stops at its first row.
        var named = Set<Platform>()
        for platform in Platform.allCases {
            for table in ["criteria", "guidance", "announcements", "gaps"] {
                let exists = try Bool.fetchOne(db, sql: """
                    SELECT EXISTS (SELECT 1 FROM \(table) WHERE platform_id = (SELECT id FROM platforms WHERE slug = ?) AND \(condition))
                    """, arguments: [platform.rawValue] + arguments) ?? false
                if exists {
                    named.insert(platform)
                    break
                }
            }
        }
        let (components, componentArguments) = scope.condition("c.id")
        let unnamed = try Row.fetchAll(db, sql: """
            SELECT DISTINCT c.family FROM components c WHERE \(components)
            AND NOT EXISTS (SELECT 1 FROM criteria x WHERE x.component_id = c.id AND x.platform_id IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM guidance x WHERE x.component_id = c.id AND x.platform_id IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM announcements x WHERE x.component_id = c.id AND x.platform_id IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM gaps x WHERE x.component_id = c.id AND x.platform_id IS NOT NULL)
            """, arguments: componentArguments)
        for row in unnamed { named.formUnion(try row.family().platforms) }
        summary.platforms = Platform.allCases.filter(named.contains)

        // Aspects and kinds: one pass over each table, grouped; where an unknown one first appears.
        let standardAspects = RowKey.standardAspects + [.announcements]
        let aspectRows = try Row.fetchAll(db, sql: """
            SELECT aspect, max(platform_id IS NULL) AS general FROM guidance WHERE \(condition) GROUP BY aspect
            """, arguments: arguments)
        var extraAspects: [Aspect] = []
        for row in aspectRows {
            let aspect: Aspect = row["aspect"]
            let general: Bool = row["general"]
            if general { summary.generalKeys.insert(aspect.rawValue) }
            if !standardAspects.contains(aspect) { extraAspects.append(aspect) }
            summary.note(unknown: RowKey.isUnknownAspect(aspect), general: general)
        }
        summary.extraAspects = try firstAppearance(db, table: "guidance", column: "aspect", values: extraAspects, scope: scope)
        let kinds = try CriterionKind.fetchAll(db, sql: "SELECT DISTINCT kind FROM criteria WHERE \(condition)", arguments: arguments)
            .filter { !RowKey.standardKinds.contains($0) }
        summary.extraKinds = try firstAppearance(db, table: "criteria", column: "kind", values: kinds, scope: scope)
        summary.note(unknown: summary.extraKinds.contains(where: RowKey.isUnknownKind), general: false)
        for (table, isUnknown) in [("code_examples", RowKey.isUnknownAspect), ("gaps", RowKey.isUnknown)] {
            for row in try Row.fetchAll(db, sql: """
                SELECT coalesce(aspect, 'general') AS aspect, max(platform_id IS NULL) AS general FROM \(table)
                WHERE \(condition) GROUP BY 1
                """, arguments: arguments) {
                let aspect: Aspect = row["aspect"]
                let general: Bool = row["general"]
                if general { summary.generalKeys.insert(aspect.rawValue) }
                summary.note(unknown: isUnknown(aspect), general: general)
            }
        }
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM announcements WHERE platform_id IS NULL AND \(condition))",
                             arguments: arguments) ?? false {
            summary.generalKeys.insert("announcements")
        }
        return summary
    }

    private mutating func note(unknown: Bool, general: Bool) {
        hasUnknown = hasUnknown || unknown
        hasUnknownGeneral = hasUnknownGeneral || unknown && general
    }

    /// `values` ordered as `RowKey.rows(for:)` meets them: by the first component (family, slug)
    /// that has one, then by source position. Reads only the rows holding one of `values`.
    static func firstAppearance<Slug: RawRepresentable<String> & Hashable>(_ db: Database, table: String, column: String,
                                                                          values: [Slug], scope: Scope) throws -> [Slug] {
        guard !values.isEmpty else { return [] }
        let (condition, arguments) = scope.condition("x.component_id")
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT x.\(column) AS value, c.family, c.slug, min(x.position) AS position
            FROM \(table) x JOIN components c ON c.id = x.component_id
            WHERE x.\(column) IN (\(marks)) AND \(condition)
            GROUP BY x.\(column), c.id
            """, arguments: StatementArguments(values.map(\.rawValue)) + arguments)
        var first: [String: (String, String, Int)] = [:]
        for row in rows {
            let key: (String, String, Int) = (row["family"], row["slug"], row["position"])
            let value: String = row["value"]
            if let seen = first[value], seen <= key { continue }
            first[value] = key
        }
        return values.sorted { first[$0.rawValue]! < first[$1.rawValue]! }
    }

    /// The rows of a matrix or of a comparison of many components.
    package func rows(_ aspects: MatrixAspects) -> [RowKey] {
        switch aspects {
        case .all:
            return (RowKey.standardAspects + extraAspects).map(RowKey.aspect)
                + (RowKey.standardKinds + extraKinds).map(RowKey.criteria) + [.announcements]
        case .vocabulary:
            return RowKey.standardAspects.map(RowKey.aspect)
                + (RowKey.standardKinds + extraKinds.filter { !RowKey.isUnknownKind($0) }).map(RowKey.criteria)
                + [.announcements] + (hasUnknown ? [.other] : [])
        }
    }

    /// Whether `row` has a `general` cell anywhere: criteria never do (a criterion written for
    /// every platform is each platform's).
    func hasGeneral(_ row: RowKey) -> Bool {
        switch row.kind {
        case .criteria: false
        case .aspect, .announcements: generalKeys.contains(row.key)
        case .other: hasUnknownGeneral
        }
    }
}
