import A11yKB
import A11yKBMCP
import Dispatch
import Foundation
import MCP

// a11ykb's MCP server over stdio. `a11ykb mcp` starts this executable (MCPCommand.swift); the
// options and their help are that command's.

let usage = """
    usage: a11ykb-mcp [--db PATH]
    An MCP server over stdio on the a11ykb knowledge base (read-only). See `a11ykb mcp --help`.

    """

func fail(_ message: String) -> Never {
    Console.say("a11ykb mcp: \(message)\n", to: STDERR_FILENO)
    exit(2)
}

var databasePath: String?
var rest = CommandLine.arguments.dropFirst()
while let argument = rest.popFirst() {
    switch argument {
    case "-h", "--help":
        Console.say(usage, to: STDOUT_FILENO)
        exit(0)
    case "--tool-table-markdown":
        // For scripts/mcp-tools, which writes it into README.md: the tool table as markdown.
        Console.say(AssistantTool.markdown, to: STDOUT_FILENO)
        exit(0)
    case "--db":
        guard let path = rest.popFirst() else { fail("--db needs a path") }
        databasePath = path
    case _ where argument.hasPrefix("--db="):
        databasePath = String(argument.dropFirst("--db=".count))
    default:
        fail("unknown argument \"\(argument)\"\n\(usage)")
    }
}

// A client that goes away closes our stdout: a write then fails (and is dropped), rather than
// killing the server with SIGPIPE before it has read the end of its input.
signal(SIGPIPE, SIG_IGN)

let current: ReadHandle
do {
    // A named path must hold a knowledge base: serving an empty one would answer "0 components".
    // Opened once as any command opens it (the default one created, an older schema brought up to
    // date), then only read: the file at the path as it is at each request.
    let opened = try databasePath.map { try KnowledgeBase.open(existing: $0) } ?? KnowledgeBase.openDefault()
    current = try ReadHandle(path: opened.path)
    current.holdRankingIndexSoon()
} catch {
    fail(ErrorMessage.text(error) { hint in
        switch hint {
        case .nameDatabase: "--db PATH"
        case .createKnowledgeBase(let path): "a11ykb import --db \(path) CHECKOUT (a clone of github.com/tmobile/magentaA11y)"
        default: nil
        }
    })
}
let server = await MCPServer.make(.local, current)

// Run by hand, it would sit silent: say what it waits for (never on stdout, the protocol's).
if isatty(STDIN_FILENO) != 0 {
    Console.say("a11ykb mcp: an MCP server, reading JSON-RPC on stdin; an MCP client starts it (see a11ykb mcp --help). Ctrl-D ends it.\n", to: STDERR_FILENO)
}

do {
    try await server.start(transport: LineTransport(direct: ["tools/call": { try current.toolCallJSON($0) }]))
    await server.waitUntilCompleted()
} catch {
    fail(ErrorMessage.text(error))
}
