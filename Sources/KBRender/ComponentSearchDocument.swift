import Foundation
import KBModel
import KBQuery
import KBSearch

/// The components-first search's answer as one document, the way every skin gives it: the
/// components best first, then the automated rules matching the question. A terminal's listing
/// (`table`), the flat records for a spreadsheet (`csv`, a row per fact shown), or the whole
/// answer as JSON (`ComponentSearchRendering.json`). What a person is told beside it (how the
/// question was read; why nothing matched) is `notes` and `nothingFound`: a command line writes them
/// on stderr, an assistant's tool answer holds them in its text.
public struct ComponentSearchDocument: SearchAnswerDocument, Sendable {
    public var result: ComponentSearchResult
    /// The rules shown, and how many matched.
    public var rules: Shown<RuleHit>
    /// The components alone: no correction, criterion or rule after them (JSON), no rules (text).
    public var componentsOnly: Bool
    /// The listing's colours and its hints' wording, which the skin chooses.
    public var style: SearchRendering.Style

    public init(_ result: ComponentSearchResult, rules: Shown<RuleHit>, componentsOnly: Bool = false, style: SearchRendering.Style = .plain) {
        self.result = result
        self.rules = componentsOnly ? Shown(items: [], total: 0) : rules
        self.componentsOnly = componentsOnly
        self.style = style
    }

    public static let formats: [DocumentFormat] = [.table, .csv, .json, .jsonl]

    /// The rules alone, as the listing writes them after the components (a tool answer that
    /// found no component says why, then these).
    public var rulesListing: String { StandardsRendering.text(rules, heading: style.heading) }

    /// Nothing to list: no component and no rule.
    public var isEmpty: Bool { result.components.isEmpty && rules.items.isEmpty }

    /// How the question was read (a phrase kept, a word too short), said before the answer.
    public var notes: [String] { SearchRendering.notes(result.query) }

    /// What was done with the question's words (misspellings, equivalents, words left out, a
    /// partial match), one line each: the listing's own lines, which a page shows apart.
    public var reading: [String] { ComponentSearchRendering.reading(result, style: style) }

    /// Why nothing matched and what was meant, when nothing did (without a program's prefix).
    public var nothingFound: [String] { ComponentSearchRendering.noHits(result) }
    public var corrections: [JSONValue] { SearchRendering.corrections(result.reading.corrections) }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        switch format {
        case .json, .jsonl:
            return ComponentSearchRendering.json(result, rules: rules.items, lines: format == .jsonl, componentsOnly: componentsOnly)
        case .csv:
            return result.records.rendered(.csv, options: .init(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet))
        default:
            return ComponentSearchRendering.text(result, style: style)
                + (rules.items.isEmpty ? "" : "\n" + rulesListing)
        }
    }

    /// JSON's bytes as written, not made a String first; every other format the text's UTF-8.
    public func renderData(_ format: DocumentFormat, options: DocumentOptions) throws -> Data {
        switch format {
        case .json, .jsonl: Data(json(lines: format == .jsonl))
        default: Data(render(format, options: options).utf8)
        }
    }

    /// The JSON (`lines`: JSON Lines) as the bytes written: what a server sends, neither made a
    /// String (its UTF-8 checked again) nor copied into `Data`.
    public func json(lines: Bool = false) -> [UInt8] {
        ComponentSearchRendering.jsonBytes(result, rules: rules.items, lines: lines, componentsOnly: componentsOnly)
    }
}
