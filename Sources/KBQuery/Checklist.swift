/// Several components' acceptance criteria in one list, as a tester pastes them into one ticket,
/// kept to one stack: the criteria of every platform plus the chosen platform's (a criterion
/// scoped in words to another platform left out), and, for a chosen platform, its developer notes
/// of the chosen framework (or of none). Every item has a stable id and a fingerprint.
import GRDB
import KBModel
import KBSearch

public struct Checklist: Sendable {
    public struct Section: Sendable {
        public var component: ComponentFacts.Component
        /// What a tester ticks: criteria grouped by kind (keyboard, gesture, screenreader, settings,
        /// others), then, when the stack asks for them as items, the developer notes.
        public var items: [ChecklistItem]
        /// The stack's developer notes as guidance beside the criteria (how the component is built),
        /// not items to tick: a component whose criteria all passed is not "not evaluated" for its
        /// notes. Empty when the notes are items.
        public var guidance: [ChecklistItem] = []
        /// The gaps its source leaves open in what is kept.
        public var gaps: [Gap]
        public var criteriaCount: Int { items.filter { $0.kind == .criterion }.count }
    }

    /// The stack: nil platform is every platform; a framework implies its platform.
    public struct Stack: Sendable, Equatable {
        public var platform: Platform?
        public var framework: Framework?
        /// The developer notes as items to tick too, for teams that test them (default: guidance).
        public var notesAsItems: Bool
        /// A stack as it is; `checked(platform:framework:)` fills in a framework's platform and
        /// refuses a framework of another.
        public init(platform: Platform? = nil, framework: Framework? = nil, notesAsItems: Bool = false) {
            self.platform = platform
            self.framework = framework
            self.notesAsItems = notesAsItems
        }
    }

    /// Whether the developer notes are items (else guidance beside them).
    public var notesAsItems = false

    /// nil: every platform.
    public var platform: Platform?
    public var framework: Framework?
    /// In the order the components were asked for.
    public var sections: [Section]
    /// `family/slug` of components a saved plan names that the knowledge base no longer holds.
    public var missing: [String] = []

    public var criteriaCount: Int { sections.reduce(0) { $0 + $1.criteriaCount } }
    public var items: [ChecklistItem] { sections.flatMap(\.items) }

    package static func build(_ components: [ComponentFacts], stack: Stack, links: TestedSuccessCriteria) -> Checklist {
        var checklist = Checklist(platform: stack.platform, framework: stack.framework, sections: components.map { facts in
            section(facts, stack: stack, links: links)
        })
        checklist.notesAsItems = stack.notesAsItems
        return checklist
    }

    /// One component's items for the stack; its notes as items or as guidance, as the stack says.
    static func section(_ facts: ComponentFacts, stack: Stack, links: TestedSuccessCriteria) -> Section {
        let all = items(of: facts, links: links, on: stack.platform)
        let kept: [ChecklistItem] = all.filter { keeps($0.item, $0.scope, stack: stack) }.map(\.item)
        let ticked: [ChecklistItem] = stack.notesAsItems ? kept : kept.filter { $0.kind != .note }
        let guidance: [ChecklistItem] = stack.notesAsItems ? [] : kept.filter { $0.kind == .note }
        let gaps = facts.gaps.filter { gap in
            (stack.platform == nil || gap.platform == nil || gap.platform == stack.platform)
                && (stack.framework == nil || gap.framework == nil || gap.framework == stack.framework)
                && (stack.platform != nil || gap.isUnderStandardKind)
        }
        return Section(component: facts.component, items: ticked, guidance: guidance, gaps: gaps)
    }

    package static func load(_ db: Database, _ components: [ComponentFacts], stack: Stack) throws -> Checklist {
        build(components, stack: stack, links: try TestedSuccessCriteria.load(db, componentIDs: components.map(\.component.id)))
    }

    /// A saved plan's checklist as the knowledge base holds it now: each component found by
    /// family and slug (or the slug an import renamed it to, `component_renames`), those gone
    /// named in `missing`.
    package static func load(_ db: Database, plan: SavedPlan) throws -> Checklist {
        var facts: [ComponentFacts] = [], missing: [String] = []
        let renames = try ComponentLookup.renames(db)
        for component in plan.components {
            let name = ComponentName(component)
            func load(_ slug: String, _ family: Family) throws -> [ComponentFacts] {
                try ComponentFacts.loadAll(db, where: "c.family = ? AND c.slug = ?", arguments: [family.rawValue, slug])
            }
            var found = try name.map { try load($0.slug, $0.family) } ?? []
            if found.isEmpty, let name, let now = renames[name.family]?[name.slug] { found = try load(now, name.family) }
            if let first = found.first { facts.append(first) } else { missing.append(component) }
        }
        var checklist = try load(db, facts, stack: Stack(platform: plan.platform, framework: plan.framework, notesAsItems: plan.notesAsItems))
        checklist.missing = missing
        return checklist
    }

