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

/// One row of vocabulary/tested-sc.tsv: when a criterion (or a component) tests a success
/// criterion, and why. The table is data, built into a11ykb; its header says each column.
package struct TestedSCRule: Sendable {
    package enum Scope: String, Sendable { case criterion, component }

    package var scope: Scope
    package var sc: String
    /// nil: any kind.
    package var kind: String?
    /// nil: any aspect.
    package var aspect: String?
    /// nil: any words.
    package var words: WordPattern?
    package var reason: String
    /// The row's line in the file.
    package var line: Int

    func matches(_ criterion: CriterionFact) -> Bool {
        if let kind, criterion.kind != kind { return false }
        if let aspect, criterion.label.map(Vocabulary.meaning(ofAspectLabel:)) != aspect { return false }
        if let words, !words.matches([criterion.label, criterion.expectation].compactMap { $0 }.joined(separator: ": ")) {
            return false
        }
        return true
    }

    func matches(_ component: ComponentInfo) -> Bool {
        // Its kind, not its category: "notifications" holds dialogs as well as toasts.
        words.map { $0.matches(component.slug + " " + component.title) } ?? true
    }
}

/// A case-folded regular expression. NSRegularExpression is immutable once made and documented
/// as safe to share between threads.
package struct WordPattern: @unchecked Sendable {
    package let source: String
    let expression: NSRegularExpression

    package init(_ source: String) throws {
        self.source = source
        expression = try NSRegularExpression(pattern: source, options: [.caseInsensitive])
    }

    package func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// Infers the success criteria a component's criteria test, from the rows of tested-sc.tsv.
package enum TestedSCInference {
    /// The built-in table, read once.
    package static let builtIn: [TestedSCRule] = parse(String(decoding: EmbeddedResources.testedSC, as: UTF8.self)).rules

    /// Reads the TSV: `scope<TAB>sc<TAB>kind<TAB>aspect<TAB>words<TAB>reason`, `*` for any;
    /// lines starting with `#` and blank lines are comments. A malformed row is named in
    /// `problems` (the built-in table's test demands none) and left out.
    package static func parse(_ text: String) -> (rules: [TestedSCRule], problems: [String]) {
        var rules: [TestedSCRule] = []
        var problems: [String] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            func any(_ field: String) -> String? { field == "*" || field.isEmpty ? nil : field }
            guard fields.count == 6, let scope = TestedSCRule.Scope(rawValue: fields[0]),
                  fields[1].split(separator: ".").count == 3, fields[1].allSatisfy({ $0.isNumber || $0 == "." }),
                  !fields[5].isEmpty else {
                problems.append("line \(index + 1): expected scope, sc, kind, aspect, words, reason")
                continue
            }
            do {
                rules.append(TestedSCRule(scope: scope, sc: fields[1], kind: any(fields[2]), aspect: any(fields[3]),
                                          words: try any(fields[4]).map(WordPattern.init), reason: fields[5], line: index + 1))
            } catch {
                problems.append("line \(index + 1): the words are not a regular expression")
            }
        }
        return (rules, problems)
    }

    /// Per criterion where a row's criterion test holds; then per component, for each success
    /// criterion no criterion of it gave. Each criterion, and the component, gets a success
    /// criterion once, from the first row that gives it.
    package static func infer(_ component: ComponentInfo, criteria: [CriterionFact],
                              rules: [TestedSCRule] = builtIn) -> [InferredWCAG] {
        var links: [InferredWCAG] = []
        var byCriteria: Set<String> = []
        for (index, criterion) in criteria.enumerated() {
            var given: Set<String> = []
            for rule in rules where rule.scope == .criterion && !given.contains(rule.sc) && rule.matches(criterion) {
                given.insert(rule.sc)
                links.append(InferredWCAG(criterion: index, platform: criterion.platform, sc: rule.sc, reason: rule.reason))
            }
            byCriteria.formUnion(given)
        }
        var given = byCriteria
        for rule in rules where rule.scope == .component && !given.contains(rule.sc) && rule.matches(component) {
            given.insert(rule.sc)
            links.append(InferredWCAG(criterion: nil, platform: nil, sc: rule.sc, reason: rule.reason))
        }
        return links
    }
}
