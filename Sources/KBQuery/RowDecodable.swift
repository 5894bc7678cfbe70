import GRDB

/// A query result type read from a row by column name. Internal on purpose: the result types are
/// public, and GRDB's `FetchableRecord` would put GRDB's `Row` into the library's public API.
protocol RowDecodable {
    init(row: Row) throws
}

extension RowDecodable {
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var out: [Self] = []
        while let row = try cursor.next() { out.append(try Self(row: row)) }
        return out
    }
}
