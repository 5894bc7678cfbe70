import KBModel
import KBQuery
import KBSearch

/// What a search answer says beside itself: how the question was read, and why nothing matched.
/// A command line writes these on stderr; an assistant's tool answer holds them in its text.
public protocol SearchAnswerDocument: Document {
    /// Nothing to list.
    var isEmpty: Bool { get }
    /// How the question was read (a phrase kept, a word too short), said before the answer.
    var notes: [String] { get }
    /// Why nothing matched and what was meant, when nothing did (without a program's prefix).
    var nothingFound: [String] { get }
    /// Misspelt words searched as another spelling, as data (`"result": "correction"`, `typed`,
    /// `searched`): what a tool's structured answer holds beside the listing.
    var corrections: [JSONValue] { get }
}

/// A listing's colours and its hints' wording, which the skin chooses.
public typealias SearchStyle = SearchRendering.Style

/// The fact listing's answer (every fact holding all the words) as one document: the listing
/// (`table`), the hits as CSV, or JSON with the corrections after the hits.
public struct FactSearchDocument: SearchAnswerDocument, Sendable {
    public var result: SearchResult
    /// The listing's colours and its hints' wording, which the skin chooses.
    public var style: SearchRendering.Style

    public init(_ result: SearchResult, style: SearchRendering.Style = .plain) {
        self.result = result
        self.style = style
    }

    public static let formats: [DocumentFormat] = [.table, .csv, .json, .jsonl]

    public var isEmpty: Bool { result.hits.isEmpty }
    public var notes: [String] { SearchRendering.notes(result.query) }
    public var nothingFound: [String] { SearchRendering.noHits(result) }
    public var corrections: [JSONValue] { SearchRendering.corrections(result.corrections) }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        switch format {
        case .json, .jsonl: SearchRendering.json(result, lines: format == .jsonl)
        case .csv: result.tabular.rendered(.csv, options: .init(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet))
        default: SearchRendering.text(result, style: style)
        }
    }
}
