import A11yKB
import ArgumentParser

struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Run read-only SQL over the knowledge base.",
        discussion: """
            The schema is documented in docs/schema.md: tables sources, components, platforms, frameworks, criteria, guidance, announcements, gaps, code_examples, gherkin_steps, wcag_criteria, component_wcag, notices, and views v_criteria, v_guidance, v_announcements, v_gaps, v_component_wcag with slugs, titles and categories instead of ids, and v_facts (every searchable fact, keyed as the search index: docs/schema.md shows how to search it). Writes, ATTACH, load_extension and PRAGMAs that write are refused before any statement runs; the file is untouched. A query still running after --timeout seconds is stopped. SQL that starts with a -- comment goes after a lone --:  a11ykb sql -- "-- note ..."

            Example:
              a11ykb sql "SELECT component, text FROM v_announcements WHERE platform = 'ios'"
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "One or more SQL statements; each SELECT prints its rows.")
    var query: String

    @Option(help: "table, csv or json.")
    var format: OutputFormat = .table

    @Option(help: "Stop a query running longer than this many seconds (0: no limit).")
    var timeout: Double = 10

    func run() throws {
        let results: [ResultSet]
        do {
            results = try database.open().sql(query, timeout: timeout)
        } catch {
            Self.fail(error)
        }
        for result in results {
            switch format {
            case .table: write(ResultSetRendering.table(result, maxColumnWidth: 80))
            case .csv: write(ResultSetRendering.csv(result))
            case .json: write(ResultSetRendering.json(result).rendered() + "\n")
            }
        }
    }
}
