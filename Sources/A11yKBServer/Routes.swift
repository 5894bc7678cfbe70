import Foundation
import HTTPTypes
import Hummingbird

/// Every route the server answers, declared once: the router is built from this list, and so are
/// the methods each address answers (`MethodTable`: a wrong method is 405 with `Allow`, where the
/// router would say 404) and the JSON API's own index (`/api`).
struct Routes {
    typealias Handler = @Sendable (Request, TeamServer.Context) async throws -> Response

    struct Route {
        /// As the router reads it: literal segments and `:name` parameters.
        let path: String
        let method: HTTPRequest.Method
        /// For the API's index: what the route answers, and an address to try.
        let summary: String?
        let example: String?
        let handler: Handler
    }

    private(set) var all: [Route] = []

    mutating func get(_ path: String, summary: String? = nil, example: String? = nil, _ handler: @escaping Handler) {
        all.append(Route(path: path, method: .get, summary: summary, example: example, handler: handler))
    }

    mutating func post(_ path: String, _ handler: @escaping Handler) {
        all.append(Route(path: path, method: .post, summary: nil, example: nil, handler: handler))
    }

    /// Each route on `router` (whose middleware is already added).
    func register(on router: Router<TeamServer.Context>) {
        for route in all {
            router.on(RouterPath(route.path), method: route.method) { request, context in try await route.handler(request, context) }
        }
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
