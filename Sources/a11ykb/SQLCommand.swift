import A11yKB
import ArgumentParser
import Foundation

struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Run read-only SQL over the knowledge base.",
        discussion: """
            The schema is documented in docs/schema.md: tables sources, components, platforms, frameworks, criteria, guidance, announcements, gaps, code_examples, gherkin_steps, wcag_criteria (the WCAG 2.2 catalogue), component_wcag, notices, rules, rule_sc, rule_tags, rule_act_ids (ACT and axe-core rules), and views v_criteria, v_guidance, v_announcements, v_gaps, v_component_wcag with slugs, titles and categories instead of ids, v_rules, v_rule_sc, v_rule_tags, v_rule_act, v_tested_sc, and v_facts (every searchable fact, keyed as the search index: docs/schema.md shows how to search it). Writes, ATTACH, load_extension and PRAGMAs that write are refused before any statement runs; the file is untouched. The --timeout covers the whole command, the printing of the rows included; rows past --max-output bytes of values (64 MB unless said) stop the query too, with the cap in the message. SQL that starts with a -- comment goes after a lone --:  a11ykb sql -- "-- note ...", or comes from a file on standard input:  a11ykb sql - < report.sql

            Example:
              a11ykb sql "SELECT component, text FROM v_announcements WHERE platform='ios'"
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "One or more SQL statements; each SELECT prints its rows. - reads them from standard input.")
    var query: String

    @OptionGroup var output: OutputOptions

    @Option(help: "Stop a query (and the printing of its rows) running longer than this many seconds (0: no limit).")
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Stop a query whose rows pass this many bytes of values: 500K, 64M, 1G (0: no cap).",
                               valueName: "size"))
    var maxOutput = ByteSize(bytes: KnowledgeBase.sqlOutputCap)

    func validate() throws {
        if timeout < 0 { throw ValidationError("--timeout takes 0 (no limit) or more seconds") }
    }

    func run() throws {
        let deadline = Deadline(seconds: timeout)
        let end = timeout > 0 ? Date().addingTimeInterval(timeout) : nil
        let kb = try database.open()
        let results = try kb.sql(query == "-" ? try Self.standardInput() : query, deadline: deadline, maxBytes: maxOutput.bytes)
        let text = Data(try results.rendered(output.format ?? .table, options: output.writerOptions(maxColumnWidth: 80),
                                             deadline: deadline))
        // The limit covers the printing too: a reader that takes the rows slower than that stops it.
        if output.output == nil, !Output.out(text, until: end) { throw QueryError.timedOut(seconds: timeout) }
        if output.output != nil { try output.emit(text, from: kb) }
    }
}

extension SQLCommand {
    /// The statements of `sql -`: all of standard input, as UTF-8 (SQL files are a few kilobytes;
    /// more than 16 MB is no query).
    static func standardInput() throws -> String {
        let bytes = try StandardInput.read(limit: 16 << 20, what: "a query")
        guard let text = String(data: bytes, encoding: .utf8) else { throw ValidationError("standard input is not UTF-8 text") }
        return text
    }
}

/// A size in bytes as people write it: 1000, 500K, 64M, 1G (powers of 1024).
struct ByteSize: ExpressibleByArgument, CustomStringConvertible {
    var bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = argument.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var scale = 1
        if let last = digits.last, let unit = units[last] {
            scale = unit
            digits.removeLast()
        }
        guard let value = Int(digits), value >= 0, value <= Int.max / scale else { return nil }
        bytes = value * scale
    }

    var description: String { bytes % (1 << 20) == 0 && bytes > 0 ? "\(bytes >> 20)M" : "\(bytes)" }
    var defaultValueDescription: String { description }
}
