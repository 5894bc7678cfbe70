import Foundation
import GRDB
import KBModel
import KBSearch
import KBStore

/// An axe-core run's results read for what a tester does next: per rule, the success criteria its
/// tags name; per node, the component it most likely is (vocabulary/element-components.tsv), that
/// component's criteria to verify by hand and what a screen reader is expected to say. A rule
/// whose tags name no success criterion, and a node no component answers to, are kept, marked so.
public struct AxeExplanation: Sendable, Equatable {
    /// axe-core's version, as the run wrote it.
    public var engine: String?
    /// The page the run was made on, as the run wrote it.
    public var url: String?
    public var rules: [Rule]

    public enum Outcome: String, Sendable, Equatable {
        /// A failure axe is sure of.
        case violation
        /// A check axe could not decide: to review by hand.
        case incomplete
    }

    public struct Rule: Sendable, Equatable {
        /// `button-name`.
        public var id: String
        public var outcome: Outcome
        /// `critical`, `serious`, `moderate`, `minor`.
        public var impact: String?
        /// axe's one-line help: `Buttons must have discernible text`.
        public var help: String?
        /// From its tags (`wcag412` → 4.1.2); empty: the tags name none (a best practice).
        public var successCriteria: [SuccessCriterion]
        /// `best-practice` when the tags say so.
        public var bestPractice: Bool
        public var nodes: [Node]
    }

    public struct SuccessCriterion: Sendable, Equatable {
        public var sc: SCNumber
        /// From the knowledge base's `wcag_criteria`, when it holds the criterion.
        public var title: String?
        public var level: WCAGLevel?
    }

    public struct Node: Sendable, Equatable {
        /// axe's CSS selector of the node (`#terms`); the parts of a path through frames or shadow
        /// roots joined with ` >>> `.
        public var target: String
        /// The node's HTML as axe gives it (shortened by axe).
        public var html: String
        /// `input type=checkbox`: the tag, role and type read from `html`; nil when `html` holds no tag.
        public var element: String?
        /// The web component it most likely is; nil: no row of the table answers to the element.
        public var component: ComponentGuess?
        /// Its component's criteria that test the rule's success criteria; all of its criteria when
        /// none says it tests them (or the rule names none).
        public var checks: [ManualCheck]
        /// What a screen reader says for its component: the examples its notes quote, else the
        /// transcript utterances that name its kind.
        public var announcements: [ExpectedAnnouncement]
        /// An element that re-creates a native control with a role (`<div role="switch">`): it has
        /// none of the control's built-in keyboard and screen-reader behaviour, so `checks` are all
        /// of the component's keyboard, gesture and screen-reader criteria, those that test the
        /// rule's success criteria first, then the keyboard's.
        public var recreatesControl = false
        /// The targets of the rule's other nodes with this node's HTML: one explanation, however
        /// many elements share it (a run of 20,000 nodes repeats a handful of elements).
        public var alsoAt: [String] = []
        /// The elements this entry stands for.
        public var count: Int { 1 + alsoAt.count }
    }

    public struct ComponentGuess: Sendable, Equatable {
        /// `checkbox`.
        public var slug: String
        /// `web`, or `how-to-test` for a node no component answers to, whose success criteria a
        /// testing guide covers (a paragraph failing contrast: the colour-contrast guide).
        public var family: Family = .web
        /// What to ask for: `checkbox`, `how-to-test/color-contrast`.
        public var name: String { family == .web ? slug : "\(family.rawValue)/\(slug)" }
        /// The component's title; nil when the knowledge base has no such web component.
        public var title: String?
        /// The table's row that matched: `input[type=checkbox]`.
        public var matchedBy: String
        /// Whether the knowledge base holds it.
        public var known: Bool { title != nil }
    }

    public struct ManualCheck: Sendable, Equatable {
        /// A success criterion a check tests, and how the knowledge base links it (cited by the
        /// page, inferred from what the criterion tests).
        public struct Test: Sendable, Equatable {
            public var sc: SCNumber
            public var link: SuccessCriterionLink

