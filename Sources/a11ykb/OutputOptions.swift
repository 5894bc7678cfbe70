import A11yKB
import ArgumentParser
import Foundation

/// `--format`, `--output FILE` and `--bom`: the output options of every command that prints a
/// list (search, vocab, list, gaps, stats, sql, export). Each list is a `Tabular`; a command with
/// a default other than a table, or a listing of its own for the terminal, says so here.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp(
        "table, csv, json or jsonl (JSON Lines: one object per line).",
        discussion: "CSV is RFC 4180 (quoted fields, CRLF, UTF-8); JSON is one array of objects with values typed; JSON Lines one object per line.",
        valueName: "format"))
    var format: TabularFormat?

    /// `--output` and `--bom`, shared with the commands that write documents.
    @OptionGroup var destination: DocumentOutputOptions

    var output: String? { destination.output }
    var bom: Bool { destination.bom }

    /// Whether the text goes to a terminal (for colour and width).
    var toTerminal: Bool { output == nil }

    /// The writer's options for `format`; a table's cells are cut at `maxColumnWidth` (paths never).
    func writerOptions(maxColumnWidth: Int = 60) -> TabularWriter.Options {
        TabularWriter.Options(byteOrderMark: bom, maxColumnWidth: maxColumnWidth)
    }

    /// `tabular` as text in `format`. JSON and JSON Lines keep a list's nesting; a table and CSV,
    /// which cannot nest, take `flat` when there is one.
    func render(_ tabular: Tabular, flat: Tabular? = nil, as format: TabularFormat, maxColumnWidth: Int = 60) -> String {
        switch format {
        case .json, .jsonl: tabular.rendered(format, options: writerOptions(maxColumnWidth: maxColumnWidth))
        case .table, .csv: (flat ?? tabular).rendered(format, options: writerOptions(maxColumnWidth: maxColumnWidth))
        }
    }

    func emit(_ text: String, from kb: KnowledgeBase) throws { try A11yKBCLI.emit(Data(text.utf8), to: output, from: kb) }

    func emit(_ data: Data, from kb: KnowledgeBase) throws { try A11yKBCLI.emit(data, to: output, from: kb) }

    /// Streams what `body` writes to stdout (through the checked writer), or to `--output`, which
    /// appears whole or not at all.
    func stream(from kb: KnowledgeBase, _ body: (ByteSink) throws -> Void) throws {
        try A11yKBCLI.stream(to: output, from: kb, body)
    }
}

/// `--output FILE` and `--bom`: every command that writes a file takes them; a list command takes
/// them inside `OutputOptions`, a command that writes a document of its own layout (`compare`) alone.
struct DocumentOutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Write to this file instead of stdout.",
        discussion: "The file is written beside its final name and renamed into place: it is never left half-written. Only a regular file (or a new one) is written, keeping its mode; the knowledge base itself, devices, FIFOs and folders are refused; a symbolic link is followed to the file it names.",
        valueName: "file"))
    var output: String?

    @Flag(help: "Start CSV output with a UTF-8 byte order mark (for spreadsheet programs).")
    var bom = false

    var toTerminal: Bool { output == nil }

    /// What the options say of a document's layout (a CSV's byte order mark).
    var documentOptions: DocumentOptions { DocumentOptions(byteOrderMark: bom) }

    func stream(from kb: KnowledgeBase, _ body: (ByteSink) throws -> Void) throws {
        try A11yKBCLI.stream(to: output, from: kb, body)
    }

    /// Refuses, before any work, a binary format (Word) bound for a terminal, which would only
    /// show garbage: as other tools do, it goes to a file (`--output`) or a pipe.
    func refuseBinaryOnTerminal(_ format: DocumentFormat) throws {
        if format.isBinary, output == nil, isatty(STDOUT_FILENO) != 0 {
            throw QueryError.invalidOption("\(format.rawValue) is a binary file and stdout is a terminal: write it with -o FILE, or pipe it")
        }
    }

    /// A document in `format`, text or bytes, to `--output` or stdout (the one way every format
    /// is written; `refuseBinaryOnTerminal` first).
    func emit<D: Document>(_ document: D, _ format: DocumentFormat, from kb: KnowledgeBase? = nil) throws {
        try refuseBinaryOnTerminal(format)
        let data = try document.renderedData(format, options: documentOptions)
        if let kb { try A11yKBCLI.emit(data, to: output, from: kb) } else { try A11yKBCLI.emit(data, to: output) }
    }
}

