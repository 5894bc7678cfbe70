/// One component's facts narrowed to what a developer on one framework reads, or without code:
/// what the MCP server's developer-notes and component answers are made of.
import KBModel
import KBSearch

extension ComponentFacts {
    /// The notes, code examples and gaps written for `framework` (a slug or name: `swiftui`,
    /// `Jetpack Compose`) or for any framework; criteria and announcements stay as they are.
    public func keeping(framework: String) throws -> ComponentFacts {
        let slug = Vocabulary.meaning(ofFrameworkLabel: framework)?.rawValue ?? Vocabulary.slugify(framework)
        guard Vocabulary.frameworks.contains(where: { $0.slug == slug }) else {
            throw QueryError.invalidOption("unknown framework \"\(framework)\"; known: "
                                           + Vocabulary.frameworks.map(\.slug).joined(separator: ", "))
        }
        var narrowed = self
        narrowed.guidance = guidance.filter { $0.framework == nil || $0.framework == slug }
        narrowed.codeExamples = codeExamples.filter { $0.framework == nil || $0.framework == slug }
        narrowed.gaps = gaps.filter { $0.framework == nil || $0.framework == slug }
        return narrowed
    }

    /// The developer notes of `platforms` (nil among them: the notes written for every platform):
    /// their guidance, code, announcement examples and gaps; no criteria, no transcripts.
    public func developerNotes(for platforms: [String?]) -> ComponentFacts {
        var narrowed = self
        narrowed.criteria = []
        narrowed.gherkin = []
        narrowed.guidance = guidance.filter { platforms.contains($0.platform) }
        narrowed.codeExamples = codeExamples.filter { platforms.contains($0.platform) }
        narrowed.announcements = announcements.filter { $0.origin == .example && platforms.contains($0.platform) }
        narrowed.gaps = gaps.filter { platforms.contains($0.platform) && !RowKey.standardKinds.contains($0.aspect ?? "") }
        return narrowed
    }

    /// The same facts without the code examples.
    public var withoutCodeExamples: ComponentFacts {
        var narrowed = self
        narrowed.codeExamples = []
        return narrowed
    }

    /// The platform a framework is written for (`swiftui` → `ios`), nil for one the vocabulary
    /// does not know.
    public static func platform(ofFramework framework: String) -> String? {
        let slug = Vocabulary.meaning(ofFrameworkLabel: framework)?.rawValue ?? Vocabulary.slugify(framework)
        return Vocabulary.frameworks.first { $0.slug == slug }?.platform
    }
}

extension Checklist.Stack {
    /// The stack as a user types it (`iOS`, `SwiftUI`): slugs checked against the vocabulary; a
    /// framework alone names its platform; a framework of another platform is refused.
    public static func reading(platform: String?, framework: String?) throws -> Checklist.Stack {
        var stack = Checklist.Stack(platform: try platform.flatMap { try Compare.platforms([$0]) }?.first)
        if let framework {
            let slug = Vocabulary.meaning(ofFrameworkLabel: framework)?.rawValue ?? Vocabulary.slugify(framework)
            guard let known = Vocabulary.frameworks.first(where: { $0.slug == slug }) else {
                throw QueryError.invalidOption("unknown framework \"\(framework)\"; known: "
                                               + Vocabulary.frameworks.map(\.slug).joined(separator: ", "))
            }
            if let chosen = stack.platform, chosen != known.platform {
                throw QueryError.invalidOption("framework \(known.slug) is not written for \(chosen) but for \(known.platform)")
            }
            stack.platform = known.platform
            stack.framework = known.slug
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
        func platformOK(_ p: String?) -> Bool { stack.platform == nil || p == nil || p == stack.platform }
        func frameworkOK(_ f: String?) -> Bool { stack.framework == nil || f == nil || f == stack.framework }
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
