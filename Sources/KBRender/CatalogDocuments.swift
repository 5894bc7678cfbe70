import KBQuery

/// What a knowledge base holds, by family and category, as one document.
public struct CatalogDocument: MarkdownStructuredDocument, Sendable {
    public var catalog: ComponentCatalog

    public init(_ catalog: ComponentCatalog) { self.catalog = catalog }

    public var json: JSONValue { CatalogRendering.json(catalog) }

    public var markdown: String { CatalogRendering.markdown(catalog) }
}

/// Which formats one component has, and what each holds, as one document.
public struct ComponentFormatsDocument: MarkdownStructuredDocument, Sendable {
    public var summary: ComponentSummary

    public init(_ summary: ComponentSummary) { self.summary = summary }

    public var json: JSONValue { CatalogRendering.formatsJSON(summary) }

    public var markdown: String { CatalogRendering.formatsMarkdown(summary) }
}
