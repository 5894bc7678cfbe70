/// How a question typed in plain words is read: which words carry no meaning for a search (stop
/// words), and which name a platform, framework or screen reader (read as a soft filter, not as
/// words a fact must hold). Used only for queries of plain words (and prefixes): a query with
/// quotes, OR, NOT or parentheses means exactly what it says.
enum PlainLanguage {
    /// Question and filler words: `how do I make a slider accessible on Android` searches `slider
    /// accessible` (Android is a platform word). Lower-case, as folded by the tokenizer.
    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "if", "then", "so", "than",
        "how", "what", "which", "who", "whom", "when", "where", "why", "whether",
        "do", "does", "did", "done", "doing", "is", "are", "was", "were", "be", "been", "being", "am",
        "i", "me", "my", "we", "our", "you", "your", "it", "its", "they", "them", "their", "this", "that",
        "these", "those", "there", "here",
        "can", "could", "should", "would", "will", "shall", "may", "might", "must", "need", "needs",
        "have", "has", "had", "get", "gets", "make", "makes", "made", "let", "use", "using",
        "for", "on", "in", "at", "to", "of", "by", "from", "with", "within", "about", "into", "onto",
        "as", "up", "out", "off", "over", "while", "after", "before", "during", "per", "via",
        "not", "no", "yes", "any", "all", "some", "each", "every", "other", "same",
        "test", "tested", "testing", "work", "works", "way", "ways", "say", "says", "said", "tell",
        "show", "shows", "please", "properly", "correctly", "right", "good", "best",
    ]

    /// A word that names a platform, a framework or a screen reader, and what it raises.
    struct PlatformWord: Equatable {
        var platform: String
        var framework: String?
        var screenReader: String?
    }

    static let platformWords: [String: PlatformWord] = [
        "ios": PlatformWord(platform: "ios"),
        "iphone": PlatformWord(platform: "ios"),
        "ipad": PlatformWord(platform: "ios"),
        "voiceover": PlatformWord(platform: "ios", screenReader: "VoiceOver"),
        "uikit": PlatformWord(platform: "ios", framework: "uikit"),
        "swiftui": PlatformWord(platform: "ios", framework: "swiftui"),
        "android": PlatformWord(platform: "android"),
        "talkback": PlatformWord(platform: "android", screenReader: "TalkBack"),
        "views": PlatformWord(platform: "android", framework: "android-views"),
        "compose": PlatformWord(platform: "android", framework: "jetpack-compose"),
        "jetpack": PlatformWord(platform: "android", framework: "jetpack-compose"),
        "web": PlatformWord(platform: "web"),
        "html": PlatformWord(platform: "web"),
        "browser": PlatformWord(platform: "web"),
        "nvda": PlatformWord(platform: "web", screenReader: "NVDA"),
        "jaws": PlatformWord(platform: "web", screenReader: "JAWS"),
    ]
}
