import GRDB
import KBModel
import KBSearch

/// Where guidance written for every platform goes in a comparison.
public enum GeneralPlacement: String, Sendable, CaseIterable {
    /// A `general` column of its own before the platform columns (shown only when it holds something).
    case column
    /// Repeated in every platform column.
    case spread
}

/// A table of cells: one column per platform (and `general`), one row per aspect of one
/// component, or one row per component for chosen aspects.
public struct Comparison: Sendable {
    public struct Column: Sendable, Equatable {
        /// Nil: the `general` column, the facts written for every platform.
        public var platform: Platform?
        /// `General (all platforms)`, `iOS`.
        public var title: String
        /// `general`, `ios`, `android`, `web`.
        public var key: String { platform?.rawValue ?? "general" }
    }

    public struct Row: Sendable {
        public var key: RowKey
        public var component: ComponentFacts.Component
        /// What the first column says: the aspect, or the component's slug.
        public var label: String
        public var cells: [Cell]
    }

    public var component: ComponentFacts.Component?
    /// `aspect` or `component`.
    public var rowHeader: String
    public var columns: [Column]
    public var rows: [Row]
}

public enum Compare {
    public struct Options: Sendable {
        /// Nil: every platform the components have.
        public var platforms: [Platform]?
        public var rows: [RowKey]?
        public var general: GeneralPlacement
        public var family: Family?

        public init(platforms: [Platform]? = nil, rows: [RowKey]? = nil, general: GeneralPlacement = .column, family: Family? = nil) {
            self.platforms = platforms
            self.rows = rows
            self.general = general
            self.family = family
        }
    }

    /// The platforms chosen, each once in the order first given; nil when none was (every
    /// platform the components have).
    package static func platforms(_ chosen: [Platform]) -> [Platform]? {
        chosen.isEmpty ? nil : once(chosen)
    }

    /// Each choice once, in the order first given.
    static func once<T: Hashable>(_ chosen: [T]) -> [T] { chosen.uniqued() }

    /// The rows a user chose (`state`, `Groupings`, `gestures`), checked against those the
    /// components have. Nil when none was chosen (every row). A row named twice is one row.
    package static func rows(_ typed: [String], known: [RowKey]) throws -> [RowKey]? {
        if typed.isEmpty { return nil }
        return once(try typed.map { text in
            guard let key = RowKey.parse(text), known.contains(key) else {
                throw QueryError.invalidOption("unknown aspect \"\(text)\"; known: \(known.map(\.key).joined(separator: ", "))")
            }
            return key
        })
    }

    /// One component: a row per chosen row (`options.rows`), else per row in `allRows` (its
    /// aspects, criteria kinds and the announcements: `FactSummary.rows(.all)`).
    package static func component(_ facts: ComponentFacts, options: Options = Options(), allRows: [RowKey] = []) -> Comparison {
        let rows = options.rows ?? allRows
        let platforms = options.platforms ?? facts.platforms
        let built = rows.map { key in
            (key, facts.component, key.title, platforms.map { CellBuilder.cell(facts, row: key, platform: $0, includeAllPlatforms: options.general == .spread) },
             generalCell(facts, row: key))
        }
        return assemble(component: facts.component, rowHeader: "aspect", platforms: platforms,
                        withGeneral: options.general == .column && built.contains { !$0.4.isEmpty }, built: built)
    }

    /// Every component (of the family, when given): a row per component and chosen row, in
    /// chunks of components (`Matrix.chunkSize`), each a `Comparison` with all the columns. The
    /// columns come from SQL before the first component is read. `typedRows` are as a user types
    /// them (`state`); empty: the state row.
    package static func across(_ db: Database, typedRows: [String], options: Options, chunkSize: Int = Matrix.chunkSize,
                       _ body: (Comparison) throws -> Void) throws {
        let summary = try FactSummary.load(db, .all(options.family))
        let rows = try Compare.rows(typedRows, known: summary.rows(.all)) ?? [.aspect(.state)]
        let platforms = options.platforms ?? summary.platforms
        let withGeneral = options.general == .column && rows.contains(where: summary.hasGeneral)
        var empty = true
        try ComponentFacts.forEachChunk(db, family: options.family, size: chunkSize) { chunk in
            empty = false
            var built: [(RowKey, ComponentFacts.Component, String, [Cell], Cell)] = []
            for facts in chunk {
                for key in rows {
                    let label = rows.count == 1 ? facts.component.slug : "\(facts.component.slug): \(key.title)"
                    built.append((key, facts.component, label,
                                  platforms.map { CellBuilder.cell(facts, row: key, platform: $0, includeAllPlatforms: options.general == .spread) },
                                  generalCell(facts, row: key)))
                }
            }
            try body(assemble(component: nil, rowHeader: "component", platforms: platforms, withGeneral: withGeneral, built: built))
        }
        if empty { try body(assemble(component: nil, rowHeader: "component", platforms: platforms, withGeneral: withGeneral, built: [])) }
    }

    /// Criteria written for every platform are shown in each platform's column, so the general
    /// column holds guidance, gaps and announcements only.
    static func generalCell(_ facts: ComponentFacts, row: RowKey) -> Cell {
        if row.kind == .criteria { return Cell(groups: [], row: nil) }
        return CellBuilder.cell(facts, row: row, platform: nil, includeAllPlatforms: false)
    }

    static func assemble(component: ComponentFacts.Component?, rowHeader: String, platforms: [Platform], withGeneral: Bool,
                         built: [(RowKey, ComponentFacts.Component, String, [Cell], Cell)]) -> Comparison {
        var columns = platforms.map { Comparison.Column(platform: $0, title: $0.name) }
        if withGeneral { columns.insert(Comparison.Column(platform: nil, title: "General (all platforms)"), at: 0) }
        let rows = built.map { key, component, label, cells, generalCell in
            Comparison.Row(key: key, component: component, label: label, cells: withGeneral ? [generalCell] + cells : cells)
        }
        return Comparison(component: component, rowHeader: rowHeader, columns: columns, rows: rows)
    }
}
