import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// Response bodies, one way each: text, HTML, JSON, CSV, with the headers every answer carries.
enum Responses {
    static func body(_ text: String, type: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        body(ByteBuffer(string: text), type: type, status: status, headers: extra)
    }

    static func body(_ bytes: ByteBuffer, type: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type, .xContentTypeOptions: "nosniff"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "text/plain; charset=utf-8", status: status)
    }

    /// A page: no script runs in it and no other site frames it, whatever text it shows (the
    /// templates escape every value; this is the second wall).
    static func html(_ html: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        self.html(ByteBuffer(string: html), status: status, headers: headers)
    }

    static func html(_ html: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        return body(html, type: "text/html; charset=utf-8", status: status, headers: headers)
    }

    static func json(_ json: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        self.json(ByteBuffer(string: json), status: status, headers: headers)
    }

    /// JSON's bytes, a line break after them if they end without one.
    static func json(_ json: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var json = json
        if json.readableBytesView.last != UInt8(ascii: "\n") { json.writeInteger(UInt8(ascii: "\n")) }
        return body(json, type: "application/json; charset=utf-8", status: status, headers: headers)
    }

    /// A file to save: `name` as the browser should call it.
    static func download(_ text: String, type: String, name: String) -> Response {
        download(ByteBuffer(string: text), type: type, name: name)
    }

    static func download(_ bytes: ByteBuffer, type: String, name: String) -> Response {
        body(bytes, type: type, headers: [.contentDisposition: "attachment; filename=\"\(name.filter { $0 != "\"" && $0 != "\\" })\""])
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
