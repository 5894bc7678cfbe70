import KBModel
import KBQuery
import KBResources

/// What a VPAT edition reports on, beside its chapters: the standards (WCAG 2.x, the Revised
/// Section 508 Standards, EN 301 549), each with the heading of its report section, and the WCAG
/// version the edition is written for. A rendered report is laid out by them (one section per
/// standard, the table of the standards it covers).
extension OpenACRCatalog {
    public struct Standard: Sendable, Equatable {
        public enum Family: Sendable, Equatable {
            case wcag, section508, en301549
        }

        /// `wcag-2.2`, `508`, `eu`.
        public var id: String
        /// `WCAG 2.2 Report`.
        public var reportHeading: String
        /// `Web Content Accessibility Guidelines 2.2`.
        public var label: String
        public var url: String?

        public var family: Family {
            if id.hasPrefix("wcag") { return .wcag }
            return id == "508" ? .section508 : .en301549
        }
    }

    /// The standard a chapter answers to, read from its id: the success criteria tables are
    /// WCAG's, `en_301_549_*` EN 301 549's, every other chapter (3 to 6) Section 508's. The
    /// catalogs' own chapter lists are partial in the EN 301 549 editions, so the ids decide.
    public static func family(ofChapter id: String) -> Standard.Family {
        if id.hasPrefix("success_criteria") { return .wcag }
        return id.hasPrefix("en_301_549") ? .en301549 : .section508
    }

    /// The edition's chapters of a standard, in the catalog's order.
    public func chapters(of standard: Standard) -> [Chapter] {
        chapters.filter { Self.family(ofChapter: $0.id) == standard.family }
    }

    /// The WCAG version the edition is written for (`2.0`, `2.1`, `2.2`), from its WCAG standard.
    public var wcagVersion: String? {
        standards.first { $0.family == .wcag }.map { String($0.id.dropFirst("wcag-".count)) }
    }

    /// The built-in catalog a report that names none was most likely written for: the one whose
    /// chapters hold most of the report's criteria, then the one that leaves fewest of its own
    /// criteria out of the chapters the report lists (a WCAG 2.0 report is not a 2.2 one with the
    /// newer criteria missing), then the one with fewest chapters the report does not list, then
    /// the later edition (2.5 over 2.4). Nil when no catalog holds any of its criteria.
    public static func inferred(for report: OpenACRReport) -> OpenACRCatalog? {
        var best: (catalog: OpenACRCatalog, key: [Int])?
        for (index, catalog) in builtIn.enumerated() {
            var matched = 0, missing = 0
            for chapter in report.chapters {
                guard let known = catalog.chapter(chapter.id) else { continue }
                let ids = Set((chapter.criteria ?? []).map(\.num))
                let own = Set(known.criteria.map(\.id))
                matched += ids.intersection(own).count
                if !ids.isEmpty { missing += own.subtracting(ids).count }
            }
            let listed = Set(report.chapters.map(\.id))
            let unlisted = catalog.chapters.filter { !listed.contains($0.id) }.count
            // Larger is better at each place; the index breaks a tie toward the file's later rows.
            let key = [matched, -missing, -unlisted, catalog.id.hasPrefix("2.5") ? 1 : 0, index]
            if matched > 0, best.map({ key.lexicographicallyPrecedes($0.key) == false }) ?? true { best = (catalog, key) }
        }
        return best?.catalog
    }
}

extension AdherenceLevel {
    /// What the level means, in a11ykb's words (`vocabulary/conformance-terms.tsv`): the "Terms"
    /// section of a rendered report.
    public var definition: String { Self.definitions[self] ?? "" }

    private static let definitions: [AdherenceLevel: String] = {
        var out: [AdherenceLevel: String] = [:]
        for row in VocabularyTable.rows(String(decoding: EmbeddedResources.conformanceTerms, as: UTF8.self)) {
            if let level = row[optional: 0].flatMap(AdherenceLevel.init(rawValue:)), let text = row[optional: 1] { out[level] = text }
        }
        return out
    }()
}
