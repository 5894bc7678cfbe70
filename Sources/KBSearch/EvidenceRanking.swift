import Foundation
import GRDB
import KBModel

/// The components-first ranking of a plain-language question (issue 23): every component that
/// holds some of the query's words competes, scored by the evidence it holds, not only those
/// holding all of them.
///
/// A component's evidence is the share of the query it covers: each word weighs its rarity (the
/// BM25 idf of the components holding it, capped: a word a few components hold by chance is not
/// what a question is about; doubled for a word some title or alias holds, and never below
/// `topicRarity` for a whole title or alias: that word is, though not for a testing guide's
/// title alone, which names a kind of testing) times where
/// the component holds it, the best place counting: the title (or an alias of the
/// component, vocabulary/aliases.tsv) 1, a criterion's label or the category 0.75 (a category,
/// `test-type` or `controls`, is shared by a whole section: no component's name), the facts 0.6,
/// only a code example 0.4 (0.6 for a word no component says outside code); a testing guide's
/// title counts as a label where the question names a component but not the whole title; a word held only
/// through an equivalent counts half, at most as in the facts. A verb of speech (`say`, `announce`) is held by every component with announcements.
/// Holding every word adds a little, so that it wins all else equal; a query naming the whole
/// title adds up to `titleShare`. bm25 over the words (title and category above the facts) then
/// adds up to `bm25Share`, relative to the best candidate's, so that how often and how densely a
/// component says a word counts too (a word only an alias names it by, as its title would). A platform word in the query raises its family above the
/// other, and the testing guides with it, which hold for every platform (the soft filter); a
/// screen reader's, framework's, browser's or desktop's name (`jaws`, `safari`) adds up to
/// `namedShare` for a component that speaks of it, and counts among the words a fact says
/// together (`FactCooccurrence.Named`).
///
/// Cost: one query over all the words (`EvidencePass`: where each component holds each of them,
/// and bm25's counts), the evidence in flat arrays indexed by component id, then bm25 only for the
/// candidates whose evidence can still reach the first `limit`.
enum EvidenceRanking {
    static let place = (title: 1.0, labels: 0.75, body: 0.6, code: 0.4, equivalent: 0.5)
    static let allHeldBonus = 0.05
    static let bm25Share = 0.15
    static let familyTier = 10.0
    static let titleShare = 0.25
    /// A component that speaks of a screen reader or framework the query names (`jaws virtual
    /// cursor`: the screen-readers guide) gains up to this much, by where it does (issue 49).
    static let namedShare = 0.3
    /// A word that names components (in a title or alias) is what a question is about:
    /// it weighs this much more than the other words (`modal` in `check that focus stays inside a
    /// modal`).
    static let topicFactor = 2.0
    /// A word that is a component's whole name as typed (its title or an alias) is what a question
    /// is about however many pages mention it: it is at least this rare (`focus`, which nearly
    /// every page says, in `where should focus start when a new screen opens`: the focus page, not
    /// the menu's, whose pages say `opens`; issue 49).
    static let topicRarity = 0.8
    /// Rarity saturates: a word a few components hold by chance (`stays`) should not outweigh
    /// the words a question is about.
    static let rarityCap = 1.5
    /// The last stage: the first `cooccurrenceDepth` are raised by up to `cooccurrenceShare` for
    /// the share of the query one of their facts says together (`FactCooccurrence`).
    static let cooccurrenceDepth = 10
    static let cooccurrenceShare = 0.25
    /// A success criterion the query names (issue 33): the components named for it first
    /// (`topicShare`, issue 49), then those citing it, then those whose criteria test it (inferred, vocabulary/tested-sc.tsv; by how many of their
    /// criteria do, three or more counting whole), each tier ordered by the words' evidence: a
    /// tier's gain is more than all the words' evidence can add (below a platform's tier).
    static let citedShare = 3.0
    static let inferredShare = 0.5
    /// A component named for a criterion the query names (`criterionTopics`) comes before those
    /// that only cite it: more than `citedShare` and `inferredShare` together.
    static let topicShare = 3.6
    /// A question of a keyboard's words that names no platform (`arrow keys move between radio
    /// buttons`) leans this much toward the web's components, where a component's keys are
    /// specified; an app's pages test an external keyboard alike for every control. Less than a
    /// title word's evidence: it decides between a component's two families, not which component
    /// (5-fold over the tuned sets, issue 49).
    static let keyboardLean = 0.2

