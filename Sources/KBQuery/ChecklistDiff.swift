/// What changed in the criteria between two knowledge bases, per component, by stable id and
/// fingerprint: items added, removed and reworded, components added and removed.
import GRDB
import KBModel
import KBStore

public struct ChecklistDiff: Sendable {
    public enum ChangeKind: String, Sendable {
        case added, removed, reworded
        /// The same words but for quotes, dashes, spaces or case (`Typography`).
        case typographic
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
    /// Families one side holds no component of (the 2024 checkout holds native entries only):
    /// their components are not compared, never listed as added or removed.
    public var absentFamilies: [(family: Family, fromOld: Bool)] = []
    /// Changes of typography only, left out of `changed` unless asked for.
    public var typographicChanges = 0
    /// Components in both, with what changed, by family and slug.
    public var changed: [ComponentChanges]

    /// How many changes of `kind` touch items of `itemKind`.
    public func count(_ kind: ChangeKind, _ itemKind: ChecklistItem.Kind) -> Int {
        changed.reduce(0) { $0 + $1.changes.filter { $0.kind == kind && $0.item.kind == itemKind }.count }
    }

    /// Every item of every component of one knowledge base, by component.
    /// `componentID`: that component alone.
    package static func snapshot(_ db: Database, componentID: Int64? = nil) throws -> [String: (title: String, items: [ChecklistItem])] {
        let all = try componentID.map { try ComponentFacts.loadAll(db, where: "c.id = ?", arguments: [$0]) } ?? ComponentFacts.loadAll(db)
        let links = try TestedSuccessCriteria.load(db, componentIDs: componentID.map { [$0] })
        var out: [String: (title: String, items: [ChecklistItem])] = [:]
        for facts in all {
            let c = facts.component
            out["\(c.family.rawValue)/\(c.slug)"] = (c.title, Checklist.items(of: facts, links: links).map(\.item))
        }
        return out
    }

    package static func compare(old: [String: (title: String, items: [ChecklistItem])],
                                new: [String: (title: String, items: [ChecklistItem])], showTypography: Bool = false) -> ChecklistDiff {
        func family(_ name: String) -> Family? { ComponentName(name)?.family }
        let oldFamilies = Set(old.keys.compactMap(family)), newFamilies = Set(new.keys.compactMap(family))
        var diff = ChecklistDiff(added: new.keys.filter { old[$0] == nil && family($0).map(oldFamilies.contains) ?? true }.sorted(),
                                 removed: old.keys.filter { new[$0] == nil && family($0).map(newFamilies.contains) ?? true }.sorted(),
                                 changed: [])
        diff.absentFamilies = Family.allCases.compactMap { f in
            oldFamilies.contains(f) == newFamilies.contains(f) ? nil : (f, !oldFamilies.contains(f))
        }
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
            changes = pairRewordings(changes).map { change in
                guard change.kind == .reworded, let was = change.old, let now = change.new, Typography.same(was, now) else { return change }
                return Change(kind: .typographic, old: was, new: now)
            }
            if showTypography == false {
                diff.typographicChanges += changes.filter { $0.kind == .typographic }.count
                changes.removeAll { $0.kind == .typographic }
            }
            if !changes.isEmpty { diff.changed.append(ComponentChanges(component: name, title: new[name]!.title, changes: changes)) }
        }
        return diff
    }

    /// Notes and announcements have no label, so their ids follow their wording: a note removed and
    /// one added under the same platform, framework and aspect whose words mostly agree (at least
    /// 60 % of the words of either, Jaccard) read as one reworded note. Greedy, best pair first;
    /// criteria are never paired (their ids already say).
    static func pairRewordings(_ changes: [Change]) -> [Change] {
        func key(_ item: ChecklistItem) -> String { String(item.id[..<(item.id.lastIndex(of: ":") ?? item.id.endIndex)]) }
        func words(_ item: ChecklistItem) -> Set<String> { Set(ItemIdentity.slug(item.expectation).split(separator: "-").map(String.init)) }
        let removed = changes.indices.filter { changes[$0].kind == .removed && changes[$0].item.kind != .criterion }
        let added = changes.indices.filter { changes[$0].kind == .added && changes[$0].item.kind != .criterion }
        var candidates: [(score: Double, removed: Int, added: Int)] = []
        for r in removed {
            let old = changes[r].item, oldWords = words(old)
            for a in added where key(changes[a].item) == key(old) {
                let newWords = words(changes[a].item)
                let union = oldWords.union(newWords).count
                let score = union == 0 ? 0 : Double(oldWords.intersection(newWords).count) / Double(union)
                if score >= 0.6 { candidates.append((score, r, a)) }
            }
        }
        var used = Set<Int>(), paired: [Int: Change] = [:]
        for c in candidates.sorted(by: { ($0.score, -$0.removed, -$0.added) > ($1.score, -$1.removed, -$1.added) })
            where !used.contains(c.removed) && !used.contains(c.added) {
            used.formUnion([c.removed, c.added])
            paired[c.added] = Change(kind: .reworded, old: changes[c.removed].old, new: changes[c.added].new)
        }
        return changes.indices.compactMap { i in
            if let change = paired[i] { return change }
            return used.contains(i) ? nil : changes[i]
        }
    }

    /// A superseded source as the knowledge base records it: where it was imported from, and the
    /// hash and size of the file then (what a file read again must match).
    package struct SupersededSource: Sendable {
        package var location: SourceLocation
        package var sha256: String
        package var bytes: Int
    }

    /// The sources a component's source superseded, newest first, with the component's
    /// `family/slug`.
    package static func supersededSources(_ db: Database, componentID: Int64) throws -> (component: String, sources: [SupersededSource]) {
        let name = try String.fetchOne(db, sql: "SELECT family || '/' || slug FROM components WHERE id = ?", arguments: [componentID]) ?? ""
        let rows = try Row.fetchAll(db, sql: """
            SELECT v.root, v.path, v.sha256, v.bytes FROM v_sources v JOIN components c ON v.superseded_by = c.source_id
            WHERE c.id = ? ORDER BY v.imported_at DESC, v.id DESC
            """, arguments: [componentID])
        return (name, rows.map { SupersededSource(location: SourceLocation(root: $0["root"], path: $0["path"]),
                                                  sha256: $0["sha256"] ?? "", bytes: $0["bytes"] ?? -1) })
    }

    /// The items of `items` whose id is new or whose wording changed since `old`: what `plan show`
    /// marks, by the rules of `compare` (a note reworded is changed, not new; typography is no change).
    public static func changedIDs(_ items: [ChecklistItem], since old: [String: (title: String, items: [ChecklistItem])]) -> [String: ChangeKind] {
        var now: [String: (title: String, items: [ChecklistItem])] = [:]
        for item in items { now[item.component, default: (item.componentTitle, [])].items.append(item) }
        let before = old.filter { now[$0.key] != nil }
        var out: [String: ChangeKind] = [:]
        for component in compare(old: before, new: now).changed {
            for change in component.changes where change.kind != .removed {
                if let id = change.new?.id { out[id] = change.kind }
            }
        }
        // A component the older knowledge base does not hold is new as a whole.
        for item in items where old[item.component] == nil { out[item.id] = .added }
        return out
    }
}
