/// A document an assistant's tool answers with: its text in one of its formats, and the same
/// answer as data (an object: an MCP tool's structured content, which the text accompanies).
public protocol StructuredDocument: Document {
    var json: JSONValue { get }
}

/// A structured document written in markdown or as its data alone (the answers only an
/// assistant's tools give): its formats and their rendering, written once.
public protocol MarkdownStructuredDocument: StructuredDocument {
    var markdown: String { get }
}

extension MarkdownStructuredDocument {
    public static var formats: [DocumentFormat] { [.markdown, .json] }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        format == .json ? json.rendered() + "\n" : markdown
    }
}
