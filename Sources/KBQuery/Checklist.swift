/// Several components' acceptance criteria in one list, as a tester pastes them into one ticket:
/// each component's criteria grouped by kind (keyboard, gestures, screen reader, settings), with
/// the gaps its source leaves open.
import KBModel

public struct Checklist: Sendable {
    public struct Section: Sendable {
        public var component: ComponentFacts.Component
        /// Criteria of the chosen platform (and those for every platform), grouped by kind.
        public var groups: [ComponentFacts.CriteriaGroup]
        public var criteriaCount: Int { groups.reduce(0) { $0 + $1.criteria.count } }
    }

    /// nil: every platform.
    public var platform: String?
    /// In the order the components were asked for.
    public var sections: [Section]

    public var criteriaCount: Int { sections.reduce(0) { $0 + $1.criteriaCount } }

    package static func build(_ components: [ComponentFacts], platform: String?) -> Checklist {
        Checklist(platform: platform, sections: components.map { facts in
            var narrowed = facts
            if let platform {
                narrowed.criteria = facts.criteria.filter { $0.platform == nil || $0.platform == platform }
                narrowed.gaps = facts.gaps.filter { $0.platform == nil || $0.platform == platform }
            }
            return Section(component: facts.component, groups: narrowed.criteriaGroups)
        })
    }
}
