import Foundation
import HTTPTypes
import Hummingbird

/// Every route the server answers, declared once (each controller declares its own: `PagesController`,
/// `APIController`, `MCPEndpoint`): the router's route collections are built from these lists, and so are
/// the methods each address answers (`MethodTable`: a wrong method is 405 with `Allow`, where the
/// router would say 404), the JSON API's own index (`/api`), and each page's JSON twin: the API
/// route answering the same question with the same parameters, which the page names in a
/// `Link: <…>; rel="alternate"; type="application/json"` header (as Datasette does). The twin
/// lives under `/api`, so that one rule (the token, the fault's shape) holds for all JSON.
struct Routes {
    typealias Handler = @Sendable (Request, TeamServer.Context) async throws -> Response

    struct Route {
        /// As the router reads it: literal segments and `:name` parameters.
        let path: String
        let method: HTTPRequest.Method
        /// For the API's index: what the route answers, and an address to try.
        let summary: String?
        let example: String?
        /// A page's JSON twin: an API route's path whose `:name` parameters are the page's own.
        let twin: String?
        let handler: Handler
    }

    private(set) var all: [Route] = []

    mutating func get(_ path: String, summary: String? = nil, example: String? = nil, twin: String? = nil, _ handler: @escaping Handler) {
        all.append(Route(path: path, method: .get, summary: summary, example: example, twin: twin, handler: handler))
    }

    mutating func post(_ path: String, _ handler: @escaping Handler) {
        all.append(Route(path: path, method: .post, summary: nil, example: nil, twin: nil, handler: handler))
    }

    init() {}

    /// The routes of several controllers, as one list: what the methods table is made from.
    init(_ parts: [Routes]) {
        all = parts.flatMap(\.all)
    }

    /// The routes as a collection of Hummingbird's, which the router adds (behind its middleware);
    /// a page's answer names its twin.
    var collection: RouteCollection<TeamServer.Context> {
        let collection = RouteCollection(context: TeamServer.Context.self)
        for route in all {
            let twin = route.twin
            collection.on(RouterPath(route.path), method: route.method) { request, context in
                var response = try await route.handler(request, context)
                if let twin, response.status == .ok || response.status == .notModified {
                    response.headers[Self.link] = "<\(Self.address(twin, request, context))>; rel=\"alternate\"; type=\"application/json\""
                }
                return response
            }
        }
        return collection
    }

    static let link = HTTPField.Name("Link")!

    /// `pattern` with the request's own parameters (escaped as a link escapes them) and query.
    static func address(_ pattern: String, _ request: Request, _ context: TeamServer.Context) -> String {
        let path = pattern.split(separator: "/").map { segment -> String in
            guard segment.hasPrefix(":"), let value = try? context.parameters.decoded(String(segment.dropFirst())) else { return String(segment) }
            return Links.escape(value)
        }
        return "/" + path.joined(separator: "/") + (request.uri.query.map { "?" + linkSafe($0) } ?? "")
    }

    /// A query as sent, fit to stand between `<` and `>` in a header: a byte outside visible ASCII,
    /// or one that would end the address or its parameters (`<`, `>`, `"`, `\`, `,`, `;`), as `%XX`.
    static func linkSafe(_ query: String) -> String {
        var out = ""
        for byte in query.utf8 {
            let unsafe = !(0x21...0x7E).contains(byte) || "<>\"\\,;".utf8.contains(byte)
            out += unsafe ? String(format: "%%%02X", byte) : String(UnicodeScalar(byte))
        }
        return out
    }

    /// Each page's twin that is no declared route (a misspelt pattern would announce a 404).
    var twinsNotDeclared: [String] {
        let declared = Set(all.map(\.path))
        return all.compactMap(\.twin).filter { !declared.contains($0) }
    }

    /// The methods each declared path answers; a GET route answers HEAD too (the router makes
    /// that endpoint, `autoGenerateHeadEndpoints`).
    var methods: MethodTable {
        MethodTable(all.flatMap { route in route.method == .get ? [(route.path, route.method), (route.path, .head)] : [(route.path, route.method)] })
    }
}

/// Which methods an address answers, matched as the router matches it: split at `/` with empty
/// segments skipped, a literal segment equal, a `:name` any one segment.
struct MethodTable: Sendable {
    private var patterns: [(segments: [Substring], methods: Set<HTTPRequest.Method>)] = []

    init(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        for (path, method) in routes {
            let segments = path.split(separator: "/")
            // Wildcards (`*`, `**`) would need the router's own rules; no route uses them.
            precondition(!segments.contains { $0.hasPrefix("*") || $0.hasPrefix("{") }, "MethodTable reads literal and :name segments only: \(path)")
            if let index = patterns.firstIndex(where: { $0.segments == segments }) {
                patterns[index].methods.insert(method)
            } else {
                patterns.append((segments, [method]))
            }
        }
    }

    /// The methods the routes at `path` answer, in a fixed order; nil when no route is there.
    func allowed(_ path: String) -> [HTTPRequest.Method]? {
        let asked = path.split(separator: "/")
        let methods = patterns.filter { pattern in
            pattern.segments.count == asked.count && zip(pattern.segments, asked).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
        }.reduce(into: Set<HTTPRequest.Method>()) { $0.formUnion($1.methods) }
        guard !methods.isEmpty else { return nil }
        return methods.sorted { $0.rawValue < $1.rawValue }
    }
}
