import KBModel
import KBSearch

/// One component's developer notes for a developer on one platform or framework: the guidance,
/// code and announcement examples of the platforms asked for, grouped as the source writes them.
public struct DeveloperNotes: Sendable {
    /// Whose notes: every platform's, those written for every platform, or one platform's.
    public enum Scope: Sendable, Equatable {
        case all
        case general
        case platform(Platform)
    }

    /// The component, its facts narrowed to the notes asked for.
    public var notes: ComponentFacts
    /// The platform sections shown, in order (nil: written for every platform).
    public var sections: [Platform?]
    /// The scope the notes answer, a framework's platform when only a framework was given.
    public var scope: Scope

    /// `facts` narrowed to `scope` and `framework` (its notes and those for any framework). A
    /// framework with scope `.all` means its own platform; a framework of another platform than
    /// the one asked for is refused.
    package static func narrow(_ facts: ComponentFacts, scope: Scope, framework: Framework?, codeExamples: Bool) throws -> DeveloperNotes {
        var facts = facts
        var scope = scope
        if let framework {
            facts = facts.keeping(framework: framework)
            let own = framework.platform
            if scope == .all { scope = .platform(own) }
            if scope != .platform(own) {
                let asked = if case .platform(let platform) = scope { platform.rawValue } else { "general" }
                throw QueryError.invalidOption("framework \(framework.rawValue) is for \(own.rawValue), not \(asked)")
            }
        }
        if !codeExamples { facts = facts.withoutCodeExamples }
        let sections: [Platform?] = switch scope {
        case .all: [nil] + facts.platforms
        case .general: [nil]
        case .platform(let platform): [platform]
        }
        return DeveloperNotes(notes: facts.developerNotes(for: sections), sections: sections, scope: scope)
    }
}
