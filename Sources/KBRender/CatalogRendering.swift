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
            let group = "\(c.family.rawValue) / \(c.category ?? "no category")"
            if group != heading {
                heading = group
                out += "\n## \(group)\n\n"
            }
            out += "- \(c.family.rawValue)/\(c.slug): \(c.title) — \(count(c.criteria, "criterion", "criteria")), "
                + "\(count(c.guidance, "note")), \(count(c.examples + c.transcripts, "announcement"))"
                + (c.gaps > 0 ? ", \(count(c.gaps, "gap"))" : "") + " (\(c.source))\n"
        }
        out += "\nCategories: " + catalog.categories.map { "\($0.family.rawValue)/\($0.name) (\($0.components))" }.joined(separator: ", ") + "\n"
        return out
    }

    public static func json(_ catalog: ComponentCatalog) -> JSONValue {
        .object([
            ("components", .array(catalog.components.map(json))),
            ("categories", .array(catalog.categories.map {
                .object([("family", .string($0.family.rawValue)), ("category", .string($0.name)), ("components", .int(Int64($0.components)))])
            })),
        ])
    }

    public static func json(_ c: ComponentSummary) -> JSONValue {
        .object([
            ("slug", .string(c.slug)), ("title", .string(c.title)), ("family", .string(c.family.rawValue)),
            ("category", .optional(c.category)), ("summary", .optional(c.summary)), ("source", .string(c.source)),
            ("criteria", .int(Int64(c.criteria))), ("guidance", .int(Int64(c.guidance))),
            ("announcement_examples", .int(Int64(c.examples))), ("transcript_lines", .int(Int64(c.transcripts))),
            ("gaps", .int(Int64(c.gaps))), ("code_examples", .int(Int64(c.codeExamples))),
            ("gherkin_lines", .int(Int64(c.gherkinSteps))), ("wcag_citations", .int(Int64(c.wcagCitations))),
            ("developer_notes", .array(c.notePlatforms.map(JSONValue.string))),
            ("formats", .array(c.formats.filter(\.available).map { .string($0.name) })),
        ])
    }

    /// Which formats one component has, and what each holds.
    public static func formatsMarkdown(_ c: ComponentSummary) -> String {
        var out = "\(c.title) (\(c.family.rawValue)/\(c.slug)\(c.category.map { ", \($0)" } ?? "")), from \(c.source)\n\n"
        for format in c.formats {
            out += "- \(format.name): \(format.available ? "yes" : "no") — \(format.detail)\n"
        }
        return out
    }

    public static func formatsJSON(_ c: ComponentSummary) -> JSONValue {
        .object([
            ("component", json(c)),
            ("formats", .array(c.formats.map {
                .object([("name", .string($0.name)), ("available", .bool($0.available)), ("detail", .string($0.detail))])
            })),
        ])
    }

    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
