import A11yKB
import A11yKBMCP
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The team server: the knowledge base as accessible pages, a JSON API and MCP over HTTP, on one
/// read-only file. `a11ykb serve` runs it; every route is a skin over the façade's questions.
public enum TeamServer {
    public typealias Context = BasicRequestContext


    /// Everything a request needs: the configuration, the read connections, the pages.
    public struct Environment: Sendable {
        public let configuration: ServerConfiguration
        public let pool: ReaderPool
        let pages: Pages
        let mcp: MCPEndpoint
        let limiter: RequestLimiter
        let cache: ResponseCache
    }

    /// Opens the knowledge base at `path` (it must hold one) with `configuration`'s connections.
    public static func environment(path: String, configuration: ServerConfiguration) throws -> Environment {
        if !configuration.isLoopback && configuration.token == nil {
            throw ServerStartError(.tokenNeeded, host: configuration.host, port: configuration.port)
        }
        let pool = try ReaderPool(path: path, count: configuration.readers, timeLimit: configuration.timeLimit)
        let cache = ResponseCache(maxBytes: configuration.cacheBytes)
        return Environment(configuration: configuration, pool: pool, pages: try Pages(), mcp: MCPEndpoint(configuration, pool, cache: cache),
                           limiter: RequestLimiter(configuration.maxRequests), cache: cache)
    }

    /// Every route, behind the middleware every request passes: the access log, faults as
    /// responses, the Host and Origin rule, the request limits, the token.
    public static func router(_ env: Environment) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: AccessLog(enabled: env.configuration.accessLog))
        router.add(middleware: FaultResponses(pages: env.pages))
        router.add(middleware: HostCheck(rule: HostRule(env.configuration)))
        router.add(middleware: Limits(env.limiter, maxTarget: env.configuration.maxTargetBytes))
        router.add(middleware: TokenCheck(token: env.configuration.token))
        router.get("/healthz") { _, _ in Responses.text("ok\n") }
        Pages.routes(router, env)
        API.routes(router, env)
        env.mcp.routes(router)
        return router
    }

    /// The application listening where `configuration` says.
    public static func application(_ env: Environment, logger: Logger? = nil) -> some ApplicationProtocol {
        var quiet = Logger(label: "a11ykb.serve")
        quiet.logLevel = .error
        return Application(router: router(env),
                           configuration: ApplicationConfiguration(address: .hostname(env.configuration.host, port: env.configuration.port),
                                                                   serverName: "a11ykb/\(KnowledgeBase.version)"),
                           logger: logger ?? quiet)
    }

    /// Serves until SIGINT or SIGTERM; requests in flight finish first.
    public static func run(path: String, configuration: ServerConfiguration, onListening: @escaping @Sendable (Int) -> Void) async throws {
        let env = try environment(path: path, configuration: configuration)
        var quiet = Logger(label: "a11ykb.serve")
        quiet.logLevel = .error
        let app = Application(router: router(env),
                              configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                                      serverName: "a11ykb/\(KnowledgeBase.version)"),
                              onServerRunning: { channel in onListening(channel.localAddress?.port ?? configuration.port) },
                              logger: quiet)
        // SIGTERM and SIGINT are this process's own (StopSignals), not the service group's: its
        // Dispatch signal sources, registered beside the server's start and let go at its end,
        // could leave a stop sent right after the address was printed to the default action
        // (status 143, in one run of a test in a few dozen under load).
        let group = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: quiet)
        StopSignals.trap()
        try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask {
                do {
                    try await group.run()
                } catch let error as IOError {
                    // The address cannot be had: said as what it means, not as the system call.
                    throw ServerStartError(listening: configuration, error)
                }
                return true
            }
            tasks.addTask {
                await StopSignals.next()
                if !Task.isCancelled { await group.triggerGracefulShutdown() }
                return false
            }
            // Until the server has ended (requests in flight finished); then the wait for a
            // signal is let go.
            while let serverEnded = try await tasks.next() {
                if serverEnded {
                    tasks.cancelAll()
                    break
                }
            }
        }
    }
}
