import KBModel
import KBQuery

/// Section 508's functional performance criteria (302.1-302.9) from the success criteria's levels,
/// through the Trusted Tester tests.
///
/// The rule:
/// - A failure touches the disability categories that every Trusted Tester test it may stand for
///   names: the tests an automated rule's tags name (`TT7.a`), else every test of its success
///   criterion. So a missing text alternative (tests 7.A-7.D: without vision, with limited vision,
///   limited language and cognition; only 7.D also names the hearing categories) never touches
///   302.4 Without Hearing; a failed keyboard row (4.A, 4.B) touches 302.1, 302.2 and 302.7.
/// - A functional performance criterion that any failure touches is Partially Supports (the rest
///   of the product stays usable), whatever else is still unevaluated: a draft counts every
///   failure it has. Its remark names the success criteria behind it.
/// - Otherwise it rests on every success criterion whose tests name it: Supports when each of
///   them is supported, not applicable, or fails only in ways that do not touch it; Not Evaluated
///   while any of them is not evaluated, naming them.
enum FunctionalPerformance {
    /// A success criterion's failing level for one kind of product, with the Trusted Tester tests
    /// the failure may stand for (empty: any of the criterion's tests).
    struct Failure {
        var sc: SCNumber
        var tests: [String]
    }

    /// The disability categories (`302.1`...) a failure certainly touches.
    static func categories(_ failure: Failure) -> Set<String> {
        let named = failure.tests.map(normalised)
        let tests = TrustedTester.tests(of: failure.sc).filter { named.isEmpty || named.contains(normalised($0.id)) }
        // A rule's tag may name a test of another criterion (a rule tagged for two); fall back to
        // the criterion's own tests rather than to nothing.
        let chosen = tests.isEmpty ? TrustedTester.tests(of: failure.sc) : tests
        guard var common = chosen.first.map({ Set($0.functionalPerformance) }) else { return [] }
        for test in chosen.dropFirst() { common.formIntersection(test.functionalPerformance) }
        return common
    }

    /// `7. D` and `7.d` are `7.D`: the test conditions carry stray spaces.
    static func normalised(_ id: String) -> String { id.filter { $0 != " " }.uppercased() }

    struct Result {
        var level: AdherenceLevel
        var remarks: [String]
        /// The success criteria the level rests on, as `1.1.1`.
        var basedOn: [String]
    }

    /// `levels`: every success criterion's final level per kind of product; `failures`: what
    /// failed, with the tests each failure may stand for.
    static func level(_ id: String, handle: String, levels: [SCNumber: [String: AdherenceLevel]], failures: [Failure],
                      titles: [SCNumber: String]) -> Result {
        func name(_ sc: SCNumber) -> String { titles[sc].map { "\(sc) \($0)" } ?? sc.description }
        let who = "people who use the product " + handle.lowercased()
        let touching = failures.filter { categories($0).contains(id) }.map(\.sc).uniqued().sorted()
        if !touching.isEmpty {
            return Result(level: .partiallySupports,
                          remarks: ["Not fully usable by \(who): " + RemarkWords.list(touching.map(name), limit: 6, more: ("success criterion", "success criteria"))
                                    + (touching.count == 1 ? " is" : " are") + " not fully supported (see "
                                    + (touching.count == 1 ? "that criterion" : "those criteria") + ")."],
                          basedOn: touching.map(\.description))
        }
        let restsOn = TrustedTester.successCriteria(touching: id).filter { levels[$0] != nil }
        guard !restsOn.isEmpty else {
            return Result(level: .notEvaluated, remarks: ["Not evaluated for this report."], basedOn: [])
        }
        let open = restsOn.filter { sc in levels[sc]!.values.contains(.notEvaluated) }
        if open.isEmpty {
            return Result(level: .supports,
                          remarks: ["Usable by \(who): the " + RemarkWords.count(restsOn.count, "success criterion", "success criteria")
                                    + " that bear on it are met where they apply."],
                          basedOn: restsOn.map(\.description))
        }
        return Result(level: .notEvaluated,
                      remarks: ["Not evaluated for this report: " + RemarkWords.count(open.count, "success criterion", "success criteria")
                                + " that bear on it " + (open.count == 1 ? "was" : "were") + " not evaluated ("
                                + RemarkWords.list(open.map(\.description), limit: 8, more: ("other", "others")) + ")."],
                      basedOn: restsOn.map(\.description))
    }
}
