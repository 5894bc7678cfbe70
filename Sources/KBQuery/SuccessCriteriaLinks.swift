import GRDB

/// The WCAG success criteria each component's items are held to. Today: what its source cites
/// (`component_wcag`). This is the one place to switch when criteria are linked per item or
/// inferred (a view over the WCAG catalogue): checklists, reports and MCP all ask here.
package enum SuccessCriteriaLinks {
    package static func byComponent(_ db: Database, ids: [Int64]) throws -> [Int64: [String]] {
        guard !ids.isEmpty else { return [:] }
        var out: [Int64: [String]] = [:]
        let rows = try Row.fetchAll(db, sql: """
            SELECT component_id, sc FROM component_wcag WHERE component_id IN (\(ids.map(String.init).joined(separator: ",")))
            """)
        for row in rows { out[row["component_id"], default: []].append(row["sc"]) }
        // Numeric order: 1.4.10 after 1.4.3.
        return out.mapValues { $0.sorted { $0.split(separator: ".").compactMap { Int($0) }.lexicographicallyPrecedes($1.split(separator: ".").compactMap { Int($0) }) } }
    }
}
