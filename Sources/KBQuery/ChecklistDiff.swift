/// What changed in the criteria between two knowledge bases, per component, by stable id and
/// fingerprint: items added, removed and reworded, components added and removed.
import GRDB
import KBModel

public struct ChecklistDiff: Sendable {
    public enum ChangeKind: String, Sendable {
        case added, removed, reworded
    }

    public struct Change: Sendable {
        public var kind: ChangeKind
        /// The item as it was (removed, reworded) and as it is (added, reworded).
        public var old: ChecklistItem?
        public var new: ChecklistItem?
        public var item: ChecklistItem { (new ?? old)! }
    }

    public struct ComponentChanges: Sendable {
        /// `family/slug`.
        public var component: String
        public var title: String
        public var changes: [Change]
    }

    public var added: [String]
    public var removed: [String]
    /// Components in both, with what changed, by family and slug.
    public var changed: [ComponentChanges]

    /// How many changes of `kind` touch items of `itemKind`.
    public func count(_ kind: ChangeKind, _ itemKind: ChecklistItem.Kind) -> Int {
        changed.reduce(0) { $0 + $1.changes.filter { $0.kind == kind && $0.item.kind == itemKind }.count }
    }

    /// Every item of every component of one knowledge base, by component.
    package static func snapshot(_ db: Database) throws -> [String: (title: String, items: [ChecklistItem])] {
        let all = try ComponentFacts.loadAll(db)
        let links = try SuccessCriteriaLinks.byComponent(db, ids: all.map(\.component.id))
        var out: [String: (title: String, items: [ChecklistItem])] = [:]
        for facts in all {
            let c = facts.component
            out["\(c.family.rawValue)/\(c.slug)"] = (c.title, Checklist.items(of: facts, successCriteria: links[c.id] ?? []).map(\.item))
        }
        return out
    }

    package static func compare(old: [String: (title: String, items: [ChecklistItem])],
                                new: [String: (title: String, items: [ChecklistItem])]) -> ChecklistDiff {
        var diff = ChecklistDiff(added: new.keys.filter { old[$0] == nil }.sorted(),
                                 removed: old.keys.filter { new[$0] == nil }.sorted(), changed: [])
        for name in new.keys.filter({ old[$0] != nil }).sorted() {
            let before = old[name]!.items, after = new[name]!.items
            let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let afterIDs = Set(after.map(\.id))
            var changes: [Change] = []
            for item in after {
                if let was = beforeByID[item.id] {
                    if was.fingerprint != item.fingerprint { changes.append(Change(kind: .reworded, old: was, new: item)) }
                } else {
                    changes.append(Change(kind: .added, old: nil, new: item))
                }
            }
            for item in before where !afterIDs.contains(item.id) { changes.append(Change(kind: .removed, old: item, new: nil)) }
            if !changes.isEmpty { diff.changed.append(ComponentChanges(component: name, title: new[name]!.title, changes: changes)) }
        }
        return diff
    }

    /// The items of `items` whose id is new or whose wording changed since `old`: what `plan show`
    /// marks.
    public static func changedIDs(_ items: [ChecklistItem], since old: [String: (title: String, items: [ChecklistItem])]) -> [String: ChangeKind] {
        var out: [String: ChangeKind] = [:]
        for item in items {
            let before = old[item.component]?.items.first { $0.id == item.id }
            if let before { if before.fingerprint != item.fingerprint { out[item.id] = .reworded } } else { out[item.id] = .added }
        }
        return out
    }
}
