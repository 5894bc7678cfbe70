import A11yKB
import Dispatch
import Foundation
import MCP

/// Where a transport's requests get a knowledge base to answer from, off Swift's cooperative
/// threads (SQLite blocks): stdio runs each answer on a thread of Dispatch's against the file at its
/// path (its `ReadHandle`); the HTTP server leases one of its read connections.
package protocol KnowledgeBaseSource: Sendable {
    func answer<T: Sendable>(_ work: @escaping @Sendable (KnowledgeBase) throws -> T) async throws -> T
}

/// The MCP server both transports run: its instructions, the tool table, the resources.
package enum MCPServer {
    /// What a client hands its model about the server: the tool list comes from the tool table.
    package static func instructions(_ table: ToolTable) -> String {
        """
        a11ykb answers from a knowledge base of accessibility acceptance criteria (MagentaA11y and documents in \
        its shapes): for each UI component, what a tester checks with a keyboard, screen reader gestures and \
        device settings, what VoiceOver and TalkBack announce, and how to build it in UIKit, SwiftUI, Android \
        Views, Jetpack Compose or HTML. Every fact comes with its source file and line: cite them.

        Tools:

        """ + table.tools.map { "- \($0.name): \($0.tool.summary)\n" }.joined()
    }

    /// A server with the handlers of `table`'s tools and the resources, answering from `source`.
    package static func make(_ table: ToolTable, _ source: any KnowledgeBaseSource) async -> Server {
        let server = Server(
            name: "a11ykb", version: KnowledgeBase.version, title: "a11ykb: accessibility acceptance criteria",
            instructions: instructions(table),
            capabilities: Server.Capabilities(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let definitions = table.tools.map(\.definition)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: definitions) }
        // A transport answers a single tools/call itself (`ToolCall.resultJSON`); a batch's reach here.
        await server.withMethodHandler(CallTool.self) { params in
            try await source.answer { try ToolCall.answer(params.name, params.arguments, $0, table: table).result }
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: try await source.answer { try Resources.list($0) })
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            ListResourceTemplates.Result(templates: Resources.templates)
        }
        await server.withMethodHandler(ReadResource.self) { params in
            ReadResource.Result(contents: [try await source.answer { try Resources.read(params.uri, $0) }])
        }
        return server
    }
}

extension ReadHandle {
    /// The stdio server's direct answer to a whole `tools/call` request line (`ToolCall.resultJSON`),
    /// its searches answered from the ranking index held for the file, as every other answer of a
    /// long-running reader is.
    package func toolCallJSON(_ request: Data) throws -> String {
        try answeringFromHeldIndex { try ToolCall.resultJSON(request) { try knowledgeBase() } }
    }
}

extension ReadHandle: KnowledgeBaseSource {
    /// The stdio server's answers: the file at its path as it is now, in one snapshot, on a thread
    /// of Dispatch's, so that a long query never holds one of the few threads Swift's concurrency
    /// runs the server on.
    package func answer<T: Sendable>(_ work: @escaping @Sendable (KnowledgeBase) throws -> T) async throws -> T {
        try await answering(work)
    }
}
