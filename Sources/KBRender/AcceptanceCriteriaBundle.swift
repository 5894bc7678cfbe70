import Foundation
import KBQuery

/// Several components in one document, the way MagentaA11y's "My Criteria" page copies the
/// criteria a tester saved into one ticket: each component's text trimmed, then joined by a
/// thematic break (`\n\n---\n\n`), in the order they were chosen.
extension AcceptanceCriteria {
    public enum Format: String, Sendable, CaseIterable {
        case markdown, condensed, gherkin, json
    }

    /// What goes between two components: the site's separator.
    public static let separator = "\n\n---\n\n"

    /// One component in `format`.
    public static func document(_ facts: ComponentFacts, _ format: Format) -> String {
        switch format {
        case .markdown: markdown(facts)
        case .condensed: condensed(facts)
        case .gherkin: gherkin(facts)
        case .json: json(facts).rendered() + "\n"
        }
    }

    /// Components in `format`, in the order given. JSON is an array of the single-component objects.
    public static func bundle(_ components: [ComponentFacts], _ format: Format) -> String {
        if format == .json { return JSONValue.array(components.map(json)).rendered() + "\n" }
        return components.map { document($0, format).trimmingCharacters(in: .whitespacesAndNewlines) }
            .joined(separator: separator) + "\n"
    }
}
