import Foundation
import KBResources

/// One vocabulary across platforms: the words each platform uses for the same thing (what iOS
/// calls `dimmed` Android calls `disabled`). Kept as data in vocabulary/equivalents.tsv, built
/// into a11ykb, loaded into the `equivalents` table by every import (schema 0007).
public struct Equivalent: Sendable, Equatable {
    /// What the terms mean: `disabled`, `heading`, `activate gesture`.
    public var concept: String
    /// Nil: every platform.
    public var platform: Platform?
    /// As the sources write it: `dimmed`, `isHeader`, `role="heading"`.
    public var term: String
    /// Where the term is used: `UIKit trait (.notEnabled)`.
    public var note: String?

    public init(concept: String, platform: Platform?, term: String, note: String?) {
        self.concept = concept
        self.platform = platform
        self.term = term
        self.note = note
    }

    /// Reads the TSV: `concept<TAB>platform<TAB>term<TAB>note`, `*` for every platform; lines
    /// starting with `#` and blank lines are comments. A malformed line (a platform that is none)
    /// is a programming error of the built-in file, caught by its test, so it is skipped rather
    /// than thrown.
    static func parse(_ text: String) -> [Equivalent] {
        VocabularyTable.rows(text).compactMap { row in
            guard let concept = row[optional: 0], let term = row[optional: 2] else { return nil }
            let platform: Platform?
            switch row[optional: 1] {
            case nil, "*": platform = nil
            case let slug?:
                guard let known = Platform(rawValue: slug) else { return nil }
                platform = known
            }
            return Equivalent(concept: concept, platform: platform, term: term, note: row[optional: 3])
        }
    }

    /// The built-in vocabulary.
    package static var builtIn: [Equivalent] { parse(String(decoding: EmbeddedResources.equivalents, as: UTF8.self)) }
}