            public init(sc: SCNumber, link: SuccessCriterionLink) { (self.sc, self.link) = (sc, link) }
        }

        public var kind: CriterionKind
        public var label: String?
        public var expectation: String
        /// Of the rule's success criteria, those the knowledge base links to this criterion (first)
        /// or to its component as a whole.
        public var tests: [Test]
        public var source: String
        public var line: Int
    }

    public struct ExpectedAnnouncement: Sendable, Equatable {
        public var text: String
        public var screenReader: String?
        public var origin: AnnouncementOrigin
    }

    /// Counts for a closing line: rules, nodes, nodes without a component, rules without a criterion.
    public var nodeCount: Int { rules.reduce(0) { $0 + $1.nodes.reduce(0) { $0 + $1.count } } }
    public var unknownNodeCount: Int {
        rules.reduce(0) { $0 + $1.nodes.filter { $0.component?.known != true }.reduce(0) { $0 + $1.count } }
    }
    /// Entries left out by `keepingNodes` (each standing for one or more elements).
    public var omittedNodes = 0

    /// At most `limit` node entries in all, rules in order: an answer an assistant reads whole
    /// (a run of 20,000 distinct nodes was one 158 MB line). A rule whose nodes are all cut keeps
    /// its row, with what it tests.
    public func keepingNodes(_ limit: Int) -> AxeExplanation {
        var kept = self
        var left = limit
        for index in kept.rules.indices {
            let nodes = kept.rules[index].nodes
            if nodes.count > left {
                kept.omittedNodes += nodes.count - left
                kept.rules[index].nodes = Array(nodes.prefix(left))
            }
            left -= kept.rules[index].nodes.count
        }
        return kept
    }
    public var rulesWithoutCriteria: Int { rules.filter(\.successCriteria.isEmpty).count }
}