    /// Without a platform word or filter, a family (native or web) absent from the first three
    /// whose best component (among the first `cooccurrenceDepth`) scores at least this share of the first's is raised to third: the
    /// best of each family shows where both answer (issue 33).
    static let bothFamiliesShare = 0.6

    /// A query that is word for word (three words or more) what a component's announcement says
    /// ranks that component first (issue 33): above a component whose title shares a word.
    static let announcedShare = 2.0
    static let announcedCoverage = 0.4

    /// The components one of whose announcements (a page's example, not a caption's fragment of
    /// a longer recording) holds `spoken` word for word and in order, as a good part of what it
    /// says (`announcedCoverage` of its words at least).
    /// A component's announcements that are a page's example.
    static let announcedSQL = "SELECT text FROM announcements WHERE component_id = ? AND origin IS NOT 'transcript'"

    static func announcing(_ db: Database, _ spoken: [String], words: WordForms) throws -> Set<Int64> {
        guard spoken.count >= 3 else { return [] }
        // The components holding the words in order: from a long-running reader's index (its
        // words' positions), else asked of FTS5.
        let phrase = SearchQuery.quoted(spoken.joined(separator: " "))
        let candidates = try words.held.flatMap { $0.holders(of: phrase, plain: words.plain) }
            ?? Int64.fetchAll(db.cachedStatement(sql: "SELECT rowid FROM search_components WHERE search_components MATCH ?"), arguments: [phrase])
        var found = Set<Int64>()
        for id in candidates {
            // Held by a long-running reader's index, read and split once (`RankingIndex.announced`).
            for said in try words.held.map({ $0.announced[id] ?? [] }) ?? String.fetchAll(db.cachedStatement(sql: announcedSQL), arguments: [id]).map(words.plain.words) {
                guard said.count >= spoken.count, Double(spoken.count) >= announcedCoverage * Double(said.count) else { continue }
                if (0...(said.count - spoken.count)).contains(where: { Array(said[$0..<($0 + spoken.count)]) == spoken }) {
                    found.insert(id)
                    break
                }
            }
        }
        return found
    }

