import Foundation
import KBResources

/// A success criterion a component's facts test, inferred (never cited): by one of its criteria
/// (`criterion` is the index into the entry's `criteria`), or by the component as a whole.
package struct InferredWCAG: Sendable, Equatable {
    /// Index into the same entry's `criteria`; nil: the whole component.
    package var criterion: Int?
    /// The criterion's platform; nil for a link of the whole component.
    package var platform: Platform?
    /// `4.1.2`.
    package var sc: String
    /// Why: the reason of the table row that made the link.
    package var reason: String

    package init(criterion: Int?, platform: Platform?, sc: String, reason: String) {
        self.criterion = criterion
        self.platform = platform
        self.sc = sc
        self.reason = reason
    }
}

/// A criterion that tests no success criterion, as a row of tested-sc.tsv says, and why: it asks
/// for nothing (`N/A`), or for something no success criterion states.
package struct TestsNothing: Sendable, Equatable {
    /// Index into the same entry's `criteria`.
    package var criterion: Int
    /// The criterion's platform.
    package var platform: Platform?
    /// Why: the reason of the table row that marked it.
    package var reason: String

    package init(criterion: Int, platform: Platform?, reason: String) {
        self.criterion = criterion
        self.platform = platform
        self.reason = reason
    }
}

/// What the table says of a component's criteria: the success criteria they (or it, as a whole)
/// test, and the criteria that test none.
package struct TestedSC: Sendable, Equatable {
    package var links: [InferredWCAG] = []
    package var nothing: [TestsNothing] = []

    package init(links: [InferredWCAG] = [], nothing: [TestsNothing] = []) {
        self.links = links
        self.nothing = nothing
    }
}

/// One row of vocabulary/tested-sc.tsv: when a criterion (or a component) tests a success
/// criterion, or that a criterion tests none, and why. The table is data, built into a11ykb; its
/// header says each column.
package struct TestedSCRule: Sendable {
    package enum Scope: String, Sendable { case criterion, component }

    package var scope: Scope
    /// `4.1.2`; nil: the row marks the criteria it matches as testing nothing (`nothing` in the file).
    package var sc: String?
    /// nil: any kind.
    package var kinds: Set<CriterionKind>?
    /// nil: any aspect (the aspect a criterion's label names: `Name` → `name`, `Action` → `action`).
    package var aspects: Set<Aspect>?
    /// What the component's slug and title must hold; nil: any component.
    package var component: WordPattern?
    /// What the criterion's label and expectation must hold; nil: any words.
    package var words: WordPattern?
    /// What the criterion's label and expectation must not hold; nil: nothing is excluded.
    package var unless: WordPattern?
    package var reason: String
    /// The row's line in the file.
    package var line: Int

    /// What the row asks of the criterion's own words (`words`, `unless`): the same for every
    /// criterion that says them, so an import remembers it (`TextVerdicts`).
    func matchesWords(_ text: FoldedText) -> Bool {
        if let words, !words.matches(text) { return false }
        if let unless, unless.matches(text) { return false }
        return true
    }

    /// The rest of what the row asks: the criterion's kind, the aspect its label names (`aspect`),
    /// and its component's words (`component`, read once for every row).
    func matchesBesidesWords(_ criterion: CriterionFact, aspect labelAspect: Aspect?, component: FoldedText) -> Bool {
        if let kinds, !kinds.contains(criterion.kind) { return false }
        if let aspects, !(labelAspect.map(aspects.contains) ?? false) { return false }
        if let pattern = self.component, !pattern.matches(component) { return false }
        return true
    }

    func matches(component text: FoldedText) -> Bool {
        // Its kind, not its category: "notifications" holds dialogs as well as toasts.
        component.map { $0.matches(text) } ?? true
    }
}

