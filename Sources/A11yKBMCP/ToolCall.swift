import A11yKB
import Foundation
import MCP

/// `tools/call`: the named tool, its arguments checked, its answer; a question the knowledge base
/// cannot answer as asked is a tool error the model reads, never a failed request.
package enum ToolCall {
    /// Throws only what is a protocol error: an unknown tool (JSON-RPC -32602).
    package static func answer(_ name: String, _ arguments: [String: Value]?, _ kb: KnowledgeBase,
                               table: ToolTable = .local) throws -> Answer {
        guard let tool = table.byName[name] else {
            throw MCPError.invalidParams("unknown tool \"\(name)\"; tools: \(table.tools.map(\.name).joined(separator: ", "))")
        }
        do {
            // One snapshot for the whole answer (the one a server's read holds already, if any).
            return try kb.inSnapshot { try tool.answer(Arguments(arguments, for: tool.parameters, tool: tool.name, timeLimit: table.timeLimit), kb) }
        } catch let error as QueryError {
            var details: [(String, JSONValue)] = []
            if case .unknownComponent(_, let suggestions) = error {
                details.append(("suggestions", .array(suggestions.map(JSONValue.string))))
            }
            if case .ambiguousComponent(_, let candidates) = error {
                details.append(("candidates", .array(candidates.map(JSONValue.string))))
            }
            return Answer.error(error.message(Hints.wording(tool.parameters, timeLimit: table.timeLimit)), details)
        } catch {
            // A bad argument, a knowledge base that fails to read: said to the model in the
            // library's words, and the server goes on.
            return Answer.error(ErrorMessage.text(error, Hints.wording(tool.parameters, timeLimit: table.timeLimit)))
        }
    }

    /// A whole `tools/call` request line to the JSON of its result, for the transport's direct
    /// path (see LineTransport): the answer is written as our JSON, straight, instead of going
    /// through the SDK's generic handler, which re-encodes a result and decodes it back into
    /// its `Value` type, compiling a regular expression for every string in it (a large
    /// component's answer: about 700 strings, four times the cost of answering).
    package static func resultJSON(_ request: Data, _ kb: KnowledgeBase, table: ToolTable = .local) throws -> String {
        try resultJSON(request, table: table) { kb }
    }

    /// The same, opening the knowledge base only for a known tool: a file at the server's path
    /// that cannot be opened now (replaced by one that is not a knowledge base) is the tool's
    /// error, which the model reads and the next call tries again, not a JSON-RPC internal error.
    package static func resultJSON(_ request: Data, table: ToolTable = .local, knowledgeBase: () throws -> KnowledgeBase) throws -> String {
        let params = try parameters(request)
        guard let tool = table.byName[params.name] else {
            throw MCPError.invalidParams("unknown tool \"\(params.name)\"; tools: \(table.tools.map(\.name).joined(separator: ", "))")
        }
        let kb: KnowledgeBase
        do {
            kb = try knowledgeBase()
        } catch {
            return Answer.error(ErrorMessage.text(error, Hints.wording(tool.parameters, timeLimit: table.timeLimit))).json.rendered(pretty: false)
        }
        return try answer(params.name, params.arguments, kb, table: table).json.rendered(pretty: false)
    }

    /// The tool and arguments of a whole `tools/call` request.
    package static func parameters(_ request: Data) throws -> CallTool.Parameters {
        struct Request: Decodable { var params: CallTool.Parameters }
        do {
            return try JSONDecoder().decode(Request.self, from: request).params
        } catch {
            throw MCPError.invalidParams("tools/call needs params with the tool's name and its arguments")
        }
    }

    /// The same call, whatever the order of its arguments' keys: what a cache of answers keys on;
    /// nil for a call whose answer is not the file's alone (`AssistantTool.answersFromFileAlone`),
    /// which is never kept.
    package static func key(_ params: CallTool.Parameters) -> String? {
        guard AssistantTool(rawValue: params.name)?.answersFromFileAlone == true else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let arguments = (try? encoder.encode(params.arguments ?? [:])).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return params.name + " " + arguments
    }
}