/// The part of axe-core's results `explain` reads. Everything else in the file is left alone.
package struct AxeResults: Decodable, Sendable {
    package struct Result: Decodable, Sendable {
        package var id: String
        package var impact: String?
        package var tags: [String]
        package var help: String?
        package var nodes: [Node]

        enum CodingKeys: String, CodingKey { case id, impact, tags, help, nodes }

        /// A rule as another tool's findings give it (`wcag143` tags for its success criteria).
        package init(id: String, impact: String? = nil, tags: [String], help: String?, nodes: [Node]) {
            (self.id, self.impact, self.tags, self.help, self.nodes) = (id, impact, tags, help, nodes)
        }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            impact = try c.decodeIfPresent(String.self, forKey: .impact)
            tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
            help = try c.decodeIfPresent(String.self, forKey: .help)
            nodes = try c.decodeIfPresent([Node].self, forKey: .nodes) ?? []
        }
    }

    package struct Node: Decodable, Sendable {
        package var html: String
        package var target: String

        enum CodingKeys: String, CodingKey { case html, target }

        package init(html: String, target: String) { (self.html, self.target) = (html, target) }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            html = try c.decodeIfPresent(String.self, forKey: .html) ?? ""
            // A selector is a string, or a list of strings through iframes and shadow roots.
            let parts = try c.decodeIfPresent([Selector].self, forKey: .target) ?? []
            target = parts.map(\.text).joined(separator: ", ")
        }
    }

    struct Selector: Decodable {
        var text: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let one = try? c.decode(String.self) { text = one } else { text = try c.decode([String].self).joined(separator: " >>> ") }
        }
    }

    struct Engine: Decodable { var version: String? }

    package var engine: String?
    package var url: String?
    package var violations: [Result]
    package var incomplete: [Result]
    /// Rules axe ran and found met on every node it checked: evidence, never proof, of conformance.
    package var passes: [Result]
    /// Rules that found nothing on the page to check.
    package var inapplicable: [Result]

    enum CodingKeys: String, CodingKey { case testEngine, url, violations, incomplete, passes, inapplicable }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        engine = try c.decodeIfPresent(Engine.self, forKey: .testEngine)?.version
        url = try c.decodeIfPresent(String.self, forKey: .url)
        violations = try c.decodeIfPresent([Result].self, forKey: .violations) ?? []
        incomplete = try c.decodeIfPresent([Result].self, forKey: .incomplete) ?? []
        passes = try c.decodeIfPresent([Result].self, forKey: .passes) ?? []
        inapplicable = try c.decodeIfPresent([Result].self, forKey: .inapplicable) ?? []
        guard c.contains(.violations) || c.contains(.incomplete) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no violations or incomplete"))
        }
    }

    package init(engine: String?, url: String?, violations: [Result], incomplete: [Result], passes: [Result] = [], inapplicable: [Result] = []) {
        (self.engine, self.url, self.violations, self.incomplete, self.passes, self.inapplicable) = (engine, url, violations, incomplete, passes, inapplicable)
    }

    /// Only what failed or could not be told (`violations`, `incomplete`) of every run, for
    /// `explain`: the passes and inapplicable rules, most of a run's bytes, are skipped over
    /// (`JSONSpans`) and each rule kept is decoded on its own, so memory follows the rules kept and
    /// never the whole run's tree. Whatever that reading does not take is read by `read`, whose
    /// refusal says why.
    package static func readFailures(_ data: Data) throws -> [AxeResults] {
        try streamedFailures(data) ?? read(data)
    }

    /// `readFailures`' own reading; nil where it does not take the bytes (not a run or a list of
    /// runs, a field of another type, past the size limit), which `read` then refuses in words.
    package static func streamedFailures(_ data: Data) -> [AxeResults]? {
        guard data.count <= maxBytes else { return nil }
        let decoder = JSONDecoder()
        func run(_ range: Range<Int>?) -> AxeResults? {
            guard let members = JSONSpans.members(data, in: range) else { return nil }
            let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            guard fields["violations"] != nil || fields["incomplete"] != nil else { return nil }
            func results(_ key: String) -> [Result]? {
                guard let list = fields[key] else { return [] }
                guard let items = JSONSpans.elements(data, in: list) else { return nil }
                var out: [Result] = []
                for item in items {
                    guard let one = try? decoder.decode(Result.self, from: JSONSpans.bytes(data, item)) else { return nil }
                    out.append(one)
                }
                return out
            }
            // The few small fields, decoded as one object of their own.
            struct Head: Decodable { var testEngine: Engine?; var url: String? }
            let head = "{" + ["testEngine", "url"].compactMap { key in
                fields[key].map { "\"\(key)\":" + String(decoding: JSONSpans.bytes(data, $0), as: UTF8.self) }
            }.joined(separator: ",") + "}"
            guard let violations = results("violations"), let incomplete = results("incomplete"),
                  let read = try? decoder.decode(Head.self, from: Data(head.utf8)) else { return nil }
            return AxeResults(engine: read.testEngine?.version, url: read.url, violations: violations, incomplete: incomplete)
        }
        if let one = run(nil) { return [one] }
        guard let list = JSONSpans.elements(data), !list.isEmpty else { return nil }
        let runs = list.compactMap(run)
        return runs.count == list.count ? runs : nil
    }

    /// One run's results (`axe.run`'s object), or a list of them (one per page, as axe's command
    /// line writes); anything else is refused, saying what was expected.
    /// Larger files are refused unread: a run of 50,000 nodes is about 50 MB.
    package static let maxBytes = 128 << 20

    package static func read(_ data: Data) throws -> [AxeResults] {
        guard data.count <= maxBytes else {
            throw QueryError.invalidOption("the axe results are larger than \(maxBytes >> 20) MB: split the run by page")
        }
        let decoder = JSONDecoder()
        if let one = try? decoder.decode(AxeResults.self, from: data) { return [one] }
        if let many = try? decoder.decode([AxeResults].self, from: data), !many.isEmpty { return many }
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw QueryError.invalidOption("the axe results are not JSON")
        }
        // axe's shape with a field of another type (an id that is a number): say which field,
        // not that the lists are missing.
        let runs = (json as? [Any]) ?? [json]
        for (index, run) in runs.enumerated() {
            guard let object = run as? [String: Any], object["violations"] != nil || object["incomplete"] != nil,
                  let one = try? JSONSerialization.data(withJSONObject: object) else { continue }
            do { _ = try decoder.decode(AxeResults.self, from: one) } catch let error as DecodingError {
                throw QueryError.invalidOption("the axe results' " + (runs.count > 1 ? "run \(index + 1), " : "") + describe(error))
            }
        }
        throw QueryError.invalidOption("the axe results hold no \"violations\" or \"incomplete\" list: expected what axe.run() returns, or a list of those")
    }

    /// A field of the wrong type, in words: `violations[0].id is not text`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { text, key in
                key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
            }
        }
        func name(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "text"
            case is Int.Type, is Double.Type: "a number"
            case is Bool.Type: "true or false"
            default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
            }
        }
        switch error {
        case let .typeMismatch(type, context): return "\(path(context.codingPath)) is not \(name(type))"
        case let .valueNotFound(type, context): return "\(path(context.codingPath)) is null, not \(name(type))"
        case let .keyNotFound(key, context): return "\(path(context.codingPath + [key])) is missing"
        case let .dataCorrupted(context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "shape is not axe-core's"
        }
    }

    /// `wcag412` → `4.1.2`: the catalogue's one reading of an axe tag (`WCAGCatalogue.sc(fromAxeTag:)`).
    package static func successCriterion(ofTag tag: String) -> SCNumber? {
        WCAGCatalogue.sc(fromAxeTag: tag)
    }
}

