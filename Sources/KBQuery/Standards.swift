import GRDB
import KBModel
import KBSearch
import KBStore

/// A WCAG success criterion of the catalogue, with how many things test it.
public struct WCAGCriterion: Sendable, Equatable, RowDecodable {
    public var sc: SCNumber
    public var title: String?
    /// Nil for one obsolete in 2.2 (4.1.1) or cited without a level.
    public var level: WCAGLevel?
    public var guideline: String?
    public var guidelineTitle: String?
    public var principle: String?
    public var principleTitle: String?
    /// The WCAG version that added it: `2.0`, `2.1`, `2.2`.
    public var version: String?
    /// `active`, `obsolete`; nil for a criterion only cited, not in the catalogue.
    public var status: String?
    /// One address per criterion: W3C's Understanding page of WCAG 2.2 where the catalogue knows its
    /// id (whatever address a source cited), else the address its citation gave.
    public var url: String?
    /// Components MagentaA11y tests it in (`v_tested_sc`), ACT and axe rules that test it (not secondary).
    public var components: Int
    public var actRules: Int
    public var axeRules: Int

    init(row: Row) throws {
        sc = try row.successCriterion()
        title = row["title"]
        level = try row.level()
        guideline = row["guideline"]
        guidelineTitle = row["guideline_title"]
        principle = row["principle"]
        principleTitle = row["principle_title"]
        version = row["version"]
        status = row["status"]
        url = row["url"]
        components = row["components"]
        actRules = row["act_rules"]
        axeRules = row["axe_rules"]
    }

    static let select = """
        SELECT w.sc, w.title, w.level, w.guideline, w.guideline_title, w.principle, w.principle_title, w.version, w.status,
            coalesce('https://www.w3.org/WAI/WCAG22/Understanding/' || w.w3c_id || '.html', w.url) AS url,
            (SELECT count(DISTINCT t.family || '/' || t.component) FROM v_tested_sc t WHERE t.sc = w.sc) AS components,
            (SELECT count(*) FROM v_rule_sc r WHERE r.sc = w.sc AND r.kind = 'act' AND r.secondary = 0) AS act_rules,
            (SELECT count(*) FROM v_rule_sc r WHERE r.sc = w.sc AND r.kind = 'axe') AS axe_rules
        FROM wcag_criteria w
        """

    /// The catalogue in WCAG's order (criteria only cited come last, by number); `words` keeps those
    /// whose number, title, guideline or principle holds every word.
    /// The longest word looked for.
    static let maxWordBytes = 200

    package static func list(_ db: Database, words: [String] = [], level: WCAGLevel? = nil) throws -> [WCAGCriterion] {
        var filters = SQLFilters()
        for word in words {
            // No number, title, guideline or principle is this long, and SQLite refuses a LIKE
            // pattern over 50,000 bytes with an error of its own: the words are refused as such.
            guard word.utf8.count <= maxWordBytes else {
                throw QueryError.invalidOption("a word of \(word.count) characters: no success criterion's number or title is longer than \(maxWordBytes)")
            }
            // The word as written: `%` and `_` are letters here, not LIKE's wildcards.
            let pattern = "%" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
            filters.add(#"(w.sc = ? OR w.title LIKE ? ESCAPE '\' OR w.guideline_title LIKE ? ESCAPE '\' OR w.principle_title LIKE ? ESCAPE '\' OR w.w3c_id LIKE ? ESCAPE '\')"#,
                        word, pattern, pattern, pattern, pattern)
        }
        if let level { filters.add("w.level IN (\(level.takesIn.map { "'\($0.rawValue)'" }.joined(separator: ", ")))") }
        return try WCAGCriterion.fetchAll(db, sql: select + " WHERE \(filters.sql)", arguments: filters.arguments)
            .sorted { a, b in
                if (a.status == nil) != (b.status == nil) { return a.status != nil }
                return a.sc < b.sc
            }
    }

    /// Every criterion's title, by number.
    package static func titles(_ db: Database) throws -> [SCNumber: String] {
        var titles: [SCNumber: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT sc, title FROM wcag_criteria WHERE title IS NOT NULL") {
            titles[try row.successCriterion()] = row["title"]
        }
        return titles
    }

    package static func one(_ db: Database, _ sc: SCNumber) throws -> WCAGCriterion? {
        try WCAGCriterion.fetchAll(db, sql: select + " WHERE w.sc = ?", arguments: [sc.description]).first
    }

