import A11yKB
import ArgumentParser
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import criteria documents: files, folders, or a MagentaA11y checkout.",
        discussion: """
            Formats are recognised by content: Jekyll front matter over markdown, today's MagentaA11y markdown, text copied from a rendered page, WebVTT captions, the site's content.json. In a checkout, the documentation folders are read and everything else is left alone. A file already imported unchanged is skipped; a changed one replaces its own facts. When two sources describe one component, the newest format wins and the other is kept as superseded. The import is one transaction: a killed or failed import leaves the knowledge base as it was.

            Every line of every file is accounted for: one that no layer of the import kept is named as a notice, PATH:LINE, and the summary ends with their total ("0 unaccounted lines"); `a11ykb trace FILE` shows what became of each line.

            Bad input (an empty, binary or non-UTF-8 file, front matter that does not parse or close, a file over 16 MB, an unreadable file, a looping link...) is named on stderr, one line each, as PATH:LINE: REASON. With --keep-going (the default) every good file is imported anyway; with --strict nothing is written if any file is bad, and the knowledge base file is left byte for byte as it was.

            Exit status:
              0  every file imported (or unchanged, or skipped as not a criteria document)
              1  some files had errors; the others were imported (--keep-going)
              2  nothing written: --strict refused the import because of bad files, or the
                 knowledge base cannot be used (not SQLite, corrupt, newer schema)
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Files and folders to import.")
    var paths: [String]

    enum ErrorPolicy: String, EnumerableFlag {
        case keepGoing, strict

        static func help(for value: ErrorPolicy) -> ArgumentHelp? {
            switch value {
            case .keepGoing: "Import every good file and name the bad ones."
            case .strict: "Write nothing if any file has an error."
            }
        }
    }

    @Flag var policy: ErrorPolicy = .keepGoing

    @Option(help: "Summary format: text or json.")
    var format: SummaryFormat = .text

    enum SummaryFormat: String, ExpressibleByArgument { case text, json }

    func run() throws {
        let summary: ImportSummary
        do {
            summary = try database.open().importFiles(paths, options: ImportOptions(strict: policy == .strict))
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
