import A11yKB
import A11yKBMCP
import A11yKBServer
import Foundation

// a11ykb's team server. `a11ykb serve` starts this executable (ServeCommand.swift), which checks
// the options; its help is that command's.

func fail(_ message: String) -> Never {
    Console.say("a11ykb serve: \(message)\n")
    exit(2)
}

/// A figure of seconds as help states it: 20, 2.5.
func figure(_ seconds: Double) -> String { seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds) }

/// The options `a11ykb serve` passes on, checked.
func parse(_ given: [String]) -> (ServerConfiguration, String?) {
var configuration = ServerConfiguration()
var databasePath: String?
var arguments = given[...]
func value(_ name: String) -> String {
    guard let next = arguments.popFirst() else { fail("\(name) needs a value") }
    return next
}
/// The option's value as a number the rule allows, or one line saying the rule.
func number<N: LosslessStringConvertible>(_ name: String, is rule: String, where valid: (N) -> Bool) -> N {
    let text = value(name)
    guard let n = N(text), valid(n) else { fail("\(name) is \(rule) (got \(text))") }
    return n
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--db": databasePath = value(argument)
    case "--host": configuration.host = value(argument)
    case "--port": configuration.port = number(argument, is: "a number from 0 to 65535") { (0...65535).contains($0) }
    case "--token-file":
        let path = value(argument)
        // One line of visible ASCII: what an Authorization header can carry. A second line
        // would start a server no client could ever send the token to.
        guard let data = FileManager.default.contents(atPath: path),
              let token = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty,
              token.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
            fail("cannot read a token from \(path) (a file holding one line, such as head -c 32 /dev/urandom | base64 writes)")
        }
        configuration.token = token
    case "--allow-origin": configuration.allowedOrigins.append(value(argument))
    case "--time-limit": configuration.timeLimit = number(argument, is: "a number of seconds above 0") { (seconds: Double) in seconds > 0 }
    case "--readers": configuration.readers = number(argument, is: "a number from 1 to 64") { (1...64).contains($0) }
    case "--max-requests": configuration.maxRequests = number(argument, is: "a number of 1 or more") { $0 >= 1 }
    case "--cache-mb": configuration.cacheBytes = number(argument, is: "a number from 0 to 4096") { (0...4096).contains($0) } << 20
    case "--quiet": configuration.accessLog = false
    case "-h", "--help":
        Console.say("""
            usage: a11ykb-serve [--db PATH] [--host HOST] [--port N] [--token-file FILE]; see a11ykb serve --help
            limits: a connection silent \(figure(configuration.idleTimeout)) s is closed; a body whole within \(figure(configuration.bodyTimeout)) s of its head \
            (else 408); \(configuration.requestsPerConnection) requests per connection; \(configuration.maxConnections) connections at once \
            (fewer under a lower open-file limit); a stop gives requests \(figure(configuration.stopGrace)) s and ends within \(figure(configuration.stopBound)) s

            """, to: STDOUT_FILENO)
        exit(0)
    default: fail("unknown argument \"\(argument)\"; see a11ykb serve --help")
    }
}
return (configuration, databasePath)
}

let (configuration, databasePath) = parse(Array(CommandLine.arguments.dropFirst()))

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
