/// One cell of a comparison: the facts of one component for one row and one platform column,
/// grouped by framework, nesting kept, gaps where they sit. Typed: `Render/CellText.swift` says how
/// a cell reads as text.
import KBModel

public struct Cell: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public enum Content: Sendable, Equatable {
            case guidance(String)
            case criterion(label: String?, expectation: String)
            case announcement(String, context: String?)
            case transcript(String, screenReader: String?)
            /// `bad`: a bad example, how not to do it (`code_examples.quality`).
            case code(language: String?, code: String, bad: Bool)
            case gap(GapProblem, excerpt: String?)
        }

        public var content: Content
        /// Nesting under the item above (0: a top-level bullet).
        public var depth: Int
        public var line: Int
        public var platform: Platform?
        /// A guide's note: the headings inside its step above it (`ComponentFacts.Guidance`).
        public var headingPath: String?

        public var isGap: Bool { if case .gap = content { true } else { false } }
    }

    public struct Group: Sendable, Equatable {
        /// Nil for notes that hold for any framework.
        public var framework: Framework?
        public var items: [Item]
    }

    public var groups: [Group]
    /// What kind of row the cell is in: it decides what an empty cell says. Nil where no fact
    /// can be (criteria in the general column: a criterion for every platform is each one's).
    public var row: RowKey.Kind?

    public var items: [Item] { groups.flatMap(\.items) }
    public var factCount: Int { items.filter { !$0.isGap }.count }
    public var gapCount: Int { items.filter(\.isGap).count }
    public var isEmpty: Bool { groups.allSatisfy(\.items.isEmpty) }

    /// `yes` (facts, no gap), `gap` (any gap), `empty` (nothing).
    public var presence: String { gapCount > 0 ? "gap" : (factCount > 0 ? "yes" : "empty") }
}

