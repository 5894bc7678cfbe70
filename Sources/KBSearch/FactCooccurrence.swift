import GRDB

/// Which of a query's terms one fact of a component says together: the evidence ranking's last
/// stage (`EvidenceRanking`). A long page holds many words somewhere; a fact (a criterion with its
/// label, a note, an announcement with its context) or a code example holding several of them at
/// once is about what was asked (`contentDescription` and `icons` in one note of a graphic,
/// against a title saying "icon" and a code example saying `contentDescription` apart).
enum FactCooccurrence {
    /// Each fact's kind (as `ComponentListing.factsSQL` tags it; 5 a code example), label or
    /// context, and text: only what is matched, none of the joins a listed fact needs.
    static let textsSQL = """
        SELECT 2, label, expectation FROM criteria WHERE component_id = ?1
        UNION ALL SELECT 3, NULL, text FROM guidance WHERE component_id = ?1
        UNION ALL SELECT 4, context, text FROM announcements WHERE component_id = ?1
        UNION ALL SELECT 5, NULL, code FROM code_examples WHERE component_id = ?1
        """

    /// The largest weight of terms (`weights` per term) one fact or code example of `component`
    /// holds, when it holds more than one; 0 otherwise.
    static func best(_ db: Database, component: Int64, read: QueryReading, matcher: TermMatcher, weights: [Double]) throws -> Double {
        var best = 0.0
        func consider(_ terms: Set<Int>) {
            guard terms.count > 1 else { return }
            best = max(best, terms.reduce(0) { $0 + weights[$1] })
        }
        let facts = try Row.fetchCursor(db.cachedStatement(sql: textsSQL), arguments: [component])
        while let fact = try facts.next() {
            var found = matcher.find(in: fact[2] as String)
            // A question of what is said (`say`, `announce`) is answered by announcements.
            if !read.speech.isEmpty && (fact[0] as Int) == 4 { found.exact.formUnion(read.speech) }
            if let label = fact[1] as String? { found.exact.formUnion(matcher.find(in: label).terms) }
            consider(found.terms)
        }
        return best
    }
}
