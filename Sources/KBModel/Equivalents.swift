import Foundation
import KBResources

/// One vocabulary across platforms: the words each platform uses for the same thing (what iOS
/// calls `dimmed` Android calls `disabled`). Kept as data in vocabulary/equivalents.tsv, built
/// into a11ykb, loaded into the `equivalents` table by every import (schema 0007).
public struct Equivalent: Sendable, Equatable {
    /// What the terms mean: `disabled`, `heading`, `activate gesture`.
    public var concept: String
    /// `ios`, `android`, `web`; nil: every platform.
    public var platform: String?
    /// As the sources write it: `dimmed`, `isHeader`, `role="heading"`.
    public var term: String
    /// Where the term is used: `UIKit trait (.notEnabled)`.
    public var note: String?

    public init(concept: String, platform: String?, term: String, note: String?) {
        self.concept = concept
        self.platform = platform
        self.term = term
        self.note = note
    }

    /// Reads the TSV: `concept<TAB>platform<TAB>term<TAB>note`, `*` for every platform; lines
    /// starting with `#` and blank lines are comments. A malformed line is a programming error of
    /// the built-in file, caught by its test, so it is skipped rather than thrown.
    static func parse(_ text: String) -> [Equivalent] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count >= 3, !fields[0].isEmpty, !fields[2].isEmpty else { return nil }
            let platform = fields[1] == "*" || fields[1].isEmpty ? nil : fields[1]
            let note = fields.count > 3 && !fields[3].isEmpty ? fields[3] : nil
            return Equivalent(concept: fields[0], platform: platform, term: fields[2], note: note)
        }
    }

    /// The built-in vocabulary.
    package static var builtIn: [Equivalent] { parse(String(decoding: EmbeddedResources.equivalents, as: UTF8.self)) }
}
