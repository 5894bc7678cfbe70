import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// What one connection may hold, on the connection itself (Hummingbird's own idle timeout closes
/// one that sends nothing; this bounds what sending slowly can do):
///
/// - A request's body must arrive whole within `bodyTimeout` of its head. A client that sends its
///   head and then a byte every few seconds is never idle, and would hold its connection (and, at
///   `/mcp`, a request slot) for as long as it liked; past the limit it gets 408 if no answer has
///   begun, and the connection is closed either way.
/// - `requestsPerConnection` requests, then the connection closes after the last one's answer,
///   which says `Connection: close` (the request is marked so too, which ends Hummingbird's loop).
final class ConnectionLimits: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let bodyTimeout: TimeAmount
    private let maxRequests: Int
    private var requests = 0
    private var deadline: Scheduled<Void>?
    /// Whether the answer to the request being read has begun (then a 408 cannot be written).
    private var answering = false
    private var lastRequest = false
    /// The body's time is up: what the client still sends is read and dropped.
    private var timedOut = false

    init(_ configuration: ServerConfiguration) {
        bodyTimeout = .nanoseconds(Int64(configuration.bodyTimeout * 1e9))
        maxRequests = configuration.requestsPerConnection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !timedOut else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            requests += 1
            answering = false
            if requests >= maxRequests {
                lastRequest = true
                head.headerFields[.connection] = "close"
            }
            deadline?.cancel()
            let loop = context.eventLoop.assumeIsolated()
            deadline = loop.scheduleTask(in: bodyTimeout) { [self] in self.bodyTimedOut(context) }
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            deadline?.cancel()
            deadline = nil
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        answering = true
        if lastRequest { head.headerFields[.connection] = "close" }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    private func bodyTimedOut(_ context: ChannelHandlerContext) {
        deadline = nil
        timedOut = true
        guard context.channel.isActive else { return }
        guard !answering else { return context.close(promise: nil) }
        let seconds = Double(bodyTimeout.nanoseconds) / 1e9
        let text = "the request's body did not arrive whole within \(RequestFault.seconds(seconds)) of its head\n"
        let head = HTTPResponse(status: .requestTimeout, headerFields: [.contentType: "text/plain; charset=utf-8",
                                                                         .contentLength: String(text.utf8.count), .connection: "close"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: text))), promise: nil)
        // The answer, then the end of output; the connection itself a moment later. Closed at
        // once, with the client's last bytes unread, the system would reset the connection and
        // the client would lose the answer.
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let loop = context.eventLoop.assumeIsolated()
        written.futureResult.hop(to: context.eventLoop).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            loop.scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
        }
    }
}

@available(*, unavailable)
extension ConnectionLimits: Sendable {}
