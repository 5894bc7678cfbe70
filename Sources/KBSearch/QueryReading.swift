import Foundation
import GRDB
import KBModel
import KBStore

/// How the engine reads a query, once, for either listing: what each index runs and what the
/// listing says it did with the user's words (`SearchReading`).
///
/// Read as plain language (the components-first listing, for a query of words and prefixes only):
/// stop words dropped, platform words kept aside as a soft filter, runs of words looked up in the
/// vocabulary (`equivalents`), one expression per term for partial matches. Read as typed (any
/// operator: quotes, OR, NOT, parentheses; and always for the fact listing, which lists every fact
/// that says exactly what was asked): every term must match, nothing is added or left out.
/// Repairs (an unclosed quote) are the parser's, in `query.repairs`.
///
/// Over the fact index the query runs as parsed (`factMatch`, stemmed by the index itself); over
/// the component index, which holds words unstemmed, each word is sent in all its forms
/// (`WordForms`). `patterns` find the terms in a fact's text, to mark them and pick the best facts.
struct QueryReading {
    let query: SearchQuery
    var reading: SearchReading
    /// Over the component index: every term must match (nil: nothing to search).
    var match: String?
    /// Per plain term: its forms as typed, and with its equivalents.
    var exact: [String] = []
    var full: [String] = []
    var patterns: [TermMatcher.Pattern] = []
    /// Per plain term: the slugs it is an alias of (vocabulary/aliases.tsv), and whether it is a
    /// verb of speech (`say`, `announce`), which points at announcements.
    var aliases: [[ComponentAlias]] = []
    /// The query's words in order, folded, as a screen reader would say them (platform words,
    /// verbs of speech and the leading question words left out): a query that is word for word an
    /// announcement ranks the component saying it first (issue 33).
    var spoken: [String] = []
    var speech: Set<Int> = []
    /// The words naming a screen reader or framework (`jaws`, `swiftui`), each an expression
    /// over the component index: no word a component must hold, but a component that speaks of it is preferred (issue 49).
    var named: [String] = []
    /// Whether a word of a keyboard (`arrow keys`, `escape`) is asked with no platform named:
    /// the web's pages are where a component's keys are specified (issue 49).
    var keyboard = false
    /// Whether a platform is named outright (a platform word, a framework, an app as the place
    /// asked about), not only by a screen reader, which runs on both families, or by a word's
    /// platform: a testing guide of the other family then does not hold for it.
    var platformOutright = false
    /// Those names as typed, one per expression of `named`.
    var namedTexts: [String] = []

    /// The component index's word forms; nil in a reading for the fact listing.
    let words: WordForms?
    /// Only the components-first reading's own steps use these.
    private var forms: WordForms { words! }
    private var plain: IndexTokenizer { forms.plain }

    /// The query over the fact index, as typed.
    var factMatch: String { query.fts5 }

    /// For the fact listing: as typed, over the fact index, which stems and marks the words itself
    /// (so no tokenizer, word form or vocabulary is read).
    init(facts query: SearchQuery) {
        self.query = query
        words = nil
        reading = SearchReading(plain: false, terms: [])
    }

    /// For the components-first listing: as plain language when the query has no operator.
    /// `quoted`: a phrase the user quoted, read again as its words (`SearchEngine`): what a
    /// screen reader says word for word, its first word too (`"in horizontal pager"`), where
    /// a question's leading stop words are otherwise no part of it.
    init(_ db: Database, _ query: SearchQuery, words: WordForms, quoted: String? = nil) throws {
        self.query = query
        self.words = words
        reading = SearchReading(plain: QueryReading.isPlain(query.root), terms: [])
        if reading.plain {
            try readPlain(db, query.root)
            if let quoted { spoken = words.plain.words(quoted) }
        } else {
            match = try expression(db, query.root)
            for (index, node) in SearchQuery.positives(query.root).enumerated() {
                guard let text = node.termText else { continue }
                reading.terms.append(SearchReading.Term(text: text, prefix: node.isPrefix, equivalents: []))
                patterns.append(TermMatcher.Pattern(pieces: words.pieces(node.text, prefix: node.isPrefix), term: index, equivalent: nil))
            }
        }
    }

    static func isPlain(_ node: SearchQuery.Node) -> Bool {
        switch node {
        case .word: true
        case .all(let children): children.allSatisfy { if case .word = $0 { true } else { false } }
        default: false
        }
    }

    // MARK: - Plain language

