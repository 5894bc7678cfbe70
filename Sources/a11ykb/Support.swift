import A11yKB
import ArgumentParser
import Foundation

/// `--db PATH` and `--no-pager`, shared by every command, and accepted before the subcommand too
/// (Launch.swift).
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Knowledge base file: a regular file, or a new path that becomes an empty knowledge base.",
        discussion: "Default: $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite, seeded on first use.",
        valueName: "path"), completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    @Flag(help: "Never page the output (default on a terminal: $A11YKB_PAGER, else $PAGER, else less -FRX).")
    var noPager = false

    /// The knowledge base, opened read-only; `KnowledgeBase.writer()` opens for writing when needed.
    func open() throws -> KnowledgeBase {
        if let db { return try KnowledgeBase(path: db) }
        return try KnowledgeBase.openDefault()
    }
}

// Output: Output.swift (every write checked). Errors and exit statuses: ExitStatus.swift.
