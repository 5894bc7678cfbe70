import Yams

/// YAML front matter (`---` ... `---`) over a markdown body, as the Jekyll-era documents have it.
package struct FrontMatter: Sendable {
    package var title: String?
    package var category: String?
    package var slug: String?
    package var criteria: [RawCriterion] = []
    package var gherkin: [GherkinStep] = []
    package var notices: [Notice] = []

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

    package static func parse(_ yaml: String) throws -> FrontMatter {
        var result = FrontMatter()
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            // Tabs are not YAML white space, yet authors leave them after a key; nothing else differs.
            guard yaml.contains("\t"),
                  let repaired = try? Yams.compose(yaml: yaml.replacingOccurrences(of: "\t", with: "  ")) else {
                throw ReadError(line: yamlErrorLine(error).map { $0 + 1 }, "front matter is not valid YAML: \(yamlErrorSummary(error))")
            }
            root = repaired
            result.notices.append(Notice(.repaired, line: nil, "tab characters in the front matter read as spaces"))
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
            switch key.lowercased() {
            case "title": result.title = value.string?.trimmingSpaces().description
                continue
            case "categories", "category":
                result.category = value.string ?? value.sequence?.first?.string
                continue
            case "slug", "permalink":
                if key == "slug" { result.slug = value.string }
                continue
            default: break
            }
            if pageKeys.contains(key.lowercased()) { continue }
            if key.lowercased() == "wcag" {
                result.criteria += wcagChecks(value, principle: nil)
                continue
            }
            if key.lowercased().hasPrefix("gherkin") {
                result.gherkin += gherkinSteps(value, scenario: String(key.dropFirst("gherkin".count).drop { $0 == "-" || $0 == "_" }))
                continue
            }
            if Vocabulary.criterionKind(key) != nil {
                lastKind = key
                result.criteria += criteria(kind: key, value: value, keyLine: keyLine)
                continue
            }
            if let scalar = value.string, let kind = lastKind {
                // A key that lost its indentation (`spacebar:` at the margin under `keyboard:`) still
                // belongs to the section above it.
                result.notices.append(Notice(.repaired, line: keyLine, "key \"\(key)\" at the margin read as part of \"\(kind)\""))
                if let c = criterion(kind: kind, label: key, value: scalar, line: keyLine) { result.criteria.append(c) }
                continue
            }
            // Any other key describes the page (layout, permalink...), not criteria.
        }
        return result
    }

    static func criteria(kind: String, value: Node, keyLine: Int) -> [RawCriterion] {
        if let mapping = value.mapping {
            return mapping.compactMap { labelNode, expectation in
                guard let label = labelNode.string else { return nil }
                let line = (labelNode.mark?.line ?? keyLine - 1) + 1
                return criterion(kind: kind, label: label, value: expectation.string ?? "", line: line)
            }
        }
        if let text = value.string, !text.trimmingSpaces().isEmpty {
            // `keyboard: N/A`: a whole section answered in one line.
            return [RawCriterion(kind: kind, label: nil, expectation: text, line: (value.mark?.line ?? keyLine - 1) + 1)]
        }
        if let sequence = value.sequence {
            return sequence.compactMap { item in
                guard let text = item.string else { return nil }
                return RawCriterion(kind: kind, label: nil, expectation: text, line: (item.mark?.line ?? keyLine - 1) + 1)
            }
        }
        return []
    }

    /// `wcag:` holds principles (Perceivable, Operable...) each with a list of `criteria:` checks;
    /// every text under a principle becomes a `checklist` criterion labelled by it.
    static func wcagChecks(_ node: Node, principle: String?) -> [RawCriterion] {
        let line = (node.mark?.line ?? 0) + 1
        switch node {
        case .scalar(let scalar):
            let text = scalar.string.trimmingSpaces()
            guard !text.isEmpty else { return [] }
            return [RawCriterion(kind: "checklist", label: principle.map(capitalized), expectation: String(text), line: line)]
        case .sequence(let sequence):
            return sequence.flatMap { wcagChecks($0, principle: principle) }
        case .mapping(let mapping):
            return mapping.flatMap { key, value -> [RawCriterion] in
                let name = key.string ?? ""
                let isContainer = ["criteria", "checks", "items", "list"].contains(name.lowercased())
                return wcagChecks(value, principle: isContainer ? principle : name)
            }
        case .alias:
            return []
        }
    }

    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// `gherkin-keyboard:` is a list of steps, each a map such as `when: ...` / `result: ...`.
    static func gherkinSteps(_ node: Node, scenario: String) -> [GherkinStep] {
        var steps: [GherkinStep] = []
        for item in node.sequence.map(Array.init) ?? [node] {
            if let mapping = item.mapping {
                for (key, value) in mapping {
                    guard let keyword = key.string, let text = value.string?.trimmingSpaces(), !text.isEmpty else { continue }
                    let isResult = ["result", "then-result", "expect"].contains(keyword.lowercased())
                    steps.append(GherkinStep(scenario: scenario, depth: isResult ? 1 : 0,
                                             text: keyword.uppercased() + " " + text, line: (key.mark?.line ?? 0) + 1))
                }
            } else if let text = item.string?.trimmingSpaces(), !text.isEmpty {
                steps.append(GherkinStep(scenario: scenario, depth: 0, text: String(text), line: (item.mark?.line ?? 0) + 1))
            }
        }
        return steps
    }

    static func criterion(kind: String, label: String, value: String, line: Int) -> RawCriterion? {
        let label = label.trimmingSpaces().trimmingCharacters(":")
        var pretty = label
        if let first = pretty.first { pretty = first.uppercased() + pretty.dropFirst() }
        return RawCriterion(kind: kind, label: pretty, expectation: value, line: line)
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
    func trimmingCharacters(_ characters: Character...) -> String {
        var s = Substring(self)
        while let last = s.last, characters.contains(last) { s = s.dropLast() }
        return String(s).trimmingSpaces().description
    }
}
