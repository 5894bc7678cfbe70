import A11yKB
import Foundation

/// The server's words for the library's advice, in a tool's own arguments: the model calling it
/// has no command line, so a hint that names none of the tool's arguments is left out.
package enum Hints {
    /// `timeLimit`: the server's own limit on a request's time, which no `timeout` passes.
    package static func wording(_ parameters: [Parameter], timeLimit: TimeInterval? = nil) -> HintWording {
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
                // The server's cap where it is below the argument's own: a larger timeout is cut to it.
                if let timeLimit, timeLimit < range.upperBound {
                    return "raise it with the timeout argument (up to \(seconds(timeLimit)), this server's limit)"
                }
                return "raise it with the timeout argument (up to \(seconds(range.upperBound)))"
            case .listCategories, .listComponents:
                return "list_components lists them"
            case .importComponents:
                return "an import adds them (a11ykb import, where the knowledge base is kept)"
            case .raiseOutputCap, .listEveryFile, .waitForLock, .nameDatabase, .createKnowledgeBase:
                return nil
            }
        }
    }

    /// `60 seconds`, `1 second`, `2.5 seconds`.
    static func seconds(_ value: TimeInterval) -> String {
        let figure = value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
        return figure + (value == 1 ? " second" : " seconds")
    }
}