extension AxeExplanation {
    /// Explains every result of every run in `data`, in the runs' order, violations first; stops
    /// with the deadline's error once it passes or the question is withdrawn (checked per element).
    package static func explain(_ db: Database, _ data: Data, announcementLimit: Int = 6, deadline: Deadline = .none) throws -> AxeExplanation {
        let runs = try AxeResults.readFailures(data)
        let results = runs.flatMap { run in run.violations.map { ($0, Outcome.violation) } + run.incomplete.map { ($0, Outcome.incomplete) } }
        return try explain(db, results, engine: runs.compactMap(\.engine).first, url: runs.compactMap(\.url).first,
                           announcementLimit: announcementLimit, deadline: deadline)
    }

    /// Explains `results` in their order: an axe run's, or another tool's findings as rules.
    package static func explain(_ db: Database, _ results: [(AxeResults.Result, Outcome)], engine: String?, url: String?,
                                announcementLimit: Int = 6, deadline: Deadline = .none) throws -> AxeExplanation {
        var context = Context(db: db, announcementLimit: announcementLimit, deadline: deadline)
        let rules = try results.map { try context.rule($0.0, outcome: $0.1) }
        return AxeExplanation(engine: engine, url: url, rules: rules)
    }

    /// Lookups made once per component and criterion, however many nodes share them: a run
    /// reports every matching element, often dozens of one component for one rule.
    struct Context {
        let db: Database
        let announcementLimit: Int
        let deadline: Deadline
        var criteria: [SCNumber: SuccessCriterion] = [:]
        var components: [String: (id: Int64, title: String)?] = [:]
        var checksOf: [String: [ManualCheck]] = [:]
        var announcementsOf: [Int64: [ExpectedAnnouncement]] = [:]
        /// The guide for a list of success criteria, with its checks: a query over every guide's
        /// links, asked once per list, not once per node no component answers to.
        var guides: [[SCNumber]: (guide: (id: Int64, slug: String, title: String), checks: [ManualCheck])?] = [:]

        init(db: Database, announcementLimit: Int, deadline: Deadline) {
            self.db = db
            self.announcementLimit = announcementLimit
            self.deadline = deadline
        }

