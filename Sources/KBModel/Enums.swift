/// Which part of MagentaA11y a component belongs to. Stored as its raw value in
/// `components.family`; a checkout's folders (`native/`, `web/`, `_checklist-web/`) name it.
public enum Family: String, Sendable, Codable, CaseIterable, Comparable {
    case native, web

    /// The platforms a fact written "for every platform" of this family applies to.
    public var platforms: [String] { self == .web ? ["web"] : ["ios", "android"] }

    /// A fact with no platform of its own belongs to this one by default (web facts are web's).
    package var defaultPlatform: String? { self == .web ? "web" : nil }

    /// The family a platform belongs to: `web` → web, `ios` and `android` → native.
    public init(platform: String) { self = platform == "web" ? .web : .native }

    public static func < (lhs: Family, rhs: Family) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where an announcement comes from (`announcements.origin`).
public enum AnnouncementOrigin: String, Sendable, Codable, CaseIterable {
    /// A quoted example in the developer notes.
    case example
    /// An utterance of a screen-reader video's caption file.
    case transcript
}

/// What is missing where a gap sits (`gaps.problem`).
public enum GapProblem: String, Sendable, Codable, CaseIterable {
    /// Template text never filled in: an empty bullet, `For collapsed: Set...`, `Expanded:`.
    case placeholder
    /// A heading or framework bullet with nothing under it.
    case emptySection = "empty-section"
    /// The template's `_component` token left in a note.
    case templateToken = "template-token"
}

/// Whether a code example is one to copy (`code_examples.quality`).
public enum CodeQuality: String, Sendable, Codable, CaseIterable {
    case good
    /// Under a "Bad example" marker (`<h4 class="bad-example">`, `{: .bad-example}`, a "Bad example"
    /// heading): how not to do it.
    case bad
}