    private mutating func readPlain(_ db: Database, _ root: SearchQuery.Node) throws {
        var words: [(text: String, prefix: Bool)] = []
        // A value given to an attribute is a content word, whatever it is (`yes`, `true`).
        var values = Set<Int>()
        for case let .word(typed, prefix) in SearchQuery.positives(root) {
            // `data,` and `iOS?` are the words `data` and `iOS`: every step after reads the word.
            let text = prefix ? typed : QueryReading.withoutSentenceMarks(typed)
            if !prefix, let (attribute, value) = QueryReading.attributeAndValue(text) {
                words.append((attribute, false))
                values.insert(words.count)
                words.append((value, false))
            } else {
                words.append((text, prefix))
            }
        }
        let valueTexts = Set(values.map { words[$0].text })
        var content: [(text: String, prefix: Bool)] = []
        var platformWords: [(text: String, prefix: Bool)] = []
        var stops: [(text: String, prefix: Bool)] = []
        // The families named by a place (`in the app`) or a platform's name of two words.
        var placed = Set<Family>()
        var placedWords: [String] = []
        // The family each platform word names, by its place among the words.
        var platformAt: [Int: Family] = [:]
        let singles: [String?] = words.map { word in
            let folded = plain.words(word.text)
            return folded.count == 1 && !word.prefix ? folded[0] : nil
        }
        // Read before the words are sorted: a term of the vocabulary typed as its words is read
        // whole, as an alias is (`termRun`).
        let vocabulary = try SearchVocabulary(db, words: forms)
        var composedNames: [String: [ComponentAlias]] = [:]
        // The web component each word written as a tag names (`tagComponent`), read once here for
        // the words that follow it and for its term.
        var tagged: [String: String] = [:]
        var position = 0
        while position < words.count {
            // An alias typed as its words (`crossed out`, `skip to content`, `web view`), or a
            // term of the vocabulary (a key whose name holds a stop word, `page up`), is one word
            // of content, read whole before stop words and platform words take it apart.
            if let length = termRun(at: position, words, values: values, vocabulary: vocabulary) {
                content.append((words[position..<(position + length)].map(\.text).joined(separator: " "), false))
                position += length
                continue
            }
            // Two words made of the parts of a component's names (`spinning indicator`), which
            // no page says as a phrase (`alt text` is the pages' own words): that component's name.
            if position + 1 < words.count, !words[position].prefix, !words[position + 1].prefix,
               ComponentAlias.mayCompose(forms.slug(words[position].text), forms.slug(words[position + 1].text)),
               case let text = words[position].text + " " + words[position + 1].text,
               let named = ComponentAlias.composed(forms.slug(text)),
               try !QueryReading.matchesAny(db, SearchQuery.quoted(text), held: forms.held, plain: plain) {
                content.append((text, false))
                composedNames[text] = named
                position += 2
                continue
            }
            // An attribute said to be empty (`empty alt`) is the attribute given an empty value
            // (`alt=""`) when that marks what the element is (`emptyValueSense`).
            if let single = singles[position], PlainLanguage.emptyWords.contains(single), position + 1 < words.count,
               let next = singles[position + 1], QueryReading.emptyValueSense(next + "=") != nil {
                content.append((next + "=", false))
                position += 2
                continue
            }
            let word = words[position]
            let single = singles[position]
            let folded = plain.words(word.text)
            let tag = QueryReading.tagComponent(word.text)
            if let tag { tagged[word.text] = tag }
            if let single, PlainLanguage.markupNouns.contains(single), position > 0, tagged[words[position - 1].text] != nil {
                // `<s> tag`, `<main> element`: the kind of thing the tag is, the user's framing
                // (not the chip, which people call a tag).
                stops.append(word)
            } else if values.contains(position) || tag != nil {
                // A value given in markup, or an element written as a tag (`<s>`, `<a>`), whose
                // name may be a stop word's letters: what is asked about.
                content.append(word)
            } else if let single, PlainLanguage.stopWords.contains(single) {
                stops.append(word)
            } else if !word.prefix, folded.count > 1, folded.allSatisfy(PlainLanguage.stopWords.contains) {
                // A contraction of stop words (`doesn't`, `what's`).
                stops.append(word)
            } else if let single, PlainLanguage.appWords.contains(single), platformAt[position - 1] == .web {
                // A web app (`a React app`, `our web app`) is web pages: not what the native-apps
                // testing guide is about.
                stops.append(word)
            } else if let single, PlainLanguage.appWords.contains(single), PlainLanguage.namesPlace(before: position, singles, skipping: PlainLanguage.appKinds) {
                // `in the app`: where the thing asked about is, an app (issue 49); still a word of
                // content, which the native-apps testing guide is named by.
                content.append(word)
                placedWords.append(word.text)
                placed.insert(.native)
                for platform in Family.native.platforms where !reading.platforms.contains(platform) { reading.platforms.append(platform) }
            } else if let single, position + 1 < words.count, let next = singles[position + 1],
                      let family = PlainLanguage.platformPhrases[single + " " + next] {
                // A platform's name of two words (`React Native`), whose first alone names another.
                platformWords.append((word.text + " " + words[position + 1].text, false))
                placed.insert(family)
                for platform in family.platforms where !reading.platforms.contains(platform) { reading.platforms.append(platform) }
                position += 1
            } else if let single, let platformWord = PlainLanguage.platformWords[single],
                      try namesPlatform(db, at: position, platformWord, typed: words.map(\.text), singles: singles) {
                platformWords.append(word)
                // `site` names the web and is a word its pages say (`site map`, `site search`).
                if PlainLanguage.siteWords.contains(single) { content.append(word) }
                platformAt[position] = platformWord.platform.family
                if !reading.platforms.contains(platformWord.platform) { reading.platforms.append(platformWord.platform) }
                if let framework = platformWord.framework, !reading.frameworks.contains(framework) { reading.frameworks.append(framework) }
                if let reader = platformWord.screenReader, !reading.screenReaders.contains(reader) { reading.screenReaders.append(reader) }
                // A name as typed (`jaws`, `safari`): names have no other forms to look up.
                if platformWord.screenReader != nil || platformWord.framework != nil || platformWord.desktop != nil {
                    named.append(SearchQuery.quoted(single))
                    namedTexts.append(single)
                }
            } else {
                content.append(word)
            }
            position += 1
        }
        // A platform named outright decides over a screen reader's own (`VoiceOver on a Mac`:
        // the web, not iOS): the reader runs there too. A framework names its platform outright
        // (`HTML select in Jetpack Compose` asks about both families).
        let outright = Set(platformWords.compactMap { typed -> PlainLanguage.PlatformWord? in
            let folded = plain.words(typed.text)
            return folded.count == 1 ? PlainLanguage.platformWords[folded[0]] : nil
        }
            .filter { $0.screenReader == nil }.map(\.platform.family)).union(placed)
        if !outright.isEmpty { reading.platforms.removeAll { !outright.contains($0.family) } }
        platformOutright = !outright.isEmpty
        // `the iOS equivalent of web tabs`, `HTML textarea equivalent in SwiftUI`: the platform an
        // equivalent is asked for is the one asked about; the other says where the thing is from.
        if let (target, asking) = PlainLanguage.equivalentAskedFor(singles, platformAt: platformAt) {
            reading.platforms.removeAll { $0.family != target }
            // The word that asks is the user's framing, as `component` is: no page's word.
            if let at = content.firstIndex(where: { $0.text == words[asking].text }) { stops.append(content.remove(at: at)) }
        }
        // A screen reader alone says little of the platform: VoiceOver reads Mac web pages,
        // TalkBack Chrome's. A word only the other family uses (`aria-describedby`, `readonly`)
        // decides over it, as it does where no platform is typed (below).
        let platformOfReaderOnly = outright.isEmpty && !reading.platforms.isEmpty
        // A query of nothing but platform words searches them as words (`VoiceOver`); one of
        // nothing but stop words searches those.
        if content.isEmpty && !platformWords.isEmpty {
            content = platformWords
            platformWords = []
            named = []
            namedTexts = []
            reading.platforms = []
            reading.frameworks = []
            reading.screenReaders = []
        }
        if content.isEmpty {
            content = stops
            stops = []
        }
        reading.stopWords = stops.map(\.text)
        reading.platformWords = platformWords.map(\.text) + placedWords
        let platformTexts = Set(platformWords.map(\.text))
        spoken = Array(words.filter { !$0.prefix && !platformTexts.contains($0.text) }
            .flatMap { plain.words($0.text) }
            .filter { !PlainLanguage.speechVerbs.contains($0) }
            .drop { PlainLanguage.stopWords.contains($0) })

        try readCriteria(db, &content)
        // A word no component holds, in any form, with one spelling the index holds clearly
        // nearest, is searched as that spelling (`chekbox`: checkbox); a word of the vocabulary
        // or an alias, alone or in a run of words that is one (`virtual cursor`), is the user's
        // own and kept.
        // Each run is asked about once (by its place and length), not once per word it holds:
        // joined, keyed and slugified four times over, the runs were a fifth of the reading.
        var known: [Int: Bool] = [:]
        func isVocabulary(_ run: ArraySlice<(text: String, prefix: Bool)>) -> Bool {
            let slot = run.startIndex << 3 | run.count
            if let answer = known[slot] { return answer }
            let text = run.map(\.text).joined(separator: " ")
            let answer = vocabulary.byKey[vocabulary.key(text)] != nil || ComponentAlias.rows(named: forms.slug(text)) != nil
            known[slot] = answer
            return answer
        }
        // Whether a run of two to four words holding the word at `position` is one.
        func inLongerRun(_ position: Int) -> Bool {
            for start in max(0, position - 3)...position {
                for end in max(position, start + 1)..<min(content.count, start + 4) where isVocabulary(content[start...end]) {
                    return true
                }
            }
            return false
        }
        for position in content.indices where !content[position].prefix {
            let folded = plain.words(content[position].text)
            guard folded.count == 1, !isVocabulary(content[position...position]), !inLongerRun(position),
                  let corrected = try Spelling.correction(db, of: folded[0], words: forms) else { continue }
            reading.corrections.append(SearchReading.Correction(typed: content[position].text, searched: corrected))
            content[position].text = corrected
            known = [:]
        }
        var index = 0
        while index < content.count {
            var term = (text: content[index].text, prefix: content[index].prefix, length: 1)
            var concepts: [Equivalent] = []
            if !term.prefix {
                // The longest run of words that is a term of the vocabulary (`double tap`).
                for length in stride(from: min(4, content.count - index), through: 1, by: -1) {
                    let run = content[index..<(index + length)]
                    if run.contains(where: \.prefix) { continue }
                    let text = run.map(\.text).joined(separator: " ")
                    let found = vocabulary.equivalents(of: text)
                    // A run of words that is an alias (`text field`, `activity indicator`) is one term too.
                    let alias = length > 1 && ComponentAlias.rows(named: forms.slug(text)) != nil
                    if !found.isEmpty || alias || length == 1 {
                        if !found.isEmpty || alias { term = (text, false, length) }
                        concepts = found
                        break
                    }
                }
            }
            // Two words the sources write as one (`space bar`: Spacebar, `check box`: checkbox)
            // find that word too. When the pages also say the two words together (`table row`),
            // they are one term, the phrase or the word; otherwise each stays a term of its own,
            // finding the joined word too, so that neither is lost to it (`check list` of items
            // finds the list as well as a checklist).
            var closed: String?
            if term.length == 1, !term.prefix, index + 1 < content.count, !content[index + 1].prefix,
               let joined = try closedCompound(db, content[index].text, content[index + 1].text) {
                let phrase = SearchQuery.quoted((plain.words(content[index].text) + plain.words(content[index + 1].text)).joined(separator: " "))
                guard try QueryReading.matchesAny(db, phrase, held: forms.held, plain: plain) else {
                    try addTerm(db, content[index].text, prefix: false, equivalents: vocabulary.equivalents(of: joined), closed: joined)
                    try addTerm(db, content[index + 1].text, prefix: false, equivalents: [], closed: joined)
                    index += 2
                    continue
                }
                term = (content[index].text + " " + content[index + 1].text, false, 2)
                concepts = vocabulary.equivalents(of: joined)
                closed = joined
            }
            if !term.prefix, term.length == 1, let named = QueryReading.emptyValueSense(term.text) {
                try addTerm(db, term.text, prefix: false, equivalents: [], translated: named)
            } else if !term.prefix, term.length == 1, let slug = tagged[term.text] {
                // An element written as a tag names the web component it is (`<details>`: the
                // accordion), or, asked about an app, that component's counterpart there.
                var sense = [ComponentAlias(alias: term.text, slug: slug, family: .web, note: nil)]
                if let (family, there) = counterpart(of: sense, term.text) {
                    sense = there
                    reading.platforms.removeAll { $0.family != family }
                } else if reading.platforms.isEmpty {
                    // Markup names the web, as `HTML` would.
                    reading.platforms = [.web]
                }
                // A name of one letter (`<s>`, `<a>`) is no word a page says of it (`s` is half of
                // every `it's`): searched by the components' names instead.
                let name = plain.words(term.text)
                let translated = name.count == 1 && name[0].count == 1
                    ? sense.map { QueryReading.componentName($0.slug) } : []
                try addTerm(db, term.text, prefix: false, equivalents: concepts, translated: translated, sense: sense)
            } else if !term.prefix, closed == nil, let (family, there) = crossing(term.text, concepts, vocabulary: vocabulary) {
                try addTerm(db, term.text, prefix: false, equivalents: [], translated: there)
                reading.platforms.removeAll { $0.family != family }
            } else if !term.prefix, closed == nil, let (family, counterparts) = counterpart(term.text) {
                try addTerm(db, term.text, prefix: false, equivalents: concepts, sense: counterparts)
                reading.platforms.removeAll { $0.family != family }
            } else {
                let sense = term.prefix || closed != nil ? nil
                    : platformSense(term.text, vocabulary: vocabulary) ?? markupSense(content[index..<(index + term.length)], values: valueTexts)
                        ?? composedNames[term.text]
                try addTerm(db, term.text, prefix: term.prefix, equivalents: concepts, closed: closed, sense: sense)
            }
            index += term.length
        }
        keyboard = reading.platforms.isEmpty && content.contains { word in plain.words(word.text).contains(where: PlainLanguage.keyboardWords.contains) }
        // Words only one platform uses (`dimmed`, `isHeader`) say which platform is meant.
        if reading.platforms.isEmpty || platformOfReaderOnly {
            var hinted: [Platform: [String]] = [:]
            for term in reading.terms where !term.prefix {
                let platforms = vocabulary.platforms(of: term.text)
                if platforms.count == 1, let only = platforms.first, let platform = only,
                   try usedAsTerm(db, term.text, in: platform.family, vocabulary: vocabulary) {
                    hinted[platform, default: []].append(term.text)
                }
            }
            // Not against a platform the query types, though as a word of a phrase (`dimmed button on a
            // web page`: the web's dimmed look, not iOS's trait).
            let typedFamilies = Set(content.compactMap { word in
                plain.words(word.text).compactMap { PlainLanguage.platformWords[$0] }.first { !$0.plainWord }?.platform.family
            })
            if hinted.count == 1, let (platform, words) = hinted.first, typedFamilies.subtracting([platform.family]).isEmpty,
               !reading.platforms.contains(where: { $0.family == platform.family }) {
                reading.platforms = [platform]
                reading.platformHints = words
            }
        }
        match = full.isEmpty ? nil : full.joined(separator: " AND ")
    }

