/// What the evidence files of the tools a team runs say of one success criterion, beside what a
/// results file's rows or a plan's tests say of it (`report`, `coverage`). This layer knows no
/// evidence file: KBConformance's `CriterionEvidence` fills it from the evidence model, with the
/// same sums the conformance build reads, so a report, coverage and an ACR never count apart.
public struct CriterionFindings: Sendable, Equatable {
    /// Automated findings, each an element (or an instance where the tool names none) of a rule
    /// on a page, summed over every file, page and rule.
    public var failed = 0, passed = 0, cannotTell = 0
    /// The rules that failed somewhere, and those that passed somewhere.
    public var failingRules: [String] = [], passingRules: [String] = []
    /// Where it failed, automated or by hand, as the files name the pages or screens, in their order.
    public var failingPages: [String] = []
    /// A person's outcomes another tool holds (WCAG-EM, Accessibility Insights, a Trusted Tester
    /// workbook), counted as the results rows they stand for: passed, failed, n/a, not tested.
    public var manual = Evidence()

    public init() {}

    /// What it adds to the criterion's rows toward a level (`Evidence.level`): the person's
    /// outcomes as rows, the failed elements as violations, the rules that passed as automated
    /// passes, which never make a criterion supported on their own.
    public var tally: Evidence {
        var e = manual
        e.violations = failed
        e.automatedPasses = passingRules.count
        return e
    }

    /// Whether a tool ran a test of it that found anything but "does not apply".
    public var testedAutomatically: Bool { failed + passed + cannotTell > 0 }
    /// Whether a person's recorded outcome judged it: passed, failed or not applicable.
    public var testedByHand: Bool { manual.passed + manual.failed + manual.notApplicable > 0 }
}
