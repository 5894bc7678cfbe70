import KBResources

/// What the Trusted Tester 5.1.3 test conditions say of each success criterion: the tests that
/// check it and the Section 508 functional performance criteria (302.x) its failure touches.
public enum TrustedTester {
    public struct Test: Sendable, Equatable {
        /// `4.A`.
        public var id: String
        public var successCriteria: [SCNumber]
        /// `302.1`...
        public var functionalPerformance: [String]
    }

    public static let tests: [Test] = VocabularyTable.rows(String(decoding: EmbeddedResources.trustedTester, as: UTF8.self)).compactMap { row in
        guard let id = row[optional: 0] else { return nil }
        return Test(id: id,
                    successCriteria: row.words(1).compactMap { SCNumber($0) },
                    functionalPerformance: row.words(2))
    }

    /// The tests that check a success criterion, in the file's order.
    public static func tests(of sc: SCNumber) -> [Test] { tests.filter { $0.successCriteria.contains(sc) } }

    /// The success criteria whose tests touch a functional performance criterion (`302.1`).
    public static func successCriteria(touching fpc: String) -> [SCNumber] {
        Array(Set(tests.filter { $0.functionalPerformance.contains(fpc) }.flatMap(\.successCriteria))).sorted()
    }

    /// The functional performance criteria a success criterion's tests touch.
    public static func functionalPerformance(of sc: SCNumber) -> [String] {
        var out: [String] = []
        for test in tests(of: sc) { for f in test.functionalPerformance where !out.contains(f) { out.append(f) } }
        return out.sorted { $0.split(separator: ".").compactMap { Int($0) }.lexicographicallyPrecedes($1.split(separator: ".").compactMap { Int($0) }) }
    }
}

extension TrustedTester {
    /// A test by its id as a workbook or a tool writes it (`4.a`, ` 4.A `); the test conditions'
    /// own ids carry stray spaces too (`7. D`).
    public static func test(_ id: String) -> Test? {
        func key(_ s: String) -> String { s.filter { !$0.isWhitespace }.uppercased() }
        let wanted = key(id)
        return tests.first { key($0.id) == wanted }
    }
}
