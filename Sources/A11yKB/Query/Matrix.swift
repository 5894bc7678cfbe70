/// The spreadsheet view of the knowledge base: one row per component, one column per platform ×
/// row key (aspects, criteria kinds, announcements), each cell the joined text, a count of facts,
/// or a presence marker.
public struct Matrix: Sendable {
    public enum CellMode: String, Sendable, CaseIterable {
        /// The cell's text, one fact per line, nesting indented, gaps marked `⚠ gap: ...`.
        case text
        /// How many facts (criteria, notes, code examples, announcements) the cell holds; gaps not counted.
        case count
        /// `gap` when the cell holds a gap, else `yes` when it holds facts, else `empty`.
        case presence
    }

    public struct Column: Sendable, Equatable {
        /// `general`, `ios`...
        public var platform: String
        public var row: RowKey
        /// `ios:state`, `general:name`, `android:keyboard`.
        public var name: String { "\(platform):\(row.key)" }
    }

    public struct Row: Sendable {
        public var component: ComponentFacts.Component
        public var cells: [Cell]
    }

    /// `component`, `family`, `category`, `title` come before the cells.
    public static let leadingColumns = ["component", "family", "category", "title"]

    public var columns: [Column]
    public var rows: [Row]

    public static func build(_ components: [ComponentFacts], platforms: [String]? = nil, general: GeneralPlacement = .column) -> Matrix {
        let platforms = platforms ?? Vocabulary.platforms.map(\.slug).filter { slug in components.contains { $0.platforms.contains(slug) } }
        let keys = RowKey.rows(for: components)
        var columns: [Column] = []
        if general == .column {
            let generalKeys = keys.filter { key in
                key.kind != .criteria && components.contains { !Compare.generalCell($0, row: key).isEmpty }
            }
            columns += generalKeys.map { Column(platform: "general", row: $0) }
        }
        for platform in platforms {
            columns += keys.map { Column(platform: platform, row: $0) }
        }
        let rows = components.map { facts in
            Row(component: facts.component, cells: columns.map { column in
                column.platform == "general"
                    ? Compare.generalCell(facts, row: column.row)
                    : CellBuilder.cell(facts, row: column.row, platform: column.platform, includeAllPlatforms: general == .spread)
            })
        }
        return Matrix(columns: columns, rows: rows)
    }
}
