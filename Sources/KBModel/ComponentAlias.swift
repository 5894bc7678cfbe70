import Foundation
import KBResources

/// A word testers use for a component that its slug and title do not say (`switch` for
/// toggle-switch, `dialog` for modal). Kept as data in vocabulary/aliases.tsv, built into a11ykb:
/// search reads it at query time (a query's alias counts as held in the title), and looking a
/// component up by name falls back on it.
public struct ComponentAlias: Sendable, Equatable {
    /// Where an alias's words come from (issue 33).
    public enum Source: String, Sendable, CaseIterable {
        /// The pages' own headings and titles.
        case pageHeading = "page-heading"
        /// WCAG's glossary.
        case wcagGlossary = "wcag-glossary"
        /// An ARIA role name (`switch`, `alertdialog`).
        case ariaRole = "aria-role"
        /// An HTML element (`select`, `textarea`).
        case htmlElement = "html-element"
        /// A UIKit, SwiftUI, Android Views or Compose name (`UISegmentedControl`: tabs on iOS).
        case platformAPI = "platform-api"
        /// Another design system's name (Material's chip, Bootstrap's pill).
        case designSystem = "design-system"
        /// What people call it (`spinner`, `hamburger`).
        case everyday
    }

    /// As a user types it: `switch`, `dialog`.
    public var alias: String
    /// The slug it names: `toggle-switch`.
    public var slug: String
    /// The family in which it names the slug; nil: every family that has it.
    public var family: Family?
    public var source: Source?
    public var note: String?

    public init(alias: String, slug: String, family: Family? = nil, source: Source? = nil, note: String?) {
        self.alias = alias
        self.slug = slug
        self.family = family
        self.source = source
        self.note = note
    }

    /// Reads the TSV: `alias<TAB>slug<TAB>family<TAB>source<TAB>note`; `#` lines and blank lines
    /// are comments. A malformed line is a defect of the built-in file, caught by its test, so it
    /// is skipped.
    static func parse(_ text: String) -> [ComponentAlias] {
        VocabularyTable.rows(text).compactMap { row in
            guard let alias = row[optional: 0], let slug = row[optional: 1], let family = row.family(2) else { return nil }
            return ComponentAlias(alias: alias.lowercased(), slug: slug, family: family,
                                  source: row[optional: 3].flatMap(Source.init(rawValue:)), note: row[optional: 4])
        }
    }

    /// The built-in aliases, read once.
    package static let builtIn: [ComponentAlias] = parse(String(decoding: EmbeddedResources.aliases, as: UTF8.self))

    /// The slugs each alias names in any family, keyed by the alias folded to a slug (`Switch`, `switch`).
    package static let slugsByAlias: [String: [String]] = {
        var map: [String: [String]] = [:]
        for alias in builtIn where !(map[Vocabulary.slugify(alias.alias)] ?? []).contains(alias.slug) {
            map[Vocabulary.slugify(alias.alias), default: []].append(alias.slug)
        }
        return map
    }()

    /// The rows of each alias, keyed as `slugsByAlias`.
    package static let byAlias: [String: [ComponentAlias]] = Dictionary(grouping: builtIn) { Vocabulary.slugify($0.alias) }

    /// Whether the alias `key` (folded to a slug) names the component `family/slug`.
    package static func names(_ key: String, family: Family, slug: String) -> Bool {
        (byAlias[key] ?? []).contains { $0.slug == slug && ($0.family == nil || $0.family == family) }
    }
}
