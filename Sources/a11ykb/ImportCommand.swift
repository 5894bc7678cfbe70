import A11yKB
import ArgumentParser
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import criteria documents: files, folders, or a MagentaA11y checkout.",
        discussion: """
            Formats are recognised by content: Jekyll front matter over markdown, today's MagentaA11y markdown, text copied from a rendered page, WebVTT captions, the site's content.json. In a checkout, the documentation folders are read and everything else is left alone. A file already imported unchanged is skipped; a changed one replaces its own facts. When two sources describe one component, the newest format wins and the other is kept as superseded. The import is one transaction: a killed or failed import leaves the knowledge base as it was.

            Importing a checkout folder makes the knowledge base mirror it: a component whose file was renamed or removed there is removed too (listed as "removed", with the captions that came from files now gone); --no-prune keeps them. Files named one by one never remove anything. The same caption imported again from another path (a second copy of the checkout) replaces the one there, never adds to it.

            While another import writes the same knowledge base, this one waits for it to finish (on a terminal it says so after a second); --wait SECONDS gives up after that long, importing nothing. Only import needs write access: on read-only media it is refused in one line, and the queries read on.

            On a terminal, a progress line on stderr shows the files read of the total, the rate and the file being read (not with --quiet, never when stderr is not a terminal). The summary on stdout names every file by outcome (added, replaced, superseded, transcripts, skipped) when that fits on one screen (the terminal's height, else $LINES, else 24 lines); a longer one counts them per outcome, skipped files per reason (--verbose lists every file anyway). Notices are always listed one by one; errors are named once, on stderr, and counted in the summary. --quiet prints no summary: only errors, on stderr. The import ends by folding SQLite's write-ahead log into the knowledge base file, so that the .sqlite file alone holds everything (to copy or publish it; see also a11ykb export db).

            Every line of every file is accounted for: one that no layer of the import kept is named as a notice, PATH:LINE, and the summary ends with their total ("0 unaccounted lines"); `a11ykb trace FILE` shows what became of each line.

            Bad input (an empty, binary or non-UTF-8 file, front matter that does not parse or close, a file over 16 MB, an unreadable file, a looping link...) is named on stderr, one line each, as PATH:LINE: REASON. With --keep-going (the default) every good file is imported anyway; with --strict nothing is written if any file is bad, and the knowledge base file is left byte for byte as it was.

            A document can come from standard input: a11ykb import - (git show HEAD:button.md | a11ykb import - --stdin-name button.md). It is stored as (stdin)/NAME; --stdin-name gives the name, whose stem is its slug when the content names none.

            The default knowledge base starts with the seed documents built into a11ykb. --replace-seed removes them in the same transaction as the import: a11ykb import --replace-seed ~/src/magentaA11y leaves only the checkout. A --db PATH that does not exist yet becomes a new, empty knowledge base (in a folder that must exist); the other commands refuse a path that holds none.

            Exit status:
              0  every file imported (or unchanged, or skipped as not a criteria document)
              1  some files had errors; the others were imported (--keep-going)
              2  nothing written: every path named had an error (import /nonexistent) or holds
                 no file a11ykb reads (an empty folder), --strict
                 refused the import because of bad files, or the knowledge base cannot be used
                 (not SQLite, corrupt, newer schema)
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Files and folders to import; - reads one document from standard input.")
    var paths: [String]

    @Option(help: ArgumentHelp("The file name a document read from standard input (-) goes by: its slug when its content names none.",
                               valueName: "name"))
    var stdinName = "stdin.md"

    @Flag(help: "Remove the seed documents built into a11ykb from the knowledge base, in the same transaction.")
    var replaceSeed = false

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

    @Flag(name: .customLong("trust-wcag-file"),
          help: "Take an imported wcag.json's success criteria as written, even where their title, level or status contradict WCAG 2.2 as W3C published it (built into a11ykb, which wins otherwise).")
    var trustWCAGFile = false

    @Flag(name: .customLong("no-prune"), help: "Keep components whose files are gone from the checkout.")
    var noPrune = false

    @Option(help: ArgumentHelp("Give up after this many seconds if another import holds the knowledge base (default: wait as long as it takes).",
                               valueName: "seconds"))
    var wait: Double?

    @Option(name: [.short, .long], help: FormatOption<ImportSummaryDocument>.help(lead: "Summary format"))
    var format = FormatOption<ImportSummaryDocument>(.text)

    @Flag(name: [.short, .long], help: "No progress line and no summary: only errors, on stderr.")
    var quiet = false

    @Flag(name: [.short, .long], help: "List every file in the summary, however many.")
    var verbose = false

    func validate() throws {
        if let wait, wait < 0 { throw ValidationError("--wait takes 0 or more seconds") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be named once") }
        if stdinName.isEmpty || stdinName.contains("/") { throw ValidationError("--stdin-name takes a file name, without a folder") }
    }

    /// The document `-` names: all of standard input, refused past the import's size limit.
    func standardInput(limit: Int) throws -> StandardInputDocument? {
        guard paths.contains("-") else { return nil }
        let bytes = try StandardInput.read(limit: limit, what: "a criteria document")
        return StandardInputDocument(name: stdinName, bytes: bytes)
    }

    func run() throws {
        let kb = try database.openForImport()
        let path = kb.path
        let progress = ProgressLine.make(quiet: quiet)
        var options = ImportOptions(strict: policy == .strict, prune: !noPrune, lockWait: wait, onWaitingForLock: {
            // Only a person at a terminal needs telling why nothing happens; a script's log does not.
            if isatty(STDERR_FILENO) != 0 {
                Output.error("waiting for another import to finish writing \(path) (--wait SECONDS to give up sooner)")
            }
        })
        options.replaceSeed = replaceSeed
        options.trustCatalogueFiles = trustWCAGFile
        if let progress { options.progress = { progress.update($0) } }
        // scripts/bench asks where the import's time goes; the library reads no environment.
        if let value = ProcessInfo.processInfo.environment["A11YKB_IMPORT_STAGES"], !value.isEmpty, value != "0" {
            options.stages = ImportStages()
        }
        let summary: ImportSummary
        do {
            summary = try kb.importFiles(paths.filter { $0 != "-" }, standardInput: try standardInput(limit: options.maxFileBytes),
                                         options: options)
            progress?.finish()
        } catch {
            progress?.finish()
            throw error
        }
        for timing in options.stages?.timings ?? [] {
            Output.err("a11ykb: import stage \(timing.stage) " + String(format: "%.4f", timing.seconds) + "\n")
        }
        // No file found to read (an empty folder, a folder named wcag.json): one line that says so.
        if summary.foundNothing && !summary.refused {
            let named = paths.filter { $0 != "-" }
            if !named.isEmpty {
                Output.error("nothing to import: \(named.joined(separator: ", ")) hold\(named.count == 1 ? "s" : "") no file a11ykb reads "
                             + "(criteria markdown, content.json, captions, ACT or axe-core rules, W3C's wcag.json)")
                throw ExitStatus.failure
            }
        }
        // Nothing but errors (`import /nonexistent`): they are all there is to say, once, on stderr.
        if !quiet && !(summary.onlyErrors && format.format == .text) {
            Output.out(try ImportSummaryDocument(summary, fileLineLimit: verbose ? nil : Terminal.rows - 2, listsErrors: false, hint: Hints.wording)
                .rendered(format.format))
        }
        for error in summary.errors { Output.error(error.description) }
        if summary.refused {
            Output.error("--strict: \(summary.errors.count) file(s) with errors, nothing written")
            throw ExitStatus.failure
        }
        if summary.onlyErrors { throw ExitStatus.failure }
        if !summary.errors.isEmpty { throw ExitStatus.incomplete }
    }
}
