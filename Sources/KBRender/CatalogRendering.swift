/// The component catalogue (what a knowledge base holds, by family and category) and one
/// component's formats, as markdown and JSON.
import KBQuery

public enum CatalogRendering {
    public static func markdown(_ catalog: ComponentCatalog) -> String {
        let byFamily = Dictionary(grouping: catalog.components, by: \.family)
        var out = "\(count(catalog.components.count, "component"))"
        if byFamily.count > 1 {
            out += " (" + byFamily.keys.sorted().map { "\(byFamily[$0]!.count) \($0.rawValue)" }.joined(separator: ", ") + ")"
        }
        out += "\n"
        var heading = ""
        for c in catalog.components {
            let group = MarkdownText.inline("\(c.family.rawValue) / \(c.category ?? "no category")")
            if group != heading {
                heading = group
                out += "\n## \(group)\n\n"
            }
            out += "- \(c.family.rawValue)/\(c.slug): \(MarkdownText.inline(c.title)) — \(count(c.criteria, "criterion", "criteria")), "
                + "\(count(c.guidance, "note")), \(count(c.examples + c.transcripts, "announcement"))"
                + (c.gaps > 0 ? ", \(count(c.gaps, "gap"))" : "") + " (\(MarkdownText.inline(c.source)))\n"
        }
        out += "\nCategories: " + catalog.categories.map { "\($0.family.rawValue)/\(MarkdownText.inline($0.name)) (\($0.components))" }.joined(separator: ", ") + "\n"
        return out
    }

    public static func json(_ catalog: ComponentCatalog) -> JSONValue {
        .object([
            ("components", catalog.components.tabular.json),
            ("categories", Tabular(columns: [.init("family"), .init("category"), .init("components")],
                                   rows: catalog.categories.map { [.text($0.family.rawValue), .text($0.name), .int($0.components)] }).json),
        ])
    }

    /// Which formats one component has, and what each holds.
    public static func formatsMarkdown(_ c: ComponentSummary) -> String {
        var out = MarkdownText.inline("\(c.title) (\(c.family.rawValue)/\(c.slug)\(c.category.map { ", \($0)" } ?? "")), from \(c.source)") + "\n\n"
        for format in c.formats {
            out += "- \(format.name): \(format.available ? "yes" : "no") — \(format.detail)\n"
        }
        return out
    }

    public static func formatsJSON(_ c: ComponentSummary) -> JSONValue {
        .object([
            ("component", Tabular(columns: ComponentSummary.columns).object(c.cells)),
            ("formats", .array(c.formats.map {
                .object([("name", .string($0.name)), ("available", .bool($0.available)), ("detail", .string($0.detail))])
            })),
        ])
    }

    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
