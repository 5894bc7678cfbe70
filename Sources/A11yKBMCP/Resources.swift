import A11yKB
import Foundation
import MCP

/// What the server offers to read whole: each component as a markdown document
/// (`a11ykb://component/{family}/{slug}`, as `a11ykb show` prints it) and the schema
/// documentation (`a11ykb://schema`), for an assistant about to write SQL.
package enum Resources {
    package static let schemaURI = "a11ykb://schema"
    package static let componentPrefix = "a11ykb://component/"
    package static let componentTemplate = "a11ykb://component/{family}/{slug}"

    package static func uri(_ family: Family, _ slug: String) -> String { componentPrefix + family.rawValue + "/" + slug }

    package static var schema: Resource {
        Resource(name: "schema", uri: schemaURI, title: "The a11ykb schema",
                 description: "Every table, view and column of the knowledge base, with example SQL (for run_sql).",
                 mimeType: "text/markdown")
    }

    package static func list(_ kb: KnowledgeBase) throws -> [Resource] {
        try kb.catalog().components.map { c in
            Resource(name: "\(c.family.rawValue)/\(c.slug)", uri: uri(c.family, c.slug), title: c.title,
                     description: "\(c.title): \(c.family.rawValue) \(c.category ?? "component"), "
                        + "\(c.criteria) criteria, \(c.guidance) developer notes, from \(c.source)",
                     mimeType: "text/markdown")
        } + [schema]
    }

    package static var templates: [Resource.Template] {
        [Resource.Template(uriTemplate: componentTemplate, name: "component",
                           title: "A component's acceptance criteria",
                           description: "One component in MagentaA11y's markdown layout; family is native, web or how-to-test, slug as list_components gives it.",
                           mimeType: "text/markdown")]
    }

    /// The resource at `uri`; an unknown one is refused with MCP's "resource not found" and,
    /// for a component, the closest slugs.
    package static func read(_ uri: String, _ kb: KnowledgeBase) throws -> Resource.Content {
        if uri == schemaURI { return .text(KnowledgeBase.schemaDocument, uri: uri, mimeType: "text/markdown") }
        guard uri.hasPrefix(componentPrefix) else {
            throw notFound("no resource \(uri); this server has \(componentTemplate) and \(schemaURI)")
        }
        let path = uri.dropFirst(componentPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard path.count == 2, let family = Family(rawValue: String(path[0])), !path[1].isEmpty else {
            throw notFound("no resource \(uri): a component's is \(componentTemplate), family native, web or how-to-test")
        }
        let slug = String(path[1]).removingPercentEncoding ?? String(path[1])
        do {
            let facts = try kb.component(slug, family: family)
            guard facts.component.slug == slug else {
                // A title resolves too; a resource has one address, its slug's.
                throw notFound("no resource \(uri); this component is \(Resources.uri(family, facts.component.slug))")
            }
            return .text(AcceptanceCriteria.markdown(facts), uri: uri, mimeType: "text/markdown")
        } catch let error as QueryError {
            throw notFound("no resource \(uri): \(error.description)")
        }
    }

    /// JSON-RPC error -32002, MCP's "resource not found".
    package static func notFound(_ message: String) -> MCPError { .serverError(code: -32002, message: message) }
}
