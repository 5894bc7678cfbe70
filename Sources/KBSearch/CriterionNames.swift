import GRDB
import KBModel
import KBStore

/// The WCAG catalogue as a question names a criterion (`QueryReading`, issue 33): by its number as
/// the catalogue writes it (`1.4.11`) or by its handle's slug (`non-text-contrast`). Read and
/// slugified for each question by SQL (the CLI's one question), once per data version by a
/// long-running reader's ranking index (`RankingIndex.criterionNames`): a question of two words or
/// more read the whole catalogue and slugified every title.
struct CriterionNames: Sendable {
    typealias Criterion = (sc: SCNumber, title: String)
    /// The catalogue's criteria with a title, in its order.
    let catalogue: [Criterion]
    let bySC: [String: Criterion]
    let byHandle: [String: Criterion]

    init(_ db: Database) throws {
        catalogue = try Row.fetchAll(db.cachedStatement(sql: "SELECT sc, title FROM wcag_criteria WHERE title IS NOT NULL"))
            .map { (sc: try $0.successCriterion(), title: $0["title"] as String) }
        // The first of a number or handle said twice.
        bySC = Dictionary(catalogue.map { ($0.sc.description, $0) }, uniquingKeysWith: { a, _ in a })
        byHandle = Dictionary(catalogue.map { (Vocabulary.slugify($0.title), $0) }, uniquingKeysWith: { a, _ in a })
    }
}
