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