    /// An attribute and the value it is given, as markup and code write them (`aria-hidden=true`,
    /// `accessibilityElementsHidden="yes"`, which the query's lexer keeps as one word): read as
    /// the attribute and its value, two words (issue 49), so that the attribute finds its
    /// equivalents and a fact saying either counts. Nil for anything else (`=`, `a==b`, `=x`).
    static func attributeAndValue(_ text: String) -> (attribute: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let attribute = String(text[..<equals])
        let value = String(text[text.index(after: equals)...]).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        guard SearchQuery.hasTokenCharacters(attribute), SearchQuery.hasTokenCharacters(value), !value.contains("=") else { return nil }
        return (attribute, value)
    }

    /// The web component an element written as a tag (`<details>`, `</a>`, `<br/>`) is, read
    /// through vocabulary/element-components.tsv: the row its bare tag matches, else the first
    /// row of that tag (`<a>`: `a[href]`, the link). Nil for a word that is no tag or names no
    /// component (`<b>`).
    static func tagComponent(_ text: String) -> String? {
        guard text.count > 2, text.first == "<", text.last == ">", !text.contains(" "),
              let element = HTMLElement(html: text.replacingOccurrences(of: "</", with: "<")), element.attributes.isEmpty else { return nil }
        let rule = ElementComponents.builtIn.first { $0.matches(element) }
            ?? ElementComponents.builtIn.first { $0.tag == element.tag && $0.filters.allSatisfy { $0.value != "" } }
        return rule?.component
    }

