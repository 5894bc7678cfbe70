import Foundation
import KBQuery

/// Several components in one document, the way MagentaA11y's "My Criteria" page copies the
/// criteria a tester saved into one ticket: each component's text trimmed, then joined by a
/// thematic break (`\n\n---\n\n`), in the order they were chosen.
extension AcceptanceCriteria {
    /// What goes between two components: the site's separator.
    public static let separator = "\n\n---\n\n"

    /// One component in `format` (markdown, condensed, gherkin or json).
    public static func document(_ facts: ComponentFacts, _ format: DocumentFormat, lines: Bool = false) -> String {
        switch format {
        case .condensed: condensed(facts, lines: lines)
        case .gherkin: gherkin(facts, lines: lines)
        case .json: json(facts).rendered() + "\n"
        default: markdown(facts, lines: lines)
        }
    }

    /// Components in `format`, in the order given. JSON is an array of the single-component objects.
    public static func bundle(_ components: [ComponentFacts], _ format: DocumentFormat, lines: Bool = false) -> String {
        if format == .json { return JSONValue.array(components.map(json)).rendered() + "\n" }
        return components.map { document($0, format, lines: lines).trimmingCharacters(in: .whitespacesAndNewlines) }
            .joined(separator: separator) + "\n"
    }
}

/// A component's acceptance criteria, or several components' in one document (a bundle).
public struct AcceptanceCriteriaDocument: Document, Sendable {
    public static let formats: [DocumentFormat] = [.markdown, .condensed, .gherkin, .json]

    public var components: [ComponentFacts]
    /// Several components (or a category's) as one document: trimmed and joined by the site's
    /// separator; JSON an array. One component alone is written as it is, JSON an object.
    public var isBundle: Bool

    public init(_ facts: ComponentFacts) {
        components = [facts]
        isBundle = false
    }

    public init(bundle components: [ComponentFacts]) {
        self.components = components
        isBundle = true
    }

    /// `options.lines`: each fact ends with its source line.
    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        isBundle ? AcceptanceCriteria.bundle(components, format, lines: options.lines)
            : AcceptanceCriteria.document(components[0], format, lines: options.lines)
    }
}
