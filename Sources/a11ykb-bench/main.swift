import A11yKBMCP
import A11yKBServer
import Foundation

// What scripts/bench runs in one process (its `serve` and `library` suites); not installed.
//
//   a11ykb-bench floor KB.sqlite REQUESTS.txt CLIENTS SECONDS
//       The load run's floor: the same requests answered through the library (the server's own
//       read-connection pool and answers, no HTTP, no sockets), with as many at once as the load
//       run's clients. REQUESTS.txt: a request a line, as the load run sends them: `GET /api/...`
//       or `MCP {json}`.
//   a11ykb-bench questions KB.sqlite QUESTIONS.txt [--sql | --api]
//       Each question (a line) asked once, one at a time, as the MCP server and the team server
//       ask them (the ranking index held for the file's version, built first), or by SQL alone as
//       the CLI asks them (--sql), or as the floor's request for it (--api: `/api/search?q=`
//       through the route's function, the index held, its JSON written).
//
// Each prints one JSON object on stdout.

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("floor", 5):
    guard let clients = Int(arguments[3]), let seconds = Double(arguments[4]) else { usage() }
    var configuration = ServerConfiguration()
    configuration.accessLog = false
    configuration.maxRequests = clients * 2
    let lines = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)
    let env = try TeamServer.environment(path: arguments[1], configuration: configuration)
    let result = try await LibraryFloor(env: env, requests: lines).run(clients: clients, seconds: seconds)
    Console.say(result + "\n", to: STDOUT_FILENO)
case ("questions", 3), ("questions", 4):
    let through: QuestionRun.Path
    switch arguments.count == 3 ? nil : arguments[3] {
    case nil: through = .held
    case "--sql": through = .sql
    case "--api": through = .api
    default: usage()
    }
    let questions = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)
    let result = try QuestionRun(path: arguments[1], questions: questions, through: through).run()
    Console.say(result + "\n", to: STDOUT_FILENO)
default:
    usage()
}

func usage() -> Never {
    Console.say("usage: a11ykb-bench floor KB.sqlite REQUESTS.txt CLIENTS SECONDS\n       a11ykb-bench questions KB.sqlite QUESTIONS.txt [--sql | --api]\n")
    exit(2)
}