    /// Criteria on every platform; notes only on a chosen platform (a tester on iOS checks iOS's).
    static func keeps(_ item: ChecklistItem, _ scope: [Platform], stack: Stack) -> Bool {
        switch item.kind {
        case .criterion: return stack.platform.map(scope.contains) ?? true
        case .note:
            guard let platform = stack.platform, item.platform == platform else { return false }
            return item.framework == nil || stack.framework == nil || item.framework == stack.framework
        case .announcement: return false
        }
    }

    /// Every item of a component, whatever the stack, each with the platforms it applies to:
    /// criteria (grouped by kind), then developer notes, then announcements (which `diff`
    /// compares but a checklist carries inside its screen reader criteria).
    /// `platform` keeps the announcements a screen reader criterion expects to that platform's.
    package static func items(of facts: ComponentFacts, links: TestedSuccessCriteria, on platform: Platform? = nil) -> [(item: ChecklistItem, scope: [Platform])] {
        let c = facts.component
        let whole = links.component(c.id).map(\.sc)
        let name = "\(c.family.rawValue)/\(c.slug)"
        let examples = facts.announcements.filter { $0.origin == .example }
        var out: [(item: ChecklistItem, scope: [Platform])] = []
        var keys: [(key: String, fingerprint: String)] = []
        for group in facts.criteriaGroups {
            for criterion in group.criteria {
                let scope = PlatformScope.platforms(of: criterion, family: c.family)
                let fingerprint = ItemIdentity.digest([criterion.kind.rawValue, criterion.platform?.rawValue, criterion.label, criterion.expectation])
                let labelKey = criterion.label.map(ItemIdentity.slug).flatMap { $0.isEmpty ? nil : $0 } ?? "~" + fingerprint
                keys.append(("\(name):\(criterion.kind.rawValue):\(criterion.platform?.rawValue ?? "all"):\(labelKey)", fingerprint))
                let spoken = criterion.kind == .screenreader
                    ? examples.filter { spoken in
                        spoken.platform.map { scope.contains($0) && (platform == nil || platform == $0) } ?? true
                    }.map(\.text) : []
                let tested = links.criterion(criterion.id, of: c.id)
                out.append((ChecklistItem(id: "", fingerprint: fingerprint, kind: .criterion, component: name, componentTitle: c.title,
                                          platform: criterion.platform, framework: nil, group: criterion.kind.rawValue, label: criterion.label,
                                          expectation: criterion.expectation, announcements: spoken,
                                          successCriteria: tested.tested.map(\.sc), basis: tested.basis,
                                          source: c.source, line: criterion.line), scope))
            }
        }
        // Notes and announcements have no label to key them: their id is their wording's, so a
        // reworded note reads as one removed and one added.
        for note in facts.guidance {
            let fingerprint = ItemIdentity.digest([note.aspect.rawValue, note.platform?.rawValue, note.framework?.rawValue, note.text])
            keys.append(("\(name):note:\(note.platform?.rawValue ?? "all"):\(note.framework?.rawValue ?? "any"):\(note.aspect.rawValue):\(fingerprint)", fingerprint))
            out.append((ChecklistItem(id: "", fingerprint: fingerprint, kind: .note, component: name, componentTitle: c.title,
                                      platform: note.platform, framework: note.framework, group: note.aspect.rawValue, label: nil,
                                      expectation: note.text, announcements: [], successCriteria: whole, basis: .component,
                                      source: c.source, line: note.line), note.platform.map { [$0] } ?? c.family.platforms))
        }
        for spoken in examples {
            let fingerprint = ItemIdentity.digest(["announcement", spoken.platform?.rawValue, spoken.context, spoken.text])
            keys.append(("\(name):announcement:\(spoken.platform?.rawValue ?? "all"):\(fingerprint)", fingerprint))
            out.append((ChecklistItem(id: "", fingerprint: fingerprint, kind: .announcement, component: name, componentTitle: c.title,
                                      platform: spoken.platform, framework: nil, group: "announcements", label: spoken.context,
                                      expectation: spoken.text, announcements: [], successCriteria: whole, basis: .component,
                                      source: spoken.source, line: spoken.line), spoken.platform.map { [$0] } ?? c.family.platforms))
        }
        for (i, id) in ItemIdentity.disambiguate(keys).enumerated() { out[i].item.id = id }
        return out
    }
}
