import A11yKB
import A11yKBMCP
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// Why a request gets no answer, each with its HTTP status: the server's own faults and the
/// library's errors in one place, so that every route says them the same way. A route or a
/// middleware throws one, and Hummingbird's router writes it as its response (`HTTPResponseError`):
/// JSON under `/api`, JSON-RPC at `/mcp`, a page elsewhere (`Area`). Any other error is turned
/// into one by `FaultResponses` first (`from`), so a client never reads an error's own words.
public enum RequestFault: HTTPResponseError, Sendable {
    case badRequest(String)
    case notFound(String)
    case unauthorized
    case forbidden(String)
    /// The request names another site than this server (DNS rebinding): `HostRule`.
    case misdirected(String)
    case tooLarge(String)
    /// The request's target (path and query) is longer than the server takes.
    case addressTooLong(String)
    case busy
    case timedOut(seconds: TimeInterval)
    case methodNotAllowed(allowed: String)
    case unavailable(String)
    /// The address names more than one thing (a slug both families use): each one's address.
    case multipleChoices(String, choices: [Choice])

    /// One of the things an address may mean, and the address that names it alone.
    public struct Choice: Sendable {
        public var name: String
        public var href: String
    }

    public var status: HTTPResponse.Status {
        switch self {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .misdirected: .misdirectedRequest
        case .tooLarge: .contentTooLarge
        case .addressTooLong: .uriTooLong
        case .busy: .serviceUnavailable
        case .timedOut: .gatewayTimeout
        case .methodNotAllowed: .methodNotAllowed
        case .unavailable: .serviceUnavailable
        case .multipleChoices: .multipleChoices
        }
    }

    var choices: [Choice] {
        if case .multipleChoices(_, let choices) = self { return choices }
        return []
    }

    var message: String {
        switch self {
        case .badRequest(let why), .notFound(let why), .forbidden(let why), .misdirected(let why), .tooLarge(let why), .unavailable(let why),
             .addressTooLong(let why),
             .multipleChoices(let why, _): why
        case .unauthorized: "this server needs its token: send the header Authorization: Bearer TOKEN"
        case .busy: "the server is answering as many requests as it takes; try again in a second"
        case .timedOut(let seconds): "the answer took longer than the server's limit of \(Self.seconds(seconds)); ask a narrower question"
        case .methodNotAllowed(let allowed): "this address answers \(allowed) only"
        }
    }

    /// The fault as the client reads it, in the form of the part of the server it asked (`Area`,
    /// read from the route the router matched), with the headers its status calls for.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [:]
        switch self {
        case .busy, .unavailable: headers[.retryAfter] = "1"
        case .unauthorized: headers[.wwwAuthenticate] = "Bearer realm=\"a11ykb\""
        case .methodNotAllowed(let allowed): headers[.allow] = allowed
        default: break
        }
        switch Area(request, context) {
        case .mcp:
            let body = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":\(JSONString.quoted(message))}}"
            return Responses.json(body, status: status, headers: headers)
        case .api:
            let choices = choices.isEmpty ? "" : ",\"choices\":[" + choices.map {
                "{\"component\":\(JSONString.quoted($0.name)),\"href\":\(JSONString.quoted($0.href))}"
            }.joined(separator: ",") + "]"
            return Responses.json("{\"error\":\(JSONString.quoted(message)),\"status\":\(status.code)\(choices)}", status: status, headers: headers)
        case .pages, .health:
            return Responses.html(Pages.error(self), status: status, headers: headers)
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.2g s", value)
    }

    /// The fault a thrown error means. A question the knowledge base cannot answer as asked (an
    /// unknown component, a bad option, a query the search cannot read) is the client's (404, 400); a time limit is 504; anything
    /// else is the server's, said without its internals.
    static func from(_ error: Error) -> RequestFault {
        switch error {
        case let fault as RequestFault:
            return fault
        case let error as QueryError:
            switch error {
            case .unknownComponent, .noComponents: return .notFound(error.message(Self.hints))
            case .ambiguousComponent: return .badRequest(error.message(Self.hints))
            case .timedOut(let seconds): return .timedOut(seconds: seconds)
            default: return .badRequest(error.message(Self.hints))
            }
        case let error as HintedError:
            return .badRequest(error.message(Self.hints))
        case let error as URLEncodedFormError:
            // A query Hummingbird's form decoder cannot read (`decodeQuery`): the asker's to mend.
            switch error.code {
            case .failedToPercentDecode: return .badRequest("the address holds a malformed %-escape")
            case .duplicateKeys: return .badRequest("the address gives \(error.value) more than once; give it once")
            default: return .badRequest("the address's query cannot be read at \"\(error.value)\": give each parameter as name=value")
            }
        case let error as SearchQuery.SyntaxError:
            // A query the search cannot read (`"`, `OR` alone, 65 words): the asker's to change.
            return .badRequest(error.description)
        case is CancellationError:
            // The connection went (a client that left, a body past its deadline, a stop): no one
            // reads this answer, and nothing failed that the log should hold.
            return .unavailable("the request was withdrawn before it was answered")
        default:
            // The error's own words may hold the server's paths, SQL or internals: they go to the
            // server's log, and the client is told no more than that the server failed.
            Console.say("a11ykb serve: a request failed: \(String(describing: error))\n")
            return .unavailable("the knowledge base could not answer; the server's log says why")
        }
    }

    /// The server's words for the library's advice: a page has no command line to name.
    static let hints: HintWording = { hint in
        switch hint {
        case .nameFamily: "the address's family=native or family=web"
        case .listComponents: "the home page, /, lists them"
        default: nil
        }
    }
}
