import A11yKB

/// The search page: the command line's ranking, matched words marked, the automated rules that
/// match, and facets that narrow by family and platform.
enum SearchPage {
    static func context(_ kb: KnowledgeBase, _ text: String, _ options: SearchOptions) throws -> [String: Any] {
        let document = try kb.findComponents(text, options: options, timeout: 0).document()
        let (result, rules) = (document.result, document.rules)
        let components: [[String: Any]] = result.components.map { match in
            [
                "href": Links.component(match.family, match.component),
                "title": Words.marked(match.highlightedTitle),
                "family": match.family.rawValue,
                "category": match.category as Any,
                "matching": match.matchingFacts,
                "facts": match.facts.map { hit -> [String: Any] in
                    ["snippet": Words.marked(hit.snippet), "kind": hit.kind?.rawValue ?? hit.fact.rawValue,
                     "platform": hit.platform.map { Words.platform($0) } as Any, "line": hit.line as Any, "source": hit.source]
                },
            ]
        }
        let filters: [(String, String)] = [("family", options.family?.rawValue), ("platform", options.platform?.rawValue)].compactMap { name, value in
            value.map { (name, $0) }
        }
        func facet(_ name: String, _ label: String, _ values: [(String, String)]) -> [String: Any] {
            let current = filters.first { $0.0 == name }?.1
            let others = filters.filter { $0.0 != name }
            var options: [[String: Any]] = [["label": "Any", "href": Links.search(text, others), "current": current == nil]]
            options += values.map { value, title in
                ["label": title, "href": Links.search(text, others + [(name, value)]), "current": current == value]
            }
            return ["label": label, "options": options]
        }
        let total = result.total.map { "\($0) component\($0 == 1 ? "" : "s") match" } ?? "Components match"
        return [
            "title": "Search: \(text)", "query": text,
            "summary": result.components.isEmpty ? "No component holds these words." : total + (result.components.count < (result.total ?? 0) ? ", the first \(result.components.count) shown." : "."),
            "components": components,
            "hasSuggestions": !result.suggestions.isEmpty, "hasRules": !rules.items.isEmpty,
            "suggestions": result.suggestions.map { ["word": $0, "href": Links.search($0, filters)] },
            "notes": document.notes + document.reading,
            "facets": [
                facet("family", "Family", Family.allCases.map { ($0.rawValue, Words.family($0)) }),
                facet("platform", "Platform", KnowledgeBase.platforms.map { ($0.rawValue, Words.platform($0)) }),
            ],
            "rules": rules.items.map { rule -> [String: Any] in
                ["id": rule.rule, "kind": rule.kind == .axe ? "axe-core" : "ACT", "name": rule.name ?? "", "hasCriteria": !rule.criteria.isEmpty,
                 "criteria": rule.criteria.map { ["sc": $0.description, "href": Links.criterion($0)] }]
            },
        ]
    }
}