    /// What an attribute given an empty value (`alt=""`, which the query's lexer keeps as `alt=`)
    /// marks an element as, read through vocabulary/element-components.tsv (`img[alt=]`: the
    /// decorative image): the components so named, searched by their names in place of the
    /// attribute, whose own equivalents are what its value says (`alt`, a label; issue 49). Nil
    /// for any other word.
    static func emptyValueSense(_ text: String) -> [Equivalent]? {
        guard text.count > 1, text.last == "=", case let attribute = text.dropLast().lowercased(),
              SearchQuery.hasTokenCharacters(attribute) else { return nil }
        let slugs = ElementComponents.builtIn.filter { rule in
            rule.filters.contains { $0.name == attribute && $0.value == "" }
        }.compactMap(\.component)
        guard !slugs.isEmpty else { return nil }
        return Array(Set(slugs)).sorted().map(componentName)
    }

    /// A component's name as words to search in place of what was typed (`decorative image`).
    static func componentName(_ slug: String) -> Equivalent {
        Equivalent(concept: slug, platform: nil, term: slug.split(separator: "-").joined(separator: " "), note: nil)
    }

    /// Success criteria named in the query (issue 33): a number the catalogue holds (`1.4.11`),
    /// taken out of the words (it names no word of a page) and searched as its handle's words when
    /// the query holds none of them; a run of words that is a handle (`non-text contrast`, `target
    /// size minimum`), kept as words. `WCAG`, `SC` and `success criterion` beside one are the
    /// user's framing. The ranking raises the components citing each, then those testing it.
    /// A number as a sentence writes it, `(1.4.11),`, without the punctuation around it. By bytes
    /// (the marks are ASCII), as Foundation's trimming of a character set would, without its cost.
    static func withoutPunctuationAround(_ text: String) -> String {
        let marks = Array(".,;:()".utf8)
        let bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        while start < end, marks.contains(bytes[start]) { start += 1 }
        while end > start, marks.contains(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A word without the marks a sentence puts after it (`data,`, `iOS?`, `table:`); a word of
    /// nothing but marks is kept as typed.
    static func withoutSentenceMarks(_ text: String) -> String {
        let marks = Array(".,;:!?".utf8)
        let bytes = Array(text.utf8)
        var end = bytes.count
        while end > 0, marks.contains(bytes[end - 1]) { end -= 1 }
        return end == 0 || end == bytes.count ? text : String(decoding: bytes[..<end], as: UTF8.self)
    }

    private mutating func readCriteria(_ db: Database, _ content: inout [(text: String, prefix: Bool)]) throws {
        // One word without a digit names no criterion (a handle is two words or more): the
        // catalogue is not read (2.1 M instructions of a one-word search's 52.8 M at 20k).
        guard content.count >= 2 || content.contains(where: { $0.text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) }) else { return }
        // Held by a long-running reader's index, else read now.
        let names = try forms.held?.criterionNames.get() ?? CriterionNames(db)
        guard !names.catalogue.isEmpty else { return }
        // A number as the catalogue writes it (`1.4.11`, never `01.4.11`).
        let (bySC, byHandle) = (names.bySC, names.byHandle)
        var found: [(sc: SCNumber, title: String)] = []
        var kept: [(text: String, prefix: Bool)] = []
        for word in content {
            let number = Self.withoutPunctuationAround(word.text)
            if !word.prefix, let criterion = bySC[number] {
                if !found.contains(where: { $0.sc == criterion.sc }) { found.append(criterion) }
            } else {
                kept.append(word)
            }
        }
        var index = 0
        while index < kept.count {
            var matched = false
            for length in stride(from: min(5, kept.count - index), through: 2, by: -1) {
                let run = kept[index..<(index + length)]
                if let criterion = byHandle[forms.slug(run.map(\.text).joined(separator: " "))] {
                    if !found.contains(where: { $0.sc == criterion.sc }) { found.append(criterion) }
                    index += length
                    matched = true
                    break
                }
            }
            if !matched { index += 1 }
        }
        guard !found.isEmpty else { return }
        reading.criteria = found
        // The user's framing of a criterion is no word to look for.
        kept.removeAll { !$0.prefix && PlainLanguage.criterionWords.contains($0.text.lowercased()) }
        for criterion in found {
            let words = plain.words(criterion.title).filter { !PlainLanguage.stopWords.contains($0) }
            let typed = Set(kept.flatMap { plain.words($0.text) })
            if typed.isDisjoint(with: words) { kept += words.map { ($0, false) } }
        }
        content = kept
    }

    /// The length of the longest run of two to four words from `position` that is an alias or a
    /// term of the vocabulary, as typed (no prefix, no attribute or value of markup); nil when
    /// none is. A key's name may hold a stop word (`page up`, `swipe up or down`): read word by
    /// word, `page up and page down` would search `page page down`, and a page saying "page" and
    /// "down" apart would rank with the one naming the keys.
    private func termRun(at position: Int, _ words: [(text: String, prefix: Bool)], values: Set<Int>,
                         vocabulary: SearchVocabulary) -> Int? {
        guard words.count - position >= 2 else { return nil }
        let aliasLeads = ComponentAlias.mayLead(forms.slug(words[position].text))
        let termLeads = vocabulary.mayLead(words[position].text)
        guard aliasLeads || termLeads else { return nil }
        return stride(from: min(4, words.count - position), through: 2, by: -1).first { length in
            let run = position..<(position + length)
            guard !run.contains(where: { words[$0].prefix || values.contains($0) || values.contains($0 + 1) }) else { return false }
            let text = run.map { words[$0].text }.joined(separator: " ")
            return aliasLeads && ComponentAlias.rows(named: forms.slug(text)) != nil
                || termLeads && vocabulary.byKey[vocabulary.key(text)] != nil
        }
    }

    /// Whether the platform word at `position` names its platform here (issue 33): not when it
    /// is one word of a phrase the other family's pages say (`web page` in a question about an
    /// app's link: native pages hold it) unless the phrase is where the thing asked about is
    /// (`a toggle switch on a web page`; issue 49), nor when it is a word English uses otherwise (`compose`,
    /// `views`, `browser`) unless typed capitalised mid-sentence or beside a word that names the
    /// same platform for certain (`Jetpack Compose`, `Android views`).
    private func namesPlatform(_ db: Database, at position: Int, _ word: PlainLanguage.PlatformWord, typed: [String],
                               singles: [String?]) throws -> Bool {
        let family = word.platform.family
        if word.plainWord {
            let capitalised = position > 0 && typed[position].first?.isUppercase == true
            let beside = [position - 1, position + 1].contains { index in
                guard singles.indices.contains(index), let other = singles[index].flatMap({ PlainLanguage.platformWords[$0] }) else { return false }
                return !other.plainWord && other.platform == word.platform
            }
            if !capitalised && !beside { return false }
        }
        for (first, second) in [(position - 1, position), (position, position + 1)] {
            guard first >= 0, second < singles.count, let a = singles[first], let b = singles[second],
                  !PlainLanguage.stopWords.contains(a), !PlainLanguage.stopWords.contains(b),
                  PlainLanguage.platformWords[first == position ? b : a] == nil,
                  !PlainLanguage.namesPlace(before: first, singles) else { continue }
            let phrase = SearchQuery.quoted(a + " " + b)
            let elsewhere = try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT 1 FROM search_components s JOIN components c ON c.id = s.rowid
                WHERE search_components MATCH ? AND c.family NOT IN (?, 'how-to-test') LIMIT 1
                """), arguments: [phrase, family.rawValue]) ?? false
            if elsewhere { return false }
        }
        return true
    }

    /// Whether a word the vocabulary gives for one platform only is that platform's term here
    /// (issue 33): an identifier as the vocabulary writes it (`isHeader`, `aria-pressed`,
    /// `notEnabled`) always; a plain word (`header`, `hint`, `escape`) only when the pages of its
    /// family say it far more often than the other family's (`dimmed`), since otherwise it is
    /// the ordinary word (a web page's sticky header).
    private func usedAsTerm(_ db: Database, _ text: String, in family: Family, vocabulary: SearchVocabulary) throws -> Bool {
        let written = (vocabulary.byKey[vocabulary.key(text)] ?? []).map(\.term)
        if written.contains(where: { term in
            term.dropFirst().contains(where: \.isUppercase) || term.contains { ".-_=()@\"".contains($0) }
        }) { return true }
        var share: [String: Double] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            SELECT c.family, count(*) AS holding, (SELECT count(*) FROM components WHERE family = c.family) AS every
            FROM search_components s JOIN components c ON c.id = s.rowid
            WHERE search_components MATCH ? GROUP BY c.family
            """), arguments: [try forms.forms(db, text)]) {
            share[row["family"]] = Double(row["holding"] as Int) / Double(max(1, row["every"] as Int))
        }
        let own = share[family.rawValue] ?? 0
        let other = family == .web ? share[Family.native.rawValue] ?? 0 : share[Family.web.rawValue] ?? 0
        return own > 0 && own >= PlainLanguage.termShareRatio * other
    }

