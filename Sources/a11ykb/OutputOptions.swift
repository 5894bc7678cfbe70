import A11yKB
import ArgumentParser
import Foundation

/// `--output FILE` and `--bom`, for commands that write tables.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Write to this file instead of stdout.",
        discussion: "The file is written beside its final name and renamed into place: it is never left half-written. Only a regular file (or a new one) is written, keeping its mode; the knowledge base itself, devices, FIFOs and folders are refused; a symbolic link is followed to the file it names.",
        valueName: "file"))
    var output: String?

    @Flag(help: "Start CSV output with a UTF-8 byte order mark (for spreadsheet programs).")
    var bom = false

    /// Whether the text goes to a terminal (for colour and width).
    var toTerminal: Bool { output == nil }

    func emit(_ text: String, from kb: KnowledgeBase) throws { try A11yKBCLI.emit(Data(text.utf8), to: output, from: kb) }

    func emit(_ data: Data, from kb: KnowledgeBase) throws { try A11yKBCLI.emit(data, to: output, from: kb) }

    /// Streams what `body` writes to stdout (through the checked writer), or to `--output`, which
    /// appears whole or not at all.
    func stream(from kb: KnowledgeBase, _ body: (ByteSink) throws -> Void) throws {
        if let output { return try kb.writeOutput(to: output, body) }
        let sink = ByteSink { Output.out(Data($0)) }
        try body(sink)
        try sink.flush()
    }
}

enum A11yKBCLI {
    /// Writes `data` to stdout, or to the file `path` (a command that opens no knowledge base,
    /// `trace`): the same checks as any `--output`, and the default knowledge base's files are
    /// never written over.
    static func emit(_ data: Data, to path: String?) throws {
        guard let path else { return Output.out(data) }
        let protected = (try? KnowledgeBase.defaultPath()).map { [$0, $0 + "-wal", $0 + "-shm"] } ?? []
        try AtomicFile.write(data, to: path, protecting: protected)
    }

    /// Writes `data` to stdout, or to the file `path` as `KnowledgeBase.writeOutput` allows.
    static func emit(_ data: Data, to path: String?, from kb: KnowledgeBase) throws {
        guard let path else { return Output.out(data) }
        try kb.writeOutput(data, to: path)
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

extension GeneralPlacement: ExpressibleByArgument {}
extension Family: ExpressibleByArgument {}
extension Matrix.CellMode: ExpressibleByArgument {}
extension MatrixAspects: ExpressibleByArgument {}
extension Listing.Subject: ExpressibleByArgument {}
