/// A set of a query's terms, by their positions in the reading (`SearchReading.terms`): what a
/// fact holds (`TermMatcher.Found`). A bit each for the first 64 terms, a `Set` for any beyond
/// (a question has a handful): a question makes one for every fact it matches, and a `Set` of
/// them allocated and hashed each time cost more than the matching.
struct TermSet: Equatable, Sendable, Sequence, ExpressibleByArrayLiteral {
    private var bits: UInt64 = 0
    private var beyond: Set<Int> = []

    init() {}

    init(arrayLiteral terms: Int...) { formUnion(terms) }

    var isEmpty: Bool { bits == 0 && beyond.isEmpty }
    var count: Int { bits.nonzeroBitCount + beyond.count }

    func contains(_ term: Int) -> Bool {
        term >= 0 && term < 64 ? bits & (1 << UInt64(term)) != 0 : beyond.contains(term)
    }

    mutating func insert(_ term: Int) {
        if term >= 0 && term < 64 { bits |= 1 << UInt64(term) } else { beyond.insert(term) }
    }

    mutating func formUnion(_ other: TermSet) {
        bits |= other.bits
        if !other.beyond.isEmpty { beyond.formUnion(other.beyond) }
    }

    mutating func formUnion<Terms: Sequence>(_ terms: Terms) where Terms.Element == Int {
        for term in terms { insert(term) }
    }

    func union(_ other: TermSet) -> TermSet {
        var union = self
        union.formUnion(other)
        return union
    }

    func isSubset(of other: TermSet) -> Bool {
        bits & ~other.bits == 0 && beyond.isSubset(of: other.beyond)
    }

    /// The terms in ascending order.
    func makeIterator() -> Iterator { Iterator(rest: bits, beyond: beyond.sorted().makeIterator()) }

    struct Iterator: IteratorProtocol {
        fileprivate var rest: UInt64
        fileprivate var beyond: IndexingIterator<[Int]>

        mutating func next() -> Int? {
            guard rest != 0 else { return beyond.next() }
            let term = rest.trailingZeroBitCount
            rest &= rest - 1
            return term
        }
    }
}