    /// A word one family's platforms use, asked about the other family's (issue 49):
    /// `contentDescription on a website`, `Android Spinner in HTML`, `segmented control on the
    /// web`. When the vocabulary gives the term for platforms of one family only and the query's
    /// platform words name the other family, the question is about that family's thing: the term
    /// is searched as the words the vocabulary gives there (and for every platform; none: its
    /// concept's name), as the term itself, and that family alone is preferred. The word as typed is not searched: on the
    /// other family's pages it is another thing (a web `spinner` is a loading indicator).
    private func crossing(_ text: String, _ concepts: [Equivalent], vocabulary: SearchVocabulary) -> (Family, [Equivalent])? {
        let own = vocabulary.platforms(of: text)
        guard !own.isEmpty, !own.contains(nil) else { return nil }
        let families = Set(own.compactMap { $0?.family })
        guard families.count == 1, case let asked = Set(reading.platforms.map(\.family)).subtracting(families),
              asked.count == 1, let target = asked.first else { return nil }
        var there = concepts.filter { $0.platform.map { $0.family == target } ?? true }
        // A concept the vocabulary gives no word for there is searched by its name, the
        // platform-neutral word for it (Android's `Spinner`: a dropdown).
        if there.isEmpty {
            there = Set((vocabulary.byKey[vocabulary.key(text)] ?? []).map(\.concept)).sorted()
                .map { Equivalent(concept: $0, platform: nil, term: $0, note: nil) }
        }
        return there.isEmpty ? nil : (target, there)
    }

