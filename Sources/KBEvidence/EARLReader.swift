import KBModel

/// W3C EARL in JSON-LD as evidence, in the three layouts tools write: a flat `@graph` of
/// assertions, each holding its subject and test (axe-core's reporter); linked nodes, where an
/// assertion names its subject, test and assertor by `@id` (Siteimprove Alfa); and subjects
/// holding their `assertions` (QualWeb, IBM). Read as plain JSON with the prefixes tools use
/// (`earl:outcome` or `outcome`), not through a JSON-LD processor. A test's criteria are its
/// `isPartOf` requirements (`WCAG2:name-role-value`, a criterion's W3C id, or a WCAG 2.0 id),
/// the page its subject's `source` or `url` or `@id`, the tool the assertor (`assertedBy`).
/// Checked on the ACT implementation reports of axe-core 4.8 and Alfa 0.118.
enum EARLReader {
    static func type(_ node: JSON) -> [String] { (node["@type"].strings + node["type"].strings).map(local) }
    static func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }
    static func field(_ node: JSON, _ name: String) -> JSON {
        for key in [name, "earl:" + name, "dct:" + name] where node[key].exists { return node[key] }
        return JSON(nil)
    }

    static func isAssertionOrSubject(_ node: JSON) -> Bool {
        let types = type(node)
        return types.contains("Assertion") || (types.contains("TestSubject") && field(node, "assertions").isArray)
    }

    static func read(_ json: JSON, file: String) -> EvidenceRecord? {
        let graph = json["@graph"].exists ? json["@graph"].items : json.items
        var nodes: [String: JSON] = [:]
        for node in graph { if let id = node["@id"].string { nodes[id] = node } }
        func resolved(_ value: JSON) -> JSON {
            if let id = value.string ?? (value["@id"].string.flatMap { value.keys == ["@id"] ? $0 : nil }), let node = nodes[id] { return node }
            return value
        }
        // Each assertion with the subject it sits under, where it is nested.
        var assertions: [(assertion: JSON, subject: JSON?, at: String)] = []
        for (i, node) in graph.enumerated() {
            if type(node).contains("Assertion") { assertions.append((node, nil, "@graph[\(i)]")) }
            for (j, a) in field(node, "assertions").items.enumerated() { assertions.append((a, node, "@graph[\(i)].assertions[\(j)]")) }
        }
        guard !assertions.isEmpty else { return nil }
        var findings: [EvidenceFinding] = []
        var tool: String?, version: String?
        for (assertion, parent, at) in assertions {
            guard let outcome = EvidenceOutcome(earl: field(field(assertion, "result"), "outcome").string ?? field(field(assertion, "result"), "outcome")["@id"].string ?? "") else { continue }
            let test = resolved(field(assertion, "test"))
            let testID = field(test, "title").string ?? test["@id"].string ?? field(assertion, "test").string
            guard let testID else { continue }
            let subject = parent ?? resolved(field(assertion, "subject"))
            let page = field(subject, "source").string ?? subject["url"].string ?? field(subject, "url").string ?? subject["@id"].string
            let criteria = field(test, "isPartOf").items.compactMap { part -> SCNumber? in
                successCriterion(ofRequirement: part.string ?? part["@id"].string ?? "")
            }.uniqued()
            if tool == nil { (tool, version) = assertor(resolved(field(assertion, "assertedBy"))) }
            let mode: EvidenceMode = (field(assertion, "mode").string ?? "").hasSuffix("manual") ? .manual : .automatic
            findings.append(EvidenceFinding(test: EvidenceTest(kind: testKind(testID, tool: tool), id: ruleID(testID)), outcome: outcome, mode: mode,
                                            page: page, successCriteria: criteria, words: field(test, "title").string, position: at))
        }
        return EvidenceRecord(file: file, format: .earl, tool: tool ?? "EARL", version: version, findings: findings)
    }

    /// An assertor as a name and version: a node (`name`, `release.revision`), or a release URL
    /// (`https://github.com/dequelabs/axe-core/releases/tag/4.8.2` → axe-core 4.8.2).
    static func assertor(_ node: JSON) -> (String?, String?) {
        if let name = field(node, "name").string ?? node["foaf:name"].string {
            return (name, field(node, "release")["revision"].string ?? field(field(node, "release"), "revision").string)
        }
        guard let url = node.string ?? node["@id"].string else { return (nil, nil) }
        let parts = url.split(separator: "/").map(String.init)
        if let tag = parts.firstIndex(of: "tag"), tag + 1 < parts.count, tag >= 3 { return (parts[tag - 2], parts[tag + 1]) }
        return (url, nil)
    }

    /// A test's id as the tool names the rule: the title, or the last part of its URL without a query.
    static func ruleID(_ id: String) -> String {
        guard id.contains("/") else { return id }
        let path = id.split(separator: "?").first.map(String.init) ?? id
        return path.split(separator: "/").last.map(String.init) ?? id
    }

    static func testKind(_ id: String, tool: String?) -> EvidenceTestKind {
        if tool?.lowercased().contains("axe") == true { return .axe }
        if id.range(of: "^[0-9a-f]{6}$", options: .regularExpression) != nil { return .act }
        return .toolRule
    }

    /// `WCAG2:name-role-value`, `WCAG21:identify-input-purpose`, `https://www.w3.org/TR/WCAG21/#non-text-content`,
    /// `wcag20:text-equiv-all` → the success criterion; anything else → nil.
    static func successCriterion(ofRequirement requirement: String) -> SCNumber? {
        let slug = requirement.split(separator: "#").last.map(String.init).map { $0.split(separator: ":").last.map(String.init) ?? $0 } ?? requirement
        return EvidenceVocabulary.successCriterion(w3cID: slug)
    }
}
