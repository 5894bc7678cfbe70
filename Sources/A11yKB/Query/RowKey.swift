/// What a comparison or matrix row is about: a guidance aspect (`state`), a criteria kind
/// (`keyboard`), or the announcements.
public struct RowKey: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable { case aspect, criteria, announcements }
    public var key: String
    public var kind: Kind

    public static func aspect(_ key: String) -> RowKey { RowKey(key: key, kind: .aspect) }
    public static func criteria(_ key: String) -> RowKey { RowKey(key: key, kind: .criteria) }
    public static let announcements = RowKey(key: "announcements", kind: .announcements)

    public var description: String { key }

    /// The standard rows in the order a reader expects: aspects, criteria kinds, announcements.
    public static let standardAspects = ["name", "role", "group", "state", "focus", "custom-action", "general"]
    public static let standardKinds = ["keyboard", "gesture", "screenreader", "settings"]

    /// Parses what a user types: `state`, `Groupings`, `gestures`, `announcements`, `custom-action`.
    public static func parse(_ text: String) -> RowKey? {
        let slug = Vocabulary.slugify(text)
        if slug.isEmpty { return nil }
        if slug == "announcements" || slug == "announcement" { return .announcements }
        if standardKinds.contains(slug) { return .criteria(slug) }
        if case .aspect(let aspect) = Vocabulary.classify(text) { return .aspect(aspect) }
        if let kind = Vocabulary.criterionKind(text) { return .criteria(kind) }
        return .aspect(slug)
    }

    /// The standard rows, then any other aspect or criteria kind the components hold.
    public static func rows(for components: [ComponentFacts]) -> [RowKey] {
        var aspects = standardAspects
        var kinds = standardKinds
        for facts in components {
            for g in facts.guidance where g.aspect != "announcements" && !aspects.contains(g.aspect) { aspects.append(g.aspect) }
            for c in facts.criteria where !kinds.contains(c.kind) { kinds.append(c.kind) }
        }
        return aspects.map(RowKey.aspect) + kinds.map(RowKey.criteria) + [.announcements]
    }

    public var title: String {
        switch kind {
        case .announcements: "announcements"
        case .criteria: key
        case .aspect: key
        }
    }
}
