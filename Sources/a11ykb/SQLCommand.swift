import A11yKB
import ArgumentParser
import GRDB

struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Run read-only SQL over the knowledge base.",
        discussion: """
            The schema is documented in docs/schema.md: tables sources, components, platforms, frameworks, criteria, guidance, announcements, gaps, code_examples, notices, and views v_criteria, v_guidance, v_announcements, v_gaps with slugs instead of ids. Writes, ATTACH, load_extension and PRAGMAs that write are refused before any statement runs; the file is untouched. A query still running after --timeout seconds is stopped. SQL that starts with a -- comment goes after a lone --:  a11ykb sql -- "-- note ..."

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
        let results: [SQLConsole.ResultSet]
        do {
            let kb = try database.open()
            try kb.close()
            results = try SQLConsole.run(path: kb.path, sql: query, timeout: timeout)
        } catch {
            Self.fail(error)
        }
        for result in results {
            switch format {
            case .table:
                write(TextTable.render(header: result.columns, rows: result.rows.map { $0.map(Self.text) }, maxColumnWidth: 80))
            case .csv:
                write(CSV.document(header: result.columns, rows: result.rows.map { $0.map(Self.text) }))
            case .json:
                write(JSONValue.array(result.rows.map { row in
                    .object(zip(result.columns, row).map { ($0, Self.json($1)) })
                }).rendered() + "\n")
            }
        }
    }

    static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: ""
        case .int64(let i): String(i)
        case .double(let d): String(d)
        case .string(let s): s
        case .blob(let data): data.base64EncodedString()
        }
    }

    static func json(_ value: DatabaseValue) -> JSONValue {
        switch value.storage {
        case .null: .null
        case .int64(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .blob(let data): .string(data.base64EncodedString())
        }
    }
}
