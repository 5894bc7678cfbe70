import KBModel
/// How a question typed in plain words is read: which words carry no meaning for a search (stop
/// words), and which name a platform, framework or screen reader (read as a soft filter, not as
/// words a fact must hold). Used only for queries of plain words (and prefixes): a query with
/// quotes, OR, NOT or parentheses means exactly what it says.
enum PlainLanguage {
    /// Question and filler words: `how do I make a slider accessible on Android` searches `slider
    /// accessible` (Android is a platform word). Lower-case, as folded by the tokenizer.
    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "yet", "if", "then", "so", "than", "also", "just", "still",
        "how", "what", "which", "who", "whom", "when", "where", "why", "whether",
        "do", "does", "did", "done", "doing", "is", "are", "was", "were", "be", "been", "being", "am",
        "i", "me", "my", "we", "our", "you", "your", "it", "its", "they", "them", "their", "this", "that",
        "these", "those", "there", "here",
        // Pronouns that stand for anyone (`for someone who cannot see it`; issue 49).
        "someone", "somebody", "anyone", "anybody", "everyone", "everybody", "something", "anything",
        "can", "cannot", "could", "should", "would", "will", "shall", "may", "might", "must", "need", "needs",
        "have", "has", "had", "get", "gets", "make", "makes", "made", "let",
        "for", "on", "in", "at", "to", "of", "by", "from", "with", "within", "about", "into", "onto",
        "as", "up", "out", "off", "over", "while", "after", "before", "during", "per", "via", "vs", "versus",
        "not", "no", "yes", "any", "all", "some", "each", "every", "other", "same",
        // Quantifiers of extent, as `all` is (`test a whole website`, `the entire form`): how much
        // is asked about, which a few pages say by chance (issue 49).
        "whole", "entire", "entirely",
        // Not `test`, `testing`, `app` or `using`: in a knowledge base of testing apps they name
        // what is asked about (the native-apps testing guide, `testing an android app`; issue 49).
        "work", "works", "way", "ways", "tell",
        "show", "shows", "please", "properly", "correctly", "right", "good", "best",
        // Hedges and adverbs of degree or manner (`is it really a bug`, `turn TalkBack on quickly`):
        // how sure or how fast, never what a page is about (issue 49).
        "really", "actually", "ever", "quickly", "easily", "simply", "basically", "exactly", "truly",
        "usually", "generally", "maybe", "perhaps", "probably", "very", "quite", "somehow", "anyway",
        // The user's own framing (issue 33): what a question is asked about, not what it asks.
        "component", "components",
        "happen", "happens", "happened", "supposed", "expected", "ok", "okay",
        // Contractions, as the tokenizer splits them (`doesn't`: doesn, t).
        "doesn", "don", "didn", "isn", "aren", "wasn", "weren", "won", "can", "couldn", "shouldn", "wouldn", "t", "s", "ll", "re", "ve", "d",
    ]

    /// Words that frame a success criterion (`WCAG 1.4.11`, `SC 2.4.7`): left out when the query
    /// names one.
    static let criterionWords: Set<String> = ["wcag", "sc", "success", "criterion", "criteria", "guideline", "level", "aa", "aaa"]

    /// Verbs of speech: a question that asks what a screen reader says asks for announcements.
    /// Such a word is held by every component that has announcements, and finds the words
    /// `announcementWords` too.
    static let speechVerbs: Set<String> = [
        "announce", "announces", "announced", "announcing", "announcement", "announcements",
        "say", "says", "said", "saying", "read", "reads", "reading", "speak", "speaks", "spoken", "speaking",
    ]
    static let announcementWords = ["announce", "announced", "announcement"]

    /// A word that names a platform, a framework or a screen reader, and what it raises.
    struct PlatformWord: Equatable {
        var platform: Platform
        var framework: Framework?
        var screenReader: String?
        /// A browser's or a desktop system's name (`safari`, `windows`): the web, and the pages
        /// that speak of it.
        var desktop: String?
        /// A word English uses otherwise (`compose` a message, table `views`, a `browser` an app
        /// opens): it names the platform only capitalised mid-sentence or beside a word that
        /// names the same platform for certain (`Jetpack Compose`, `Android views`).
        var plainWord = false
    }

    /// A plain word the vocabulary gives for one platform only raises that platform when its
    /// family's pages say it at least this many times as often (by share of components) as the
    /// other family's (issue 33).
    static let termShareRatio = 3.0

    static let platformWords: [String: PlatformWord] = [
        "ios": PlatformWord(platform: .ios),
        "iphone": PlatformWord(platform: .ios),
        "ipad": PlatformWord(platform: .ios),
        "voiceover": PlatformWord(platform: .ios, screenReader: "VoiceOver"),
        "uikit": PlatformWord(platform: .ios, framework: .uikit),
        "swiftui": PlatformWord(platform: .ios, framework: .swiftui),
        "android": PlatformWord(platform: .android),
        "talkback": PlatformWord(platform: .android, screenReader: "TalkBack"),
        "views": PlatformWord(platform: .android, framework: .androidViews, plainWord: true),
        "compose": PlatformWord(platform: .android, framework: .jetpackCompose, plainWord: true),
        "jetpack": PlatformWord(platform: .android, framework: .jetpackCompose),
        "web": PlatformWord(platform: .web),
        "html": PlatformWord(platform: .web),
        "browser": PlatformWord(platform: .web, plainWord: true),
        // What a web page is part of (issue 49: `contentDescription on a website`).
        "website": PlatformWord(platform: .web),
        "websites": PlatformWord(platform: .web),
        "site": PlatformWord(platform: .web),
        "sites": PlatformWord(platform: .web),
        "webpage": PlatformWord(platform: .web),
        "webpages": PlatformWord(platform: .web),
        // The desktop where VoiceOver reads web pages (`VoiceOver on a Mac`): the pages test
        // macOS only as a browser's platform (issue 49).
        "mac": PlatformWord(platform: .web, desktop: "macOS"),
        "macos": PlatformWord(platform: .web, desktop: "macOS"),
        "macbook": PlatformWord(platform: .web, desktop: "macOS"),
        // The web's own frameworks: an app built with them is a web page (`a route change in a
        // React app`; issue 49). `React Native` is an app's (`platformPhrases`).
        "react": PlatformWord(platform: .web, plainWord: true),
        "angular": PlatformWord(platform: .web),
        "vue": PlatformWord(platform: .web),
        "svelte": PlatformWord(platform: .web),
        "nvda": PlatformWord(platform: .web, screenReader: "NVDA"),
        "jaws": PlatformWord(platform: .web, screenReader: "JAWS"),
        // The browsers and the desktop systems: the pages test a desktop only through a browser,
        // so each is how people say the web (issue 49: `Safari Tab key does not move focus`).
        // `edge` is an English word too (a screen's edge); `windows`, though a word for dialogs
        // too, only the web's pages say.
        "safari": PlatformWord(platform: .web, desktop: "Safari"),
        "chrome": PlatformWord(platform: .web, desktop: "Chrome"),
        "firefox": PlatformWord(platform: .web, desktop: "Firefox"),
        "edge": PlatformWord(platform: .web, desktop: "Edge", plainWord: true),
        "windows": PlatformWord(platform: .web, desktop: "Windows"),
        "narrator": PlatformWord(platform: .web, screenReader: "Narrator"),
    ]

    /// A keyboard's words: its keys by name and the keyboard itself.
    static let keyboardWords: Set<String> = ["keyboard", "key", "keys", "arrow", "arrows", "escape", "esc", "spacebar", "shift", "pageup", "pagedown"]

    /// Platforms' names of two words whose first word alone names another platform.
    static let platformPhrases: [String: Family] = ["react native": .native]

    /// Words that ask for one platform's thing on another (`the iOS equivalent of`).
    static let equivalentWords: Set<String> = ["equivalent", "equivalents", "counterpart", "counterparts"]

    /// The family an equivalent is asked for: the platform word just before the word that asks
    /// (`iOS equivalent`) or after it and a preposition (`equivalent in an iOS app`, `equivalent
    /// on the web`), and the place of the word that asks; nil when no platform word stands there.
    static func equivalentAskedFor(_ singles: [String?], platformAt: [Int: Family]) -> (Family, Int)? {
        for index in singles.indices where singles[index].map(equivalentWords.contains) == true {
            if let family = platformAt[index - 1] { return (family, index) }
            var next = index + 1
            guard next < singles.count, let word = singles[next], ["in", "on", "for", "to"].contains(word) else { continue }
            next += 1
            while next < singles.count, let word = singles[next], determiners.contains(word) || appKinds.contains(word) { next += 1 }
            if let family = platformAt[next] { return (family, index) }
        }
        return nil
    }

    /// What markup calls an element written as a tag (`<s> tag`, `<main> elements`).
    static let markupNouns: Set<String> = ["tag", "tags", "element", "elements"]

    /// Words that say an attribute is given no value (`empty alt`: `alt=""`; issue 49).
    static let emptyWords: Set<String> = ["empty", "blank", "null"]

    /// Prepositions of place and the determiners between one and its noun (`on a web page`, `in
    /// our web page`): a platform's phrase they introduce is where the thing asked about is, so
    /// it names the platform even when the other family's pages say the phrase too (issue 49).
    static let placePrepositions: Set<String> = ["on", "in"]
    static let determiners: Set<String> = ["a", "an", "the", "our", "my", "your", "their", "this", "that", "any", "every"]

    /// Words for an app, the place a question is about when a preposition of place introduces
    /// them (`in the app`, `in our mobile app`): a native app's (issue 49). Not `application`,
    /// which the web's single page application is.
    static let appWords: Set<String> = ["app", "apps"]
    /// Words for a website that are also words of its pages (`site map`): a platform word kept
    /// as a word of content.
    static let siteWords: Set<String> = ["site", "sites"]
    /// The words that may stand between the determiner and `app` and keep it an app's place.
    static let appKinds: Set<String> = ["mobile", "native", "phone"]

    /// The family a testing guide's title names (`Native apps`, `Web pages`, `Web screen
    /// readers`), nil when it names none or both (`Keyboard & focus`): such a guide is about
    /// that family's testing, not every platform's (issue 49: `how do I test a whole website`
    /// is not the native-apps guide's question).
    static func familyNamed(inTitle title: String) -> Family? {
        var named = Set<Family>()
        for word in title.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init) {
            if appWords.contains(word) || appKinds.contains(word) { named.insert(.native) }
            if let platform = platformWords[word], !platform.plainWord { named.insert(platform.platform.family) }
        }
        return named.count == 1 ? named.first : nil
    }

    /// Whether the words before `position` are a preposition of place and its determiners (and
    /// any of `skipping`).
    static func namesPlace(before position: Int, _ singles: [String?], skipping: Set<String> = []) -> Bool {
        var index = position - 1
        while index >= 0, let word = singles[index], determiners.contains(word) || skipping.contains(word) { index -= 1 }
        guard index >= 0, let word = singles[index] else { return false }
        return placePrepositions.contains(word)
    }

    /// Framework slugs as filters and tools take them (`jetpack-compose`), by platform.
    static let frameworkPlatforms: [String: Platform] = [
        "uikit": .ios, "swiftui": .ios, "jetpack-compose": .android, "android-views": .android,
    ]
}