    /// What a word means on the platform the query names, when the vocabulary gives it as that
    /// platform's own term (issue 49): `Android Spinner` is Android's dropdown, not the loading
    /// spinner its everyday sense names. The components named for its concept there stand for it
    /// as an alias would, in place of the word's own aliases (so no more are looked up); nil when
    /// the word names no component itself or the query names no platform the word is a term of.
    private func platformSense(_ text: String, vocabulary: SearchVocabulary) -> [ComponentAlias]? {
        let asked = Set(reading.platforms)
        guard !asked.isEmpty, ComponentAlias.rows(named: forms.slug(text)) != nil else { return nil }
        // A term the platform writes capitalised, as its class (`Spinner`), is meant as typed so:
        // `swipe to the spinner` in an Android app is the loading spinner of every platform.
        let rows = (vocabulary.byKey[vocabulary.key(text)] ?? []).filter { row in
            (row.platform.map(asked.contains) ?? false) && (row.term == row.term.lowercased() || row.term == text)
        }
        guard !rows.isEmpty else { return nil }
        return Set(rows.map(\.concept)).sorted().flatMap { concept in
            let slug = Vocabulary.slugify(concept)
            let families = Set(rows.filter { $0.concept == concept }.compactMap { $0.platform?.family })
            return families.sorted { $0.rawValue < $1.rawValue }.map { ComponentAlias(alias: text, slug: slug, family: $0, note: nil) }
                + (ComponentAlias.byAlias[slug] ?? []).filter { $0.family.map(families.contains) ?? true }
        }
    }

    /// A component's name in one family's code asked about the other family (issue 49): `HTML
    /// select equivalent in an iOS app`, `UISwitch equivalent in HTML`. An alias is one family's
    /// when its rows say so, or its words are that family's code (an ARIA role or HTML element the
    /// web's, a platform API's class a native app's); asked where the query's platforms name the
    /// other family alone (once that family is set aside), it stands for that family's
    /// counterparts, as an alias of them would: the components there of the same slug, or of a
    /// slug another alias of the same components names there (`listbox`: the select dropdown on
    /// the web, the dropdown in an app). That family alone is then preferred. Nil otherwise, and
    /// for a testing guide's alias.
    private func counterpart(_ text: String) -> (Family, [ComponentAlias])? {
        // A page's own name in one family (`informative image`, the web's) needs no crossing: where
        // it is asked, that family's page holds it in its title.
        guard let rows = ComponentAlias.rows(named: forms.slug(text))?.filter({ $0.source != .pageHeading }), !rows.isEmpty else { return nil }
        return counterpart(of: rows, text)
    }

