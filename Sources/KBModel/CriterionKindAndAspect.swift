/// A value of one of the vocabulary's open sets (`CriterionKind`, `Aspect`): any slug is one, the
/// values the vocabulary knows are its `known` constants, and it is written as its slug everywhere:
/// `description`, SQLite, and JSON, where the standard library encodes a `RawRepresentable` with a
/// `String` raw value as that string (`"keyboard"`, never `{"rawValue": ...}`).
public protocol OpenVocabularyValue: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible where RawValue == String {
    /// Any slug: an unknown one is kept, not refused.
    init(rawValue: String)
    /// The values the vocabulary knows, in the order a reader expects them.
    static var known: [Self] { get }
}

extension OpenVocabularyValue {
    /// Whether the vocabulary knows it (one kept from an unknown label or heading does not).
    public var isKnown: Bool { Self.known.contains(self) }

    public var description: String { rawValue }
}

/// A criterion's kind (`criteria.kind`): the kind of check it is, `keyboard`, `gesture`,
/// `screenreader`, `settings`, or `checklist` for the web era's WCAG checks.
///
/// The set is open, unlike `Platform`'s: a kind the vocabulary does not know is kept as written
/// (slugified) and reported by the import, never dropped (DESIGN.md), so any slug is a kind and
/// one read from a knowledge base is taken as it is. The kinds the vocabulary knows are constants,
/// so that code compares against them and a misspelt one does not compile, where a misspelt
/// literal compared silently false. It is written as its slug everywhere (`description`, JSON,
/// SQLite), so no output changes with the type.
public struct CriterionKind: OpenVocabularyValue {
    public let rawValue: String

    /// Any slug: an unknown kind is kept, not refused.
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let keyboard = CriterionKind(rawValue: "keyboard")
    public static let gesture = CriterionKind(rawValue: "gesture")
    public static let screenreader = CriterionKind(rawValue: "screenreader")
    public static let settings = CriterionKind(rawValue: "settings")
    /// The web era's WCAG checks and the testing guides' `✓` checks.
    public static let checklist = CriterionKind(rawValue: "checklist")

    /// The kinds the vocabulary knows, in the order a reader expects them.
    public static let known: [CriterionKind] = [.keyboard, .gesture, .screenreader, .settings, .checklist]
}

/// What a note, code example or gap is about (`guidance.aspect`, `code_examples.aspect`,
/// `gaps.aspect`): `general`, `name`, `role`, `group`, `state`, `focus`, `custom-action`, and
/// `announcements` and `further-reading` for the explanations in an announcement section and a
/// reading list's links.
///
/// Open, as `CriterionKind` is: a heading the vocabulary does not know is kept as an aspect of
/// its own, slugified (`accessibility-trait`), and reported. A gap's aspect names either an aspect
/// or the criteria kind it sits under (one column for both): `Aspect(kind)` and `criterionKind`
/// carry the slug from one to the other. Written as its slug everywhere, like `CriterionKind`.
public struct Aspect: OpenVocabularyValue {
    public let rawValue: String

    /// Any slug: an unknown aspect is kept, not refused.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The criteria kind a gap sits under, as a gap's aspect.
    public init(_ kind: CriterionKind) { rawValue = kind.rawValue }

    public static let general = Aspect(rawValue: "general")
    public static let name = Aspect(rawValue: "name")
    public static let role = Aspect(rawValue: "role")
    public static let group = Aspect(rawValue: "group")
    public static let state = Aspect(rawValue: "state")
    public static let focus = Aspect(rawValue: "focus")
    public static let customAction = Aspect(rawValue: "custom-action")
    /// Explanations in an announcement section that are no quoted announcement.
    public static let announcements = Aspect(rawValue: "announcements")
    /// A reading list's links other than WCAG citations. Not among `known`: the vocabulary maps
    /// no label to it (the normalizer sets it for a reference section), so a comparison shows it
    /// with the headings it does not know.
    public static let furtherReading = Aspect(rawValue: "further-reading")
    /// A page's "Code examples" section that stands under no aspect heading: its prose and its
    /// code. Not among `known`, as `furtherReading`.
    public static let codeExamples = Aspect(rawValue: "code-examples")

    /// The aspects the vocabulary knows, in the order a reader expects them.
    public static let known: [Aspect] = [.general, .name, .role, .group, .state, .focus, .customAction, .announcements]

    /// The aspect a criterion's label is, word for word (`Name`, `State`, `Custom action`); nil
    /// for any other label, one the vocabulary does not know included.
    package init?(criterionLabel label: String) {
        let aspect = Aspect(rawValue: Vocabulary.slugify(label))
        guard aspect.isKnown else { return nil }
        self = aspect
    }

    /// The same slug read as a criteria kind: what a gap's aspect names when it sits under criteria.
    public var criterionKind: CriterionKind { CriterionKind(rawValue: rawValue) }
}
