import A11yKB
import ArgumentParser
import Foundation

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the knowledge base to AI assistants over the Model Context Protocol (stdio).",
        discussion: """
            Reads JSON-RPC messages, one per line, on stdin and answers on stdout, as MCP clients (Claude Desktop, Claude Code, VS Code, Cursor...) expect of a server they start. Read-only: no tool writes to the knowledge base. Nothing is printed but the protocol; errors at start-up go to stderr with exit status 2.

            Tools (every answer is a readable text and the same facts as JSON, each fact with its source file and line):
            \(toolList)
            Resources: a11ykb://component/FAMILY/SLUG (each component as markdown) and a11ykb://schema (docs/schema.md).

            Register it with a client, e.g. in its mcpServers settings:
              "a11ykb": { "command": "a11ykb", "args": ["mcp"] }

            The server is the executable a11ykb-mcp, built beside a11ykb (it links the MCP SDK, which the other commands need not load); a11ykb mcp runs it, and clients may run it directly.

            Examples:
              a11ykb mcp
              a11ykb mcp --db ~/criteria/kb.sqlite
            """)

    @OptionGroup var database: DatabaseOptions

    /// The tool table, a tool a line (`name: summary`), wrapped under 80 columns with a hanging
    /// indent: the help's own wrapping would start each continuation at the margin.
    static var toolList: String {
        // Built at every start of every command (ArgumentParser reads each command's
        // configuration to find the one named), so in bytes: the summaries are ASCII, and splitting
        // them as Strings, which walks characters, took a tenth of `--version`'s instructions.
        var text: [UInt8] = []
        text.reserveCapacity(3_000)
        for tool in AssistantTool.allCases {
            text += "  ".utf8
            text += tool.name.utf8
            text.append(UInt8(ascii: ":"))
            var width = tool.name.utf8.count + 3
            let summary = Array(tool.summary.utf8)  // slices of an array append as one copy each
            for word in summary.split(separator: UInt8(ascii: " ")) {
                if width + 1 + word.count > 78 {
                    text += "\n     ".utf8
                    width = 5
                }
                text.append(UInt8(ascii: " "))
                text += word
                width += 1 + word.count
            }
            text.append(UInt8(ascii: "\n"))
        }
        return String(decoding: text, as: UTF8.self)
    }

    func run() throws {
        guard let server = Self.serverExecutable() else {
            Output.fail("a11ykb mcp needs a11ykb-mcp, built beside a11ykb (swift build -c release builds both), in \(Self.ownDirectory ?? "the folder of a11ykb") or on PATH")
        }
        // The server takes this process's place: same pid, stdin, stdout and environment.
        Self.exec(server, database.db.map { ["--db", $0] } ?? [])
    }

    /// The folder of the running a11ykb, its links resolved (a11ykb linked into ~/bin still finds
    /// its a11ykb-mcp). Read from /proc/self/exe: Foundation's `Bundle.main` traps when the user
    /// running a11ykb cannot read the folder that holds it (root's build run as `nobody`).
    static var ownDirectory: String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { readlink("/proc/self/exe", $0, raw.count - 1) }
        }
        guard count > 0 else { return nil }
        return (String(decoding: buffer[0..<count], as: UTF8.self) as NSString).deletingLastPathComponent
    }

    /// `name` (a11ykb-mcp, a11ykb-serve) beside a11ykb, else the first on PATH.
    static func serverExecutable(_ name: String = "a11ykb-mcp") -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = [ownDirectory].compactMap { $0 } + path.split(separator: ":").map(String.init)
        return folders.map { ($0 as NSString).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `server` in this process's place (same pid, stdin, stdout, environment), or fails saying why.
    static func exec(_ server: String, _ arguments: [String]) -> Never {
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        Output.fail("cannot run \(server): \(String(cString: strerror(errno)))")
    }
}
