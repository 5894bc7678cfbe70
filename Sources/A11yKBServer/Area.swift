import Hummingbird

/// The part of the server a request is for: `/healthz`, the pages, the JSON API or MCP. What a
/// request may do (the token, how a fault is answered) is decided on this, and this is read from
/// the route the router answers with, never from the raw path: the router skips empty segments,
/// so `//api/search`, `/api//search` and `/mcp/` reach `/api/search` and `/mcp`.
enum Area: Equatable {
    case health, pages, api, mcp

    /// The area of the route the router matched (its pattern as registered, `/api/search`, set
    /// before any middleware runs); a request no route matches (a 404 whatever it asks, whose
    /// endpoint the router names `NotFound`) by its path, split as the router splits it.
    init(_ request: Request, _ context: some RequestContext) {
        let route = context.endpointPath.flatMap { $0.hasPrefix("/") ? $0 : nil }
        self.init(path: route ?? request.uri.path)
    }

    /// The area of `path`, by its first non-empty segment (the router's own split: by `/`
    /// Characters, empty segments skipped).
    init(path: String) {
        switch path.split(separator: "/", omittingEmptySubsequences: true).first {
        case "api": self = .api
        case "mcp": self = .mcp
        case "healthz": self = .health
        default: self = .pages
        }
    }
}
