/// A document an assistant's tool answers with: its text in one of its formats, and the same
/// answer as data (an object: an MCP tool's structured content, which the text accompanies).
public protocol StructuredDocument: Document {
    var json: JSONValue { get }
}
