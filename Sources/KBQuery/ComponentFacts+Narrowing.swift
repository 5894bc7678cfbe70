/// One component's facts narrowed to what a developer on one framework reads, or without code:
/// what the MCP server's developer-notes and component answers are made of.
import KBModel
import KBSearch

extension ComponentFacts {
    /// The notes, code examples and gaps written for `framework` or for any framework; criteria
    /// and announcements stay as they are.
    public func keeping(framework: Framework) -> ComponentFacts {
        var narrowed = self
        narrowed.guidance = guidance.filter { $0.framework == nil || $0.framework == framework }
        narrowed.codeExamples = codeExamples.filter { $0.framework == nil || $0.framework == framework }
        narrowed.gaps = gaps.filter { $0.framework == nil || $0.framework == framework }
        return narrowed
    }

    /// The developer notes of `platforms` (nil among them: the notes written for every platform):
    /// their guidance, code, announcement examples and gaps; no criteria, no transcripts.
    public func developerNotes(for platforms: [Platform?]) -> ComponentFacts {
        var narrowed = self
        narrowed.criteria = []
        narrowed.gherkin = []
        narrowed.guidance = guidance.filter { platforms.contains($0.platform) }
        narrowed.codeExamples = codeExamples.filter { platforms.contains($0.platform) }
        narrowed.announcements = announcements.filter { $0.origin == .example && platforms.contains($0.platform) }
        narrowed.gaps = gaps.filter { platforms.contains($0.platform) && !$0.isUnderStandardKind }
        return narrowed
    }

    /// The same facts without the code examples.
    public var withoutCodeExamples: ComponentFacts {
        var narrowed = self
        narrowed.codeExamples = []
        return narrowed
    }
}

extension Checklist.Stack {
    /// The stack of a platform and a framework: a framework alone names its platform; a framework
    /// of another platform is refused.
    public static func checked(platform: Platform?, framework: Framework?) throws -> Checklist.Stack {
        var stack = Checklist.Stack(platform: platform)
        if let framework {
            if let chosen = stack.platform, chosen != framework.platform {
                throw QueryError.invalidOption("framework \(framework.rawValue) is not written for \(chosen.rawValue) but for \(framework.platform.rawValue)")
            }
            stack.platform = framework.platform
            stack.framework = framework
        }
        return stack
    }
}

extension ComponentFacts {
    /// What applies to one stack, as `show` prints it: criteria of every platform and the chosen
    /// one's (those scoped in words to another platform left out), that platform's notes,
    /// announcements, code and gaps (and the general ones), the chosen framework's (or none's).
    public func keeping(_ stack: Checklist.Stack) -> ComponentFacts {
        var narrowed = self
        let family = component.family
        func platformOK(_ p: Platform?) -> Bool { stack.platform == nil || p == nil || p == stack.platform }
        func frameworkOK(_ f: Framework?) -> Bool { stack.framework == nil || f == nil || f == stack.framework }
        narrowed.criteria = criteria.filter { PlatformScope.applies($0, family: family, on: stack.platform) }
        narrowed.guidance = guidance.filter { platformOK($0.platform) && frameworkOK($0.framework) }
        let kept = Set(narrowed.guidance.map(\.id))
        narrowed.guidance = narrowed.guidance.filter { $0.parentID.map(kept.contains) ?? true }
        narrowed.announcements = announcements.filter { platformOK($0.platform) }
        narrowed.codeExamples = codeExamples.filter { platformOK($0.platform) && frameworkOK($0.framework) }
        narrowed.gaps = gaps.filter { platformOK($0.platform) && frameworkOK($0.framework) }
        return narrowed
    }
}
