import A11yKB
import A11yKBServeOptions
import ArgumentParser
import Foundation

/// `a11ykb serve`: the options (`ServerOptions`, shared with a11ykb-serve) checked here, then
/// a11ykb-serve in this process's place with the words as given.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: ServerOptions.abstract, discussion: ServerOptions.discussion)

    @OptionGroup var options: ServerOptions

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        guard let server = MCPCommand.serverExecutable("a11ykb-serve") else {
            Output.fail("a11ykb serve needs a11ykb-serve, built beside a11ykb (swift build -c release builds it), in \(MCPCommand.ownDirectory ?? "the folder of a11ykb") or on PATH")
        }
        // The server reads the same options from the same words; the knowledge base's path is
        // the one option of the command line's own it takes.
        MCPCommand.exec(server, (database.db.map { ["--db", $0] } ?? []) + GlobalOptions.passedOn(to: Self._commandName))
    }
}