    /// The components of the family asked about that share an alias with `rows`' components,
    /// when `rows` name one family and the query asks about the other.
    private func counterpart(of rows: [ComponentAlias], _ text: String) -> (Family, [ComponentAlias])? {
        let own = Set(rows.map { $0.family ?? $0.source?.codeFamily })
        // Only the two families of components have counterparts: a testing guide's alias (`app
        // testing`) names that guide whatever platform is asked about.
        guard own.count == 1, let family = own.first ?? nil, family != .howToTest,
              case let asked = Set(reading.platforms.map(\.family)).subtracting([family]),
              asked.count == 1, let target = asked.first else { return nil }
        let slugs = Set(rows.map(\.slug))
        let sharing = Set(ComponentAlias.builtIn.filter { slugs.contains($0.slug) }.map(\.alias))
        let there = slugs.union(ComponentAlias.builtIn.filter { sharing.contains($0.alias) && ($0.family ?? target) == target }.map(\.slug))
        return (target, there.sorted().map { ComponentAlias(alias: text, slug: $0, family: target, note: nil) })
    }

    /// What a run of words read from markup names (`role="alert"`, one term of the vocabulary):
    /// the components its value is the markup name of (an ARIA role or HTML element, as
    /// vocabulary/aliases.tsv gives them: `alert`, the alert notification), as an alias of the
    /// run would (issue 49). Nil for a run with no such value, or one that is an alias itself.
    private func markupSense(_ run: ArraySlice<(text: String, prefix: Bool)>, values: Set<String>) -> [ComponentAlias]? {
        guard run.count > 1, let value = run.last?.text, values.contains(value),
              ComponentAlias.rows(named: forms.slug(run.map(\.text).joined(separator: " "))) == nil else { return nil }
        let named = (ComponentAlias.rows(named: forms.slug(value)) ?? []).filter { $0.source == .ariaRole || $0.source == .htmlElement }
        return named.isEmpty ? nil : named
    }

    /// The one word two typed words make when the pages write it (`spacebar`): in their prose, not
    /// only as an identifier of a code example (`closeModal` makes no word of `close a modal`,
    /// which would swallow the modal's name; issue 49).
    private func closedCompound(_ db: Database, _ first: String, _ second: String) throws -> String? {
        let words = plain.words(first) + plain.words(second)
        guard words.count == 2 else { return nil }
        let joined = words.joined()
        // Held by a long-running reader's index (a word's postings say its columns), else asked.
        if let held = forms.held?.holdsOutsideCode(joined, plain: plain) { return held ? joined : nil }
        return try QueryReading.matchesAny(db, QueryReading.outsideCode + SearchQuery.quoted(joined)) ? joined : nil
    }

    /// The component index's columns but its code examples, as an FTS5 column filter
    /// (`RankingIndex.holdsOutsideCode` answers the same from the held postings).
    static let outsideCode = "{title category body labels} : "

    /// `translated`: the words the term is searched as, in place of itself (`crossing`).
    private mutating func addTerm(_ db: Database, _ text: String, prefix: Bool, equivalents: [Equivalent], closed: String? = nil,
                                  translated: [Equivalent] = [], sense: [ComponentAlias]? = nil) throws {
        let term = reading.terms.count
        var exactForm = prefix ? forms.prefixExpression(text) : try forms.forms(db, text)
        if !translated.isEmpty {
            exactForm = "(" + (try translated.map { try forms.forms(db, $0.term) }.joined(separator: " OR ")) + ")"
            for equivalent in translated {
                patterns.append(TermMatcher.Pattern(pieces: forms.pieces(equivalent.term, prefix: false), term: term, equivalent: nil))
            }
            aliases.append(sense ?? translated.flatMap { ComponentAlias.rows(named: forms.slug($0.term)) ?? [] })
            exact.append(exactForm)
            full.append(exactForm)
            reading.terms.append(SearchReading.Term(text: text, prefix: false, equivalents: translated))
            reading.searchedAs.append(term)
            return
        }
        patterns.append(TermMatcher.Pattern(pieces: forms.pieces(text, prefix: prefix), term: term, equivalent: nil))
        if let closed {
            exactForm = "(" + exactForm + " OR " + (try forms.forms(db, closed)) + ")"
            patterns.append(TermMatcher.Pattern(pieces: forms.pieces(closed, prefix: false), term: term, equivalent: nil))
        }
        var alternatives = [exactForm]
        var held: [Equivalent] = []
        for equivalent in equivalents {
            let form = try forms.forms(db, equivalent.term)
            guard !alternatives.contains(form), try forms.holdsAnyForm(db, equivalent.term) else { continue }
            alternatives.append(form)
            held.append(equivalent)
            patterns.append(TermMatcher.Pattern(pieces: forms.pieces(equivalent.term, prefix: false), term: term, equivalent: equivalent.term))
        }
        let folded = plain.words(text)
        if !prefix, folded.count == 1, PlainLanguage.speechVerbs.contains(folded[0]) {
            speech.insert(term)
            for word in PlainLanguage.announcementWords {
                let form = try forms.forms(db, word)
                guard !alternatives.contains(form), try forms.holdsAnyForm(db, word) else { continue }
                alternatives.append(form)
                patterns.append(TermMatcher.Pattern(pieces: forms.pieces(word, prefix: false), term: term, equivalent: nil))
            }
        }
        aliases.append(prefix ? [] : sense ?? ComponentAlias.rows(named: forms.slug(text)) ?? [])
        exact.append(exactForm)
        full.append(alternatives.count == 1 ? exactForm : "(" + alternatives.joined(separator: " OR ") + ")")
        reading.terms.append(SearchReading.Term(text: prefix ? text + "*" : text, prefix: prefix, equivalents: held))
    }

