/// Which part of MagentaA11y a component belongs to. Stored as its raw value in
/// `components.family`; a checkout's folders (`native/`, `web/`, `_checklist-web/`,
/// `how-to-test/`) name it.
public enum Family: String, Sendable, Codable, CaseIterable, Comparable {
    case native, web
    /// The testing guides (`how-to-test/test-type/keyboard-&-focus.md`): how to test a kind of
    /// content, whatever the component; their checks are criteria like a component's.
    case howToTest = "how-to-test"

    /// The platforms a fact written "for every platform" of this family applies to (a guide's:
    /// every platform).
    public var platforms: [Platform] {
        Platform.allCases.filter { self == .howToTest || $0.family == self }
    }

    /// A fact with no platform of its own belongs to this one by default (web facts are web's).
    package var defaultPlatform: Platform? { self == .web ? .web : nil }

    public static func < (lhs: Family, rhs: Family) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A platform a fact can be written for (`platforms.slug`). The set is closed: a fact whose platform
/// is not one of these cannot be built, so no platform label ever turns silently into NULL, which
/// the schema reads as "every platform".
public enum Platform: String, Sendable, Codable, CaseIterable {
    case ios, android, web

    public var name: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        case .web: "Web"
        }
    }

    /// The screen reader MagentaA11y's notes and videos speak of on this platform.
    public var screenReader: String? {
        switch self {
        case .ios: "VoiceOver"
        case .android: "TalkBack"
        case .web: nil
        }
    }

    public var family: Family { self == .web ? .web : .native }
}

/// A framework developer notes can be written for (`frameworks.slug`); closed like `Platform`.
public enum Framework: String, Sendable, Codable, CaseIterable {
    case uikit, swiftui
    case androidViews = "android-views"
    case jetpackCompose = "jetpack-compose"

    public var name: String {
        switch self {
        case .uikit: "UIKit"
        case .swiftui: "SwiftUI"
        case .androidViews: "Android Views"
        case .jetpackCompose: "Jetpack Compose"
        }
    }

    public var platform: Platform {
        switch self {
        case .uikit, .swiftui: .ios
        case .androidViews, .jetpackCompose: .android
        }
    }
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
    /// The page's "Full information" link leads to another component's page (the modal's to the
    /// segmented control's): a copy left from the page it was made from.
    case crossLink = "cross-link"
}

/// Whether a code example is one to copy (`code_examples.quality`).
public enum CodeQuality: String, Sendable, Codable, CaseIterable {
    case good
    /// Under a "Bad example" marker (`<h4 class="bad-example">`, `{: .bad-example}`, a "Bad example"
    /// heading): how not to do it.
    case bad
}
