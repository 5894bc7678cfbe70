import A11yKB
import ArgumentParser
import Foundation

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Show what an import makes of every line of a source.",
        discussion: """
            Reads the files (or every file an import would take from the folders) through the import's own readers and normalizer, and prints each line with its disposition. Nothing is imported and no knowledge base is opened.

            Dispositions:
              fact         became (part of) a row: the table and its kind
                           (criteria keyboard, guidance name, code_examples html)
              structure    a heading, group line or label that scopes the facts
                           below it, or the page's identity (title, Full information)
              skipped      holds no criterion, note, announcement, code or citation,
                           with the reason (blank line, live HTML demo, front-matter
                           metadata, video player)
              unaccounted  nothing kept it: something the import may lose

            A file the import sets aside (a template, a document with nothing recognisable) shows every line skipped with that reason. `import` counts the unaccounted lines too, names each as a notice and gives the total in its summary.

            Exit status:
              0  every line is accounted for
              1  some line is unaccounted for, or a file could not be read
              2  usage error, or no such file or folder

            Examples:
              a11ykb trace public/content/documentation/web/component/radio-button.md
              a11ykb trace ~/src/magentaA11y --counts
              a11ykb trace toggle.md -f json | jq '.[]|select(.disposition=="unaccounted")'
            """)

    @Argument(help: "Files and folders to trace.")
    var paths: [String]

    @Flag(help: "Only the counts per disposition, per file and in total.")
    var counts = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let traces = try KnowledgeBase.trace(paths)
        // The table is the account, line by line (or the counts) under each file's header.
        let format = output.format ?? .table
        let text = format == .table ? try TraceDocument(traces, countsOnly: counts).rendered(.text)
                                    : output.render(counts ? traces.counts : traces.tabular, as: format)
        try A11yKBCLI.emit(Data(text.utf8), to: output.output)
        for trace in traces where trace.format == nil && trace.note?.hasPrefix("not read") == true {
            Output.error("\(trace.path): \(trace.note ?? "")")
        }
        let unreadable = traces.contains { $0.note?.hasPrefix("not read") == true }
        if unreadable || traces.contains(where: { $0.count(.unaccounted) > 0 }) { throw ExitStatus.incomplete }
    }
}
