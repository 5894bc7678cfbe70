import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// One line per request on stderr: method, address (path and query), status, milliseconds.
/// Written with one `write(2)`, so that lines of requests answered at once never interleave.
struct AccessLog<Context: RequestContext>: RouterMiddleware {
    let enabled: Bool
    /// The most of an address a line shows: a 4 kB query is not worth a 4 kB line.
    static var maxTarget: Int { 300 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard enabled else { return try await next(request, context) }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let response = try await next(request, context)
            say(request, response.status, since: start)
            return response
        } catch {
            // A fault is thrown on to the router, which writes it (`RequestFault.response`).
            say(request, (error as? any HTTPResponseError)?.status ?? .internalServerError, since: start)
            throw error
        }
    }

    private func say(_ request: Request, _ status: HTTPResponse.Status, since start: UInt64) {
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let line = "\(request.method.rawValue) \(Self.target(request.uri)) \(status.code) \(String(format: "%.1f", ms))ms\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    /// The address as the log writes it: path and query as sent, a byte outside visible ASCII
    /// (a control character, a space, raw UTF-8) as `%XX` so that a line is one line of plain
    /// text, cut at `maxTarget` bytes with `…`.
    static func target(_ uri: URI) -> String {
        let sent = uri.path + (uri.query.map { "?" + $0 } ?? "")
        var out = ""
        for byte in sent.utf8 {
            if out.utf8.count >= maxTarget { return out + "…" }
            out += (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return out
    }
}

/// Every error a route, the router or a middleware throws, as the `RequestFault` it means, which
/// the router then writes as its response (`RequestFault.response`). Never a stack trace, never
/// the connection dropped, never an error's own words.
struct FaultResponses<Context: RequestContext>: RouterMiddleware {
    /// The methods each address answers: the router calls a route's other methods not found.
    let methods: MethodTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            throw fault(error, request)
        }
    }

    /// The framework's own errors by their status (the router's not found, a body past its limit,
    /// `NIOTooManyBytesError`), said in the server's words; any other by `RequestFault.from`.
    func fault(_ error: Error, _ request: Request) -> RequestFault {
        if !(error is RequestFault), let error = error as? any HTTPResponseError {
            switch error.status {
            case .notFound:
                if let allowed = methods.allowed(request.uri.path) {
                    return .methodNotAllowed(allowed: allowed.map(\.rawValue).joined(separator: ", "))
                }
                return .notFound("nothing is at \(request.uri.path)")
            case .contentTooLarge: return .tooLarge("the request's body is larger than the server takes")
            case .methodNotAllowed: return .methodNotAllowed(allowed: "GET")
            case _ where error.status.kind == .clientError: return .badRequest((error as? HTTPError)?.body ?? error.status.reasonPhrase)
            default: return RequestFault.from(error)
            }
        }
        return RequestFault.from(error)
    }
}

/// How many requests are in the server: past the cap, the next is refused at once (503 with
/// Retry-After) rather than queued behind thousands.
final class RequestLimiter: @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    let cap: Int

    init(_ cap: Int) { self.cap = cap }

    func enter() -> Bool {
        lock.withLock {
            guard inFlight < cap else { return false }
            inFlight += 1
            return true
        }
    }

    func leave() { lock.withLock { inFlight -= 1 } }

    /// How many requests hold a slot now.
    var held: Int { lock.withLock { inFlight } }
}

/// The request limits: how many at once, how long an address may be.
struct Limits<Context: RequestContext>: RouterMiddleware {
    let limiter: RequestLimiter
    let maxTarget: Int

    init(_ limiter: RequestLimiter, maxTarget: Int) {
        self.limiter = limiter
        self.maxTarget = maxTarget
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.description.utf8.count > maxTarget {
            throw RequestFault.addressTooLong("the address is longer than the server takes (\(maxTarget) bytes)")
        }
        guard limiter.enter() else { throw RequestFault.busy }
        defer { limiter.leave() }
        return try await next(request, context)
    }
}

/// `/api` and `/mcp` need the server's token when it has one; the pages and `/healthz` do not
/// (a team's browsers reach them on its network). Decided on the route that answers (`Area`),
/// never the raw path; compared in constant time.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token, [.api, .mcp].contains(Area(request, context)) else { return try await next(request, context) }
        let given = request.headers[.authorization].flatMap { header -> String? in
            let parts = header.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == "bearer" ? String(parts[1]).trimmingCharacters(in: .whitespaces) : nil
        }
        guard let given, Self.same(Array(given.utf8), Array(token.utf8)) else { throw RequestFault.unauthorized }
        return try await next(request, context)
    }

    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) { difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0) }
        return difference == 0
    }
}
