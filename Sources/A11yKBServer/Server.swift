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

        /// How many requests the server is answering at this moment (each holds one of
        /// `configuration.maxRequests` slots): what a check of the server's load reads.
        public var requestsInFlight: Int { limiter.held }
    }

    /// Opens the knowledge base at `path` (it must hold one) with `configuration`'s connections.
    public static func environment(path: String, configuration: ServerConfiguration) throws -> Environment {
        if !configuration.isLoopback && configuration.token == nil {
            throw ServerStartError(.tokenNeeded, host: configuration.host, port: configuration.port)
        }
        let pool = try ReaderPool(path: path, count: configuration.readers, timeLimit: configuration.timeLimit)
        let cache = ResponseCache(maxBytes: configuration.cacheBytes)
        return Environment(configuration: configuration, pool: pool, pages: try Pages.compiled.get(), mcp: MCPEndpoint(configuration, pool, cache: cache),
                           limiter: RequestLimiter(configuration.maxRequests), cache: cache)
    }

    /// Every route, each controller's a collection added to the router, behind the middleware
    /// every request passes: the access log, faults as responses, the Host and Origin rule, the
    /// request limits, the token.
    public static func router(_ env: Environment) -> Router<Context> {
        var health = Routes()
        health.get("/healthz") { _, _ in Responses.text("ok\n") }
        let answers = CachedAnswers(pool: env.pool, cache: env.cache)
        let controllers = [health, PagesController(pages: env.pages, answers: answers).routes, APIController(answers: answers).routes, env.mcp.routes]
        let routes = Routes(controllers)
        let router = Router(context: Context.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessLog(enabled: env.configuration.accessLog))
        router.add(middleware: FaultResponses(methods: routes.methods))
        router.add(middleware: HostCheck(rule: HostRule(env.configuration)))
        router.add(middleware: Limits(env.limiter, maxTarget: env.configuration.maxTargetBytes))
        router.add(middleware: TokenCheck(token: env.configuration.token))
        for controller in controllers { router.addRoutes(controller.collection) }
        return router
    }

    /// The application listening where the configuration says, with its limits on connections
    /// (`ServerConfiguration`'s figures): the idle timeout, the body timeout and the requests a
    /// connection may make (`ConnectionLimits`), and the connections open at once, under what
    /// the process may open (`openFiles`). `onListening` is told the port.
    public static func application(_ env: Environment, openFiles: Int = OpenFiles.limit(), logger: Logger? = nil,
                                   onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        let configuration = env.configuration
        var quiet = Logger(label: "a11ykb.serve")
        quiet.logLevel = .error
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [ConnectionLimits(configuration)],
                                               idleTimeout: .nanoseconds(Int64(configuration.idleTimeout * 1e9)))
        let connections = MaximumAvailableConnections(configuration.connectionCap(openFiles: openFiles))
        return Application(router: router(env), server: .http1(configuration: http1),
                           configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                                   serverName: "a11ykb/\(KnowledgeBase.version)",
                                                                   availableConnectionsDelegate: connections),
                           onServerRunning: { channel in onListening(channel.localAddress?.port ?? configuration.port) },
                           logger: logger ?? quiet)
    }

    /// Serves until SIGINT or SIGTERM. A stop refuses new connections, closes idle ones, gives
    /// requests in flight `stopGrace` seconds and then closes their connections; should anything
    /// still hold the server `stopBound` seconds after the stop began, `onStopOverdue` is called
    /// (on a thread of its own; the skin ends the process).
    public static func run(path: String, configuration: ServerConfiguration, onListening: @escaping @Sendable (Int) -> Void,
                           onStopOverdue: @escaping @Sendable () -> Void) async throws {
        let env = try environment(path: path, configuration: configuration)
        var quiet = Logger(label: "a11ykb.serve")
        quiet.logLevel = .error
        let app = application(env, openFiles: OpenFiles.raise(), onListening: onListening)
        // SIGTERM and SIGINT are this process's own (StopSignals), not the service group's: its
        // Dispatch signal sources, registered beside the server's start and let go at its end,
        // could leave a stop sent right after the address was printed to the default action
        // (status 143, in one run of a test in a few dozen under load).
        var groupConfiguration = ServiceGroupConfiguration(services: [.init(service: app)], logger: quiet)
        // Past the grace, the service group cancels the server, which closes every connection.
        groupConfiguration.maximumGracefulShutdownDuration = .nanoseconds(Int64(configuration.stopGrace * 1e9))
        let group = ServiceGroup(configuration: groupConfiguration)
        let deadline = StopDeadline(seconds: configuration.stopBound, overdue: onStopOverdue)
        defer { deadline.end() }
        StopSignals.trap()
        try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask {
                do {
                    try await group.run()
                } catch let error as IOError {
                    // The address cannot be had: said as what it means, not as the system call.
                    throw ServerStartError(listening: configuration, error)
                } catch where deadline.hasBegun {
                    // A stop that had to cancel what clients held is still the stop asked for.
                }
                return true
            }
            tasks.addTask {
                await StopSignals.next()
                if Task.isCancelled { return false }
                deadline.begin()
                await group.triggerGracefulShutdown()
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
