import A11yKB
import ArgumentParser
import Foundation

/// `--db PATH` and `--no-pager`, shared by every command, and accepted before the subcommand too
/// (Launch.swift).
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Knowledge base file. A new file becomes an empty knowledge base.",
        discussion: "Default: $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite, seeded on first use.",
        valueName: "path"), completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    @Flag(help: "Never page the output (default on a terminal: $A11YKB_PAGER, else $PAGER, else less -FRX).")
    var noPager = false

    /// The knowledge base, opened read-only; `KnowledgeBase.writer()` opens for writing when needed.
    func open() throws -> KnowledgeBase {
        do {
            if let db { return try KnowledgeBase(path: db) }
            return try KnowledgeBase.openDefault()
        } catch {
            throw Failure(error)
        }
    }

    var path: String { db ?? KnowledgeBase.defaultPath() }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, csv, json
}

/// An error shown as one line on stderr with exit status 2 (1 is kept for "nothing found").
struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ error: Error) {
        description = String(describing: error)
    }
    init(_ message: String) { description = message }
}

extension ParsableCommand {
    static func fail(_ error: Error) -> Never {
        let message = String(describing: error)
        FileHandle.standardError.write(Data("a11ykb: \(message)\n".utf8))
        Foundation.exit(2)
    }
}

func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

func warn(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
