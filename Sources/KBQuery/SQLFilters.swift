import GRDB

/// A WHERE clause made of the filters a question was given: each adds its condition with the
/// values it binds, and the clause is `1` when there are none. Listings (gaps, announcements,
/// WCAG citations, the catalogue) narrow this way, values always bound, never spliced in.
struct SQLFilters {
    private(set) var conditions: [String] = []
    private(set) var arguments: StatementArguments = []

    mutating func add(_ condition: String, _ values: any DatabaseValueConvertible...) {
        conditions.append(condition)
        _ = arguments.append(contentsOf: StatementArguments(values))
    }

    var sql: String { conditions.isEmpty ? "1" : conditions.joined(separator: " AND ") }
}
