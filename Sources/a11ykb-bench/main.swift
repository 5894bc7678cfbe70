import A11yKBMCP
import A11yKBServer
import Foundation

// The team server's floor for scripts/bench-serve: the same requests answered through the library
// in one process (the server's own read-connection pool and answers, no HTTP, no sockets), with as
// many at once as the load run's clients. Prints one JSON object: requests per second and the
// latency percentiles. Not installed; the bench builds and runs it.
//
//   a11ykb-bench KB.sqlite REQUESTS.txt CLIENTS SECONDS
//
// REQUESTS.txt: a request a line, as the load run sends them: `GET /api/...` or `MCP {json}`.

let arguments = CommandLine.arguments
guard arguments.count == 5, let clients = Int(arguments[3]), let seconds = Double(arguments[4]) else {
    Console.say("usage: a11ykb-bench KB.sqlite REQUESTS.txt CLIENTS SECONDS\n")
    exit(2)
}
var configuration = ServerConfiguration()
configuration.accessLog = false
configuration.maxRequests = clients * 2
let lines = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)
let env = try TeamServer.environment(path: arguments[1], configuration: configuration)
let floor = LibraryFloor(env: env, requests: lines)
let result = try await floor.run(clients: clients, seconds: seconds)
Console.say(result + "\n", to: STDOUT_FILENO)
