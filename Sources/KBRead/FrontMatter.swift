import Yams
import KBModel

/// YAML front matter (`---` ... `---`) over a markdown body, as the Jekyll-era documents have it.
package struct FrontMatter: Sendable {
    package var title: String?
    package var category: String?
    /// The categories after the first (`categories: main form`: `form`), as written.
    package var tags: [String] = []
    package var slug: String?
    package var criteria: [RawCriterion] = []
    package var gherkin: [GherkinStep] = []
    package var notices: [Notice] = []
    /// The front matter's lines that hold no criterion or step (keys, metadata, blank lines).
    package var ledger = LineLedger()

    /// What the first lines of a document hold: no front matter, one that never closes, or the
    /// YAML, the body and the line the body starts on. Only the front matter's own lines are looked at.
    enum Scan {
        case none
        case unclosed
        case closed(yaml: String, body: Substring, bodyFirstLine: Int)
    }

    static func scan(_ text: String) -> Scan {
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var lineNumber = 1
        var yamlStart: String.Index?
        while lineStart < utf8.endIndex {
            var lineEnd = lineStart
            while lineEnd < utf8.endIndex, utf8[lineEnd] != 0x0A { lineEnd = utf8.index(after: lineEnd) }
            let line = text[lineStart..<lineEnd].trimmingSpaces()
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            let next = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            if lineNumber == 1 {
                guard trimmed == "---" else { return .none }
                yamlStart = next
            } else if trimmed == "---" || trimmed == "..." {
                return .closed(yaml: String(text[yamlStart!..<lineStart]), body: text[next...], bodyFirstLine: lineNumber + 1)
            }
            lineStart = next
            lineNumber += 1
        }
        return lineNumber > 1 ? .unclosed : .none
    }

    /// Keys that describe the page rather than criteria.
    static let pageKeys: Set<String> = ["layout", "title", "categories", "category", "permalink", "tags", "order",
                                        "description", "slug", "date", "sidebar", "nav_order", "parent", "redirect_from"]

    /// The front matter's lines, as the YAML parser numbers them (the document's line 1 is the
    /// opening `---`, so a YAML line is the document line less one).
    struct Lines {
        let text: [Substring]
        /// Lines where a YAML node starts, in order: a node's text runs to the next one.
        let starts: [Int]

        init(yaml: String, root: Node?) {
            text = MarkdownOutline.splitLines(yaml)
            var starts = Set<Int>()
            // Keys and list items start what they hold; a scalar value runs on from its key.
            func collect(_ node: Node) {
                switch node {
                case .mapping(let mapping):
                    for (key, value) in mapping {
                        if let mark = key.mark { starts.insert(mark.line + 1) }
                        collect(value)
                    }
                case .sequence(let sequence):
                    for item in sequence {
                        if let mark = item.mark { starts.insert(mark.line + 1) }
                        collect(item)
                    }
                default: break
                }
            }
            if let root { collect(root) }
            self.starts = starts.sorted()
        }

        /// The document lines of the node starting at `line`: up to the next node, blank lines and
        /// comments after it left out.
        func span(from line: Int) -> ClosedRange<Int> {
            let next = starts.first { $0 > line } ?? text.count + 2
            var last = max(line, min(next - 1, text.count + 1))
            while last > line, isBlankOrComment(last) { last -= 1 }
            return line...last
        }

        func isBlankOrComment(_ line: Int) -> Bool {
            let index = line - 2
            guard index >= 0, index < text.count else { return true }
            let trimmed = text[index].trimmingSpaces()
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
    }

    package static func parse(_ yaml: String) throws -> FrontMatter {
        var result = FrontMatter()
        let root: Node?
        if let line = YAMLLimits.flowNestingTooDeep(yaml) {
            throw ReadError(line: line + 2, "front matter nests lists or maps more than \(YAMLLimits.maxNesting) deep")
        }
        do {
            root = try compose(yaml)
        } catch {
            // Tabs are not YAML white space, yet authors leave them after a key; nothing else differs.
            guard yaml.contains("\t"),
                  let repaired = try? compose(yaml.replacingOccurrences(of: "\t", with: "  ")) else {
                throw ReadError(line: yamlErrorLine(error).map { $0 + 1 }, "front matter is not valid YAML: \(yamlErrorSummary(error))")
            }
            root = repaired
            result.notices.append(Notice(.repaired, line: nil, "tab characters in the front matter read as spaces"))
        }
        if let root, !YAMLLimits.fits(root, budget: YAMLLimits.maxNodes) {
            throw ReadError(line: nil, "front matter expands to more than \(YAMLLimits.maxNodes) values (YAML aliases repeating an anchor)")
        }
        let lines = Lines(yaml: yaml, root: root)
        for (index, text) in lines.text.enumerated() {
            let trimmed = text.trimmingSpaces()
            if trimmed.isEmpty { result.ledger.mark(index + 2, .skipped("blank line")) }
            if trimmed.hasPrefix("#") { result.ledger.mark(index + 2, .skipped("YAML comment")) }
        }
        guard let root else { return result }
        guard let mapping = root.mapping else {
            throw ReadError(line: (root.mark?.line).map { $0 + 1 }, "front matter is a \(describe(root)), not a map of keys")
        }
        var lastKind: String?
        for (keyNode, value) in mapping {
            guard let rawKey = keyNode.string else { continue }
            let key = rawKey.trimmingSpaces().trimmingCharacters(":")
            let keyLine = (keyNode.mark?.line ?? 0) + 1
            let span = lines.span(from: keyLine)
            switch key.lowercased() {
            case "title": result.title = value.string?.trimmingSpaces().description
                result.ledger.mark(span, .structure("front matter: title"))
                continue
            case "categories", "category":
                // Jekyll reads `categories: main form` as two categories (a string is split at its
                // spaces; `category` names one): the first is the page's, the others its tags.
                let named = value.sequence?.compactMap(\.string)
                    ?? value.string.map { key.lowercased() == "categories" ? $0.split(whereSeparator: \.isWhitespace).map(String.init) : [$0] }
                    ?? []
                result.category = named.first
                result.tags = Array(named.dropFirst())
                result.ledger.mark(span, .structure("front matter: category"))
                continue
            case "slug", "permalink":
                if key == "slug" { result.slug = value.string }
                result.ledger.mark(span, .structure("front matter: page address"))
                continue
            default: break
            }
            if pageKeys.contains(key.lowercased()) {
                result.ledger.mark(span, .skipped("front-matter metadata for the site (\(key))"))
                continue
            }
            if key.lowercased() == "wcag" {
                result.ledger.mark(keyLine, .structure("group: wcag checklist"))
                result.criteria += wcagChecks(value, principle: nil, lines: lines, ledger: &result.ledger)
                continue
            }
            if key.lowercased().hasPrefix("gherkin") {
                result.ledger.mark(keyLine, .structure("gherkin scenario: \(key)"))
                result.gherkin += gherkinSteps(value, scenario: String(key.dropFirst("gherkin".count).drop { $0 == "-" || $0 == "_" }),
                                               lines: lines)
                continue
            }
            if Vocabulary.criterionKind(key) != nil {
                lastKind = key
                result.ledger.mark(keyLine, .structure("group: \(key)"))
                result.criteria += criteria(kind: key, value: value, keyLine: keyLine, lines: lines)
                continue
            }
            if let scalar = value.string, let kind = lastKind {
                // A key that lost its indentation (`spacebar:` at the margin under `keyboard:`) still
                // belongs to the section above it.
                result.notices.append(Notice(.repaired, line: keyLine, "key \"\(key)\" at the margin read as part of \"\(kind)\""))
                if let c = criterion(kind: kind, label: key, value: scalar, line: keyLine, lastLine: span.upperBound) {
                    result.criteria.append(c)
                }
                continue
            }
            // Any other key is not read: the account says so rather than guessing at it.
            result.ledger.mark(span, .unaccounted("front-matter key \"\(key)\" not read"))
        }
        return result
    }

    /// `Yams.compose`, without its cost per document: the default resolver matches every key against
    /// regular expressions (ICU, through UTF-16) to hash it for the duplicate-key check, and the
    /// default encoding reads the whole environment. Nothing here reads a resolved tag (`.string` is
    /// the text as written), so the basic resolver (every scalar a string) composes the same nodes.
    /// Its duplicate check is coarser (`"1":` and `1:` are one key to it), so a document it refuses
    /// for duplicate keys is composed again as before, to be refused or accepted exactly as before.
    static func compose(_ yaml: String) throws -> Node? {
        do {
            return try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch YamlError.duplicatedKeysInMapping {
            return try Yams.compose(yaml: yaml, .default, .default, .utf8)
        }
    }

    static func criteria(kind: String, value: Node, keyLine: Int, lines: Lines) -> [RawCriterion] {
        if let mapping = value.mapping {
            return mapping.compactMap { labelNode, expectation in
                guard let label = labelNode.string else { return nil }
                let line = (labelNode.mark?.line ?? keyLine - 1) + 1
                return criterion(kind: kind, label: label, value: expectation.string ?? "", line: line,
                                 lastLine: lines.span(from: line).upperBound)
            }
        }
        if let text = value.string, !text.trimmingSpaces().isEmpty {
            // `keyboard: N/A`: a whole section answered in one line.
            let line = (value.mark?.line ?? keyLine - 1) + 1
            return [RawCriterion(kind: kind, label: nil, expectation: text, line: line, lastLine: lines.span(from: line).upperBound)]
        }
        if let sequence = value.sequence {
            return sequence.compactMap { item in
                guard let text = item.string else { return nil }
                let line = (item.mark?.line ?? keyLine - 1) + 1
                return RawCriterion(kind: kind, label: nil, expectation: text, line: line, lastLine: lines.span(from: line).upperBound)
            }
        }
        return []
    }

    /// `wcag:` holds principle groups, `- name: Perceivable` with a `list:` of `- criteria: ...`
    /// checks (or `- perceivable:` over its checks): every check becomes a `checklist` criterion
    /// labelled by its principle; the principle's own line is structure, never a criterion.
    static func wcagChecks(_ node: Node, principle: String?, lines: Lines, ledger: inout LineLedger) -> [RawCriterion] {
        let line = (node.mark?.line ?? 0) + 1
        switch node {
        case .scalar(let scalar):
            let text = scalar.string.trimmingSpaces()
            guard !text.isEmpty else { return [] }
            return [RawCriterion(kind: "checklist", label: principle.map(capitalized), expectation: String(text), line: line,
                                 lastLine: lines.span(from: line).upperBound)]
        case .sequence(let sequence):
            return sequence.flatMap { wcagChecks($0, principle: principle, lines: lines, ledger: &ledger) }
        case .mapping(let mapping):
            // `- name: Perceivable` names the principle of the checks beside it.
            var principle = principle
            for (key, value) in mapping where ["name", "principle", "title"].contains(key.string?.lowercased() ?? "") {
                principle = value.string?.trimmingSpaces().description
                ledger.mark((key.mark?.line ?? 0) + 1, .structure("wcag principle: \(principle ?? "")"))
            }
            return mapping.flatMap { key, value -> [RawCriterion] in
                let name = key.string ?? ""
                let keyLine = (key.mark?.line ?? 0) + 1
                switch name.lowercased() {
                case "name", "principle", "title":
                    return []
                case "criteria", "checks", "items", "list", "criterion":
                    if value.scalar == nil { ledger.mark(keyLine, .structure("wcag principle: list of checks")) }
                    return wcagChecks(value, principle: principle, lines: lines, ledger: &ledger)
                default:
                    // `- perceivable:` over its checks.
                    ledger.mark(keyLine, .structure("wcag principle: \(name)"))
                    return wcagChecks(value, principle: name, lines: lines, ledger: &ledger)
                }
            }
        case .alias:
            return []
        }
    }

    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// `gherkin-keyboard:` is a list of steps, each a map such as `when: ...` / `result: ...`.
    static func gherkinSteps(_ node: Node, scenario: String, lines: Lines) -> [GherkinStep] {
        var steps: [GherkinStep] = []
        for item in node.sequence.map(Array.init) ?? [node] {
            if let mapping = item.mapping {
                for (key, value) in mapping {
                    guard let keyword = key.string, let text = value.string?.trimmingSpaces(), !text.isEmpty else { continue }
                    let isResult = ["result", "then-result", "expect"].contains(keyword.lowercased())
                    let line = (key.mark?.line ?? 0) + 1
                    steps.append(GherkinStep(scenario: scenario, depth: isResult ? 1 : 0,
                                             text: keyword.uppercased() + " " + text, line: line,
                                             lastLine: lines.span(from: line).upperBound))
                }
            } else if let text = item.string?.trimmingSpaces(), !text.isEmpty {
                let line = (item.mark?.line ?? 0) + 1
                steps.append(GherkinStep(scenario: scenario, depth: 0, text: String(text), line: line,
                                         lastLine: lines.span(from: line).upperBound))
            }
        }
        return steps
    }

    static func criterion(kind: String, label: String, value: String, line: Int, lastLine: Int) -> RawCriterion? {
        let label = label.trimmingSpaces().trimmingCharacters(":")
        var pretty = label
        if let first = pretty.first { pretty = first.uppercased() + pretty.dropFirst() }
        return RawCriterion(kind: kind, label: pretty, expectation: value, line: line, lastLine: lastLine)
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .sequence: "list"
        case .scalar: "single value"
        case .mapping: "map"
        case .alias: "alias"
        }
    }

    static func yamlErrorLine(_ error: Error) -> Int? {
        if let yamlError = error as? YamlError {
            switch yamlError {
            case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _):
                return mark.line
            default: return nil
            }
        }
        return nil
    }

    static func yamlErrorSummary(_ error: Error) -> String {
        if let yamlError = error as? YamlError {
            switch yamlError {
            case let .scanner(context, problem, _, _), let .parser(context, problem, _, _), let .composer(context, problem, _, _):
                return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            default: break
            }
        }
        return String(describing: error).split(separator: "\n").first.map(String.init) ?? "unreadable"
    }
}

extension StringProtocol {
    package func trimmingCharacters(_ characters: Character...) -> String {
        var s = Substring(self)
        while let last = s.last, characters.contains(last) { s = s.dropLast() }
        return String(s).trimmingSpaces().description
    }
}
