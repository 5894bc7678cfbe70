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
        text.split(whereSeparator: \.isNewline).compactMap { line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else { return nil }
            return ComponentAlias(alias: fields[0].lowercased(), slug: fields[1], note: fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil)
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
