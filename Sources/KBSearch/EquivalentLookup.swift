import GRDB
import KBModel

/// One concept of the vocabulary with its terms, for `a11ykb vocab`.
public struct EquivalentConcept: Sendable, Equatable {
    /// `disabled`, `heading`...
    public var concept: String
    /// Every term of the concept, in the vocabulary file's order.
    public var terms: [Equivalent]
    /// How many components hold each term (same order as `terms`): which words the knowledge base uses.
    public var components: [Int]
}

package enum EquivalentLookup {
    /// The concepts a term belongs to (matched as search matches it: `Dimmed` and `dimmed`
    /// meet), or whose name it is.
    package static func concepts(_ db: Database, term: String) throws -> [EquivalentConcept] {
        let porter = try IndexTokenizer(db, .porter)
        let plain = try IndexTokenizer(db, .plain)
        let index = try QueryReading.EquivalentsIndex(db, plain: plain)
        let key = index.key(term)
        var names = Set(index.byKey[key]?.map(\.concept) ?? [])
        if index.byConcept[term.lowercased()] != nil { names.insert(term.lowercased()) }
        let reading = QueryReading.Forms(porter: porter, plain: plain)
        return try names.sorted().map { name in
            let terms = index.byConcept[name] ?? []
            let counts = try terms.map { equivalent in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM search_components WHERE search_components MATCH ?",
                                 arguments: [try reading.forms(db, equivalent.term)]) ?? 0
            }
            return EquivalentConcept(concept: name, terms: terms, components: counts)
        }
    }
}
