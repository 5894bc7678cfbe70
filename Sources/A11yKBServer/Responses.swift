import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// Response bodies, one way each: text, HTML, JSON, CSV, with the headers every answer carries.
enum Responses {
    static func body(_ text: String, type: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type, .xContentTypeOptions: "nosniff"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "text/plain; charset=utf-8", status: status)
    }

    /// A page: no script runs in it and no other site frames it, whatever text it shows (the
    /// templates escape every value; this is the second wall).
    static func html(_ html: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        return body(html, type: "text/html; charset=utf-8", status: status, headers: headers)
    }

    static func json(_ json: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        body(json.hasSuffix("\n") ? json : json + "\n", type: "application/json; charset=utf-8", status: status, headers: headers)
    }

    /// A file to save: `name` as the browser should call it.
    static func download(_ text: String, type: String, name: String) -> Response {
        body(text, type: type, headers: [.contentDisposition: "attachment; filename=\"\(name.filter { $0 != "\"" && $0 != "\\" })\""])
    }
}

/// The query string, decoded: `+` is a space, `%xx` a byte; a malformed escape is the client's fault.
package struct Query {
    private var values: [String: String] = [:]

    package init(_ uri: URI) throws {
        guard let query = uri.query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0]), value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
        }
    }

    package static func decode(_ part: Substring) throws -> String {
        guard let text = part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw RequestFault.badRequest("the address holds a malformed %-escape")
        }
        return text
    }

    package subscript(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// A value that must be one of `choices` when given.
    func choice(_ name: String, _ choices: [String]) throws -> String? {
        guard let value = self[name] else { return nil }
        guard choices.contains(value) else {
            throw RequestFault.badRequest("\(name) is one of \(choices.joined(separator: ", ")) (got \"\(value)\")")
        }
        return value
    }

    /// `?format=` of a document: one of the formats it is written in (`Document.formats`).
    func format<D: Document>(_ document: D.Type) throws -> DocumentFormat? {
        guard let value = self["format"] else { return nil }
        do {
            return try D.format(named: value)
        } catch {
            throw RequestFault.badRequest("format is one of \(error.supported.map(\.rawValue).joined(separator: ", ")) (got \"\(error.given)\")")
        }
    }

    func family() throws -> Family? { try choice("family", Family.allCases.map(\.rawValue)).flatMap(Family.init(rawValue:)) }

    func platform() throws -> Platform? { try choice("platform", Platform.allCases.map(\.rawValue)).map { try Platform(slug: $0) } }
}

extension Parameters {
    /// A path parameter, percent-decoded.
    func decoded(_ name: String) throws -> String {
        guard let raw = get(name), let value = raw.removingPercentEncoding, !value.isEmpty else {
            throw RequestFault.badRequest("the address lacks its \(name)")
        }
        return value
    }
}

/// An answer's `ETag`: the version of the file it was read from (`FileVersion`) and a11ykb's own
/// version, which renders it. Taken before the answer is read, so an import that commits
/// meanwhile makes the tag older than the answer, never newer: a cache then asks again.
enum ETag {
    static func of(_ version: FileVersion?) -> String {
        "\"" + (version?.tag(salt: KnowledgeBase.version) ?? "-") + "\""
    }

    /// Whether the client already holds the answer tagged `tag`.
    static func matches(_ request: Request, _ tag: String) -> Bool {
        guard let header = request.headers[.ifNoneMatch] else { return false }
        return header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == tag || $0.trimmingCharacters(in: .whitespaces) == "*" }
    }
}
