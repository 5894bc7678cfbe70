import GRDB
import KBModel
import KBStore

/// What the components-first search reads of a knowledge base, held in memory (issue 52): built
/// once from one read snapshot, then read by every question a long-running reader answers, so
/// that a question asks SQL for no word's forms and no component's facts.
///
/// The profile of one question (docs/performance.md) put most of its cost in reading and
/// tokenizing facts: the facts said together of the first components (`FactCooccurrence`) and the
/// facts each shown component offers (`ComponentListing.component`), each read by a statement per
/// component and tokenized again by every question. The index holds them read and tokenized, in
/// the order the same statements return them, with the word forms (`WordForms.forms`) and the
/// vocabulary's keys (`SearchVocabulary`), and what else each question read again: the rules a
/// search lists (`RuleSearch.Held`), the WCAG catalogue as a question names a criterion
/// (`CriterionNames`), spelling's candidates and the words' counts, the evidence ranking's counts
/// and sizes. It holds data only: the ranking and the listing run the
/// same code over it as over SQL (they ask `WordForms.held`), so both paths give the same answer
/// byte for byte (`RankingIndexTests`).
///
/// Immutable once built, and so shared by the threads of every connection on one file
/// (`HeldRankingIndexes`). Not used by a process that answers one question (the CLI): building it
/// reads every component, where one question reads a few.
package final class RankingIndex: Sendable {
    /// A text as `TermMatcher` reads it: its stems and its folded words (within the matcher's
    /// window), and its window lower-cased for the matcher's byte check. A class: a question
    /// passes each on to the matcher, and a struct of five arrays was copied (retained) each time.
    final class Tokenized: Sendable {
        /// Its place among the index's texts (`textCount` of them, from 0): what a matcher keeps
        /// what it found in it by (`TermMatcher.find(in:)`).
        let position: Int
        /// The window lower-cased when ASCII (`TermMatcher.folded`).
        let folded: [UInt8]?
        /// The byte pairs of `folded`, for the matcher's check.
        let pairs: TermMatcher.BytePairs?
        let stems: [IndexTokenizer.Token]
        /// Each stem's number in `stemNumbers`, in the order of `stems`: the matcher compares
        /// these, integers, where it compared the stems' strings.
        let stemIDs: [Int32]
        let words: [IndexTokenizer.Token]

        init(position: Int, folded: [UInt8]?, pairs: TermMatcher.BytePairs?, stems: [IndexTokenizer.Token], stemIDs: [Int32],
             words: [IndexTokenizer.Token]) {
            self.position = position
            self.folded = folded
            self.pairs = pairs
            self.stems = stems
            self.stemIDs = stemIDs
            self.words = words
        }
    }

    /// One fact of the listing: what the listing reads of its row of `ComponentListing.factsSQL`,
    /// and its text and label tokenized.
    /// A class, so that a question going through a component's facts retains each once rather
    /// than copying its fields.
    final class Fact: Sendable {
        /// What the listing reads of its row beside its text and label (the row is not kept).
        let fields: ComponentListing.FactFields
        let text: Tokenized
        let label: Tokenized?
        /// The fact as the listing shows it (`ComponentListing.hit`), made once; or why its row
        /// cannot be read, thrown when a question shows it, as the SQL path throws it.
        let hit: Result<ComponentListing.MadeHit?, UnknownStoredValue>

        init(row: Row, text: Tokenized, label: Tokenized?, hit: Result<ComponentListing.MadeHit?, UnknownStoredValue>) {
            fields = ComponentListing.FactFields(row)
            self.text = text
            self.label = label
            self.hit = hit
        }
    }

    /// One text of `FactCooccurrence.textsSQL`: its kind (as the statement tags it), text and label.
    final class Said: Sendable {
        let kind: Int
        let text: Tokenized
        let label: Tokenized?

        init(kind: Int, text: Tokenized, label: Tokenized?) {
            self.kind = kind
            self.text = text
            self.label = label
        }
    }

    /// One component: what the listing shows of it, its facts and its texts said together.
    struct Component: Sendable {
        let listed: ComponentListing.Listed
        /// What a renderer kept of the component as the listing shows it (`Keep`).
        let kept: KeptBytes?
        let facts: [Fact]
        let said: [Said]
        /// For each stem number, the positions in `facts` (in `said`) of the ones whose text or
        /// label holds it, in order: a question matches only the facts holding a stem one of its
        /// patterns starts with (`TermMatcher.heldStarts`), a few of a component's dozens.
        let factsByStem: [Int32: [Int32]]
        let saidByStem: [Int32: [Int32]]

        init(listed: ComponentListing.Listed, kept: KeptBytes?, facts: [Fact], said: [Said]) {
            self.listed = listed
            self.kept = kept
            self.facts = facts
            self.said = said
            factsByStem = Self.byStem(facts.map { ($0.text, $0.label) })
            saidByStem = Self.byStem(said.map { ($0.text, $0.label) })
        }

        private static func byStem(_ texts: [(text: Tokenized, label: Tokenized?)]) -> [Int32: [Int32]] {
            var byStem: [Int32: [Int32]] = [:]
            for (position, text) in texts.enumerated() {
                for id in text.text.stemIDs + (text.label?.stemIDs ?? []) where byStem[id]?.last != Int32(position) {
                    byStem[id, default: []].append(Int32(position))
                }
            }
            return byStem
        }

        /// The positions of the texts (of `byStem`, `count` of them) `matcher` may find a term
        /// in, in order, and those `also` keeps; every one when the matcher may match other than
        /// by the stems held.
        static func positions(_ byStem: [Int32: [Int32]], count: Int, matcher: TermMatcher, also: (Int) -> Bool) -> [Int] {
            guard let starts = matcher.heldStarts else { return Array(0..<count) }
            var kept = [Bool](repeating: false, count: count)
            for start in starts { for position in byStem[start] ?? [] { kept[Int(position)] = true } }
            return kept.indices.filter { kept[$0] || also($0) }
        }
    }

    /// The component index's words by stem, each stem's words in the order SQL gives them.
    let formsByStem: [String: [String]]
    /// The vocabulary as `SearchVocabulary` keys it.
    let vocabularyByKey: [String: [Equivalent]]
    let vocabularyByConcept: [String: [Equivalent]]
    let vocabularyLeaders: Set<String>
    let components: [Int64: Component]
    /// The testing guides whose title names a family (`Native apps`), by id
    /// (`ComponentListing.FamilyMembers`), read once rather than per question.
    let guideFamilies: [Int64: Family]
    /// The rules a search may list, read whole (`RuleSearch.Held`).
    let rules: RuleSearch.Held
    /// The WCAG catalogue as a question names a criterion, or why it cannot be read (thrown when a
    /// question reads it, as the SQL path throws it).
    let criterionNames: Result<CriterionNames, any Error>
    /// The component index's words (`search_component_forms`) by their first byte, each list in
    /// SQLite's order of the words (their bytes): `Spelling`'s candidates, read into letters.
    let spellingCandidates: [UInt8: [Spelling.Candidate]]
    /// The words the component index holds (`search_component_terms`), each with how many
    /// components hold it: whether a word is held in one of its forms (`WordForms.holdsAnyForm`)
    /// without a statement, and `Spelling`'s counts.
    let termDocs: [String: Int]
    /// How many components there are, their largest id, and those with announcements (in the
    /// order `withAnnouncementsSQL` gives them): what `EvidenceRanking` asked of SQL per question.
    let componentCount: Int
    let maxComponentID: Int64
    let withAnnouncements: [Int64]
    static let componentCountSQL = "SELECT count(*) FROM components"
    static let maxComponentIDSQL = "SELECT max(id) FROM components"
    static let withAnnouncementsSQL = "SELECT DISTINCT component_id FROM announcements"
    /// The tokens of each component's title and of its whole text, as the component index counts
    /// them (`EvidencePass.sizes` of every row).
    let sizes: [Int64: (title: Int, all: Int)]
    /// The component index's words, each with the components holding it (by id, in order), the
    /// columns holding it and how often, weighted (`EvidencePass.Posting`); and its rows and their
    /// tokens in all: what the FTS5 pass reads of an expression of words (`EvidencePass(held:)`).
    let postings: [String: [EvidencePass.Posting]]
    /// Each word's positions, row by row as its postings (each posting's `positions`), each a
    /// column and a token's place in it (`column << 24 | place`), ascending: where a phrase of
    /// several words is found (`phrasePostings`).
    let positions: [String: [Int32]]
    /// False when the component index did not hold every document as read (an import deferred
    /// some): the pass is then FTS5's.
    let postingsHeld: Bool
    let componentRows: Int
    let componentTokens: Int
    /// Each component's announcements that are a page's example (`EvidenceRanking.announcedSQL`),
    /// as their words.
    let announced: [Int64: [[String]]]
    /// Every stem of the texts held, numbered in the order first met (`Tokenized.stemIDs`). A
    /// question's stem not here is in no text held, and so matches none.
    let stemNumbers: [String: Int32]
    /// The texts held, and their bytes: what the index costs in memory (about; strings and arrays
    /// are counted by their contents).
    package let textCount: Int
    package let approximateBytes: Int

    /// What a renderer makes once of each fact's hit and each component as the listing shows
    /// them, kept with them (`SearchHit.kept`, `ComponentMatch.kept`): the index holds the bytes,
    /// the renderer says what they are.
    package struct Keep: Sendable {
        let fact: @Sendable (SearchHit) -> KeptBytes?
        let component: @Sendable (ComponentMatch) -> KeptBytes?

        package init(fact: @escaping @Sendable (SearchHit) -> KeptBytes? = { _ in nil },
                     component: @escaping @Sendable (ComponentMatch) -> KeptBytes? = { _ in nil }) {
            self.fact = fact
            self.component = component
        }
    }

    /// Reads and tokenizes everything, in the caller's read transaction, keeping with each fact and
    /// component what `keep` makes of it.
    package init(_ db: Database, keep: Keep = Keep()) throws {
        let words = try WordForms(db)
        var forms: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT stem, term FROM search_component_forms ORDER BY stem, term") {
            forms[row[0] as String, default: []].append(row[1])
        }
        formsByStem = forms
        var byFirstByte: [UInt8: [Spelling.Candidate]] = [:]
        for term in try String.fetchAll(db, sql: "SELECT term FROM search_component_forms ORDER BY term") {
            guard let first = term.utf8.first else { continue }
            byFirstByte[first, default: []].append(Spelling.Candidate(term))
        }
        spellingCandidates = byFirstByte
        var docs: [String: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT term, doc FROM search_component_terms WHERE doc > 0") { docs[row[0]] = row[1] }
        termDocs = docs
        rules = try RuleSearch.Held(db, porter: words.porter)
        componentCount = try Int.fetchOne(db, sql: Self.componentCountSQL) ?? 0
        maxComponentID = try Int64.fetchOne(db, sql: Self.maxComponentIDSQL) ?? 0
        withAnnouncements = try Int64.fetchAll(db, sql: Self.withAnnouncementsSQL)
        sizes = try EvidencePass.sizes(db, Int64.fetchAll(db, sql: "SELECT id FROM search_components_docsize"))
        componentRows = sizes.count
        componentTokens = sizes.values.reduce(0) { $0 + $1.all }
        // Each document as the component index was made of it, tokenized by its tokenizer.
        let columnWeights = ComponentListing.columnWeightsInOrder
        var postings: [String: [EvidencePass.Posting]] = [:]
        var positions: [String: [Int32]] = [:]
        // Only when the component index holds every document as the view gives it: components
        // whose index rows an import has deferred are answered by FTS5 until it is rebuilt.
        let pending = try Int.fetchOne(db, sql: "SELECT count(*) FROM search_components_pending") ?? 0
        let documents = pending > 0 ? [] : try Row.fetchAll(db, sql: "SELECT id, title, category, body, labels, code FROM search_component_text ORDER BY id")
        for row in documents {
            let id: Int64 = row[0]
            var held: [String: (columns: Int, frequency: Double, at: [Int32])] = [:]
            for column in 0..<columnWeights.count {
                for (place, token) in words.plain.tokens(row[column + 1] as String? ?? "").enumerated() {
                    held[token.text, default: (0, 0, [])].columns |= 1 << column
                    held[token.text]!.frequency += columnWeights[column]
                    held[token.text]!.at.append(Int32(column << 24 | place))
                }
            }
            for (term, holds) in held {
                let from = positions[term]?.count ?? 0
                positions[term, default: []].append(contentsOf: holds.at)
                postings[term, default: []].append(EvidencePass.Posting(id: id, columns: holds.columns, frequency: holds.frequency,
                                                                       positions: from..<(from + holds.at.count)))
            }
        }
        self.postings = postings
        self.positions = positions
        postingsHeld = pending == 0
        var announced: [Int64: [[String]]] = [:]
        for id in withAnnouncements {
            announced[id] = try String.fetchAll(db, sql: EvidenceRanking.announcedSQL, arguments: [id]).map(words.plain.words)
        }
        self.announced = announced
        criterionNames = Result { try CriterionNames(db) }
        let vocabulary = try SearchVocabulary(db, words: words)
        vocabularyByKey = vocabulary.byKey
        vocabularyByConcept = vocabulary.byConcept
        vocabularyLeaders = vocabulary.leaders

        var bytes = 0, texts = 0
        // A text said twice (a criterion is a fact of the listing and a text said together) is
        // tokenized and held once.
        var seen: [String: Tokenized] = [:]
        var numbers: [String: Int32] = [:]
        func tokenized(_ text: String) -> Tokenized {
            if let held = seen[text] { return held }
            let held = Self.tokenized(text, position: texts, words, numbering: &numbers)
            seen[text] = held
            texts += 1
            bytes += (held.folded?.count ?? 0) + (held.stems + held.words).reduce(0) { $0 + $1.text.utf8.count + 32 } + 4 * held.stemIDs.count + 32
            return held
        }
        var components: [Int64: Component] = [:]
        let listed = try db.cachedStatement(sql: ComponentListing.componentSQL)
        let facts = try db.cachedStatement(sql: ComponentListing.factsSQL)
        let said = try db.cachedStatement(sql: FactCooccurrence.textsSQL)
        for id in try Int64.fetchAll(db, sql: "SELECT id FROM components ORDER BY id") {
            // A component whose family cannot be read is not held: the SQL path answers for it
            // (and says why, as it always did).
            guard let row = try Row.fetchOne(listed, arguments: [id]), let shown = try? ComponentListing.Listed(row) else { continue }
            let family = shown.family
            let held = try Row.fetchAll(facts, arguments: [id]).map { fact in
                let hit: Result<ComponentListing.MadeHit?, UnknownStoredValue>
                do {
                    hit = .success(try ComponentListing.hit(fact, component: row, family: family).map { made in
                        var made = made
                        made.kept = keep.fact(made)
                        if let kept = made.kept { bytes += kept.parts.reduce(0) { $0 + $1.count + 32 } }
                        return ComponentListing.MadeHit(made)
                    })
                }
                catch let unknown as UnknownStoredValue { hit = .failure(unknown) }
                return Fact(row: fact, text: tokenized(fact["text"]), label: (fact["label"] as String?).map(tokenized), hit: hit)
            }
            let together = try Row.fetchAll(said, arguments: [id]).map { text in
                Said(kind: text[0], text: tokenized(text[2]), label: (text[1] as String?).map(tokenized))
            }
            let kept = keep.component(ComponentListing.shown(shown, id: id))
            if let kept { bytes += kept.parts.reduce(0) { $0 + $1.count + 32 } }
            let component = Component(listed: shown, kept: kept, facts: held, said: together)
            bytes += (component.factsByStem.values.reduce(0) { $0 + $1.count } + component.saidByStem.values.reduce(0) { $0 + $1.count }) * 4
                + (component.factsByStem.count + component.saidByStem.count) * 40
            components[id] = component
        }
        bytes += spellingCandidates.values.joined().reduce(0) { $0 + 2 * $1.term.utf8.count + 40 } + rules.approximateBytes
            + termDocs.keys.reduce(0) { $0 + $1.utf8.count + 24 }
            + announced.values.joined().joined().reduce(0) { $0 + $1.utf8.count + 16 }
        self.components = components
        guideFamilies = components.compactMapValues { component in
            component.listed.family == .howToTest ? PlainLanguage.familyNamed(inTitle: component.listed.title) : nil
        }
        stemNumbers = numbers
        bytes += numbers.keys.reduce(0) { $0 + $1.utf8.count + 20 }
            + postings.reduce(0) { $0 + $1.key.utf8.count + 40 + $1.value.count * 24 }
        bytes += positions.values.reduce(0) { $0 + $1.count * 4 + 32 }
        textCount = texts
        approximateBytes = bytes
    }

    /// The components matching `expression`, ascending, as FTS5 finds them, when it is phrases
    /// joined by OR (`EvidencePass.words`) and the documents are held; nil otherwise (asked of FTS5).
    func holders(of expression: String, plain: IndexTokenizer) -> [Int64]? {
        holders(of: expression, plain: plain, first: false)
    }

    /// Whether a component matches `expression`, as `holders` finds them (nil: asked of FTS5),
    /// stopping at the first.
    func holdsAny(_ expression: String, plain: IndexTokenizer) -> Bool? {
        holders(of: expression, plain: plain, first: true).map { !$0.isEmpty }
    }

    /// Whether a component holds `word` (one token of the index) in a column other than its code
    /// examples, as `QueryReading.outsideCode`'s filter asks FTS5; nil when the postings are not
    /// held or the word is not one token (asked of FTS5).
    func holdsOutsideCode(_ word: String, plain: IndexTokenizer) -> Bool? {
        let tokens = plain.words(word)
        guard postingsHeld, tokens.count == 1 else { return nil }
        let code = 1 << ComponentListing.codeColumn
        return postings[tokens[0]]?.contains { $0.columns & ~code != 0 } ?? false
    }

    private func holders(of expression: String, plain: IndexTokenizer, first: Bool) -> [Int64]? {
        guard postingsHeld, let texts = EvidencePass.words(of: expression) else { return nil }
        var ids = Set<Int64>()
        for text in texts {
            let tokens = plain.words(text)
            guard let word = tokens.first else { return nil }
            for posting in tokens.count == 1 ? postings[word] ?? [] : phrasePostings(tokens, first: first) {
                ids.insert(posting.id)
                if first { return [posting.id] }
            }
        }
        return ids.sorted()
    }

    /// The components holding the phrase `tokens` (two words or more), as `postings` gives a word:
    /// each start of the phrase in a column an instance, weighted by its column. `first`: the
    /// first component alone (whether any holds it).
    func phrasePostings(_ tokens: [String], first: Bool = false) -> [EvidencePass.Posting] {
        var lists: [(postings: [EvidencePass.Posting], positions: [Int32])] = []
        for token in tokens {
            guard let held = postings[token], let at = positions[token] else { return [] }
            lists.append((held, at))
        }
        let columnWeights = ComponentListing.columnWeightsInOrder
        var found: [EvidencePass.Posting] = []
        for row in lists[0].postings {
            // The same row in each other word's postings (ascending by row: a binary search).
            var ranges: [Range<Int>] = []
            for list in lists.dropFirst() {
                var low = 0, high = list.postings.count
                while low < high {
                    let middle = (low + high) / 2
                    if list.postings[middle].id < row.id { low = middle + 1 } else { high = middle }
                }
                guard low < list.postings.count, list.postings[low].id == row.id else { break }
                ranges.append(list.postings[low].positions)
            }
            guard ranges.count == lists.count - 1 else { continue }
            var columns = 0
            var frequency = 0.0
            for start in lists[0].positions[row.positions] {
                let follows = ranges.indices.allSatisfy { word in
                    lists[word + 1].positions[ranges[word]].contains(start + Int32(word + 1))
                }
                guard follows else { continue }
                let column = Int(start >> 24)
                columns |= 1 << column
                frequency += columnWeights[column]
            }
            if columns != 0 {
                found.append(EvidencePass.Posting(id: row.id, columns: columns, frequency: frequency))
                if first { break }
            }
        }
        return found
    }

    /// A text as the index holds it, at `position` among its texts, its stems numbered in `numbers`
    /// (a stem new to it takes the next number).
    static func tokenized(_ text: String, position: Int, _ words: WordForms, numbering numbers: inout [String: Int32]) -> Tokenized {
        let utf8 = Array(text.utf8)
        let stems = words.porter.tokens(utf8, limit: TermMatcher.windowBytes)
        let ids = stems.map { stem in
            if let id = numbers[stem.text] { return id }
            let id = Int32(numbers.count)
            numbers[stem.text] = id
            return id
        }
        let folded = TermMatcher.folded(utf8)
        return Tokenized(position: position, folded: folded, pairs: folded.map(TermMatcher.BytePairs.init), stems: stems, stemIDs: ids,
                         words: words.plain.tokens(utf8, limit: TermMatcher.windowBytes))
    }
}
