import A11yKB
import ArgumentParser
import Foundation

/// The one exit-status contract of a11ykb, enforced here and nowhere else:
///   0  done
///   1  nothing found (search), or partly failed (import: some files had errors)
///   2  a usage error, or nothing could be done (a fatal error)
/// A command throws `ExitStatus.incomplete` to end with 1, or any error to end with 2 and the
/// error as one line on stderr. ArgumentParser's usage errors (64, several lines of usage) become
/// one line with a pointer to the command's --help, and status 2.
enum ExitStatus: Int32, Error {
    case ok = 0
    case incomplete = 1
    case failure = 2

    func exit() -> Never {
        Foundation.exit(rawValue)
    }

    /// Parses the arguments, runs the command, and ends the process by the contract.
    static func run(_ root: A11yKBCommand.Type, arguments: [String]? = nil) -> Never {
        Output.prepare()
        var command: ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            usage(error, root, arguments: arguments)
        }
        if let paged = command as? Paged, paged.pagesOutput { Pager.start() }
        do {
            try command.run()
        } catch {
            end(error, root)
        }
        ExitStatus.ok.exit()
    }

    /// What `run()` threw: a status, a request for help, or an error for stderr.
    static func end(_ error: Error, _ root: A11yKBCommand.Type) -> Never {
        switch error {
        case let status as ExitStatus:
            status.exit()
        case let code as ExitCode:
            (code.rawValue == 0 ? ExitStatus.ok : code.rawValue == 1 ? .incomplete : .failure).exit()
        default:
            // A request for help (the bare `a11ykb`) or a ValidationError thrown while running.
            let code = root.exitCode(for: error)
            if code == .success || code == .validationFailure { usage(error, root) }
            Output.fail(Hints.message(error))
        }
    }

    /// A parsing error: help or a version asked for (stdout, 0), else a usage error (one line, 2).
    static func usage(_ error: Error, _ root: A11yKBCommand.Type, arguments: [String]? = nil) -> Never {
        let full = root.fullMessage(for: error)
        // A first word that is no command is an error even beside --help (`a11ykb acr --help` on a
        // build without acr): help for the whole tool would hide that the command is unknown.
        if let guess = CommandGuess.unknownCommand(in: arguments ?? Array(CommandLine.arguments.dropFirst())) {
            Output.fail(guess)
        }
        if root.exitCode(for: error) == .success {
            let help = HelpLayout.reordered(full)
            Output.out(help.hasSuffix("\n") ? help : help + "\n")
            ExitStatus.ok.exit()
        }
        let message = root.message(for: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        // ArgumentParser's own pointer: "See 'a11ykb compare --help' for more information."
        var hint = "a11ykb --help"
        if let start = full.range(of: "See '"), let end = full[start.upperBound...].firstIndex(of: "'") {
            hint = String(full[start.upperBound..<end])
        }
        Output.fail("\(message) (see '\(hint)')")
    }
}

extension A11yKBCommand {
    /// Replaces ArgumentParser's `main()`, which exits 64 with usage lines and prints with
    /// unchecked writes. Global options may come before the subcommand (`GlobalOptions`).
    static func main() {
        ExitStatus.run(self, arguments: GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst())))
    }
}
