import KBModel

/// What a test said of one thing: the five outcomes every tool's words come down to (EARL's, which
/// W3C's reports and the WCAG-EM Report Tool use, with axe's incomplete and IBM's potential
/// violation as *cannot tell*).
public enum EvidenceOutcome: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case failed, cannotTell = "cannot tell", passed, inapplicable, untested

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// EARL's outcome names, with or without the `earl:` prefix: `earl:cantTell` → cannot tell.
    init?(earl: String) {
        let word = earl.hasPrefix("earl:") ? String(earl.dropFirst(5)) : earl
        switch word {
        case "passed", "pass": self = .passed
        case "failed", "fail": self = .failed
        case "cantTell", "cannotTell": self = .cannotTell
        case "inapplicable", "notApplicable": self = .inapplicable
        case "untested": self = .untested
        default: return nil
        }
    }
}

/// Whose test it is, which says where its success criteria come from when the tool gives none.
public enum EvidenceTestKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// An axe-core rule (`color-contrast`): axe itself, Lighthouse, SARIF from axe, axe's EARL.
    case axe
    /// A W3C ACT rule (`23a2a8`).
    case act
    /// Another tool's own rule (Siteimprove Alfa's `sia-r90`), mapped by the tool where it says.
    case toolRule = "tool rule"
    /// IBM Equal Access's rule (`img_alt_valid`, or an older id such as `WCAG20_Img_HasAlt`).
    case ibm
    /// An HTML_CodeSniffer code (pa11y): `WCAG2AA.Principle1.Guideline1_4.1_4_3.G18`.
    case htmlCodeSniffer = "HTML_CodeSniffer"
    /// An Accessibility Insights for Web requirement (`headingFunction`, or an axe rule it runs).
    case accessibilityInsights = "Accessibility Insights"
    /// A Trusted Tester test (`4.A`), its test conditions' success criteria (the Trusted Tester workbook).
    case trustedTester = "Trusted Tester"
    /// A success criterion judged as a whole (the WCAG-EM Report Tool's per-criterion results).
    case successCriterion = "success criterion"
}

/// One test as the tool names it.
public struct EvidenceTest: Sendable, Hashable, Codable, Comparable {
    public var kind: EvidenceTestKind
    public var id: String
    public init(kind: EvidenceTestKind, id: String) { (self.kind, self.id) = (kind, id) }
    public static func < (a: Self, b: Self) -> Bool { (a.kind.rawValue, a.id) < (b.kind.rawValue, b.id) }
}

/// Whether a machine or a person decided the outcome: an automated pass never shows conformance
/// alone, a person's can.
public enum EvidenceMode: String, Sendable, Hashable, Codable {
    case automatic, manual
}

/// One outcome of one test on one page or screen, for the success criteria it speaks of: the unit
/// every reader makes and every question reads.
public struct EvidenceFinding: Sendable, Equatable {
    public var test: EvidenceTest
    public var outcome: EvidenceOutcome
    public var mode: EvidenceMode
    /// The page or screen as the tool names it: a URL, a step's or a sample page's name; nil where
    /// the tool names none.
    public var page: String?
    /// The success criteria the tool's own mapping gives; empty where it gives none (the knowledge
    /// base's rules may: `EvidenceRecord.mappingCriteria`).
    public var successCriteria: [SCNumber]
    /// Where the criteria came from: the tool (`true`) or the knowledge base.
    public var criteriaFromTool: Bool
    /// The element: a CSS selector or an XPath, as the tool writes it.
    public var element: String?
    /// The element's markup, as the tool quotes it (shortened by most).
    public var snippet: String?
    /// The tool's own words for what the test asks (axe's `help`, an audit's title).
    public var words: String?
    /// Where in the file: a path into the JSON (`violations[2].nodes[0]`).
    public var position: String
    /// The Trusted Tester tests the tool says the test stands for (axe's `TT7.a` tags → `7.A`).
    public var trustedTesterTests: [String] = []

    public init(test: EvidenceTest, outcome: EvidenceOutcome, mode: EvidenceMode = .automatic, page: String?,
                successCriteria: [SCNumber], element: String? = nil, snippet: String? = nil, words: String? = nil, position: String) {
        self.test = test
        self.outcome = outcome
        self.mode = mode
        self.page = page
        self.successCriteria = successCriteria
        self.criteriaFromTool = !successCriteria.isEmpty
        self.element = element
        self.snippet = snippet
        self.words = words
        self.position = position
    }
}

/// What one evidence file holds: the tool that wrote it, its findings, and its pages (also those
/// with no finding: a page pa11y found nothing on was still tested).
public struct EvidenceRecord: Sendable {
    /// The file as named (never opened again).
    public var file: String
    public var format: EvidenceFormat
    /// The tool as the file names it: `axe-core`, `Lighthouse`, `Siteimprove Alfa`.
    public var tool: String
    public var version: String?
    public var pages: [String]
    public var findings: [EvidenceFinding]

    public init(file: String, format: EvidenceFormat, tool: String, version: String?, pages: [String] = [], findings: [EvidenceFinding]) {
        (self.file, self.format, self.tool, self.version, self.findings) = (file, format, tool, version, findings)
        var all = pages
        for f in findings { if let p = f.page, !all.contains(p) { all.append(p) } }
        self.pages = all
    }

    /// The tool and its version in words: `axe-core 4.10.2`.
    public var toolWords: String { tool + (version.map { " " + $0 } ?? "") }

    /// Tests that speak of no success criterion, by the tool's mapping or `criteria` (the knowledge
    /// base's rules): counted and listed, never dropped in silence.
    public var unmappedTests: [EvidenceTest] {
        Array(Set(findings.filter { $0.successCriteria.isEmpty }.map(\.test))).sorted()
    }

    /// The findings whose tool gave no success criterion, given those `criteria` names for their
    /// test (an axe rule's tags as the knowledge base holds them); the tool's own mapping is kept.
    public func mappingCriteria(_ criteria: (EvidenceTest) -> [SCNumber]) -> EvidenceRecord {
        var mapped = self
        var known: [EvidenceTest: [SCNumber]] = [:]
        for i in mapped.findings.indices where mapped.findings[i].successCriteria.isEmpty {
            let test = mapped.findings[i].test
            if known[test] == nil { known[test] = criteria(test) }
            mapped.findings[i].successCriteria = known[test] ?? []
        }
        return mapped
    }

    /// Outcomes per success criterion, criteria in numeric order.
    public var outcomesByCriterion: [(sc: SCNumber, counts: [EvidenceOutcome: Int])] {
        var by: [SCNumber: [EvidenceOutcome: Int]] = [:]
        for f in findings { for sc in f.successCriteria { by[sc, default: [:]][f.outcome, default: 0] += 1 } }
        return by.keys.sorted().map { ($0, by[$0]!) }
    }

    /// `TT7.a` → `7.A`, as the Trusted Tester tests are numbered (axe's tags).
    public static func trustedTesterTests(tags: [String]) -> [String] {
        tags.compactMap { tag in
            guard tag.hasPrefix("TT"), tag.count > 2, tag.dropFirst(2).first?.isNumber == true else { return nil }
            return String(tag.dropFirst(2)).uppercased()
        }
    }

    /// Outcomes over every finding.
    public var outcomeCounts: [EvidenceOutcome: Int] {
        findings.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
    }
}
