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

    /// The names a question gives beside its words (a screen reader's, a browser's: `nvda`,
    /// `safari`; `QueryReading.named`), each a pattern of its own with its weight: a fact saying
    /// the name together with a word asked about answers the question about that name (`For NVDA
    /// the recommended browsers are...` for `which browser should I use with NVDA`), where the
    /// same word elsewhere, without the name, does not.
    struct Named {
        let matcher: TermMatcher
        let weights: [Double]
    }

    /// The largest weight of terms (`weights` per term, and of the names, `named`) one fact or
    /// code example of `component` holds, when it holds more than one; 0 otherwise.
    static func best(_ db: Database, component: Int64, read: QueryReading, matcher: TermMatcher, weights: [Double],
                     named: Named? = nil) throws -> Double {
        var best = 0.0
        // One fact: its kind's tag, what its text and its label hold; the names, only in a fact
        // holding a term (found by their own matcher, its few patterns checked by bytes first).
        func consider(kind: Int, _ text: TermMatcher.Found, label: TermMatcher.Found?, names: () -> TermSet) {
            var terms = text.terms
            // A question of what is said (`say`, `announce`) is answered by announcements.
            if !read.speech.isEmpty && kind == 4 { terms.formUnion(read.speech) }
            if let label { terms.formUnion(label.terms) }
            guard !terms.isEmpty else { return }
            let said = named == nil ? TermSet() : names()
            guard terms.count + said.count > 1 else { return }
            best = max(best, terms.reduce(0) { $0 + weights[$1] } + said.reduce(0) { $0 + named!.weights[$1] })
        }
        if let held = read.words?.held?.components[component] {
            // Only the texts that may hold a term, and the announcements a question of what is
            // said counts (`ComponentListing.component` does the same).
            for position in RankingIndex.Component.positions(held.saidByStem, count: held.said.count, matcher: matcher,
                                                             also: { !read.speech.isEmpty && held.said[$0].kind == 4 }) {
                let said = held.said[position]
                consider(kind: said.kind, matcher.find(in: said.text), label: said.label.map { matcher.find(in: $0) }) {
                    guard let names = named?.matcher else { return [] }
                    return names.find(in: said.text).terms.union(said.label.map { names.find(in: $0).terms } ?? [])
                }
            }
            return best
        }
        let facts = try Row.fetchCursor(db.cachedStatement(sql: textsSQL), arguments: [component])
        while let fact = try facts.next() {
            let text: String = fact[2], label: String? = fact[1]
            consider(kind: fact[0], matcher.find(in: text), label: label.map { matcher.find(in: $0) }) {
                guard let names = named?.matcher else { return [] }
                return names.find(in: text).terms.union(label.map { names.find(in: $0).terms } ?? [])
            }
        }
        return best
    }
}
