import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// A request the HTTP parser refuses before any route sees it (an address of 100 kB, 200 kB of
/// headers, a raw non-ASCII byte in the request line), said as every other refusal is: its status
/// and one line of why. Hummingbird answers these with an empty 400; `ConnectionLimits` answers
/// them first (`refusal`), and the connection is closed, for the parser cannot go on from there.
struct ParserRefusal {
    var status: HTTPResponse.Status
    var text: String

    /// The answer to `error`, met while reading a request on a connection that owes no answer
    /// (nil: an error of the connection itself, which has no one to answer). SwiftNIO's parser
    /// says "header overflow" both for a request line too long and for headers too large:
    /// `lines` tells which.
    static func refusal(_ error: Error, lines: RequestLines, maxTarget: Int) -> ParserRefusal? {
        guard let error = error as? HTTPParserError else {
            // The request's head read but not made into a request (HTTP1TypeConversionError: a
            // method or path HTTP's types refuse); a failure of the socket is none of these.
            if error is IOError || error is ChannelError { return nil }
            return ParserRefusal(status: .badRequest, text: "the request could not be read as HTTP/1.1")
        }
        switch error {
        case .headerOverflow where lines.holdRequestLine(longerThan: maxTarget):
            return ParserRefusal(status: .uriTooLong, text: "the address is longer than the server takes (\(maxTarget) bytes)")
        case .headerOverflow:
            let limits = HTTP1Channel.Configuration.DecoderConfiguration()
            return ParserRefusal(status: .requestHeaderFieldsTooLarge,
                                 text: "the request's headers are larger than the server takes (\(limits.maxHeaderListSize / 1024) kB, "
                                 + "\(limits.maxHeaderFieldCount) fields)")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidCharactersUsed, .invalidHost, .invalidPort:
            return ParserRefusal(status: .badRequest, text: "the request line holds a byte HTTP does not allow there (a space, a control character, "
                                 + "or a byte outside ASCII, which an address percent-encodes: %C3%A9 for é)")
        case .invalidMethod:
            return ParserRefusal(status: .badRequest, text: "the request's method is not one HTTP/1.1 names")
        case .invalidVersion:
            return ParserRefusal(status: .badRequest, text: "the request is not HTTP/1.1 (its request line names another version)")
        case .invalidHeaderToken, .lfExpected, .invalidConstant:
            return ParserRefusal(status: .badRequest, text: "a header of the request is not a header HTTP/1.1 can read (name: value, one a line)")
        case .invalidContentLength, .unexpectedContentLength, .invalidChunkSize:
            return ParserRefusal(status: .badRequest, text: "the request's body is not framed as its headers say (Content-Length or chunks)")
        default:
            return ParserRefusal(status: .badRequest, text: "the request could not be read as HTTP/1.1")
        }
    }
}

/// Watches the bytes a connection receives, before the parser, for one question the parser's
/// error does not answer: was the line it refused a request line? It keeps the line being
/// received (its length and first bytes) and the buffer being parsed, never more.
final class RequestLines: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The line not yet ended by a LF when the buffer being parsed arrived.
    private var pending = Line()
    /// The buffer the parser is reading now: its refusal happened in it.
    private var reading: ByteBuffer?

    struct Line {
        var length = 0
        /// Its first bytes, enough to tell a request line (`GET /...`) from a header (`Name: ...`).
        var start: [UInt8] = []

        mutating func add(_ bytes: some Collection<UInt8>) {
            if start.count < 16 { start += bytes.prefix(16 - start.count) }
            length += bytes.count
        }

        /// A method (capital letters) then a space: a header's name ends at a colon instead.
        var isRequestLine: Bool {
            guard let space = start.firstIndex(of: UInt8(ascii: " ")), space > 0 else { return false }
            return start[..<space].allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        reading = buffer
        context.fireChannelRead(data)
        reading = nil
        let bytes = buffer.readableBytesView
        if let end = bytes.lastIndex(of: UInt8(ascii: "\n")) {
            pending = Line()
            pending.add(bytes[bytes.index(after: end)...])
        } else {
            pending.add(bytes)
        }
    }

    /// Whether the line pending before this buffer, or a line of the buffer, is a request line
    /// longer than `limit` bytes.
    func holdRequestLine(longerThan limit: Int) -> Bool {
        var line = pending
        for byte in reading?.readableBytesView ?? ByteBuffer().readableBytesView {
            if byte == UInt8(ascii: "\n") {
                if line.isRequestLine && line.length > limit { return true }
                line = Line()
            } else {
                line.add(CollectionOfOne(byte))
            }
        }
        return line.isRequestLine && line.length > limit
    }
}

@available(*, unavailable)
extension RequestLines: Sendable {}
