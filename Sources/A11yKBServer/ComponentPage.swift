import A11yKB

/// A component's page: criteria by kind, Gherkin, what each screen reader says, developer notes
/// per platform and framework, code, the success criteria (cited by the page, or inferred), and
/// the source file with each fact's line.
enum ComponentPage {
    static func context(_ kb: KnowledgeBase, _ facts: ComponentFacts) throws -> [String: Any] {
        let c = facts.component
        let links = try kb.successCriteria(of: facts)
        func criterion(_ link: ComponentCriterionLink) -> [String: Any] {
            ["sc": link.sc.description, "title": link.title ?? "", "level": link.level?.rawValue ?? "", "href": Links.criterion(link.sc),
             "reason": link.reason as Any]
        }
        let groups: [[String: Any]] = facts.criteriaGroups.map { group in
            ["heading": AcceptanceCriteria.condensedTitle(group.kind),
             "criteria": group.criteria.map { cr -> [String: Any] in
                 ["label": cr.label as Any, "expectation": cr.expectation, "line": cr.line,
                  "platform": cr.platform.map { Words.platform($0) } as Any]
             },
             "gaps": group.gaps.map { ["problem": $0.problem.rawValue, "line": $0.line] }]
        }
        var readers: [String: [[String: Any]]] = [:]
        var readerOrder: [String] = []
        for a in facts.announcements {
            let reader = a.screenReader ?? a.platform?.screenReader ?? "Screen reader"
            if readers[reader] == nil { readerOrder.append(reader) }
            readers[reader, default: []].append(["text": a.text, "context": a.context as Any, "line": a.line,
                                                 "platform": Words.platform(a.platform),
                                                 "transcript": a.origin == .transcript])
        }
        var notes: [String: [[String: Any]]] = [:]
        var noteOrder: [String] = []
        let depths = facts.guidanceDepths
        for g in facts.guidance {
            let heading = [Words.platform(g.platform), Words.framework(g.framework)].compactMap { $0 }.joined(separator: ", ")
            if notes[heading] == nil { noteOrder.append(heading) }
            notes[heading, default: []].append(["aspect": g.aspect.rawValue, "text": g.text, "line": g.line, "indent": depths[g.id] ?? 0])
        }
        let code: [[String: Any]] = facts.codeExamples.map { ex in
            ["heading": [Words.platform(ex.platform), Words.framework(ex.framework), ex.aspect?.rawValue].compactMap { $0 }.joined(separator: ", "),
             "language": ex.language ?? "code", "code": ex.code, "line": ex.line, "bad": ex.quality == .bad]
        }
        let gherkin = facts.gherkin.map { line -> [String: Any] in
            ["text": String(repeating: "  ", count: line.depth) + line.text, "line": line.line]
        }
        return [
            "title": c.title, "family": Words.family(c.family), "category": c.category as Any, "source": c.source,
            "page": Links.source(c.pageLink) as Any,
            "compare": (c.family == .howToTest ? nil : Links.compare(c.slug, c.family)) as Any,
            "api": "/api/components/\(c.family.rawValue)/\(Links.escape(c.slug))",
            "groups": groups, "hasCriteria": !groups.isEmpty,
            "gherkin": gherkin, "hasGherkin": !gherkin.isEmpty,
            "readers": readerOrder.map { ["reader": $0, "items": readers[$0]!] }, "hasAnnouncements": !readerOrder.isEmpty,
            "notes": noteOrder.map { ["heading": $0, "items": notes[$0]!] }, "hasNotes": !noteOrder.isEmpty,
            "code": code, "hasCode": !code.isEmpty,
            "cited": links.filter(\.cited).map(criterion), "inferred": links.filter { !$0.cited }.map(criterion),
            "hasCriteriaLinks": !links.isEmpty,
        ]
    }
}
