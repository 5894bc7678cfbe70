/// The part of a listing a question was asked to show, and how many there were in all: a skin
/// says that more exist in its own words (a command-line option, a tool's argument).
public struct Shown<Item: Sendable>: Sendable {
    public var items: [Item]
    public var total: Int

    public init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }

    /// The first `limit` of `all` (0: all of them).
    public init(_ all: [Item], limit: Int) {
        self.init(items: limit > 0 ? Array(all.prefix(limit)) : all, total: all.count)
    }

    /// True when some were left out.
    public var isCut: Bool { items.count < total }
}

/// One SQL statement's rows: those shown, and how many it returned.
public struct ShownRows: Sendable {
    public var shown: ResultSet
    public var total: Int

    public var isCut: Bool { shown.rows.count < total }
}
