import KBQuery

/// What a knowledge base holds, by family and category, as one document.
public struct CatalogDocument: StructuredDocument, Sendable {
    public static let formats: [DocumentFormat] = [.markdown, .json]

    public var catalog: ComponentCatalog

    public init(_ catalog: ComponentCatalog) { self.catalog = catalog }

    public var json: JSONValue { CatalogRendering.json(catalog) }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        format == .json ? json.rendered() + "\n" : CatalogRendering.markdown(catalog)
    }
}

/// Which formats one component has, and what each holds, as one document.
public struct ComponentFormatsDocument: StructuredDocument, Sendable {
    public static let formats: [DocumentFormat] = [.markdown, .json]

    public var summary: ComponentSummary

    public init(_ summary: ComponentSummary) { self.summary = summary }

    public var json: JSONValue { CatalogRendering.formatsJSON(summary) }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        format == .json ? json.rendered() + "\n" : CatalogRendering.formatsMarkdown(summary)
    }
}
