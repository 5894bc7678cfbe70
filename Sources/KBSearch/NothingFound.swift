/// Why a search found nothing, when that can be said; the renderers word it.
public enum NothingFound: Sendable, Equatable {
    /// What a search lists: facts or components.
    public enum Unit: String, Sendable { case fact, component }
    /// The filters left out every match: `count` match without them.
    case matchWithoutFilters(count: Int, unit: Unit)
    /// Each term matches something, but no `unit` holds them all.
    case neverTogether(terms: [String], unit: Unit)
}
