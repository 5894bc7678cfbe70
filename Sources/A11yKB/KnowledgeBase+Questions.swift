import Foundation

// The library's public API: the questions the command line and the MCP server ask of a knowledge
// base. Each opens no connection of its own (but `sql`, which opens a read-only one with its own
// checks), reads in one snapshot, and returns typed values; `Render/` turns them into text.
// Nothing of GRDB shows through here.

extension KnowledgeBase {
    /// Where the knowledge base lives without `--db`: `$A11YKB_DB`, else
    /// `$XDG_DATA_HOME/a11ykb/kb.sqlite`, else `~/.local/share/a11ykb/kb.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        DefaultKnowledgeBase.path(environment: environment)
    }

    /// The default knowledge base, created and seeded from the embedded seed on first use.
    public static func openDefault(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> KnowledgeBase {
        try DefaultKnowledgeBase.open(environment: environment)
    }

    /// Imports files and folders (a MagentaA11y checkout of either era, or loose documents).
    public func importFiles(_ paths: [String], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
        try Importer(self).importPaths(paths, options: options)
    }

    /// Every line of the files under `paths` and what an import makes of it: a fact (which table
    /// and row kind), structure (which heading, group or label), skipped (and why) or unaccounted.
    /// Reads the files through the import's own readers and normalizer; opens no knowledge base.
    public static func trace(_ paths: [String]) throws -> [SourceTrace] {
        try Tracer.trace(paths)
    }

    /// Ranked full-text search. `query` uses the search syntax (words, "phrases", prefix*, OR,
    /// NOT, parentheses); repairs made to it (an unclosed quote) are in `result.query.repairs`.
    public func search(_ query: String, options: SearchOptions = SearchOptions()) throws -> SearchResult {
        let parsed = try SearchQuery(query)
        return try reader.read { try Search.run($0, query: parsed, options: options) }
    }

    /// Everything about one component: `name` is its slug, `family/slug` or title.
    public func component(_ name: String, family: Family? = nil) throws -> ComponentFacts {
        try reader.read { db in try ComponentFacts.load(db, componentID: ComponentLookup.resolve(db, name, family: family)) }
    }

    /// One component's platforms side by side, a row per aspect, criteria kind and announcements.
    /// `aspects` and `platforms` are as a user types them (`state`, `Groupings`; `iOS`); empty: all.
    public func compare(_ name: String, aspects: [String] = [], platforms: [String] = [],
                        general: GeneralPlacement = .column, family: Family? = nil) throws -> Comparison {
        try reader.read { db in
            let facts = try ComponentFacts.load(db, componentID: ComponentLookup.resolve(db, name, family: family))
            let options = Compare.Options(platforms: try Compare.platforms(platforms),
                                          rows: try Compare.rows(aspects, known: RowKey.rows(for: [facts])), general: general)
            return Compare.component(facts, options: options)
        }
    }

    /// The chosen rows of every component (of `family`), a row per component.
    public func compareAcross(aspects: [String], platforms: [String] = [], general: GeneralPlacement = .column,
                              family: Family? = nil) throws -> Comparison {
        try reader.read { db in
            let all = try ComponentFacts.loadAll(db, family: family)
            let options = Compare.Options(platforms: try Compare.platforms(platforms),
                                          rows: try Compare.rows(aspects, known: RowKey.rows(for: all)), general: general, family: family)
            return Compare.across(all, options: options)
        }
    }

    /// The spreadsheet view: a row per component, a column per platform and aspect or criteria kind.
    public func matrix(platforms: [String] = [], family: Family? = nil, general: GeneralPlacement = .column) throws -> Matrix {
        try reader.read { db in
            Matrix.build(try ComponentFacts.loadAll(db, family: family), platforms: try Compare.platforms(platforms), general: general)
        }
    }

    /// What the criteria leave open, for one component or platform or all.
    public func gaps(component: String? = nil, platform: String? = nil) throws -> [Gap] {
        try reader.read { db in
            let id = try component.map { try ComponentLookup.resolve(db, $0) }
            let slug = try platform.flatMap { try Compare.platforms([$0]) }?.first
            return try Gap.list(db, componentID: id, platform: slug)
        }
    }

    /// Components, platforms or frameworks with how many facts each holds.
    public func list(_ subject: Listing.Subject, family: Family? = nil) throws -> ResultSet {
        try reader.read { try Listing.table($0, subject, family: family) }
    }

    /// Every row of a documented table or view, in id order.
    public func table(_ name: String) throws -> ResultSet {
        try reader.read { try TableExport.read($0, table: name) }
    }

    /// Read-only SQL: every statement checked before any runs; stopped after `timeout` seconds.
    public func sql(_ text: String, timeout: TimeInterval = 10) throws -> [ResultSet] {
        try SQLConsole.run(path: path, sql: text, timeout: timeout)
    }

    /// Rows per table, components per family, facts per platform.
    public func stats() throws -> Stats {
        try reader.read { try Stats.collect($0) }
    }
}
