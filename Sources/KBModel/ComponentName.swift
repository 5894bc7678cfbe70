/// How a component is named across knowledge bases, plans, checklist ids and results files:
/// `web/button`, its family and its slug. Read in one place, so a name with an unknown family is
/// refused the same way everywhere.
public struct ComponentName: Hashable, Sendable, CustomStringConvertible {
    public var family: Family
    public var slug: String

    public init(family: Family, slug: String) {
        (self.family, self.slug) = (family, slug)
    }

    /// `web/button`, or the part before the first `:` of a checklist id
    /// (`web/button:keyboard:web:tab`); nil when the family is none a11ykb knows or no slug follows.
    public init?(_ text: some StringProtocol) {
        let name = text.prefix { $0 != ":" }
        guard let slash = name.firstIndex(of: "/"), let family = Family(rawValue: String(name[..<slash])) else { return nil }
        let slug = name[name.index(after: slash)...]
        guard !slug.isEmpty else { return nil }
        self.init(family: family, slug: String(slug))
    }

    public var description: String { "\(family.rawValue)/\(slug)" }
}
