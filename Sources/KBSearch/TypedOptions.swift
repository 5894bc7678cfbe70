import KBModel

// A platform, framework or conformance level as a skin's user gives it, read into the closed type
// every question takes. The questions take only the types: each skin reads its user's words here,
// so that every skin refuses a word that is none in the same words.

extension Platform {
    /// A platform as a filter takes it: its slug (`ios`, `android`, `web`), exactly.
    public init(slug text: String) throws {
        guard let platform = Platform(rawValue: text) else { throw Platform.unknown(text) }
        self = platform
    }

    /// A platform as a user types it: `iOS`, `android`, `VoiceOver` (a word the vocabulary reads
    /// as the platform), or its slug.
    public init(typed text: String) throws {
        let slug = Vocabulary.platformSlug(text) ?? Vocabulary.slugify(text)
        guard let platform = Platform(rawValue: slug) else { throw Platform.unknown(text) }
        self = platform
    }

    /// Platforms as a user types them, each once in the order first given (`ios,iOS` is one).
    public static func typed(_ texts: [String]) throws -> [Platform] {
        try texts.map { try Platform(typed: $0) }.uniqued()
    }

    static func unknown(_ text: String) -> QueryError {
        .invalidOption("unknown platform \"\(text)\"; known: \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
    }
}

extension Framework {
    /// A framework as a filter takes it: its slug (`swiftui`, `jetpack-compose`), exactly.
    public init(slug text: String) throws {
        guard let framework = Framework(rawValue: text) else { throw Framework.unknown(text) }
        self = framework
    }

    /// A framework as a user types it: `SwiftUI`, `Jetpack Compose`, `compose` (a label the
    /// vocabulary reads as the framework), or its slug.
    public init(typed text: String) throws {
        let slug = Vocabulary.meaning(ofFrameworkLabel: text)?.rawValue ?? Vocabulary.slugify(text)
        guard let framework = Framework(rawValue: slug) else { throw Framework.unknown(text) }
        self = framework
    }

    static func unknown(_ text: String) -> QueryError {
        .invalidOption("unknown framework \"\(text)\"; known: " + Framework.allCases.map(\.rawValue).joined(separator: ", "))
    }
}

extension WCAGLevel {
    /// A conformance level as a user types it: `A`, `aa`, ` AAA `.
    public init(typed text: String) throws {
        guard let level = WCAGLevel(written: text) else {
            throw QueryError.invalidOption("a conformance level is A, AA or AAA (got \"\(text)\")")
        }
        self = level
    }
}
