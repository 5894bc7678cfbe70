/// The WCAG success criteria components cite, grouped by component, each with the line of the
/// citation.
import KBQuery

public enum WCAGRendering {
    public static func markdown(_ citations: [WCAGCitation]) -> String {
        func e(_ s: String) -> String { MarkdownText.inline(s) }
        var out = ""
        var component = ""
        for c in citations {
            let key = "\(c.family.rawValue)/\(c.component)"
            if key != component {
                component = key
                out += (out.isEmpty ? "" : "\n") + "## \(e(c.title)) (\(e(key)))\nfrom \(e(c.source))\n\n"
            }
            // The number and the level are words of closed sets with nothing markdown reads.
            out += "- \(c.criterion)" + (c.criterionTitle.map { " \(e($0))" } ?? "") + (c.level.map { " (Level \($0.rawValue))" } ?? "")
                + (c.url.map { " " + MarkdownText.autolink($0) } ?? "") + " (line \(c.line))\n"
        }
        return out
    }
}

/// The WCAG citations a question finds: markdown, and as data.
public struct WCAGCitationsDocument: MarkdownStructuredDocument, Sendable {
    public var citations: [WCAGCitation]

    public init(_ citations: [WCAGCitation]) { self.citations = citations }

    public var json: JSONValue { .object([("citations", citations.tabular.json)]) }

    public var markdown: String { WCAGRendering.markdown(citations) }
}
