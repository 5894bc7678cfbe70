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
/// - A request the HTTP parser refuses is answered with its status and why (`ParserRefusal`),
///   where Hummingbird would send an empty 400, and the connection is closed.
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
    /// Requests read whose answer has not ended: a refusal of the parser is written only when
    /// none is, so that it never comes between another request and its answer.
    private var owed = 0
    /// The body's time is up, or the parser refused the request: what the client still sends
    /// is read and dropped.
    private var refused = false
    private let maxTarget: Int
    /// The bytes before the parser, which tell its refusals apart.
    private let lines = RequestLines()

    init(_ configuration: ServerConfiguration) {
        bodyTimeout = .nanoseconds(Int64(configuration.bodyTimeout * 1e9))
        maxRequests = configuration.requestsPerConnection
        maxTarget = configuration.maxTargetBytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // First in the pipeline, before the parser: it must see the bytes the parser refuses.
        try? context.pipeline.syncOperations.addHandler(lines, position: .first)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            requests += 1
            owed += 1
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
        guard case .head(var head) = unwrapOutboundIn(data) else {
            if case .end = unwrapOutboundIn(data) { owed = max(0, owed - 1) }
            return context.write(data, promise: promise)
        }
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

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard !refused else { return }
        guard owed == 0, context.channel.isActive,
              let refusal = ParserRefusal.refusal(error, lines: lines, maxTarget: maxTarget) else { return context.fireErrorCaught(error) }
        // Answered here and not passed on: Hummingbird would write its own empty 400 after it.
        refused = true
        deadline?.cancel()
        deadline = nil
        refuse(context, refusal.status, refusal.text)
    }

    private func bodyTimedOut(_ context: ChannelHandlerContext) {
        deadline = nil
        refused = true
        guard context.channel.isActive else { return }
        guard !answering else { return context.close(promise: nil) }
        let seconds = Double(bodyTimeout.nanoseconds) / 1e9
        refuse(context, .requestTimeout, "the request's body did not arrive whole within \(RequestFault.seconds(seconds)) of its head")
    }

    /// `text` as the answer, with `status`, and the connection closed.
    private func refuse(_ context: ChannelHandlerContext, _ status: HTTPResponse.Status, _ text: String) {
        let text = text + "\n"
        let head = HTTPResponse(status: status, headerFields: [.contentType: "text/plain; charset=utf-8",
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
