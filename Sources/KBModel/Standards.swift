import KBResources

/// One WCAG success criterion as the catalogue knows it: facts only (number, title, level, where
/// it sits), never the normative text.
package struct WCAGCriterionInfo: Sendable, Equatable {
    package var sc: String
    package var w3cID: String?
    package var title: String
    /// `A`, `AA`, `AAA`; nil for a criterion without one (4.1.1, obsolete in 2.2).
    package var level: String?
    package var guideline: String?
    package var guidelineTitle: String?
    package var principle: String?
    package var principleTitle: String?
    /// The version that added it, where known: `2.0`, `2.1`, `2.2`.
    package var version: String?
    package var status: String
    package var position: Int
    /// The line of the source that states it (W3C's file); nil for the built-in catalogue.
    package var line: Int?
    /// The row is the built-in catalogue's (stored with no source), not an imported file's.
    package var builtIn = false

    package init(sc: String, w3cID: String?, title: String, level: String?, guideline: String?, guidelineTitle: String?,
                 principle: String?, principleTitle: String?, version: String?, status: String, position: Int, line: Int? = nil) {
        self.sc = sc
        self.w3cID = w3cID
        self.title = title
        self.level = level
        self.guideline = guideline
        self.guidelineTitle = guidelineTitle
        self.principle = principle
        self.principleTitle = principleTitle
        self.version = version
        self.status = status
        self.position = position
        self.line = line
    }
}

/// The WCAG 2.2 catalogue built into a11ykb: `vocabulary/wcag-2.2.tsv`, which
/// `scripts/wcag-catalogue` writes from W3C's wcag.json.
package enum WCAGCatalogue {
    package static let builtIn: [WCAGCriterionInfo] = parse(String(decoding: EmbeddedResources.wcagCatalogue, as: UTF8.self))

    /// The version that added a criterion W3C's file names, from the built-in catalogue.
    package static func version(of sc: String) -> String? { bySC[sc]?.version }

    /// The built-in rows by number.
    package static let bySC: [String: WCAGCriterionInfo] = Dictionary(builtIn.map { ($0.sc, $0) }) { first, _ in first }

    /// An imported catalogue checked against the built-in one: a criterion the built-in catalogue
    /// holds keeps its number's title, level and status as W3C published them, whatever a file
    /// says (a malformed or hostile wcag.json once retitled 4.1.2 and moved it to AAA, for good);
    /// what the file adds (a criterion of a later WCAG) is taken. Returns the rows to write and,
    /// for each row the file contradicted, the notice that says the built-in one was kept.
    /// `trustFile`: the file's rows are taken as written (asked for: nothing to say).
    package static func reconcile(_ imported: [WCAGCriterionInfo], trustFile: Bool = false) -> (criteria: [WCAGCriterionInfo], notices: [Notice]) {
        var notices: [Notice] = []
        let criteria = imported.map { row -> WCAGCriterionInfo in
            guard let known = bySC[row.sc] else { return row }
            var differences: [String] = []
            if row.title != known.title { differences.append("title") }
            if row.level != known.level { differences.append("level") }
            if row.status != known.status { differences.append("status") }
            guard !differences.isEmpty else { return row }
            if trustFile { return row }
            notices.append(Notice(.skipped, line: row.line, """
                success criterion \(row.sc): the \(differences.joined(separator: " and ")) differ from WCAG 2.2 as W3C \
                published it; the built-in catalogue's row is kept
                """))
            var kept = known
            kept.position = row.position
            kept.line = row.line
            return kept
        }
        return (criteria, notices)
    }

    static func parse(_ text: String) -> [WCAGCriterionInfo] {
        var rows: [WCAGCriterionInfo] = []
        // The first row names the columns.
        for row in VocabularyTable.rows(text).dropFirst() {
            let cells = row.fields
            guard cells.count >= 10 else { continue }
            rows.append(WCAGCriterionInfo(sc: cells[0], w3cID: cells[1], title: cells[2], level: cells[3].isEmpty ? nil : cells[3],
                                          guideline: cells[4], guidelineTitle: cells[5], principle: cells[6],
                                          principleTitle: cells[7], version: cells[8], status: cells[9], position: rows.count))
            rows[rows.count - 1].builtIn = true
        }
        return rows
    }

    /// `wcag412` → `4.1.2`, `wcag1410` → `1.4.10` (axe's tags: principle and guideline one digit
    /// each); level tags (`wcag2aa`, `wcag21a`) and others → nil. ASCII digits only: `wcag٤١٢`
    /// (Arabic-Indic digits) is no success criterion. The one reading of an axe tag, for the
    /// importer, `explain` and conformance reports alike.
    package static func sc(fromAxeTag tag: String) -> SCNumber? {
        guard tag.hasPrefix("wcag") else { return nil }
        let digits = tag.utf8.dropFirst(4)
        guard digits.count >= 3, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let chars = Array(String(decoding: digits, as: UTF8.self))
        guard let number = Int(String(chars[2...])) else { return nil }
        return SCNumber("\(chars[0]).\(chars[1]).\(number)")
    }
}

