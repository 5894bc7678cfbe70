import GRDB
import KBModel

/// What the knowledge base holds that an import's decisions depend on: its sources, which source
/// holds each component, and which caption files gave cues to which component. Read once under the
/// write lock (`read`); the planner then keeps it in step with the operations it plans, so it never
/// asks the database again. A plain value: tests build one by hand.
package struct StoredState: Sendable, Equatable {
    package struct Source: Sendable, Equatable {
        package var id: Int64
        package var location: SourceLocation
        package var format: SourceFormat
        package var sha256: String
        package var supersededBy: Int64?

        package init(id: Int64, location: SourceLocation, format: SourceFormat, sha256: String, supersededBy: Int64? = nil) {
            self.id = id
            self.location = location
            self.format = format
            self.sha256 = sha256
            self.supersededBy = supersededBy
        }
    }

    package struct ComponentKey: Hashable, Sendable {
        package var family: Family
        package var slug: String

        package init(_ family: Family, _ slug: String) {
            self.family = family
            self.slug = slug
        }
    }

    package struct Component: Sendable, Equatable {
        package var id: Int64
        package var key: ComponentKey
        package var sourceID: Int64
        /// The category its source files it under (a checkout's folder): which document it is.
        package var category: String?

        package init(id: Int64, key: ComponentKey, sourceID: Int64, category: String? = nil) {
            self.id = id
            self.key = key
            self.sourceID = sourceID
            self.category = category
        }
    }

    /// An automated rule as its engine names it: `axe`/`button-name`, `act`/`97a4e1`.
    package struct RuleKey: Hashable, Sendable, Comparable {
        package var kind: RuleKind
        package var slug: String

        package init(_ kind: RuleKind, _ slug: String) {
            self.kind = kind
            self.slug = slug
        }

        package static func < (a: RuleKey, b: RuleKey) -> Bool { (a.kind.rawValue, a.slug) < (b.kind.rawValue, b.slug) }
    }

    package var sources: [Int64: Source] = [:]
    /// Source ids by `SourceLocation.absolute`: how a file imported again finds its row.
    package var sourceIDs: [String: Int64] = [:]
    package var components: [ComponentKey: Component] = [:]
    /// The components each source holds.
    package var componentsOf: [Int64: Set<ComponentKey>] = [:]
    /// The rules each source gives (a rule given by two sources is answered from the later row).
    package var rulesOf: [Int64: Set<RuleKey>] = [:]
    /// Per component id, the caption sources whose cues it holds.
    package var captions: [Int64: Set<Int64>] = [:]
    /// The largest ids in use: new rows are numbered after them.
    package var lastSourceID: Int64 = 0
    package var lastComponentID: Int64 = 0

    package init(sources: [Source] = [], components: [Component] = [], captions: [Int64: Set<Int64>] = [:]) {
        for source in sources { add(source) }
        for component in components { add(component) }
        self.captions = captions
    }

    package mutating func add(_ source: Source) {
        sources[source.id] = source
        sourceIDs[source.location.absolute] = source.id
        lastSourceID = max(lastSourceID, source.id)
    }

    package mutating func dropSource(_ id: Int64) {
        guard let source = sources.removeValue(forKey: id) else { return }
        sourceIDs[source.location.absolute] = nil
        componentsOf[id] = nil
        rulesOf[id] = nil
        for key in captions.keys { captions[key]?.remove(id) }
        // `superseded_by` is ON DELETE SET NULL.
        for (other, source) in sources where source.supersededBy == id { sources[other]?.supersededBy = nil }
    }

    package mutating func add(_ component: Component) {
        if let previous = components[component.key] { componentsOf[previous.sourceID]?.remove(component.key) }
        components[component.key] = component
        componentsOf[component.sourceID, default: []].insert(component.key)
        lastComponentID = max(lastComponentID, component.id)
    }

    package mutating func dropComponent(_ key: ComponentKey) {
        guard let component = components.removeValue(forKey: key) else { return }
        componentsOf[component.sourceID]?.remove(key)
        captions[component.id] = nil
    }

    /// Reads what is stored. Runs inside the import's transaction, under the write lock.
    package static func read(_ db: Database) throws -> StoredState {
        var state = StoredState()
        let sources = try Row.fetchAll(db, sql: """
            SELECT s.id, r.path AS root, s.path, s.format, s.sha256, s.superseded_by FROM sources s LEFT JOIN roots r ON r.id = s.root_id
            """)
        for row in sources {
            state.add(Source(id: row["id"], location: SourceLocation(root: row["root"], path: row["path"]),
                             format: SourceFormat(rawValue: row["format"]) ?? .renderedText, sha256: row["sha256"],
                             supersededBy: row["superseded_by"]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, family, slug, source_id, category FROM components") {
            guard let family = Family(rawValue: row["family"]) else { continue }
            state.add(Component(id: row["id"], key: ComponentKey(family, row["slug"]), sourceID: row["source_id"], category: row["category"]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT DISTINCT source_id, kind, slug FROM rules") {
            state.rulesOf[row["source_id"], default: []].insert(RuleKey(try row.ruleKind(), row["slug"]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT DISTINCT component_id, source_id FROM announcements WHERE origin = 'transcript'") {
            state.captions[row["component_id"], default: []].insert(row["source_id"])
        }
        return state
    }
}
