import Foundation
import KBResources

/// A component a success criterion is about (issue 49): the skip link and the main landmark for
/// 2.4.1 Bypass Blocks, by WCAG's sufficient techniques and Understanding documents, though the
/// handle shares no word with their titles. Kept as data in vocabulary/criterion-topics.tsv, built
/// into a11ykb: search reads it at query time, as another way a component is named for a
/// criterion the question names.
public struct CriterionTopic: Sendable, Equatable {
    public var sc: SCNumber
    /// The component's slug: `skip-link`.
    public var slug: String
    /// The family whose component it is; nil: every family that has the slug.
    public var family: Family?
    /// The W3C technique ids (`G1 G123`), or `understanding`.
    public var source: [String]
    public var note: String?

    /// Reads the TSV: `sc<TAB>slug<TAB>family<TAB>source<TAB>note`; `#` lines, blank lines and the
    /// header are skipped. A malformed line is a defect of the built-in file, caught by its test,
    /// so it is skipped.
    static func parse(_ text: String) -> [CriterionTopic] {
        VocabularyTable.rows(text).compactMap { row in
            guard let written = row[optional: 0], let sc = SCNumber(written), let slug = row[optional: 1],
                  let family = row.family(2) else { return nil }
            return CriterionTopic(sc: sc, slug: slug, family: family, source: row.words(3), note: row[optional: 4])
        }
    }

    /// The built-in rows, read once.
    package static let builtIn: [CriterionTopic] = parse(String(decoding: EmbeddedResources.criterionTopics, as: UTF8.self))

    /// The rows of each criterion.
    package static let bySC: [SCNumber: [CriterionTopic]] = Dictionary(grouping: builtIn, by: \.sc)
}
