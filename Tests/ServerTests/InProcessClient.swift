import A11yKBServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded

/// Answers requests through the server's router in this process, with no socket: what
/// HummingbirdTesting's router framework does, in the few lines of public API it needs (that
/// library links AsyncHTTPClient and BoringSSL, minutes of build for every CI run).
struct InProcessClient {
    let responder: Router<TeamServer.Context>.Responder
    let logger = Logger(label: "a11ykb.tests")

    init(_ env: TeamServer.Environment) {
        responder = TeamServer.router(env).buildResponder()
    }

    struct Reply {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: String
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8)) }
    }

    /// `host`: the request's Host header (its authority); nil sends none.
    func get(_ path: String, headers: HTTPFields = [:], host: String? = "localhost:8080") async throws -> Reply {
        try await send(.get, path, headers: headers, host: host)
    }

    func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: String? = nil,
              host: String? = "localhost:8080") async throws -> Reply {
        var fields = headers
        if let body { fields[.contentLength] = String(body.utf8.count) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: host, path: path, headerFields: fields),
                              body: RequestBody(buffer: ByteBuffer(string: body ?? "")))
        let context = TeamServer.Context(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
        let response = try await responder.respond(to: request, context: context)
        let writer = Collector()
        let box = writer.box
        try await response.body.write(writer)
        return Reply(status: response.status, headers: response.headers, body: String(decoding: box.bytes, as: UTF8.self))
    }

    /// A JSON-RPC request to `/mcp`, as the Streamable HTTP clients send it.
    func mcp(_ json: String, headers: HTTPFields = [:], path: String = "/mcp", host: String? = "localhost:8080") async throws -> Reply {
        var fields: HTTPFields = [.contentType: "application/json", .accept: "application/json, text/event-stream"]
        fields.append(contentsOf: headers)
        return try await send(.post, path, headers: fields, body: json, host: host)
    }

    final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }

    struct Collector: ResponseBodyWriter {
        let box = Box()
        mutating func write(_ buffer: ByteBuffer) async throws { box.bytes += buffer.readableBytesView }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
