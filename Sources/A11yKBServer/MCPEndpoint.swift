import A11yKB
import A11yKBMCP
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import MCP

/// MCP over Streamable HTTP at `/mcp`, stateless and with JSON answers: the same tools as stdio
/// but those that read a path on the server's machine (`ToolTable.remote`).
///
/// Each request is checked by the SDK's validators (Accept, Content-Type, the protocol version;
/// Host and Origin, against DNS rebinding, by the rule every route follows, `HostRule`). A single `tools/call`, nearly every request an assistant
/// makes, is answered directly from its JSON (`ToolCall.resultJSON`, as over stdio); notifications
/// are accepted; every other request goes to a `Server` of the SDK's made for that request, with a
/// `StatelessHTTPServerTransport` of its own. The SDK's stateless transport matches answers to
/// requests by JSON-RPC id, and two clients both sending id 1 to one transport would get each
/// other's answers: one server per request cannot mix them up.
struct MCPEndpoint: Sendable {
    let pool: ReaderPool
    let cache: ResponseCache
    let maxBody: Int
    let timeLimit: TimeInterval
    /// The tools offered over HTTP, with the server's time limit for their advice.
    let table: ToolTable
    let validation: StandardValidationPipeline

    init(_ configuration: ServerConfiguration, _ pool: ReaderPool, cache: ResponseCache) {
        self.pool = pool
        self.cache = cache
        maxBody = configuration.maxBodyBytes
        timeLimit = configuration.timeLimit
        table = ToolTable.remote.limited(to: configuration.timeLimit)
        // Host and Origin are checked for every route before this (`HostRule`).
        validation = StandardValidationPipeline(validators: [AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator()])
    }

    /// POST only: stateless, the server offers no stream to GET and no session to DELETE, which
    /// the method table answers with 405 and `Allow: POST`, as the transport's specification asks.
    var routes: Routes {
        var routes = Routes()
        routes.post("/mcp") { request, _ in try await self.answer(request) }
        return routes
    }

    func answer(_ request: Request) async throws -> Response {
        var request = request
        let buffer = try await request.collectBody(upTo: maxBody)
        let body = Data(buffer.readableBytesView)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        if let authority = request.head.authority { headers["host"] = authority }
        let sdkRequest = MCP.HTTPRequest(method: "POST", headers: headers, body: body, path: "/mcp")

        let kind = Message.classify(body)
        var isInitialize = false
        if case .request(_, let method) = kind { isInitialize = method == "initialize" }
        let context = HTTPValidationContext(httpMethod: "POST", sessionID: nil, isInitializationRequest: isInitialize,
                                            supportedProtocolVersions: Version.supported)
        if let refused = validation.validate(sdkRequest, context: context) { return Self.response(refused) }

        switch kind {
        case .request(let id, "tools/call"):
            do {
                // Answers are kept by tool, arguments and knowledge-base version, as the API's are;
                // a tool error (a time limit, a bad argument) is not kept, nor an answer that is
                // not the file's alone (SQL: `ToolCall.key` is nil).
                let params = try ToolCall.parameters(body)
                let key = ToolCall.key(params).map { "mcp " + $0 }
                let tag = ETag.of(pool.version)
                let result: ByteBuffer
                if let key, let kept = cache.get(key, tag: tag) {
                    result = kept
                } else {
                    let (json, failed) = try await pool.answer { kb -> (String, Bool) in
                        let answer = try ToolCall.answer(params.name, params.arguments, kb, table: table)
                        return (answer.json.rendered(pretty: false), answer.isError)
                    }
                    result = ByteBuffer(string: json)
                    if let key, !failed { cache.put(key, tag: tag, body: result) }
                }
                var message = ByteBuffer(string: "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":")
                message.writeImmutableBuffer(result)
                message.writeString("}")
                return Responses.json(message)
            } catch let error as MCPError {
                return Responses.json(String(decoding: Message.error(id: id, error), as: UTF8.self))
            }
        case .other, .cancellation:
            // A notification (initialized, cancelled) or a client's response: nothing to answer.
            return Response(status: .accepted)
        case .batch:
            // Protocol 2025-06-18 took JSON-RPC batches out; the SDK's transport would call one a
            // parse error, though it is JSON.
            return Responses.json(String(decoding: Message.error(id: "null", .invalidRequest("batches are not supported: send one JSON-RPC message per request")), as: UTF8.self),
                                  status: .badRequest)
        case .invalid(let id, let error):
            return Responses.json(String(decoding: Message.error(id: id, error), as: UTF8.self), status: .badRequest)
        default:
            return try await throughServer(sdkRequest)
        }
    }

    /// The request answered by a server of the SDK's, started for it alone, within the request's
    /// time limit: the transport waits for an answer with the request's id and nothing else ends
    /// that wait, so an answer that never comes (a message the two sides read differently, as a
    /// repeated id once was) would hold the request, its slot and a graceful stop for good. Past
    /// the limit the transport is closed, which ends the wait, and the request gets 504.
    func throughServer(_ request: MCP.HTTPRequest) async throws -> Response {
        let transport = StatelessHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: []))
        let server = await MCPServer.make(table, pool)
        try await server.start(transport: transport)
        let limit = timeLimit
        let watchdog = Task { () -> Bool in
            do { try await Task.sleep(for: .seconds(limit)) } catch { return false }
            await transport.disconnect()
            return true
        }
        let answer = await transport.handleRequest(request)
        watchdog.cancel()
        let expired = await watchdog.value
        await server.stop()
        // An answer that came as the limit passed is still the answer.
        if expired && answer.statusCode >= 500 { throw RequestFault.timedOut(seconds: limit) }
        return Self.response(answer)
    }

    static func response(_ answer: MCP.HTTPResponse) -> Response {
        var headers: HTTPFields = [:]
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        let status = HTTPResponse.Status(code: answer.statusCode)
        guard let data = answer.bodyData else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
