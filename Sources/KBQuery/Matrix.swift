import GRDB
import KBModel

/// The spreadsheet view of the knowledge base: one row per component, one column per platform ×
/// row key (aspects, criteria kinds, announcements, and `other` for headings the vocabulary does
/// not know), each cell the joined text, a count of facts, or a presence marker.
///
/// The columns come from SQL (`FactSummary`) before any component is read; components are then
/// read and turned into rows in chunks, so that an export holds one chunk at a time, not the
/// whole knowledge base. A `Matrix` value is one chunk of rows under the columns (or all of them).
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
        /// Nil: the `general` column, the facts written for every platform.
        public var platform: Platform?
        public var row: RowKey
        /// `ios:state`, `general:name`, `android:keyboard`, `web:other`.
        public var name: String { "\(platform?.rawValue ?? "general"):\(row.key)" }
    }

    public struct Row: Sendable {
        public var component: ComponentFacts.Component
        public var cells: [Cell]
    }

    /// What to put in the matrix. Platforms: empty, every platform the components have.
    public struct Options: Sendable {
        public var platforms: [Platform]
        public var family: Family?
        public var general: GeneralPlacement
        public var aspects: MatrixAspects

        public init(platforms: [Platform] = [], family: Family? = nil, general: GeneralPlacement = .column,
                    aspects: MatrixAspects = .vocabulary) {
            self.platforms = platforms
            self.family = family
            self.general = general
            self.aspects = aspects
        }
    }

    /// `component`, `family`, `category`, `title` come before the cells.
    public static let leadingColumns = ["component", "family", "category", "title"]

    /// Components read and written per chunk: enough to keep SQLite's per-query cost small,
    /// few enough that memory stays a few megabytes.
    static let chunkSize = 256

    public var columns: [Column]
    public var rows: [Row]

    /// The columns: `general:*` first (rows with facts written for every platform, when guidance
    /// for every platform has a column of its own), then each platform's rows.
    static func columns(_ summary: FactSummary, rows: [RowKey], platforms: [Platform]?, general: GeneralPlacement) -> [Column] {
        var columns: [Column] = []
        if general == .column {
            columns += rows.filter(summary.hasGeneral).map { Column(platform: nil, row: $0) }
        }
        for platform in platforms ?? summary.platforms {
            columns += rows.map { Column(platform: platform, row: $0) }
        }
        return columns
    }

    /// One component's row: each fact looked at once to split it by row, then each cell built
    /// from its row's facts. A row with no facts gives each of its columns the cell `empty`
    /// holds for it (most cells of a matrix are empty: built once, not once per component).
    static func row(_ facts: ComponentFacts, columns: [Column], rows: [RowKey], general: GeneralPlacement, empty: [Cell]) -> Row {
        let parts = CellBuilder.split(facts, rows: rows)
        return Row(component: facts.component, cells: columns.indices.map { c in
            guard let part = parts[columns[c].row] else { return empty[c] }
            return cell(part, columns[c], general: general)
        })
    }

    static func cell(_ facts: ComponentFacts, _ column: Column, general: GeneralPlacement) -> Cell {
        column.platform == nil
            ? Compare.generalCell(facts, row: column.row)
            : CellBuilder.cell(facts, row: column.row, platform: column.platform, includeAllPlatforms: general == .spread)
    }

    /// Calls `body` with successive chunks of the matrix, in component order (family, slug):
    /// every chunk has all the columns and up to `chunkSize` rows. No component: one empty chunk.
    package static func stream(_ db: Database, _ options: Options, chunkSize: Int = Matrix.chunkSize,
                       _ body: (Matrix) throws -> Void) throws {
        let platforms = Compare.platforms(options.platforms)
        let summary = try FactSummary.load(db, .all(options.family))
        let rows = summary.rows(options.aspects)
        let columns = columns(summary, rows: rows, platforms: platforms, general: options.general)
        let nothing = ComponentFacts(component: .none)
        let emptyCells = columns.map { cell(nothing, $0, general: options.general) }
        var none = true
        try ComponentFacts.forEachChunk(db, family: options.family, size: chunkSize) { chunk in
            none = false
            try body(Matrix(columns: columns, rows: chunk.map {
                row($0, columns: columns, rows: rows, general: options.general, empty: emptyCells)
            }))
        }
        if none { try body(Matrix(columns: columns, rows: [])) }
    }

    /// The whole matrix in memory (tests, small knowledge bases).
    package static func load(_ db: Database, _ options: Options) throws -> Matrix {
        var whole: Matrix?
        try stream(db, options) { chunk in
            if whole == nil { whole = chunk } else { whole!.rows += chunk.rows }
        }
        return whole!
    }
}

/// Which rows a matrix has.
public enum MatrixAspects: String, Sendable, CaseIterable {
    /// The vocabulary's aspects and criteria kinds, and one `other` row for the facts under
    /// headings it does not know: a width people can read.
    case vocabulary
    /// Every aspect and criteria kind as the sources name them, one row each.
    case all
}
