import A11yKB
import ArgumentParser
import Foundation

/// `--db PATH`, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Knowledge base file: a regular file, or a new path that becomes an empty knowledge base.",
        discussion: "Default: $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite, seeded on first use.",
        valueName: "path"))
    var db: String?

    /// The knowledge base, opened read-only; `KnowledgeBase.writer()` opens for writing when needed.
    func open() throws -> KnowledgeBase {
        if let db { return try KnowledgeBase(path: db) }
        return try KnowledgeBase.openDefault()
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, csv, json
}

// Output: Output.swift (every write checked). Errors and exit statuses: ExitStatus.swift.
