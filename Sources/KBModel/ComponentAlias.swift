import Foundation
import KBResources

/// A word testers use for a component that its slug and title do not say (`switch` for
/// toggle-switch, `dialog` for modal). Kept as data in vocabulary/aliases.tsv, built into a11ykb:
/// search reads it at query time (a query's alias counts as held in the title), and looking a
/// component up by name falls back on it.
public struct ComponentAlias: Sendable, Equatable {
    /// As a user types it: `switch`, `dialog`.
    public var alias: String
    /// The slug it names, in every family that has it: `toggle-switch`.
    public var slug: String
    public var note: String?

    public init(alias: String, slug: String, note: String?) {
        self.alias = alias
        self.slug = slug
        self.note = note
    }

    /// Reads the TSV: `alias<TAB>slug<TAB>note`; `#` lines and blank lines are comments. A
    /// malformed line is a defect of the built-in file, caught by its test, so it is skipped.
    static func parse(_ text: String) -> [ComponentAlias] {
        VocabularyTable.rows(text).compactMap { row in
            guard let alias = row[optional: 0], let slug = row[optional: 1] else { return nil }
            return ComponentAlias(alias: alias.lowercased(), slug: slug, note: row[optional: 2])
        }
    }

    /// The built-in aliases, read once.
    package static let builtIn: [ComponentAlias] = parse(String(decoding: EmbeddedResources.aliases, as: UTF8.self))

    /// The slugs each alias names, keyed by the alias folded to a slug (`Switch`, `switch`).
    package static let slugsByAlias: [String: [String]] = {
        var map: [String: [String]] = [:]
        for alias in builtIn { map[Vocabulary.slugify(alias.alias), default: []].append(alias.slug) }
        return map
    }()
}
