import Hummingbird

/// Who may ask, one rule for every route (as the MCP transport's guidance asks of a local
/// server), against DNS rebinding: a page of another site whose name its owner made point at
/// 127.0.0.1 reaches a loopback server, but names itself in `Host` and `Origin`.
///
/// - On loopback, `Host` must name this machine: `localhost`, `127.0.0.1`, `[::1]` or the
///   configured host, on any port (the port `--port 0` gets is known only once listening);
///   another name is 421. Off loopback, `Host` is whatever name the team gives the machine, and
///   the token guards `/api` and `/mcp`.
/// - An `Origin`, which a browser sends with a script's request (never with a plain link
///   followed), must be this machine's on loopback, or one configured; another is 403.
///
/// A request with neither header is no browser's, and passes.
struct HostRule: Sendable {
    let loopback: Bool
    /// The names `Host` may give on loopback, lower-cased, as a URL writes them (`[::1]`).
    let names: Set<String>
    let origins: Set<String>

    init(_ configuration: ServerConfiguration) {
        loopback = configuration.isLoopback
        let configured = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        names = ["localhost", "127.0.0.1", "[::1]", configured.lowercased()]
        origins = Set(configuration.allowedOrigins)
    }

    /// Why a request with these headers is refused, or nil.
    func refusal(host: String?, origin: String?) -> RequestFault? {
        if loopback, let host, !isLocal(host) {
            return .misdirected("this server answers to this machine's own names only (localhost, 127.0.0.1), not \(host)")
        }
        if let origin, !origins.contains(origin), !(loopback && isLocal(origin, scheme: "http://")) {
            return .forbidden("pages of \(origin) may not call this server")
        }
        return nil
    }

    /// Whether `authority` (after `scheme`) is a local name with an optional numeric port.
    func isLocal(_ authority: String, scheme: String = "") -> Bool {
        guard authority.lowercased().hasPrefix(scheme) else { return false }
        let rest = authority.dropFirst(scheme.count).lowercased()
        // The port follows the last colon that is past an IPv6 literal's closing bracket.
        let portColon = rest.lastIndex(of: ":").flatMap { colon in rest[colon...].contains("]") ? nil : colon }
        guard let portColon else { return names.contains(String(rest)) }
        let port = rest[rest.index(after: portColon)...]
        return !port.isEmpty && port.allSatisfy(\.isASCIIDigit) && names.contains(String(rest[..<portColon]))
    }
}

/// `HostRule` on every request, before anything is read.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let rule: HostRule

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1's Host header is the request's authority (HTTPTypes keeps it there).
        if let refused = rule.refusal(host: request.head.authority, origin: request.headers[.origin]) { throw refused }
        return try await next(request, context)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
