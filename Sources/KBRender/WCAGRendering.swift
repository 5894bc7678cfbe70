/// The WCAG success criteria components cite, grouped by component, each with the line of the
/// citation.
import KBQuery

public enum WCAGRendering {
    public static func markdown(_ citations: [WCAGCitation]) -> String {
        var out = ""
        var component = ""
        for c in citations {
            let key = "\(c.family.rawValue)/\(c.component)"
            if key != component {
                component = key
                out += (out.isEmpty ? "" : "\n") + "## \(c.title) (\(key))\nfrom \(c.source)\n\n"
            }
            out += "- \(c.criterion)" + (c.criterionTitle.map { " \($0)" } ?? "") + (c.level.map { " (Level \($0))" } ?? "")
                + (c.url.map { " <\($0)>" } ?? "") + " (line \(c.line))\n"
        }
        return out
    }
}