        mutating func rule(_ result: AxeResults.Result, outcome: Outcome) throws -> Rule {
            var numbers: [SCNumber] = []
            for tag in result.tags { if let sc = AxeResults.successCriterion(ofTag: tag), !numbers.contains(sc) { numbers.append(sc) } }
            let scs = try numbers.map { try criterion($0) }
            // Nodes with the same HTML are one element as far as the knowledge base can tell:
            // explained once, their targets kept.
            var order: [String] = []
            var targets: [String: [String]] = [:]
            var first: [String: AxeResults.Node] = [:]
            for node in result.nodes {
                if first[node.html] == nil {
                    first[node.html] = node
                    order.append(node.html)
                } else {
                    targets[node.html, default: []].append(node.target)
                }
            }
            let nodes = try order.map { html in
                try deadline.check()
                var explained = try node(first[html]!, successCriteria: numbers)
                explained.alsoAt = targets[html] ?? []
                return explained
            }
            return Rule(id: result.id, outcome: outcome, impact: result.impact, help: result.help, successCriteria: scs,
                        bestPractice: result.tags.contains("best-practice"), nodes: nodes)
        }

        mutating func criterion(_ sc: SCNumber) throws -> SuccessCriterion {
            if let known = criteria[sc] { return known }
            let row = try Row.fetchOne(db, sql: "SELECT title, level FROM wcag_criteria WHERE sc = ?", arguments: [sc.description])
            let found = SuccessCriterion(sc: sc, title: row?["title"], level: try row?.level())
            criteria[sc] = found
            return found
        }

        mutating func component(_ slug: String) throws -> (id: Int64, title: String)? {
            if let known = components[slug] { return known }
            let row = try Row.fetchOne(db, sql: "SELECT id, title FROM components WHERE slug = ? AND family = 'web'", arguments: [slug])
            let found = row.map { (id: $0["id"] as Int64, title: $0["title"] as String) }
            components[slug] = .some(found)
            return found
        }

        mutating func node(_ node: AxeResults.Node, successCriteria: [SCNumber]) throws -> Node {
            let element = HTMLElement(html: node.html)
            var explained = Node(target: node.target, html: node.html, element: element?.summary, component: nil, checks: [], announcements: [])
            guard let element, let rule = ElementComponents.match(element), let slug = rule.component else {
                // No component: the testing guide that covers the rule's success criteria, if one does.
                if guides[successCriteria] == nil {
                    guides[successCriteria] = .some(try guide(successCriteria).map { found in
                        (found, try checks(componentID: found.id, successCriteria: successCriteria).filter { !$0.tests.isEmpty })
                    })
                }
                if let (guide, checks) = guides[successCriteria] ?? nil {
                    explained.component = ComponentGuess(slug: guide.slug, family: .howToTest, title: guide.title,
                                                         matchedBy: "the guide that tests " + successCriteria.written.joined(separator: ", "))
                    explained.checks = checks
                }
                return explained
            }
            let found = try component(slug)
            explained.component = ComponentGuess(slug: slug, title: found?.title, matchedBy: rule.selector)
            guard let found else { return explained }
            explained.recreatesControl = Self.recreatesControl(element, matchedBy: rule.selector)
            let key = "\(found.id) \(successCriteria.written.joined(separator: ",")) \(explained.recreatesControl)"
            if checksOf[key] == nil {
                let linked = try checks(componentID: found.id, successCriteria: successCriteria)
                checksOf[key] = explained.recreatesControl ? try whole(componentID: found.id, linked: linked) : linked
            }
            if announcementsOf[found.id] == nil { announcementsOf[found.id] = try announcements(componentID: found.id, title: found.title) }
            explained.checks = checksOf[key] ?? []
            explained.announcements = announcementsOf[found.id] ?? []
            return explained
        }