    /// `4.1.2`, `SC 4.1.2`, `wcag 4.1.2` → `4.1.2`; nil when the text is not a number of that shape
    /// (which may still be no success criterion's number: `٤.١.٢`, `1.4.1000`).
    package static func number(_ text: String) -> String? {
        var t = text.trimmingCharacters(in: .whitespaces).lowercased()
        for prefix in ["wcag", "sc"] where t.hasPrefix(prefix) { t = String(t.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        return hasNumberShape(t) ? t : nil
    }

    /// Three runs of decimal digits joined by dots, digits of any script as a regular expression's
    /// `\d` reads them (so `٤.١.٢` is said to be no criterion's, not searched as words). Checked by
    /// scalar: a regular expression here started ICU, a tenth of a `wcag 1.4.3` answer's work.
    private static func hasNumberShape(_ text: String) -> Bool {
        var dots = 0, digits = 0
        for scalar in text.unicodeScalars {
            if scalar == "." {
                guard digits > 0, dots < 2 else { return false }
                dots += 1
                digits = 0
            } else if scalar.properties.generalCategory == .decimalNumber {
                digits += 1
            } else {
                return false
            }
        }
        return dots == 2 && digits > 0
    }
}

/// A MagentaA11y component that tests a criterion (`v_tested_sc`): cited by the entry or inferred
/// from what its criteria test.
public struct ManualTest: Sendable, Equatable, RowDecodable {
    public var component: String
    public var title: String?
    public var family: Family
    /// Nil: the whole component, every platform of its family.
    public var platform: Platform?
    public var link: SuccessCriterionLink
    public var reason: String?
    /// How many of the component's criteria the link rests on (0 for a link of the whole component).
    public var criteria: Int

    init(row: Row) throws {
        component = row["component"]
        title = row["title"]
        family = try row.family()
        platform = try row.platform()
        guard let link = try row.closed("link", kind: .link, SuccessCriterionLink.init(rawValue:)) else {
            throw UnknownStoredValue(kind: .link, column: "link", value: "NULL")
        }
        self.link = link
        reason = row["reason"]
        criteria = row["criteria"]
    }

    package static func list(_ db: Database, sc: SCNumber) throws -> [ManualTest] {
        try ManualTest.fetchAll(db, sql: """
            SELECT t.component, c.title, t.family, t.platform, t.link, t.reason, count(t.criterion_id) AS criteria
            FROM v_tested_sc t LEFT JOIN components c ON c.slug = t.component AND c.family = t.family
            WHERE t.sc = ?
            GROUP BY t.family, t.component, t.platform, t.link, t.reason
            ORDER BY t.family DESC, t.component, t.platform, t.link
            """, arguments: [sc.description])
    }
}

/// An automated rule that tests a criterion, as its file states the link.
public struct RuleTest: Sendable, Equatable, RowDecodable {
    public var kind: RuleKind
    public var rule: String
    public var name: String?
    public var impact: String?
    /// ACT: the rule is related to the criterion, not a test of it.
    public var secondary: Bool
    /// ACT: what a failed outcome means for the criterion (`not satisfied`).
    public var failed: String?
    public var passed: String?
    /// axe: the ACT rules it implements; ACT: the axe rules that implement it.
    public var related: [String]
    public var deprecated: Bool

    init(row: Row) throws {
        kind = try row.ruleKind()
        rule = row["rule"]
        name = row["name"]
        impact = row["impact"]
        secondary = row["secondary"]
        failed = row["failed"]
        passed = row["passed"]
        related = (row["related"] as String?)?.split(separator: ",").map(String.init).sorted() ?? []
        deprecated = row["deprecated"]
    }

    package static func list(_ db: Database, sc: SCNumber) throws -> [RuleTest] {
        try RuleTest.fetchAll(db, sql: """
            SELECT s.kind, s.rule, s.name, r.impact, s.secondary, s.failed, s.passed, r.deprecated,
                   CASE s.kind WHEN 'axe' THEN (SELECT group_concat(act_rule) FROM v_rule_act WHERE axe_rule = s.rule)
                               ELSE (SELECT group_concat(axe_rule) FROM v_rule_act WHERE act_rule = s.rule) END AS related
            FROM v_rule_sc s JOIN v_rules r ON r.kind = s.kind AND r.rule = s.rule
            WHERE s.sc = ?
            ORDER BY s.kind, s.secondary, s.rule
            """, arguments: [sc.description])
    }
}

/// One criterion and everything that tests it.
public struct CriterionTests: Sendable, Equatable {
    public var criterion: WCAGCriterion
    public var manual: [ManualTest]
    public var rules: [RuleTest]

    package static func load(_ db: Database, sc: SCNumber) throws -> CriterionTests? {
        guard let criterion = try WCAGCriterion.one(db, sc) else { return nil }
        return CriterionTests(criterion: criterion, manual: try ManualTest.list(db, sc: sc), rules: try RuleTest.list(db, sc: sc))
    }
}
