import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// What the pages' and the API's routes answer from: a question asked of the readers, or its answer
/// kept from before for the same address and file, tagged with the knowledge base's version (a
/// client that holds this version's answer gets 304).
struct CachedAnswers: Sendable {
    let pool: ReaderPool
    let cache: ResponseCache

    enum Kind {
        case json, html
        case csv(String)
    }

    func cached(_ request: Request, type: Kind,
                _ work: @escaping @Sendable (KnowledgeBase) throws -> String) async throws -> Response {
        try await cached(request, type: type, bytes: { ByteBuffer(string: try work($0)) })
    }

    /// The same for an answer made as bytes (a search's JSON): sent as made, never made a String
    /// (which would check its UTF-8 again).
    func cached(_ request: Request, type: Kind,
                bytes work: @escaping @Sendable (KnowledgeBase) throws -> ByteBuffer) async throws -> Response {
        let tag = ETag.of(pool.version)
        let headers: HTTPFields = [.eTag: tag, .cacheControl: "no-cache"]
        // The question first, then the validator: an address that answers nothing (a missing
        // component) is 404 whatever the client holds (`If-None-Match: *`, another route's tag).
        let key = request.uri.description
        let text: ByteBuffer
        if let cached = cache.get(key, tag: tag) {
            text = cached
        } else {
            text = try await pool.answer(work)
            cache.put(key, tag: tag, body: text)
        }
        if ETag.matches(request, tag) { return Response(status: .notModified, headers: headers) }
        switch type {
        case .json: return Responses.json(text, headers: headers)
        case .html: return Responses.html(text, headers: headers)
        case .csv(let name):
            var response = Responses.download(text, type: "text/csv; charset=utf-8", name: name)
            response.headers.append(contentsOf: headers)
            return response
        }
    }
}