        /// The criteria linked to the success criteria; every criterion when none is (or when the
        /// link is of the component as a whole, which no one criterion carries).
        func checks(componentID: Int64, successCriteria: [SCNumber]) throws -> [ManualCheck] {
            let rows = try Row.fetchAll(db, sql: """
                SELECT cr.id, cr.kind, cr.label, cr.expectation, s.path AS source, cr.line
                FROM criteria cr JOIN sources s ON s.id = cr.source_id
                WHERE cr.component_id = ? ORDER BY cr.position
                """, arguments: [componentID])
            var linked: [Int64: [ManualCheck.Test]] = [:]
            var whole: [ManualCheck.Test] = []
            if !successCriteria.isEmpty {
                // The one lookup every question shares: a row's own links, never its component's others.
                let wanted = Set(successCriteria)
                let links = try TestedSuccessCriteria.load(db, componentIDs: [componentID])
                for row in rows {
                    let id: Int64 = row["id"]
                    let own = links.criterion(id, of: componentID)
                    guard own.basis == .own else { continue }
                    let hits = own.tested.filter { wanted.contains($0.sc) }.map { ManualCheck.Test(sc: $0.sc, link: $0.link) }
                    if !hits.isEmpty { linked[id] = hits }
                }
                whole = links.component(componentID).filter { wanted.contains($0.sc) }.map { ManualCheck.Test(sc: $0.sc, link: $0.link) }
            }
            let chosen = linked.isEmpty ? rows : rows.filter { linked[$0["id"] as Int64] != nil }
            return chosen.map { row in
                ManualCheck(kind: row["kind"], label: row["label"], expectation: row["expectation"],
                            tests: (linked[row["id"] as Int64] ?? []) + whole, source: row["source"], line: row["line"])
            }
        }

        /// An element matched by its role alone, whose tag has no behaviour of its own (`div`, `span`...).
        static func recreatesControl(_ element: HTMLElement, matchedBy selector: String) -> Bool {
            selector.hasPrefix("*[role=") && ["div", "span", "p", "li", "td", "section", "article", "i", "b", "em", "strong", "label"]
                .contains(element.tag)
        }

        /// Every keyboard, gesture and screen-reader criterion of the component: those `linked`
        /// (testing the rule's success criteria) first, then the keyboard's, then the rest, each
        /// group in the page's order.
        func whole(componentID: Int64, linked: [ManualCheck]) throws -> [ManualCheck] {
            let all = try checks(componentID: componentID, successCriteria: []).filter { [.keyboard, .gesture, .screenreader].contains($0.kind) }
            let first = linked.filter { !$0.tests.isEmpty }
            let rest = all.filter { c in !first.contains { $0.source == c.source && $0.line == c.line } }
            return first + rest.filter { $0.kind == .keyboard } + rest.filter { $0.kind != .keyboard }
        }

        /// The testing guide most of whose checks test these success criteria.
        func guide(_ successCriteria: [SCNumber]) throws -> (id: Int64, slug: String, title: String)? {
            guard !successCriteria.isEmpty else { return nil }
            let marks = successCriteria.map { _ in "?" }.joined(separator: ", ")
            let row = try Row.fetchOne(db, sql: """
                SELECT c.id, c.slug, c.title, count(*) AS n FROM v_tested_sc t
                JOIN components c ON c.slug = t.component AND c.family = t.family
                WHERE t.family = 'how-to-test' AND t.sc IN (\(marks)) AND t.criterion_id IS NOT NULL
                GROUP BY c.id ORDER BY n DESC, c.slug LIMIT 1
                """, arguments: StatementArguments(successCriteria.written))
            return row.map { ($0["id"], $0["slug"], $0["title"]) }
        }

        /// The examples the notes quote; when they quote none, the transcript utterances that name
        /// the component's kind (the last word of its title: `switch`, `button`), since a video's
        /// captions narrate the whole page around it.
        func announcements(componentID: Int64, title: String) throws -> [ExpectedAnnouncement] {
            let rows = try Row.fetchAll(db, sql: """
                SELECT text, screen_reader, origin FROM announcements WHERE component_id = ?
                ORDER BY origin = 'transcript', position
                """, arguments: [componentID])
            let kind = title.lowercased().split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
            let examples = rows.filter { $0["origin"] as String == AnnouncementOrigin.example.rawValue }
            let chosen = examples.isEmpty
                ? rows.filter { row in (row["text"] as String).lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == kind } }
                : examples
            var seen: Set<String> = []
            var out: [ExpectedAnnouncement] = []
            for row in chosen {
                let text: String = row["text"]
                guard out.count < announcementLimit, seen.insert(text.lowercased()).inserted else { continue }
                out.append(ExpectedAnnouncement(text: text, screenReader: row["screen_reader"],
                                                origin: AnnouncementOrigin(rawValue: row["origin"]) ?? .example))
            }
            return out
        }
    }
}