extension TabularFormat: ArgumentWords {
    /// `text`, what `trace` called its table before every list took the same formats, still reads as one.
    public init?(argument: String) {
        self.init(rawValue: argument == "text" ? "table" : argument)
    }
}

enum A11yKBCLI {
    /// Streams what `body` writes to stdout (through the checked writer), or to the file `path`,
    /// which appears whole or not at all.
    static func stream(to path: String?, from kb: KnowledgeBase, _ body: (ByteSink) throws -> Void) throws {
        if let path { return try kb.writeOutput(to: path, body) }
        let sink = ByteSink { Output.out(Data($0)) }
        try body(sink)
        try sink.flush()
    }

    /// Writes `data` to stdout, or to the file `path` (a command that opens no knowledge base,
    /// `trace`): the same checks as any `--output`, and the default knowledge base's files are
    /// never written over.
    static func emit(_ data: Data, to path: String?) throws {
        guard let path else { return Output.out(data) }
        let protected = (try? KnowledgeBase.defaultPath()).map { [$0, $0 + "-wal", $0 + "-shm"] } ?? []
        try AtomicFile.write(data, to: path, protecting: protected, inputs: InputFiles.read)
    }

    /// Writes `data` to stdout, or to the file `path` as `KnowledgeBase.writeOutput` allows.
    static func emit(_ data: Data, to path: String?, from kb: KnowledgeBase) throws {
        guard let path else { return Output.out(data) }
        try kb.writeOutput(data, to: path, inputs: InputFiles.read)
    }
}

extension Terminal {
    /// Decoration of terminal tables: bold headers and headings, gaps in yellow, empty cells dim.
    static var decoration: ColumnTable.Decoration {
        guard useColor else { return .none }
        return ColumnTable.Decoration(
            header: { "\u{1B}[1m\($0)\u{1B}[0m" },
            line: { text, style in
                switch style {
                case .plain: text
                case .heading: "\u{1B}[1m\(text)\u{1B}[0m"
                case .gap: "\u{1B}[33m\(text)\u{1B}[0m"
                case .empty: "\u{1B}[2m\(text)\u{1B}[0m"
                }
            })
    }
}


/// Comma-separated lists (`--platforms ios,android`), repeatable.
func commaList(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}

extension GeneralPlacement: ArgumentWords {}
extension Family: ArgumentWords {}
extension Matrix.CellMode: ArgumentWords {}
extension MatrixAspects: ArgumentWords {}
extension Listing.Subject: ArgumentWords {}
extension WCAGLevel: ArgumentWords {
    /// `aa` as well as `AA`.
    public init?(argument: String) { self.init(written: argument) }
}

/// A document's `--format`: the words it takes (and help and completion list) are the document's
/// own formats (`Document.formats`), so a format added to a document reaches the option with it.
struct FormatOption<D: Document>: ExpressibleByArgument, Equatable, Sendable {
    let format: DocumentFormat

    /// A format the document is written in (the option's default).
    init(_ format: DocumentFormat) {
        precondition(D.supports(format), "\(D.self) is not written in \(format.rawValue)")
        self.format = format
    }

    init?(argument: String) {
        guard let format = try? D.format(named: argument) else { return nil }
        self.format = format
    }

    var defaultValueDescription: String { format.rawValue }
    static var allValueStrings: [String] { D.formatNames }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The option's help: the formats (after `lead`, when given), and what the command says of them.
    static func help(_ discussion: String? = nil, lead: String? = nil) -> ArgumentHelp {
        let abstract = (lead.map { $0 + ": " } ?? "") + D.formatList + "."
        return discussion.map { ArgumentHelp(abstract, discussion: $0) } ?? ArgumentHelp(abstract)
    }
}