    /// Whether a component matches `expression`: answered from a long-running reader's index
    /// (`RankingIndex.holdsAny`) when it is phrases joined by OR, else asked of FTS5.
    static func matchesAny(_ db: Database, _ expression: String, held: RankingIndex? = nil, plain: IndexTokenizer? = nil) throws -> Bool {
        if let held, let plain, let holds = held.holdsAny(expression, plain: plain) { return holds }
        return try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM search_components WHERE search_components MATCH ? LIMIT 1"),
                                arguments: [expression]) != nil
    }

    // MARK: - Expressions over the component index

    /// The query as written, over the component index: operators kept, words in all their forms.
    func expression(_ db: Database, _ node: SearchQuery.Node) throws -> String {
        switch node {
        case let .word(text, prefix):
            return prefix ? forms.prefixExpression(text) : try forms.forms(db, text)
        case let .phrase(text, prefix):
            return SearchQuery.quoted(plain.words(text).joined(separator: " ")) + (prefix ? " *" : "")
        case .all(let children):
            return try children.map { "(" + (try expression(db, $0)) + ")" }.joined(separator: " AND ")
        case .any(let children):
            return try children.map { "(" + (try expression(db, $0)) + ")" }.joined(separator: " OR ")
        case let .exclude(keep, drop):
            return "(" + (try expression(db, keep)) + ") NOT ("
                + (try drop.map { "(" + (try expression(db, $0)) + ")" }.joined(separator: " OR ")) + ")"
        }
    }
}

extension SearchQuery.Node {
    var isPrefix: Bool {
        switch self {
        case let .word(_, prefix), let .phrase(_, prefix): prefix
        default: false
        }
    }

    var text: String {
        switch self {
        case let .word(text, _), let .phrase(text, _): text
        default: ""
        }
    }
}

extension ComponentAlias.Source {
    /// The family whose code an alias's words are (`counterpart`): the web's markup, an app's
    /// platform API; nil for the words every family uses.
    var codeFamily: Family? {
        switch self {
        case .ariaRole, .htmlElement: .web
        case .platformAPI: .native
        case .pageHeading, .wcagGlossary, .designSystem, .everyday: nil
        }
    }
}

extension ComponentAlias {
    /// The components two words name as the first word of one of their aliases and the last word
    /// of another (`spinning indicator`: `spinning wheel` and `busy indicator`, the loading
    /// spinner): a name people make of the parts of the names they know (issue 49). Nil when
    /// none does; the run is then no name.
    static func composed(_ slug: String) -> [ComponentAlias]? {
        let words = slug.split(separator: "-").map(String.init)
        guard words.count == 2, let modifiers = byModifier[words[0]], let heads = byHead[words[1]] else { return nil }
        var named: [ComponentAlias] = []
        for head in heads where modifiers.contains(where: { $0.slug == head.slug && ($0.family == nil || head.family == nil || $0.family == head.family) }) {
            let family = head.family ?? modifiers.first { $0.slug == head.slug }?.family
            if !named.contains(where: { $0.slug == head.slug && $0.family == family }) {
                named.append(ComponentAlias(alias: words.joined(separator: " "), slug: head.slug, family: family, note: nil))
            }
        }
        return named.isEmpty ? nil : named
    }

    /// Whether two words' slugs may compose a name (`composed`): the first begins an alias of
    /// several words and the second ends one. Asked of every pair of a question's words, before
    /// the pair's own slug is made.
    static func mayCompose(_ first: String, _ second: String) -> Bool {
        byModifier[first] != nil && byHead[second] != nil
    }

    /// The aliases of two words or more by their first word's slug, and by their last's.
    private static let byModifier: [String: [ComponentAlias]] = Dictionary(grouping: builtIn.filter { Vocabulary.slugify($0.alias).contains("-") }) {
        String(Vocabulary.slugify($0.alias).split(separator: "-").first ?? "")
    }
    private static let byHead: [String: [ComponentAlias]] = Dictionary(grouping: builtIn.filter { Vocabulary.slugify($0.alias).contains("-") }) {
        String(Vocabulary.slugify($0.alias).split(separator: "-").last ?? "")
    }

    /// The rows of an alias by the slug of what was typed, or by its words written as one (issue
    /// 49): `radio group` and `type-ahead` are the aliases `radiogroup` and `typeahead`.
    /// By bytes, not Foundation's string search: it is asked for every run of words a question holds.
    static func rows(named slug: String) -> [ComponentAlias]? {
        if let rows = byAlias[slug] { return rows }
        guard slug.utf8.contains(hyphen) else { return nil }
        return byJoinedAlias[joined(slug)]
    }

    /// Every alias keyed by its slug without hyphens (`tab-bar`, `tabbar`: both `tabbar`).
    private static let byJoinedAlias: [String: [ComponentAlias]] = Dictionary(grouping: builtIn) { joined(Vocabulary.slugify($0.alias)) }

    private static let hyphen = UInt8(ascii: "-")

    /// Whether a run of words starting with this one may be an alias: its slug is the first word of
    /// an alias of several, or the start of an alias written as one (`type` of `typeahead`). Most
    /// words of a question start none, and their runs are not built (`QueryReading.termRun`).
    static func mayLead(_ slug: String) -> Bool {
        leaders.contains(slug)
    }

    private static let leaders: Set<String> = Set(builtIn.flatMap { alias -> [String] in
        let slug = Vocabulary.slugify(alias.alias)
        let first = slug.split(separator: "-").first.map(String.init) ?? slug
        let whole = Array(joined(slug).utf8)
        return [first] + (1..<max(1, whole.count)).map { String(decoding: whole[..<$0], as: UTF8.self) }
    })

    private static func joined(_ slug: String) -> String {
        String(decoding: slug.utf8.filter { $0 != hyphen }, as: UTF8.self)
    }
}
