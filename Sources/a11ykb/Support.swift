import A11yKB
import ArgumentParser
import Foundation

/// `--db PATH` and `--no-pager`, shared by every command, and accepted before the subcommand too
/// (Launch.swift).
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Knowledge base file. It must hold one, but for import, which makes one at a new path.",
        discussion: "Default: $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite, seeded on first use.",
        valueName: "path"), completion: .file(extensions: ["sqlite", "db"]))
    var db: String?

    @Flag(help: "Never page the output (default on a terminal: $A11YKB_PAGER, else $PAGER, else less -FRX).")
    var noPager = false

    @Option(help: ArgumentHelp("Colour: auto (on a terminal, without $NO_COLOR), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    /// The colour choice takes effect as soon as the options are read, before any output.
    func validate() throws {
        Terminal.colorChoice = color
    }

    /// The knowledge base, opened read-only; `KnowledgeBase.writer()` opens for writing when needed.
    /// A path named with --db must hold a knowledge base: a question never creates one.
    func open() throws -> KnowledgeBase {
        let kb = try db.map { try KnowledgeBase.open(existing: $0) } ?? KnowledgeBase.openDefault()
        // A question that changed the file says so: an older a11ykb can no longer read it.
        if kb.broughtUpToDate {
            Output.error("note: \(kb.path) was of an older a11ykb and is now brought up to date; older versions cannot read it")
        }
        return kb
    }

    /// The knowledge base an import writes: a new --db path becomes one (in a folder that exists).
    func openForImport() throws -> KnowledgeBase {
        if let db { return try KnowledgeBase.open(forImport: db) }
        return try KnowledgeBase.openDefault()
    }
}

// Output: Output.swift (every write checked). Errors and exit statuses: ExitStatus.swift.

/// `-` for a file (`import -`, `sql -`): standard input, read whole, up to a limit.
enum StandardInput {
    static func read(limit: Int, what: String) throws -> Data {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Foundation.read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw ValidationError("cannot read standard input: \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { throw ValidationError("standard input holds more than \(limit >> 20) MB: not \(what)") }
        }
    }
}

/// A user's words for an option (`--platform`, `--level`) read into the typed value the library
/// takes. The library once read them only after looking up what the command names beside them (a
/// component, a plan): when the words are none, `namesFirst` makes that lookup, so that an unknown
/// or ambiguous name stays the error said, as it was.
func reading<Value>(_ read: () throws -> Value, namesFirst: () throws -> Void) throws -> Value {
    do { return try read() } catch {
        try namesFirst()
        throw error
    }
}
