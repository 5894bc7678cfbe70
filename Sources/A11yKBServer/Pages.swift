import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Mustache

/// The pages: server-rendered HTML that needs no script, from the templates in `Templates/`
/// (Mustache: every `{{value}}` is HTML-escaped, in text and attributes alike). Each page builds
/// its context from the façade's typed answers; the templates hold every word of the layout.
struct Pages: Sendable {
    let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        for (name, bytes) in Templates.all {
            try library.register(String(decoding: bytes, as: UTF8.self), named: name)
        }
        self.library = library
    }

    func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(Self.present(context) ?? [String: Any](), withTemplate: template) ?? ""
    }

    /// The context without its absent values. A context's `x as Any` of an optional that is nil
    /// is a value to Mustache, which opens `{{#x}}` over it and writes it as `nil`
    /// (`href="nil"` where a component has no page link): absent keys open nothing.
    static func present(_ value: Any) -> Any? {
        switch value {
        case let optional as AnyOptionalValue: return optional.wrapped.flatMap(present)
        case let dictionary as [String: Any]: return dictionary.compactMapValues(present)
        case let array as [Any]: return array.compactMap(present)
        default: return value
        }
    }

    /// The templates, compiled once for the process: the server does not start when one fails to
    /// compile (`TeamServer.environment`), and a fault's page, written wherever a request failed,
    /// needs no environment.
    static let compiled = Result { try Pages() }

    /// A fault's page; its message alone should the templates not compile (no server starts then).
    static func error(_ fault: RequestFault) -> String {
        guard let pages = try? compiled.get() else { return fault.message }
        return pages.render("error", ["title": fault.status.reasonPhrase, "status": fault.status.code, "message": fault.message,
                         "hasChoices": !fault.choices.isEmpty, "choices": fault.choices.map { ["name": $0.name, "href": $0.href] }])
    }
}

extension Response {
    /// The response as a file to save, named `name`, of `type`.
    func withDownload(name: String, type: String) -> Response {
        var response = self
        response.headers[.contentType] = type
        response.headers[.contentDisposition] = "attachment; filename=\"\(name.filter { $0 != "\"" && $0 != "\\" && $0 != "/" })\""
        return response
    }
}

/// An optional seen through `Any`.
protocol AnyOptionalValue {
    var wrapped: Any? { get }
}

extension Optional: AnyOptionalValue {
    var wrapped: Any? { self }
}

/// The addresses pages link to, in one place: the routes, made here from escaped parts, and the
/// addresses sources give, which only `source` turns into a link.
enum Links {
    /// A link a source wrote (a bare address or a markdown link), as an `href`: an absolute http or
    /// https address, or nil (no link is written) for anything else (`LinkAddress.fromSource`).
    static func source(_ written: String?) -> String? { written.flatMap(LinkAddress.fromSource) }

    static func component(_ family: Family, _ slug: String) -> String { "/components/\(family.rawValue)/\(escape(slug))" }
    static func compare(_ slug: String, _ family: Family) -> String { "/compare/\(escape(slug))?family=\(family.rawValue)" }
    static func criterion(_ sc: SCNumber) -> String { "/wcag/\(escape(sc.description))" }
    static func plan(_ name: String) -> String { "/plans/\(escape(name))" }

    static func search(_ q: String, _ filters: [(String, String)]) -> String {
        var query = "q=" + escape(q)
        for (name, value) in filters { query += "&\(name)=\(escape(value))" }
        return "/search?" + query
    }

    static func escape(_ part: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return part.addingPercentEncoding(withAllowedCharacters: allowed) ?? part
    }
}

/// Names as a page shows them.
enum Words {
    static func family(_ family: Family) -> String {
        switch family {
        case .native: "Native apps (iOS and Android)"
        case .web: "Web"
        case .howToTest: "How to test"
        }
    }

    static func platform(_ platform: Platform?) -> String { platform?.name ?? "Every platform" }

    static func framework(_ framework: Framework?) -> String? { framework?.name }

    /// Matched words marked: `[{text, match}]` for the templates' `<mark>`.
    static func marked(_ text: HighlightedText) -> [[String: Any]] {
        text.parts.map { part in
            switch part {
            case .plain(let s): ["text": s, "match": false]
            case .match(let s): ["text": s, "match": true]
            }
        }
    }
}