/// Builds cells from a component's facts.
package enum CellBuilder {
    /// The facts of `row` for `platform` (nil: the facts written for every platform). With
    /// `includeAllPlatforms`, a platform's cell also holds the facts written for every platform;
    /// criteria always do, since a criterion without a platform is a criterion of each.
    package static func cell(_ facts: ComponentFacts, row: RowKey, platform: Platform?, includeAllPlatforms: Bool) -> Cell {
        var collector = Collector(facts: facts, row: row, platform: platform, includeAllPlatforms: includeAllPlatforms)
        switch row.kind {
        case .aspect:
            collector.addGuidance { $0.rawValue == row.key }
            collector.addGaps { ($0 ?? .general).rawValue == row.key }
        case .criteria:
            collector.addCriteria { $0.rawValue == row.key }
            collector.addGaps { $0?.rawValue == row.key }
        case .announcements:
            collector.addAnnouncements()
            collector.addGuidance { $0 == .announcements }
            collector.addGaps { $0 == .announcements }
        case .other:
            collector.addGuidance(where: RowKey.isUnknownAspect)
            // The general cell holds no criteria (each platform's does); see `Compare.generalCell`.
            if platform != nil { collector.addCriteria(where: RowKey.isUnknownKind) }
            collector.addGaps { $0.map(RowKey.isUnknown) ?? false }
        }
        return Cell(groups: collector.groups(), row: row.kind)
    }

    /// A component's facts split by the rows they belong to, in one pass, so that a row's cells
    /// look only at its own facts (a matrix has dozens of columns per component). A fact lands in
    /// every row `cell(_:row:...)` would take it into; each part keeps source order.
    static func split(_ facts: ComponentFacts, rows: [RowKey]) -> [RowKey: ComponentFacts] {
        let present = Set(rows)
        let hasOther = present.contains(.other)
        var parts: [RowKey: ComponentFacts] = [:]
        func add(_ key: RowKey, _ body: (inout ComponentFacts) -> Void) {
            guard present.contains(key) else { return }
            body(&parts[key, default: ComponentFacts(component: facts.component)])
        }
        /// The row of a note or code example under `aspect`.
        func noteRow(_ aspect: Aspect) -> RowKey? {
            if aspect == .announcements { return .announcements }
            if present.contains(.aspect(aspect)) { return .aspect(aspect) }
            return hasOther && RowKey.isUnknownAspect(aspect) ? .other : nil
        }
        for g in facts.guidance { if let key = noteRow(g.aspect) { add(key) { $0.guidance.append(g) } } }
        for code in facts.codeExamples { if let key = noteRow(code.aspect ?? .general) { add(key) { $0.codeExamples.append(code) } } }
        for c in facts.criteria {
            if present.contains(.criteria(c.kind)) {
                add(.criteria(c.kind)) { $0.criteria.append(c) }
            } else if RowKey.isUnknownKind(c.kind) {
                add(.other) { $0.criteria.append(c) }
            }
        }
        for a in facts.announcements { add(.announcements) { $0.announcements.append(a) } }
        for gap in facts.gaps {
            let aspect = gap.aspect ?? .general
            add(.aspect(aspect)) { $0.gaps.append(gap) }
            if let raw = gap.aspect {
                add(.criteria(raw.criterionKind)) { $0.gaps.append(gap) }
                if raw == .announcements { add(.announcements) { $0.gaps.append(gap) } }
                if hasOther && RowKey.isUnknown(raw) { add(.other) { $0.gaps.append(gap) } }
            }
        }
        return parts
    }

    /// The items of one cell as they are found, with the order they are shown in.
    struct Collector {
        struct Placed { var item: Cell.Item; var framework: Framework?; var order: (Int, Int, Int) }

        let facts: ComponentFacts
        let row: RowKey
        let platform: Platform?
        let includeAllPlatforms: Bool
        var placed: [Placed] = []

        /// A fact written for every platform is one of each platform of its component's family
        /// only: a native criterion is no criterion of the web column.
        func applies(_ p: Platform?, always: Bool = false) -> Bool {
            p == platform || (p == nil && platform.map(facts.component.family.platforms.contains) == true && (includeAllPlatforms || always))
        }

        /// Notes and code examples whose aspect `matches` (a code example without one is general).
        mutating func addGuidance(where matches: (Aspect) -> Bool) {
            var depth: [Int64: Int] = [:]
            for g in facts.guidance where matches(g.aspect) && applies(g.platform) {
                let d = g.parentID.flatMap { depth[$0].map { $0 + 1 } } ?? 0
                depth[g.id] = d
                placed.append(Placed(item: Cell.Item(content: .guidance(g.text), depth: d, line: g.line, platform: g.platform,
                                                     headingPath: g.headingPath),
                                     framework: g.framework, order: (0, g.line, 0)))
            }
            for code in facts.codeExamples where matches(code.aspect ?? .general) && applies(code.platform) {
                placed.append(Placed(item: Cell.Item(content: .code(language: code.language, code: code.code, bad: code.quality == .bad), depth: 0,
                                                     line: code.line, platform: code.platform, headingPath: code.caption),
                                     framework: code.framework, order: (0, code.line, 1)))
            }
        }

        mutating func addCriteria(where matches: (CriterionKind) -> Bool) {
            for c in facts.criteria where matches(c.kind) && applies(c.platform, always: true) {
                placed.append(Placed(item: Cell.Item(content: .criterion(label: c.label, expectation: c.expectation), depth: 0,
                                                     line: c.line, platform: c.platform),
                                     framework: nil, order: (0, c.line, 0)))
            }
        }
        mutating func addAnnouncements() {
            for a in facts.announcements where applies(a.platform) {
                let transcript = a.origin == .transcript
                let content: Cell.Item.Content = transcript ? .transcript(a.text, screenReader: a.screenReader)
                    : .announcement(a.text, context: a.context)
                placed.append(Placed(item: Cell.Item(content: content, depth: 0, line: a.line, platform: a.platform),
                                     framework: nil, order: (transcript ? 1 : 0, a.line, 0)))
            }
        }

        mutating func addGaps(where matchesAspect: (Aspect?) -> Bool) {
            for gap in facts.gaps where applies(gap.platform, always: row.kind == .criteria) && matchesAspect(gap.aspect) {
                placed.append(Placed(item: Cell.Item(content: .gap(gap.problem, excerpt: gap.excerpt), depth: 0, line: gap.line,
                                                     platform: gap.platform),
                                     framework: gap.framework, order: (0, gap.line, 2)))
            }
        }

        /// Items in source order, grouped by framework (notes for any framework first, then the
        /// frameworks in the vocabulary's order).
        func groups() -> [Cell.Group] {
            if placed.isEmpty { return [] }
            // The common cell: one framework (or none), items found in source order.
            if placed.allSatisfy({ $0.framework == placed[0].framework }) && zip(placed, placed.dropFirst()).allSatisfy({ $0.order <= $1.order }),
               !placed.contains(where: { isTemplateToken($0.item) }) {
                return [Cell.Group(framework: placed[0].framework, items: placed.map(\.item))]
            }
            let sorted = placed.enumerated().sorted { lhs, rhs in
                let l = lhs.element.order, r = rhs.element.order
                if l != r { return l < r }
                return lhs.offset < rhs.offset
            }.map(\.element)
            let frameworks = Framework.allCases
            func rank(_ f: Framework?) -> Int {
                f.map { frameworks.firstIndex(of: $0)! + 1 } ?? 0
            }
            return Set(sorted.map(\.framework)).sorted { rank($0) < rank($1) }.map { framework in
                var items = sorted.filter { $0.framework == framework }.map(\.item)
                // A gap found inside a note (a template token) is shown nested under that note.
                for i in items.indices where isTemplateToken(items[i]) {
                    if let note = items[..<i].last(where: { if case .guidance = $0.content { $0.line == items[i].line } else { false } }) {
                        items[i].depth = note.depth + 1
                    }
                }
                return Cell.Group(framework: framework, items: items)
            }
        }

        func isTemplateToken(_ item: Cell.Item) -> Bool {
            if case .gap(.templateToken, _) = item.content { return true }
            return false
        }
    }
}
