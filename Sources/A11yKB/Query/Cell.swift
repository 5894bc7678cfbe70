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

/// One cell of a comparison: the facts of one component for one row and one platform column,
/// grouped by framework, nesting kept, gaps shown where they sit.
public struct Cell: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public enum Kind: String, Sendable { case guidance, criterion, announcement, transcript, code, gap }
        public var kind: Kind
        /// Nesting under the entry above (0: a top-level bullet).
        public var depth: Int
        /// The text as shown: `Label: expectation`, `"Announcement" (context)`, `⚠ gap: ...`.
        public var text: String
        public var line: Int
        public var platform: String?
        public var label: String?
        public var context: String?
        public var problem: String?
        public var excerpt: String?
    }

    public struct Group: Sendable, Equatable {
        /// Framework slug; nil for notes that hold for any framework.
        public var framework: String?
        public var entries: [Entry]
    }

    public var groups: [Group]
    /// What the cell says when it holds nothing: `no guidance written`.
    public var emptyText: String

    public var entries: [Entry] { groups.flatMap(\.entries) }
    public var factCount: Int { entries.filter { $0.kind != .gap }.count }
    public var gapCount: Int { entries.filter { $0.kind == .gap }.count }
    public var isEmpty: Bool { groups.allSatisfy(\.entries.isEmpty) }

    /// `yes` (facts, no gap), `gap` (any gap), `empty` (nothing).
    public var presence: String { gapCount > 0 ? "gap" : (factCount > 0 ? "yes" : "empty") }

    /// One line per entry: `- text`, nested entries indented two spaces per level, framework groups
    /// under a `UIKit:` heading. An empty cell says so.
    public var lines: [Line] {
        if isEmpty { return [Line(depth: 0, text: emptyText, style: .empty)] }
        var out: [Line] = []
        for group in groups where !group.entries.isEmpty {
            var base = 0
            if let framework = group.framework {
                out.append(Line(depth: 0, text: Cell.frameworkName(framework) + ":", style: .heading))
                base = 1
            }
            for entry in group.entries {
                let pieces = entry.text.utf8.contains(0x0A)
                    ? entry.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [entry.text]
                for (i, piece) in pieces.enumerated() {
                    out.append(Line(depth: base + entry.depth, text: (i == 0 ? "- " : "  ") + piece,
                                    style: entry.kind == .gap ? .gap : .text))
                }
            }
        }
        return out
    }

    public struct Line: Sendable, Equatable {
        public enum Style: Sendable { case text, heading, gap, empty }
        public var depth: Int
        public var text: String
        public var style: Style
        public var indented: String { String(repeating: "  ", count: depth) + text }
    }

    /// The cell as plain text, lines joined with `\n`: what CSV and the matrix hold.
    public var plainText: String { lines.map(\.indented).joined(separator: "\n") }

    /// `plainText`'s bytes, appended to `out` without building the lines (a matrix export writes
    /// millions of cells).
    public func appendPlainText(to out: inout [UInt8]) {
        if isEmpty {
            out.append(contentsOf: emptyText.utf8)
            return
        }
        var first = true
        func line(_ depth: Int) {
            if !first { out.append(0x0A) }
            first = false
            for _ in 0..<(depth * 2) { out.append(0x20) }
        }
        for group in groups where !group.entries.isEmpty {
            var base = 0
            if let framework = group.framework {
                line(0)
                out.append(contentsOf: Cell.frameworkName(framework).utf8)
                out.append(UInt8(ascii: ":"))
                base = 1
            }
            for entry in group.entries {
                var piece = 0
                line(base + entry.depth)
                out.append(contentsOf: "- ".utf8)
                for byte in entry.text.utf8 {
                    if byte == 0x0A {
                        piece += 1
                        line(base + entry.depth)
                        out.append(contentsOf: "  ".utf8)
                    } else {
                        out.append(byte)
                    }
                }
            }
        }
    }

    static func frameworkName(_ slug: String) -> String {
        Vocabulary.frameworks.first { $0.slug == slug }?.name ?? slug
    }

    /// `⚠ gap: placeholder "For collapsed: Set..." (line 119)`.
    public static func gapText(problem: String, excerpt: String?, line: Int) -> String {
        let what: String
        switch problem {
        case "placeholder": what = excerpt.map { "placeholder \"\($0)\"" } ?? "empty bullet"
        case "empty-section": what = excerpt.map { "nothing written under \"\($0)\"" } ?? "empty section"
        case "template-token": what = "template token \"_component\" left in the note"
        default: what = problem + (excerpt.map { " \"\($0)\"" } ?? "")
        }
        return "⚠ gap: \(what) (line \(line))"
    }
}