    /// The ids of the components of `slug` in `family` (nil: every family that has it): what an
    /// alias or a criterion's topic row names.
    static func componentIDs(_ db: Database, slug: String, family: Family?) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM components WHERE slug = ? AND (?2 IS NULL OR family = ?2)"),
                           arguments: [slug, family?.rawValue])
    }

    /// The components whose name is a criterion the query names (issue 49): a word of the
    /// criterion's handle in their title or alias (`Field error`, `Hint, help, or error`
    /// for 3.3.1 Error Identification). They are what the criterion is about, so they gain
    /// `topicShare`, above the pages that merely cite it. The word as the handle writes it, not
    /// another of its forms (`Timing Adjustable` names no time picker; issue 49). Read from
    /// where the pass found the words (`titled`: a title holds the word as typed, or an alias
    /// names the component by it), not from the titles again. A component is also named for a
    /// criterion by WCAG's own techniques and Understanding documents (vocabulary/criterion-topics.tsv:
    /// the skip link for 2.4.1 Bypass Blocks, whose handle no title says).
    static func criterionTopics(_ db: Database, _ read: QueryReading, words: WordForms, titled: (_ id: Int, _ word: Int) -> Bool, components: Int) throws -> [Int64: Double] {
        let handles = Set(read.reading.criteria.flatMap { words.plain.words($0.title) }).subtracting(PlainLanguage.stopWords)
        let topical = (0..<read.reading.terms.count).filter { !handles.isDisjoint(with: words.plain.words(read.reading.terms[$0].text)) }
        var topics: [Int64: Double] = [:]
        for id in 0..<components where topical.contains(where: { titled(id, $0) }) {
            topics[Int64(id)] = topicShare
        }
        for row in read.reading.criteria.flatMap({ CriterionTopic.bySC[$0.sc] ?? [] }) {
            for id in try componentIDs(db, slug: row.slug, family: row.family) {
                topics[id] = topicShare
            }
        }
        return topics
    }

    /// What each component gains for the success criteria `criteria` (by component id).
    static func criterionGain(_ db: Database, _ criteria: [SCNumber]) throws -> [Int64: Double] {
        var gain: [Int64: Double] = [:]
        for sc in criteria.written {
            for id in try Int64.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT component_id FROM component_wcag WHERE sc = ?"), arguments: [sc]) {
                gain[id, default: 0] += citedShare
            }
            for row in try Row.fetchAll(db.cachedStatement(sql: """
                SELECT component_id, count(*) AS n FROM inferred_wcag WHERE sc = ? GROUP BY component_id
                """), arguments: [sc]) {
                let id: Int64 = row["component_id"]
                gain[id, default: 0] += inferredShare * min(1, Double(row["n"] as Int) / 3)
            }
        }
        return gain
    }

    /// The share of a title's words the query holds, squared: a query that names the whole title
    /// (`skip link` for "Skip link") is about that component more than one naming half a title
    /// ("Main landmark"). Counted from the words held in the title (`wordsHeld`) and the title's
    /// words as the index counts them (`titleWords`), not by reading the title again: thousands of
    /// titles may hold a common word.
    static func titleCovered(titleWords: Int, wordsHeld: Int) -> Double {
        guard titleWords > 0 else { return 0 }
        let share = min(1, Double(wordsHeld) / Double(titleWords))
        return share * share
    }

    /// Where a component holds a word: its best column group.
    static func place(_ columns: Int) -> Double {
        if columns & EvidencePass.title != 0 { return place.title }
        if columns & (EvidencePass.labels | EvidencePass.category) != 0 { return place.labels }
        if columns & EvidencePass.body != 0 { return place.body }
        return columns & EvidencePass.code != 0 ? place.code : 0
    }

    static func ranked(_ db: Database, _ read: inout QueryReading, allowed: Set<Int64>?, softFamily: Set<Family>?,
                       limit: Int, words: WordForms) throws -> (candidates: [ComponentListing.Candidate], total: Int) {
        let count = read.full.count
        let heldIndex = words.held
        let documents = Double(try heldIndex?.componentCount ?? Int.fetchOne(db, sql: RankingIndex.componentCountSQL) ?? 0)
        // Each component's place of each word, in one flat array indexed by the component's id
        // (ids are dense: no hashing of thousands of ids per word): `id * count + word`.
        let maxID = Int(try heldIndex?.maxComponentID ?? Int64.fetchOne(db, sql: RankingIndex.maxComponentIDSQL) ?? 0)
        var places = [Double](repeating: 0, count: (maxID + 1) * count)
        var exactHeld = [Bool](repeating: false, count: (maxID + 1) * count)

        // Each word's phrases in the one expression of all the words; its forms as typed first.
        var wordOfPhrase: [Int] = []
        var exactPhrase: [Bool] = []
        var firstPhrase: [Int?] = []
        for index in 0..<count {
            let phrases = EvidencePass.phraseCount(read.full[index])
            let exact = EvidencePass.phraseCount(read.exact[index])
            firstPhrase.append(phrases > 0 ? wordOfPhrase.count : nil)
            for phrase in 0..<phrases {
                wordOfPhrase.append(index)
                exactPhrase.append(phrase < exact)
            }
        }
        // The screen readers and frameworks named (`jaws`) in the same pass, after the words.
        let namedFrom = wordOfPhrase.count
        let expression = (read.full + read.named).map { "(" + $0 + ")" }.joined(separator: " OR ")
        let phraseTotal = namedFrom + read.named.map(EvidencePass.phraseCount).reduce(0, +)
        let pass = try heldIndex.flatMap { EvidencePass(held: $0, expression: expression, phrases: phraseTotal, plain: words.plain) }
            ?? EvidencePass(db, expression: expression, phrases: phraseTotal)
        var speaksOf = [Double](repeating: 0, count: maxID + 1)
        let viaEquivalent = (0..<count).map { read.full[$0] != read.exact[$0] }
        func put(_ id: Int64, _ index: Int, _ at: Double) {
            guard id >= 0 && Int(id) <= maxID else { return }
            let slot = Int(id) * count + index
            let value = viaEquivalent[index] && !exactHeld[slot] ? min(at, place.body) * place.equivalent : at
            if value > places[slot] { places[slot] = value }
        }
        var columns = [Int](repeating: 0, count: count)
        // Where a title holds a word as typed, not in another of its forms.
        var typedInTitle = [Bool](repeating: false, count: (maxID + 1) * count)
        for row in pass.ids.indices {
            let id = pass.ids[row]
            guard id >= 0 && Int(id) <= maxID else { continue }
            for index in 0..<count { columns[index] = 0 }
            for hit in pass.hitStart[row]..<pass.hitStart[row + 1] {
                let phrase = pass.hitPhrase[hit]
                guard phrase < namedFrom else {
                    speaksOf[Int(id)] = max(speaksOf[Int(id)], namedShare * place(pass.hitColumns[hit]))
                    continue
                }
                columns[wordOfPhrase[phrase]] |= pass.hitColumns[hit]
                if exactPhrase[phrase] { exactHeld[Int(id) * count + wordOfPhrase[phrase]] = true }
                if phrase == firstPhrase[wordOfPhrase[phrase]], pass.hitColumns[hit] & EvidencePass.title != 0 {
                    typedInTitle[Int(id) * count + wordOfPhrase[phrase]] = true
                }
            }
            for index in 0..<count where columns[index] != 0 { put(id, index, place(columns[index])) }
        }
        // The components only an alias says a word of: the pass counted nothing of it for them.
        var aliasOnly = [Set<Int64>](repeating: [], count: count)
        let inFamily = try softFamily.map { try ComponentListing.FamilyMembers(db, $0, guidesByTitle: read.platformOutright, held: heldIndex) }
        // Whether a title of the family asked about (of any, when none is) says each word an alias
        // reads: then a component only the alias names by it holds none of its title's words by it
        // (`textarea`: the web page titled so first, not the app's text input its alias names;
        // but in an app, `HTML select` is the dropdown the alias crosses to).
        var titleSays = [Bool](repeating: false, count: count)
        // The components a word no title says names by an alias: all of each one's name
        // (`titleCovered`). A word some title says (`tabs`) names that page first.
        var aliasNamed = Set<Int64>()
        for index in 0..<count {
            // Asked only of a word an alias reads (most words are none).
            // Read before the alias's components are put: a title holding the word as written.
            var saidInTitle = false
            if !read.aliases[index].isEmpty {
                for id in 0...maxID where places[id * count + index] == place.title {
                    saidInTitle = true
                    if inFamily?.contains(Int64(id)) != false { titleSays[index] = true; break }
                }
            }
            for alias in read.aliases[index] {
                for id in try componentIDs(db, slug: alias.slug, family: alias.family) {
                    if !saidInTitle { aliasNamed.insert(id) }
                    if id >= 0 && Int(id) <= maxID && places[Int(id) * count + index] < place.title { aliasOnly[index].insert(id) }
                    put(id, index, place.title)
                }
            }
            if read.speech.contains(index) {
                for id in try heldIndex?.withAnnouncements ?? Int64.fetchAll(db.cachedStatement(sql: RankingIndex.withAnnouncementsSQL)) { put(id, index, place.body) }
            }
        }
        // A testing guide's title names a kind of testing (`Native apps`, `Images`) that the
        // components of that kind share: a word of it is held in the guide's title, but does not by
        // itself make the word one a question is about (`close a modal in my app`; issue 49).
        // Whether a component is of a family: from a long-running reader's index, else by SQL.
        func members(_ family: Family) throws -> (Int64) -> Bool {
            try heldIndex.map { held in { held.components[$0]?.listed.family == family } } ?? ComponentListing.FamilyMembers(db, [family]).contains
        }
        let guides = try members(.howToTest)
        // A term of several words (`time picker`, `double tap`) names that many of a title's words.
        let termWords = read.reading.terms.map { max(1, words.plain.words($0.text).count) }
        var rowOf = [Int](repeating: -1, count: maxID + 1)
        for (row, id) in pass.ids.enumerated() where id >= 0 && Int(id) <= maxID { rowOf[Int(id)] = row }
        func passTitleTokens(_ id: Int64) -> Int? {
            let row = rowOf[Int(id)]
            return row >= 0 && pass.titleTokens[row] >= 0 ? pass.titleTokens[row] : nil
        }
        var weights: [Double] = []
        // Whether some word of the question names a component (its title or alias), not a guide.
        var namesComponent = false
        for index in 0..<count {
            var df = 0, typed = 0
            var inTitle = false, whole = false
            var best = 0.0
            for id in 0...maxID {
                let slot = id * count + index
                if places[slot] > 0 { df += 1 }
                if exactHeld[slot] { typed += 1 }
                best = max(best, places[slot])
                if places[slot] == place.title && !whole && !guides(Int64(id)) {
                    inTitle = true
                    // The whole title as typed (`Focus`; not `tab` for "Tabs", the key for the
                    // component), or an alias: the word is the component's name.
                    whole = aliasOnly[index].contains(Int64(id)) || (typedInTitle[slot] && passTitleTokens(Int64(id)) == termWords[index])
                }
            }
            // A word no component says outside its code examples (`datalist`, an element) is
            // said there as the facts say theirs: where a component holds it, its code counts as
            // the facts do (issue 49). Otherwise code counts less, being incidental beside prose.
            if best == place.code {
                for id in 0...maxID where places[id * count + index] == place.code { places[id * count + index] = place.body }
            }
            // The rarity of the word as typed: not its equivalents' (they would make `alt` as common
            // as `label`), nor its other forms' (`tabs`, the component, is rarer than `tab`, the key
            // every keyboard criterion names). The word as typed is its first phrase. A prefix, and
            // a word no component holds as typed (found only in another form, an equivalent, an
            // alias or, for a verb of speech, the announcements), keep the rarity of all they reach.
            var held = Double(viaEquivalent[index] && typed > 0 ? typed : df)
            if !read.reading.terms[index].prefix, let first = firstPhrase[index], pass.phraseRows[first] > 0 {
                held = Double(pass.phraseRows[first])
            }
            let rarity = min(rarityCap, log(1 + (documents - held + 0.5) / (held + 0.5)))
            weights.append(inTitle ? (whole ? max(rarity, topicRarity) : rarity) * topicFactor : rarity)
            if inTitle { namesComponent = true }
            if df == 0 { read.reading.notFound.append(read.reading.terms[index].text) }
        }
        var gain = try criterionGain(db, read.reading.criteria.map(\.sc))
        let titled = { (id: Int, word: Int) in typedInTitle[id * count + word] || aliasOnly[word].contains(Int64(id)) }
        for (id, topic) in try criterionTopics(db, read, words: words, titled: titled, components: maxID + 1) { gain[id, default: 0] += topic }
        for id in try announcing(db, read.spoken, words: words) { gain[id, default: 0] += announcedShare }
        var held: [Int64] = []
        for id in 0...maxID where places[(id * count)..<(id * count + count)].contains(where: { $0 > 0 }) || gain[Int64(id)] != nil {
            if let allowed, !allowed.contains(Int64(id)) { continue }
            held.append(Int64(id))
        }
        let leanWeb = read.keyboard && softFamily == nil ? try members(.web) : nil
        let totalWeight = max(weights.reduce(0, +), .leastNonzeroMagnitude)

        struct Scored { var id: Int64; var key: Double; var held: Int }
        // The title's share, for the components whose title (or alias) holds a word: the pass read
        // every length of the rows it found; the few an alias alone named are read.
        let aliasTitles = try EvidencePass.sizes(db, held: heldIndex, held.filter {
            passTitleTokens($0) == nil && places[(Int($0) * count)..<(Int($0) * count + count)].contains(place.title)
        })
        var scored: [Scored] = held.map { id in
            let slot = Int(id)
            var covered = 0.0
            var held = 0
            var inTitle = 0
            for index in 0..<count where places[slot * count + index] == place.title && !(titleSays[index] && aliasOnly[index].contains(id)) {
                inTitle += termWords[index]
            }
            let titleWords = inTitle > 0 ? passTitleTokens(id) ?? aliasTitles[id]?.title ?? 0 : 0
            // A testing guide's title names a kind of testing (`Native apps`, `Keyboard focus`):
            // where the question names a component, a word of the title names the guide only with
            // the rest of the title (`links or buttons`); alone (`in my app`, `focus`) it says the
            // guide's kind, as a section's label would, not its name (issue 49). A question naming
            // no component asks about the kind itself (`tips for keyboard testing`).
            let kindOnly = namesComponent && inTitle > 0 && inTitle < titleWords && guides(id)
            if kindOnly { inTitle = 0 }
            // An alias is a name of the whole component, not some words of its title (`typeahead`:
            // "Autocomplete input with listbox"), as the title typed whole would be (issue 49).
            if inTitle > 0 && aliasNamed.contains(id) { inTitle = max(inTitle, titleWords) }
            for index in 0..<count {
                var at = places[slot * count + index]
                if kindOnly && at == place.title { at = place.labels }
                if at > 0 { held += 1; covered += at * weights[index] }
            }
            covered /= totalWeight
            let tier = inFamily.map { $0.contains(id) ? familyTier : 0 } ?? 0
            let named = inTitle > 0 ? titleShare * titleCovered(titleWords: titleWords, wordsHeld: inTitle) : 0
            let lean = leanWeb?(id) == true ? keyboardLean : 0
            return Scored(id: id, key: tier + lean + covered + named + speaksOf[slot] + (held == count ? allHeldBonus : 0) + (gain[id] ?? 0), held: held)
        }
        read.reading.partial = !scored.isEmpty && !scored.contains { $0.held == count } && count > 1
        scored.sort { $0.key != $1.key ? $0.key > $1.key : $0.id < $1.id }

        // bm25 (and the facts said together) only where they can change the first
        // `cooccurrenceDepth`: within bm25Share + cooccurrenceShare of the last of them. The depth
        // is the same whatever the limit, so a limit only cuts the list, never reorders it (issue
        // 33); past the shortlist, components follow in the order of their evidence.
        let cut = scored.isEmpty ? 0 : scored[min(cooccurrenceDepth, scored.count) - 1].key - bm25Share - cooccurrenceShare
        let shortlist = scored.prefix { $0.key >= cut }
        // bm25 is read for the shortlist (it ranks them) and for the rest that can be shown (their score).
        let scoredFor = Array(scored.prefix(max(shortlist.count, min(limit, scored.count))))
        let lengths = try EvidencePass.sizes(db, held: heldIndex, scoredFor.map(\.id).filter { rowOf[Int($0)] >= 0 && pass.tokens[rowOf[Int($0)]] < 0 })
        var bm25: [Int64: Double] = [:]
        for candidate in scoredFor where rowOf[Int(candidate.id)] >= 0 {
            let row = rowOf[Int(candidate.id)]
            bm25[candidate.id] = pass.bm25(row: row, tokens: pass.tokens[row] >= 0 ? pass.tokens[row] : lengths[candidate.id]?.all ?? 0)
        }
        // A word an alias names the component by counts in bm25 as a title holding it once would,
        // at the average length (FTS5's k1 1.2): its name, though its page never writes it
        // (`typeahead` for the autocomplete). Before, such a component had no bm25 at all.
        let bm25Read = Set(scoredFor.map(\.id))
        for index in 0..<count where !aliasOnly[index].isEmpty {
            let held = Double(aliasOnly[index].count)
            let idf = BM25.idf(rows: pass.rowCount, holding: held)
            let frequency = ComponentListing.columnWeights.title
            for id in aliasOnly[index] where bm25Read.contains(id) {
                bm25[id, default: 0] -= idf * frequency * 2.2 / (frequency + 1.2)
            }
        }
        let best = shortlist.compactMap { bm25[$0.id] }.min() ?? 0
        var ranked = Array(shortlist).map { candidate -> (Scored, Double) in
            (candidate, candidate.key + (best < 0 ? bm25Share * (bm25[candidate.id] ?? 0) / best : 0))
        }
        ranked.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id < $1.0.id }
        // Words said together in one fact (or one code example) are better evidence than the same
        // words scattered over a long page: the first few are raised by the best such fact.
        // The names the question gives (`nvda`) count as words here, each by its rarity: what
        // is asked is said together with the name (`FactCooccurrence.Named`).
        let named = read.named.isEmpty ? nil : FactCooccurrence.Named(
            matcher: TermMatcher(patterns: read.named.indices.map { TermMatcher.Pattern(pieces: words.pieces(read.namedTexts[$0], prefix: false), term: $0, equivalent: nil) },
                                 porter: words.porter, plain: words.plain, stemNumbers: heldIndex?.stemNumbers),
            weights: read.named.indices.map { index in
                let holding = Double(pass.phraseRows[namedFrom + index])
                return min(rarityCap, log(1 + (documents - holding + 0.5) / (holding + 0.5)))
            })
        if count + read.named.count > 1 {
            let top = min(ranked.count, cooccurrenceDepth)
            let matcher = words.matcher(read.patterns)
            let askedWeight = totalWeight + (named?.weights.reduce(0, +) ?? 0)
            for position in 0..<top {
                let together = try FactCooccurrence.best(db, component: ranked[position].0.id, read: read, matcher: matcher, weights: weights, named: named)
                ranked[position].1 += cooccurrenceShare * together / askedWeight
            }
            ranked[0..<top].sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id < $1.0.id }
        }
        if softFamily == nil, allowed == nil, ranked.count > 3, ranked[0].1 > 0 {
            // Among the first `cooccurrenceDepth` (their families read by id, not every component's).
            let depth = min(ranked.count, cooccurrenceDepth)
            var familyOf: [Int64: String] = [:]
            if let heldIndex, ranked.prefix(depth).allSatisfy({ heldIndex.components[$0.0.id] != nil }) {
                for (candidate, _) in ranked.prefix(depth) { familyOf[candidate.id] = heldIndex.components[candidate.id]?.listed.family.rawValue }
            } else {
                for row in try Row.fetchAll(db, sql: "SELECT id, family FROM components WHERE id IN (\(ranked.prefix(depth).map { String($0.0.id) }.joined(separator: ",")))") {
                    familyOf[row["id"]] = row["family"]
                }
            }
            for family in [Family.native.rawValue, Family.web.rawValue] where !ranked.prefix(3).contains(where: { familyOf[$0.0.id] == family }) {
                if let index = (0..<depth).first(where: { familyOf[ranked[$0].0.id] == family }),
                   ranked[index].1 >= bothFamiliesShare * ranked[0].1 {
                    ranked.insert(ranked.remove(at: index), at: 2)
                }
            }
        }
        let order = ranked.map(\.0) + scored.dropFirst(shortlist.count).prefix(max(0, limit - shortlist.count))
        let candidates = order.map { candidate in
            ComponentListing.Candidate(id: candidate.id, score: bm25[candidate.id] ?? 0, held: candidate.held,
                                       familyMatch: inFamily?.contains(candidate.id) ?? true, titleHeld: 0, exactHeld: 0,
                                       missing: (0..<count).filter { places[Int(candidate.id) * count + $0] == 0 })
        }
        return (candidates, scored.count)
    }
}
