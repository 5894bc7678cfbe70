import Foundation
import KBConformance

/// A conformance report is a document: OpenACR YAML, its tree as JSON, or what a buyer reads
/// (markdown, HTML: `ConformanceRendering`; Word, bytes: `ConformanceWordRendering`).
extension OpenACRReport: Document {
    public static let formats: [DocumentFormat] = [.openacr, .json, .markdown, .html, .docx]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        switch format {
        case .json: ConformanceDataRendering.json(self).rendered() + "\n"
        case .markdown: ConformanceRendering.markdown(self)
        case .html: ConformanceRendering.html(self)
        case .docx: preconditionFailure("a Word document is bytes: renderedData, which rendered(_:) leaves to")
        default: OpenACRWriting.yaml(self)
        }
    }

    public func renderData(_ format: DocumentFormat, options: DocumentOptions) throws -> Data {
        format == .docx ? try ConformanceWordRendering.docx(self) : Data(render(format, options: options).utf8)
    }
}

/// What a check of a report found: a line per problem (`kind: where: what`, kept to its line), or JSON.
public struct ConformanceCheckResult: Document, Sendable {
    public static let formats: [DocumentFormat] = [.text, .json]

    public var problems: [OpenACRProblem]

    public init(_ problems: [OpenACRProblem]) { self.problems = problems }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        if format == .json { return ConformanceDataRendering.json(problems: problems).rendered() + "\n" }
        return problems.map { "\($0.kind.rawValue): " + OneLine.escaped($0.located) + "\n" }.joined()
    }
}

/// A report, its comparison and a check's problems as data: JSON from their `Encodable` values
/// (a change has the contract's keys: chapter, criterion, component, field, old, new).
public enum ConformanceDataRendering {
    /// The changes a reader is shown (`OpenACRDiff.listed`), one object each.
    public static func json(_ diff: OpenACRDiff) -> JSONValue { JSONValue(encoding: diff.listed) }

    public static func json(problems: [OpenACRProblem]) -> JSONValue { JSONValue(encoding: problems) }

    /// A report as JSON: the OpenACR tree, keys in the schema's order.
    public static func json(_ report: OpenACRReport) -> JSONValue { value(OpenACRWriting.tree(report)) }

    static func value(_ v: OpenACRWriting.Value) -> JSONValue {
        switch v {
        case .string(let s): .string(s)
        case .int(let n): .int(Int64(n))
        case .bool(let b): .bool(b)
        case .list(let items): .array(items.map(value))
        case .map(let pairs): .object(pairs.map { ($0.0, value($0.1)) })
        case .commented(_, let v): value(v)
        }
    }
}