/// Which body of automated rules a rule is of (`rules.kind`): W3C's ACT rules or axe-core's. A
/// closed set, like `Platform`: the readers make no other and the schema's CHECK allows no other,
/// and a stored kind that is neither is `UnknownStoredValue` (`Row.ruleKind()`), never read as
/// one of these.
public enum RuleKind: String, Sendable, Hashable, CaseIterable, Codable {
    case act, axe
}

/// An automated rule: a W3C ACT rule or an axe-core rule, as its file states it.
package struct RuleEntry: Sendable, Equatable {
    /// A success criterion the rule tests, with what the rule's outcomes mean for it (ACT).
    package struct SCLink: Sendable, Equatable {
        package var sc: String
        package var requirement: String
        package var secondary = false
        package var forConformance: Bool?
        package var failed: String?
        package var passed: String?
        package var inapplicable: String?
        package var line: Int

        package init(sc: String, requirement: String, secondary: Bool = false, forConformance: Bool? = nil, failed: String? = nil,
                     passed: String? = nil, inapplicable: String? = nil, line: Int) {
            self.sc = sc
            self.requirement = requirement
            self.secondary = secondary
            self.forConformance = forConformance
            self.failed = failed
            self.passed = passed
            self.inapplicable = inapplicable
            self.line = line
        }
    }

    package struct Tag: Sendable, Equatable {
        package var tag: String
        package var scheme: String
        package var line: Int

        package init(tag: String, scheme: String, line: Int) {
            self.tag = tag
            self.scheme = scheme
            self.line = line
        }
    }

    package var kind: RuleKind
    package var slug: String
    package var name: String?
    package var description: String?
    package var ruleType: String?
    package var impact: String?
    package var applicability: String?
    package var expectation: String?
    package var inputAspects: [String] = []
    package var deprecated = false
    package var url: String?
    package var version: String?
    package var line: Int
    package var scLinks: [SCLink] = []
    package var tags: [Tag] = []
    package var actIDs: [ACTID] = []

    /// An ACT rule an axe rule names as its counterpart, with the line naming it.
    package struct ACTID: Sendable, Equatable {
        package var id: String
        package var line: Int

        package init(id: String, line: Int) {
            self.id = id
            self.line = line
        }
    }

    package init(kind: RuleKind, slug: String, line: Int) {
        self.kind = kind
        self.slug = slug
        self.line = line
    }

    /// The scheme an axe tag belongs to: `wcag2aa` a level, `wcag412` a criterion, `TT6.a`
    /// Trusted Tester, `EN-9.4.1.2` EN 301 549, `section508.22.a` Section 508.
    package static func axeScheme(_ tag: String) -> String {
        if WCAGCatalogue.sc(fromAxeTag: tag) != nil { return "wcag-sc" }
        if tag.range(of: #"^wcag2\d?a{1,3}(-obsolete)?$"#, options: .regularExpression) != nil { return "wcag-level" }
        if tag.hasPrefix("section508") { return "section508" }
        if tag.hasPrefix("TT") { return "trusted-tester" }
        if tag.hasPrefix("EN-") { return "en-301-549" }
        if tag == "best-practice" { return "best-practice" }
        if tag.hasPrefix("cat.") { return "category" }
        if tag == "ACT" { return "act" }
        if tag.hasPrefix("RGAA") { return "rgaa" }
        if tag == "experimental" || tag == "deprecated" || tag == "review-item" { return tag }
        return "other"
    }

    /// The scheme of an ACT requirement key: `wcag20:1.1.1` a criterion, `wcag-technique:G94`,
    /// `aria12:…`, `using-aria:…`.
    package static func actScheme(_ key: String) -> String {
        let scheme = key.split(separator: ":").first.map(String.init) ?? key
        if scheme.range(of: #"^wcag2\d$"#, options: .regularExpression) != nil { return "wcag-sc" }
        if scheme.hasPrefix("aria") || scheme == "using-aria" { return "aria" }
        return scheme
    }

    /// The level an axe level tag names: `wcag21aa` → AA.
    package static func level(ofAxeTag tag: String) -> String? {
        guard axeScheme(tag) == "wcag-level", !tag.hasSuffix("-obsolete") else { return nil }
        let as_ = tag.reversed().prefix { $0 == "a" }.count
        return String(repeating: "A", count: as_)
    }
}
