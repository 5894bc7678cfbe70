import Foundation

/// What changed from one report to another (two releases, or two vendors' reports), per chapter,
/// criterion and component: the level (old → new), the note, a component's adherence added or
/// removed; and the catalog, title, product version and report version. An empty or missing level
/// is a value, "not stated", never an error.
public struct OpenACRDiff: Sendable, Equatable {
    /// As data, a change has the contract's keys in this order: where it is, then what changed.
    public struct Change: Sendable, Equatable, Encodable {
        /// `level`, `notes`, `added`, `removed`, `catalog`, `title`, `product_version`, `version`.
        public var field: String
        public var chapter: String?
        public var criterion: String?
        public var component: String?
        /// nil: not stated (or, for `added`, absent).
        public var old: String?
        public var new: String?

        enum CodingKeys: String, CodingKey { case chapter, criterion, component, field, old, new }
    }

    public var changes: [Change]

    public static func compare(_ old: OpenACRReport, _ new: OpenACRReport) -> OpenACRDiff {
        var out: [Change] = []
        func top(_ field: String, _ a: String?, _ b: String?) {
            if a != b { out.append(Change(field: field, old: a, new: b)) }
        }
        top("catalog", old.catalog, new.catalog)
        top("title", old.title, new.title)
        top("product_version", old.product?.version, new.product?.version)
        top("version", old.version.map(String.init), new.version.map(String.init))
        // Chapters in the new report's order, then those only the old one has.
        var chapterIDs = new.chapters.map(\.id)
        for c in old.chapters where !chapterIDs.contains(c.id) { chapterIDs.append(c.id) }
        for chapterID in chapterIDs {
            let a = old.chapter(chapterID)?.criteria ?? [], b = new.chapter(chapterID)?.criteria ?? []
            var nums = b.map(\.num)
            for c in a where !nums.contains(c.num) { nums.append(c.num) }
            for num in nums {
                let ca = a.first { $0.num == num }?.components ?? [], cb = b.first { $0.num == num }?.components ?? []
                var names = cb.map(\.name)
                for c in ca where !names.contains(c.name) { names.append(c.name) }
                for name in names {
                    let pa = ca.first { $0.name == name }, pb = cb.first { $0.name == name }
                    func change(_ field: String, _ o: String?, _ n: String?) {
                        out.append(Change(field: field, chapter: chapterID, criterion: num, component: name, old: o, new: n))
                    }
                    let la = stated(pa?.adherence?.level), lb = stated(pb?.adherence?.level)
                    let na = stated(pa?.adherence?.notes), nb = stated(pb?.adherence?.notes)
                    switch (pa, pb) {
                    case (nil, .some): change("added", nil, lb)
                    case (.some, nil): change("removed", la, nil)
                    default:
                        if la != lb { change("level", la, lb) }
                        if na != nb { change("notes", na, nb) }
                    }
                }
            }
        }
        return OpenACRDiff(changes: out)
    }

    static func stated(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}
