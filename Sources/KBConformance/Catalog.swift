import KBModel
import KBQuery
import KBResources

/// A VPAT edition as GSA's OpenACR states it: its chapters, each criterion and the components it
/// takes (`web`, `software`... or `none`). Built into a11ykb from `vocabulary/openacr-catalogs.tsv`,
/// which `scripts/openacr-vocabulary` writes from GSA's catalogs; facts only.
public struct OpenACRCatalog: Sendable, Equatable {
    public struct Criterion: Sendable, Equatable {
        /// `1.1.1`, `302.1`, `402.2.1`.
        public var id: String
        /// The criterion's title: `Non-text Content`.
        public var handle: String
        /// The components a report may give it: `web`, `electronic-docs`, `software`, `authoring-tool`, or `none`.
        public var components: [String]
    }

    public struct Chapter: Sendable, Equatable {
        /// `success_criteria_level_a`, `functional_performance_criteria`.
        public var id: String
        public var label: String
        public var shortLabel: String
        public var criteria: [Criterion]

        /// The WCAG level of a success-criteria chapter; nil for any other.
        public var wcagLevel: WCAGLevel? {
            switch id {
            case "success_criteria_level_a": .a
            case "success_criteria_level_aa": .aa
            case "success_criteria_level_aaa": .aaa
            default: nil
            }
        }
    }

    /// `2.5-edition-wcag-2.2-508-en`.
    public var id: String
    public var title: String
    /// The standards the edition reports on, in the catalog's order (`CatalogStandards.swift`).
    public var standards: [Standard] = []
    public var chapters: [Chapter]

    public func chapter(_ id: String) -> Chapter? { chapters.first { $0.id == id } }

    /// The catalog a report is built for unless another is asked for.
    public static let defaultID = "2.5-edition-wcag-2.2-508-en"

    /// Every catalog built in, in the file's order.
    public static let builtIn: [OpenACRCatalog] = parse(String(decoding: EmbeddedResources.openACRCatalogs, as: UTF8.self))

    /// The ids of the catalogs built in, in the file's order, read from the file's `catalog` lines
    /// alone (an option's help and an error name them).
    public static var builtInIDs: [String] { sections().map(\.id) }

    /// One catalog, read from its own lines only: `wcag` names the default catalog's functional
    /// performance criteria at every answer, and reading all nine was a fifth of its work.
    public static func named(_ id: String) -> OpenACRCatalog? {
        guard let section = sections().first(where: { $0.id == id }) else { return nil }
        return parse(String(decoding: EmbeddedResources.openACRCatalogs[section.lines], as: UTF8.self)).first
    }

    /// Each catalog's id and the bytes of its lines: from its `catalog` line to the next one's.
    private static func sections() -> [(id: String, lines: Range<Int>)] {
        let bytes = EmbeddedResources.openACRCatalogs
        let marker = Array("catalog\t".utf8)
        var starts: [(id: String, at: Int)] = []
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if bytes[lineStart..<lineEnd].starts(with: marker),
               let row = VocabularyTable.rows(String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)).first, row.fields.count >= 3 {
                starts.append((row.fields[1], lineStart))
            }
            lineStart = lineEnd + 1
        }
        return starts.indices.map { i in (starts[i].id, starts[i].at..<(i + 1 < starts.count ? starts[i + 1].at : bytes.count)) }
    }

    /// The component ids GSA's components list names; `none` for a chapter whose criteria have no
    /// kinds of product (Section 508's functional performance criteria, hardware).
    public static let componentIDs = ["web", "electronic-docs", "software", "authoring-tool", "none"]

    static func parse(_ text: String) -> [OpenACRCatalog] {
        var out: [OpenACRCatalog] = []
        for row in VocabularyTable.rows(text) {
            let f = row.fields
            switch f.first {
            case "catalog" where f.count >= 3:
                out.append(OpenACRCatalog(id: f[1], title: f[2], chapters: []))
            case "standard" where f.count >= 4 && !out.isEmpty:
                out[out.count - 1].standards.append(Standard(id: f[1], reportHeading: f[2], label: f[3], url: row[optional: 4]))
            case "chapter" where f.count >= 5 && !out.isEmpty:
                out[out.count - 1].chapters.append(Chapter(id: f[1], label: f[3], shortLabel: f[4], criteria: []))
            case "criterion" where f.count >= 4 && !out.isEmpty && !out[out.count - 1].chapters.isEmpty:
                let c = out.count - 1, h = out[c].chapters.count - 1
                out[c].chapters[h].criteria.append(Criterion(id: f[1], handle: f[2], components: row.words(3)))
            default:
                continue
            }
        }
        return out
    }
}

/// EN 301 549's clauses that restate a WCAG success criterion: chapter 9 for the web and chapter 11
/// for software number them as the criterion, behind their chapter (`9.1.4.3`, `11.1.4.3`).
public enum EN301549 {
    public static func webClause(_ sc: SCNumber) -> String { "9.\(sc)" }
    public static func softwareClause(_ sc: SCNumber) -> String { "11.\(sc)" }
}

/// Where a WCAG success criterion sits in the other standards a conformance report answers to:
/// the Trusted Tester tests that check it, the Section 508 functional performance criteria those
/// tests touch, whether the Revised 508 Standards require it (they incorporate WCAG 2.0 Level A
/// and AA, for electronic content through E205.4 and for software through E207.2), and its EN
/// 301 549 clauses.
public struct CriterionRoutes: Sendable, Equatable {
    public var trustedTester: [String]
    /// `302.1 Without Vision`...
    public var functionalPerformance: [(id: String, handle: String)]
    /// Whether Section 508 requires it (WCAG 2.0, Level A or AA).
    public var requiredBy508: Bool
    /// `9.1.4.3` (web), `11.1.4.3` (software).
    public var en301549: [String]

    public static func == (a: CriterionRoutes, b: CriterionRoutes) -> Bool {
        a.trustedTester == b.trustedTester && a.functionalPerformance.map(\.id) == b.functionalPerformance.map(\.id)
            && a.requiredBy508 == b.requiredBy508 && a.en301549 == b.en301549
    }

    public static func of(_ sc: SCNumber) -> CriterionRoutes {
        let info = WCAGCatalogue.builtIn.first { $0.sc == sc.description }
        let handles = OpenACRCatalog.named(OpenACRCatalog.defaultID)?.chapter("functional_performance_criteria")?.criteria ?? []
        return CriterionRoutes(
            trustedTester: TrustedTester.tests(of: sc).map(\.id),
            functionalPerformance: TrustedTester.functionalPerformance(of: sc).map { id in (id, handles.first { $0.id == id }?.handle ?? "") },
            requiredBy508: info?.version == "2.0" && (info?.level == "A" || info?.level == "AA"),
            en301549: [EN301549.webClause(sc), EN301549.softwareClause(sc)])
    }
}
