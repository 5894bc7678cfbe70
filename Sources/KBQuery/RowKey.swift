/// What a comparison or matrix row is about: a guidance aspect (`state`), a criteria kind
/// (`keyboard`), the announcements, or (in a readable matrix) every heading the vocabulary does
/// not know.
import KBModel

public struct RowKey: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable { case aspect, criteria, announcements, other }
    public var key: String
    public var kind: Kind

    public static func aspect(_ aspect: Aspect) -> RowKey { RowKey(key: aspect.rawValue, kind: .aspect) }
    public static func criteria(_ kind: CriterionKind) -> RowKey { RowKey(key: kind.rawValue, kind: .criteria) }
    public static let announcements = RowKey(key: "announcements", kind: .announcements)
    /// Notes, criteria, code and gaps under aspects and kinds the vocabulary does not know.
    public static let other = RowKey(key: "other", kind: .other)

    /// Whether the vocabulary does not know a note's aspect (`accessibility-trait`,
    /// `examples-of-decorative-icons-and-images`): such notes go to the `other` row.
    public static func isUnknownAspect(_ aspect: Aspect) -> Bool { !aspect.isKnown }
    /// Whether the vocabulary does not know a criteria kind.
    public static func isUnknownKind(_ kind: CriterionKind) -> Bool { !kind.isKnown }
    /// Whether a gap's aspect, which names a note aspect or a criteria kind, is neither.
    public static func isUnknown(_ aspect: Aspect) -> Bool { isUnknownAspect(aspect) && isUnknownKind(aspect.criterionKind) }

    public var description: String { key }

    /// The standard rows in the order a reader expects: aspects, criteria kinds, announcements.
    public static let standardAspects: [Aspect] = [.name, .role, .group, .state, .focus, .customAction, .general]
    public static let standardKinds: [CriterionKind] = [.keyboard, .gesture, .screenreader, .settings]

    /// Parses what a user types: `state`, `Groupings`, `gestures`, `announcements`, `custom-action`.
    public static func parse(_ text: String) -> RowKey? {
        let slug = Vocabulary.slugify(text)
        if slug.isEmpty { return nil }
        if slug == "announcements" || slug == "announcement" { return .announcements }
        let asKind = CriterionKind(rawValue: slug)
        if standardKinds.contains(asKind) { return .criteria(asKind) }
        if case .aspect(let aspect) = Vocabulary.classify(text) { return .aspect(aspect) }
        if let kind = Vocabulary.criterionKind(text) { return .criteria(kind) }
        return .aspect(Aspect(rawValue: slug))
    }

    public var title: String { key }
}
