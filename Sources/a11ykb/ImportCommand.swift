import A11yKB
import ArgumentParser
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import criteria documents: files, folders, or a MagentaA11y checkout.",
        discussion: """
            Formats are recognised by content: Jekyll front matter over markdown, today's MagentaA11y
            markdown, text copied from a rendered page, WebVTT captions, the site's content.json.
            In a checkout, the documentation folders are read and everything else is left alone.
            A file already imported unchanged is skipped; a changed one replaces its own facts.
            When two sources describe one component, the newest format wins and the other is kept
            as superseded. The import is one transaction.

            Exit status: 0 all imported, 1 some files had errors (the others were imported),
            2 nothing written (--strict refusal, or an unusable knowledge base).
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Files and folders to import.")
    var paths: [String]

    @Flag(help: "Write nothing if any file has an error.")
    var strict = false

    @Option(help: "Summary format: text or json.")
    var format: SummaryFormat = .text

    enum SummaryFormat: String, ExpressibleByArgument { case text, json }

    func run() throws {
        let summary: ImportSummary
        do {
            let kb = try database.open()
            summary = try Importer(kb).importPaths(paths, options: ImportOptions(strict: strict))
        } catch {
            Self.fail(error)
        }
        switch format {
        case .json: write(ImportSummaryRendering.json(summary).rendered() + "\n")
        case .text: write(ImportSummaryRendering.text(summary))
        }
        for error in summary.errors { warn("a11ykb: \(error.description)\n") }
        if summary.refused {
            warn("a11ykb: --strict: \(summary.errors.count) file(s) with errors, nothing written\n")
            throw ExitCode(2)
        }
        if !summary.errors.isEmpty { throw ExitCode(1) }
    }
}