/// Builds cells from a component's facts.
public enum CellBuilder {
    /// The facts of `row` for `platform` (nil: the facts written for every platform). With
    /// `includeAllPlatforms`, a platform's cell also holds the facts written for every platform;
    /// criteria always do, since a criterion without a platform is a criterion of each.
    public static func cell(_ facts: ComponentFacts, row: RowKey, platform: String?, includeAllPlatforms: Bool) -> Cell {
        func applies(_ p: String?, always: Bool = false) -> Bool {
            p == platform || (p == nil && platform != nil && (includeAllPlatforms || always))
        }
        struct Item { var entry: Cell.Entry; var framework: String?; var order: (Int, Int, Int) }
        var items: [Item] = []
        let frameworks = Vocabulary.frameworks.map(\.slug)
        func frameworkOrder(_ f: String?) -> Int { f.map { (frameworks.firstIndex(of: $0) ?? frameworks.count) + 1 } ?? 0 }

        // Gaps of this row.
        func addGaps(where matchesAspect: (String?) -> Bool) {
            for gap in facts.gaps where applies(gap.platform, always: row.kind == .criteria) && matchesAspect(gap.aspect) {
                let entry = Cell.Entry(kind: .gap, depth: 0, text: Cell.gapText(problem: gap.problem, excerpt: gap.excerpt, line: gap.line),
                                       line: gap.line, platform: gap.platform, problem: gap.problem, excerpt: gap.excerpt)
                items.append(Item(entry: entry, framework: gap.framework, order: (0, gap.line, 2)))
            }
        }
        func addGuidance(aspect: String) {
            var depth: [Int64: Int] = [:]
            for g in facts.guidance where g.aspect == aspect && applies(g.platform) {
                let d = g.parentID.flatMap { depth[$0].map { $0 + 1 } } ?? 0
                depth[g.id] = d
                let entry = Cell.Entry(kind: .guidance, depth: d, text: g.text, line: g.line, platform: g.platform)
                items.append(Item(entry: entry, framework: g.framework, order: (0, g.line, 0)))
            }
            for code in facts.codeExamples where (code.aspect ?? "general") == aspect && applies(code.platform) {
                let fenced = "```\(code.language ?? "")\n\(code.code)\n```"
                let entry = Cell.Entry(kind: .code, depth: 0, text: fenced, line: code.line, platform: code.platform, label: code.language)
                items.append(Item(entry: entry, framework: code.framework, order: (0, code.line, 1)))
            }
        }

        let emptyText: String
        switch row.kind {
        case .aspect:
            emptyText = "no guidance written"
            addGuidance(aspect: row.key)
            addGaps { ($0 ?? "general") == row.key }
        case .criteria:
            emptyText = "no criteria written"
            for c in facts.criteria where c.kind == row.key && applies(c.platform, always: true) {
                let text = (c.label.map { "\($0): " } ?? "") + c.expectation
                let entry = Cell.Entry(kind: .criterion, depth: 0, text: text, line: c.line, platform: c.platform, label: c.label)
                items.append(Item(entry: entry, framework: nil, order: (0, c.line, 0)))
            }
            addGaps { $0 == row.key }
        case .announcements:
            emptyText = "no announcements written"
            for a in facts.announcements where applies(a.platform) {
                let transcript = a.origin == "transcript"
                let quoted = transcript ? "[\(a.screenReader ?? "screen reader") transcript] \"\(a.text)\"" : "\"\(a.text)\""
                let entry = Cell.Entry(kind: transcript ? .transcript : .announcement, depth: 0,
                                       text: quoted + (a.context.map { " (\($0))" } ?? ""), line: a.line, platform: a.platform,
                                       context: a.context)
                items.append(Item(entry: entry, framework: nil, order: (transcript ? 1 : 0, a.line, 0)))
            }
            addGuidance(aspect: "announcements")
            addGaps { $0 == "announcements" }
        }

        let sorted = items.enumerated().sorted { lhs, rhs in
            let l = lhs.element.order, r = rhs.element.order
            if l != r { return l < r }
            return lhs.offset < rhs.offset
        }.map(\.element)
        var groups: [Cell.Group] = []
        for framework in Set(sorted.map(\.framework)).sorted(by: { frameworkOrder($0) < frameworkOrder($1) || (frameworkOrder($0) == frameworkOrder($1) && ($0 ?? "") < ($1 ?? "")) }) {
            var entries = sorted.filter { $0.framework == framework }.map(\.entry)
            // A gap found inside a note (a template token) is shown nested under that note.
            for i in entries.indices where entries[i].kind == .gap && entries[i].problem == "template-token" {
                if let note = entries[..<i].last(where: { $0.kind == .guidance && $0.line == entries[i].line }) {
                    entries[i].depth = note.depth + 1
                }
            }
            groups.append(Cell.Group(framework: framework, entries: entries))
        }
        return Cell(groups: groups, emptyText: emptyText)
    }
}
