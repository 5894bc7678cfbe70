/// How evidence becomes a conformance level: the one rule `report` and conformance reports apply,
/// so the two never disagree. The levels are VPAT's, spelt as OpenACR's terms spell them.
public enum AdherenceLevel: String, Sendable, CaseIterable, Codable, Comparable {
    case supports
    case partiallySupports = "partially-supports"
    case doesNotSupport = "does-not-support"
    case notApplicable = "not-applicable"
    case notEvaluated = "not-evaluated"

    /// As a VPAT prints it: `Partially Supports`.
    public var label: String {
        switch self {
        case .supports: "Supports"
        case .partiallySupports: "Partially Supports"
        case .doesNotSupport: "Does Not Support"
        case .notApplicable: "Not Applicable"
        case .notEvaluated: "Not Evaluated"
        }
    }

    /// In running text: `partially supports`.
    public var words: String { label.lowercased() }

    /// Best first: the order a summary counts them in.
    public static func < (a: AdherenceLevel, b: AdherenceLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What is known of one success criterion (or one component's items): the tester's rows and the
/// automated runs. Rows marked n/a, blocked or left empty are counted and shown, never judged.
public struct Evidence: Sendable, Equatable {
    public var passed = 0, failed = 0, blocked = 0, notApplicable = 0, notTested = 0
    /// Nodes an automated engine found failing (axe's violations).
    public var violations = 0
    /// Rules an automated engine ran and found passing.
    public var automatedPasses = 0

    public init(passed: Int = 0, failed: Int = 0, blocked: Int = 0, notApplicable: Int = 0, notTested: Int = 0,
                violations: Int = 0, automatedPasses: Int = 0) {
        (self.passed, self.failed, self.blocked, self.notApplicable, self.notTested) = (passed, failed, blocked, notApplicable, notTested)
        (self.violations, self.automatedPasses) = (violations, automatedPasses)
    }

    /// The rule, in order:
    /// 1. a failed row or an automated violation, with a passed row or an automated pass beside
    ///    it: partially supports (some of the product meets the criterion, some does not);
    /// 2. failures and violations with nothing that passed: does not support (the line is drawn
    ///    at "nothing tested meets it", since a results file samples the product);
    /// 3. rows that passed, none failed, no violation: supports;
    /// 4. anything else (automated passes alone, which cannot prove conformance; rows marked
    ///    n/a, blocked or untested; nothing at all): not evaluated. Only a person makes a
    ///    criterion not applicable, with a reason.
    public var level: AdherenceLevel {
        let failing = failed > 0 || violations > 0
        if failing { return passed > 0 || automatedPasses > 0 ? .partiallySupports : .doesNotSupport }
        if passed > 0 { return .supports }
        return .notEvaluated
    }

    /// Whether any row or run says anything about it.
    public var isEmpty: Bool { self == Evidence() }

    public static func + (a: Evidence, b: Evidence) -> Evidence {
        Evidence(passed: a.passed + b.passed, failed: a.failed + b.failed, blocked: a.blocked + b.blocked,
                 notApplicable: a.notApplicable + b.notApplicable, notTested: a.notTested + b.notTested,
                 violations: a.violations + b.violations, automatedPasses: a.automatedPasses + b.automatedPasses)
    }
}

extension Evidence {
    /// The level its counts earn (`level`), under the name a results report gives it.
    public var conformance: AdherenceLevel { level }

    public mutating func add(_ result: TestReport.Result?) {
        switch result {
        case .pass: passed += 1
        case .fail: failed += 1
        case .blocked: blocked += 1
        case .notApplicable: notApplicable += 1
        case nil: notTested += 1
        }
    }
}
