import A11yKB

/// The server's words for the library's advice, in a tool's own arguments: the model calling it
/// has no command line, so a hint that names none of the tool's arguments is left out.
package enum Hints {
    package static func wording(_ parameters: [Parameter]) -> HintWording {
        let byName = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.kind) })
        return { hint in
            switch hint {
            case .showAll:
                guard case .integer(_, let range)? = byName["limit"] else { return nil }
                return "a limit up to \(range.upperBound) shows more"
            case .listFacts(let component):
                return component.map { "the search tool with component \"\($0)\" lists them" } ?? "the search tool lists facts"
            case .keepOnly(let platform):
                return byName["platform"] == nil ? nil : "platform \"\(platform.rawValue)\" keeps only those"
            case .keepOneFamily:
                let named = ["platform", "family"].filter { byName[$0] != nil }
                return named.isEmpty ? nil : "the " + named.joined(separator: " or ") + " argument keeps one"
            case .nameFamily:
                return byName["family"] == nil ? nil : "the family argument"
            case .raiseTimeout:
                guard case .number(_, let range)? = byName["timeout"] else { return nil }
                return "raise it with the timeout argument (up to \(Int(range.upperBound)) seconds)"
            case .listCategories:
                return "list_components lists them"
            case .importComponents:
                return "an import adds them (a11ykb import, where the knowledge base is kept)"
            case .raiseOutputCap, .listEveryFile, .waitForLock, .nameDatabase, .createKnowledgeBase:
                return nil
            }
        }
    }
}
