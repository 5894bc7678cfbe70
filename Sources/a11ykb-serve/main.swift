import A11yKB
import A11yKBMCP
import A11yKBServeOptions
import A11yKBServer
import ArgumentParser
import Foundation

// a11ykb's team server. `a11ykb serve` starts this executable (ServeCommand.swift) with the words
// it was given; both read them as `ServerOptions`, so the options, their rules and their help are
// one.

func fail(_ message: String) -> Never {
    Console.say("a11ykb serve: \(message)\n")
    exit(2)
}

struct ServeMain: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "a11ykb-serve", abstract: ServerOptions.abstract,
                                                    discussion: ServerOptions.discussion)

    @Option(help: ArgumentHelp("Knowledge base file (default: $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite, seeded on first use).",
                               valueName: "path"))
    var db: String?

    @OptionGroup var options: ServerOptions
}

let command: ServeMain
let configuration: ServerConfiguration
do {
    command = try ServeMain.parse(Array(CommandLine.arguments.dropFirst()))
    configuration = try command.options.configuration()
} catch let error as ServerOptions.UnreadableToken {
    fail(error.description)
} catch {
    // Help asked for (stdout, 0); else a usage error in one line (status 2), as a11ykb says them.
    if ServeMain.exitCode(for: error) == .success {
        Console.say(ServeMain.fullMessage(for: error) + "\n", to: STDOUT_FILENO)
        exit(0)
    }
    fail(ServeMain.message(for: error).split(separator: "\n").joined(separator: " "))
}
let databasePath = command.db

signal(SIGPIPE, SIG_IGN)
let path: String
do {
    path = try databasePath ?? {
        // The default knowledge base, created and seeded on first use as for every command.
        let kb = try KnowledgeBase.openDefault()
        return kb.path
    }()
    try await TeamServer.run(path: path, configuration: configuration) { port in
        let shown = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        Console.say("a11ykb serve: http://\(shown):\(port)/ on \(path) (Ctrl-C stops it)\n")
    } onStopOverdue: {
        // The server only reads the knowledge base: ending here loses nothing.
        Console.say("a11ykb serve: stopped with connections still held \(Int(configuration.stopBound)) s after the stop\n")
        _exit(0)
    }
} catch let error as ServerStartError {
    let anotherPort = " (choose another with --port, or --port 0 for any free one)"
    switch error.reason {
    case .tokenNeeded:
        fail("""
            listening on \(configuration.host) lets other machines in: give it a token \
            (head -c 32 /dev/urandom | base64 > token && a11ykb serve --token-file token), or listen on 127.0.0.1
            """)
    case .addressInUse: fail("cannot listen on \(error.address): another program is listening there" + anotherPort)
    case .privilegedPort: fail("cannot listen on \(error.address): ports below 1024 need privileges this user lacks" + anotherPort)
    case .noSuchAddress: fail("cannot listen on \(error.address): no network interface of this machine has that address")
    case .refused(let why): fail("cannot listen on \(error.address): \(why)")
    }
} catch let error as HintedError {
    fail(error.message { hint in
        switch hint {
        case .nameDatabase: "--db PATH"
        case .createKnowledgeBase(let path): "a11ykb import --db \(path) CHECKOUT"
        default: nil
        }
    })
} catch {
    fail(String(describing: error))
}