/// A text with its ASCII letters lower-cased, made once for every row tried on it.
package struct FoldedText {
    let text: String
    let folded: [UInt8]

    package init(_ text: String) {
        self.text = text
        folded = text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= folded.count, let first = needle.first else { return needle.isEmpty }
        var i = 0
        let last = folded.count - needle.count
        while i <= last {
            if folded[i] == first {
                var j = 1
                while j < needle.count && folded[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}

/// A case-folded regular expression. NSRegularExpression is immutable once made and documented
/// as safe to share between threads.
package struct WordPattern: @unchecked Sendable {
    package let source: String
    let expression: NSRegularExpression
    /// A word every match holds, one per alternative (`focus` of `focus\b[^.]*\bvisib`), folded:
    /// a text that holds none is passed over without running the expression, which on an import
    /// of thousands of criteria is most of its cost. nil: some alternative names no such word.
    let required: [[UInt8]]?

    package init(_ source: String) throws {
        self.source = source
        expression = try NSRegularExpression(pattern: source, options: [.caseInsensitive])
        required = WordPattern.requiredWords(source)
    }

    package func matches(_ text: String) -> Bool { matches(FoldedText(text)) }

    func matches(_ text: FoldedText) -> Bool {
        if let required, !required.contains(where: text.contains) { return false }
        return expression.firstMatch(in: text.text, range: NSRange(text.text.startIndex..., in: text.text)) != nil
    }

    /// The longest run of plain characters (ASCII letters, digits, spaces, hyphens) outside any
    /// group or class of each top-level alternative, less a last character made optional by `?`,
    /// `*` or `{`; nil when an alternative has no run of three characters.
    static func requiredWords(_ pattern: String) -> [[UInt8]]? {
        var words: [[UInt8]] = []
        var best: [Character] = [], run: [Character] = []
        var depth = 0
        var chars = Array(pattern)[...]
        func endRun() {
            if run.count > best.count { best = run }
            run = []
        }
        func endAlternative() -> Bool {
            endRun()
            guard best.count >= 3 else { return false }
            words.append(Array(String(best).lowercased().utf8))
            best = []
            return true
        }
        while let c = chars.popFirst() {
            switch c {
            case "\\":
                endRun()
                _ = chars.popFirst()
            case "[":
                endRun()
                while let d = chars.popFirst(), d != "]" { if d == "\\" { _ = chars.popFirst() } }
            case "(":
                endRun()
                depth += 1
            case ")":
                endRun()
                depth -= 1
            case "|" where depth == 0:
                guard endAlternative() else { return nil }
            case "?", "*", "{":
                if !run.isEmpty { run.removeLast() }
                endRun()
            default:
                if depth == 0, c.isASCII, c.isLetter || c.isNumber || c == " " || c == "-" { run.append(c) } else { endRun() }
            }
        }
        return endAlternative() ? words : nil
    }
}

/// Infers the success criteria a component's criteria test, from the rows of tested-sc.tsv.
package enum TestedSCInference {
    /// The built-in table, read once.
    package static let builtIn: [TestedSCRule] = parse(String(decoding: EmbeddedResources.testedSC, as: UTF8.self)).rules

    /// The `sc` that marks a criterion as testing nothing.
    package static let nothing = "nothing"

    /// Reads the TSV: `scope<TAB>sc<TAB>kind<TAB>aspect<TAB>component<TAB>words<TAB>unless<TAB>reason`,
    /// `*` for any; lines starting with `#` and blank lines are comments. A malformed row is named
    /// in `problems` (the built-in table's test demands none) and left out.
    package static func parse(_ text: String) -> (rules: [TestedSCRule], problems: [String]) {
        var rules: [TestedSCRule] = []
        var problems: [String] = []
        for row in VocabularyTable.rows(text) {
            let fields = row.fields
            func any(_ field: String) -> String? { field == "*" || field.isEmpty ? nil : field }
            func set<Slug: RawRepresentable<String> & Hashable>(_ field: String) -> Set<Slug>? {
                any(field).map { Set($0.split(separator: ",").compactMap { Slug(rawValue: $0.trimmingCharacters(in: .whitespaces)) }) }
            }
            guard fields.count == 8, let scope = TestedSCRule.Scope(rawValue: fields[0]), !fields[7].isEmpty else {
                problems.append("line \(row.line): expected scope, sc, kind, aspect, component, words, unless, reason")
                continue
            }
            let sc: String? = fields[1] == nothing ? nil : fields[1]
            if let sc, sc.split(separator: ".").count != 3 || !sc.allSatisfy({ $0.isNumber || $0 == "." }) {
                problems.append("line \(row.line): the sc is neither a success criterion's number nor `\(nothing)`")
                continue
            }
            if scope == .component, sc == nil || [2, 3, 5, 6].contains(where: { any(fields[$0]) != nil }) {
                problems.append("line \(row.line): a component row names a success criterion and a component, and nothing else")
                continue
            }
            do {
                rules.append(TestedSCRule(scope: scope, sc: sc, kinds: set(fields[2]), aspects: set(fields[3]),
                                          component: try any(fields[4]).map(WordPattern.init),
                                          words: try any(fields[5]).map(WordPattern.init),
                                          unless: try any(fields[6]).map(WordPattern.init), reason: fields[7], line: row.line))
            } catch {
                problems.append("line \(row.line): the component, words or unless is not a regular expression")
            }
        }
        return (rules, problems)
    }

    /// Each criterion is tried against the criterion rows in order: a row that matches gives it
    /// its success criterion, once, from the first row that gives it; a `nothing` row that matches
    /// a criterion no earlier row linked marks it as testing nothing, and no later row is tried on
    /// it. Then per component, for each success criterion no criterion of it gave.
    package static func infer(_ component: ComponentInfo, criteria: [CriterionFact]) -> TestedSC {
        infer(component, criteria: criteria, rules: builtIn, verdicts: builtInVerdicts)
    }

    /// The same with another table (a test's, a row left out), whose verdicts are not remembered.
    package static func infer(_ component: ComponentInfo, criteria: [CriterionFact], rules: [TestedSCRule]) -> TestedSC {
        infer(component, criteria: criteria, rules: rules, verdicts: nil)
    }

    /// What the built-in table's rows say of a criterion's words, remembered across an import.
    static let builtInVerdicts = TextVerdicts(rules: builtIn)

    private static func infer(_ component: ComponentInfo, criteria: [CriterionFact], rules: [TestedSCRule],
                              verdicts: TextVerdicts?) -> TestedSC {
        var result = TestedSC()
        var byCriteria: Set<String> = []
        let componentWords = FoldedText(component.slug + " " + component.title)
        for (index, criterion) in criteria.enumerated() {
            var given: Set<String> = []
            let text = [criterion.label, criterion.expectation].compactMap { $0 }.joined(separator: ": ")
            let said = verdicts?.verdict(text) ?? TextVerdicts.Verdict(rules: rules, words: FoldedText(text))
            let aspect = criterion.label.map(Vocabulary.meaning(ofAspectLabel:))
            // Only the criterion rows whose words hold are read (a few of the table's rows for most
            // criteria): reading a row copies it, and copying every row for every criterion was most
            // of the inference's time.
            for offset in said.offsets {
                let rule = rules[offset]
                guard !given.contains(rule.sc ?? ""),
                      rule.matchesBesidesWords(criterion, aspect: aspect, component: componentWords) else { continue }
                guard let sc = rule.sc else {
                    if given.isEmpty {
                        result.nothing.append(TestsNothing(criterion: index, platform: criterion.platform, reason: rule.reason))
                        break
                    }
                    continue
                }
                given.insert(sc)
                result.links.append(InferredWCAG(criterion: index, platform: criterion.platform, sc: sc, reason: rule.reason))
            }
            byCriteria.formUnion(given)
        }
        var given = byCriteria
        for rule in rules where rule.scope == .component {
            guard let sc = rule.sc, !given.contains(sc), rule.matches(component: componentWords) else { continue }
            given.insert(sc)
            result.links.append(InferredWCAG(criterion: nil, platform: nil, sc: sc, reason: rule.reason))
        }
        return result
    }
}

/// The criterion rows' verdicts on a criterion's words (`TestedSCRule.matchesWords`), per distinct
/// text. Components repeat their criteria's sentences (a family's pages share most of them): an
/// import of 10,000 synthetic pages holds 74,000 criteria in 2,500 texts, and running every row's
/// expressions on each was a third of the time spent reading pages. Shared by the import's threads.
final class TextVerdicts: @unchecked Sendable {
    /// Bit `offset` set: the criterion row at that offset of the table matches the words.
    struct Verdict {
        fileprivate let bits: [UInt64]

        init(rules: [TestedSCRule], words: FoldedText) {
            var bits = [UInt64](repeating: 0, count: (rules.count + 63) / 64)
            for (offset, rule) in rules.enumerated() where rule.scope == .criterion && rule.matchesWords(words) {
                bits[offset >> 6] |= 1 << UInt64(offset & 63)
            }
            self.bits = bits
        }

        /// The offsets of the rows that match, in the table's order.
        var offsets: [Int] {
            var offsets: [Int] = []
            for (block, word) in bits.enumerated() {
                var rest = word
                while rest != 0 {
                    offsets.append(block << 6 + rest.trailingZeroBitCount)
                    rest &= rest - 1
                }
            }
            return offsets
        }
    }

    private let rules: [TestedSCRule]
    private let lock = NSLock()
    private var known: [String: Verdict] = [:]
    /// Past this many texts nothing more is remembered: a corpus of unique sentences costs what it
    /// did before, not memory without end.
    private let capacity = 50_000

    init(rules: [TestedSCRule]) { self.rules = rules }

    /// The text's words are folded only when the text is new.
    func verdict(_ text: String) -> Verdict {
        if let verdict = lock.withLock({ known[text] }) { return verdict }
        let verdict = Verdict(rules: rules, words: FoldedText(text))
        lock.withLock { if known.count < capacity { known[text] = verdict } }
        return verdict
    }
}
