/// A component and its facts, normalized: slugs from the vocabulary, text cleaned, placeholders
/// moved to gaps. This is what the store writes.
package struct NormalizedEntry: Sendable, Equatable {
    package var component: ComponentInfo
    package var criteria: [CriterionFact] = []
    package var guidance: [GuidanceFact] = []
    package var announcements: [AnnouncementFact] = []
    package var gaps: [GapFact] = []
    package var codeExamples: [CodeFact] = []
    package var gherkin: [GherkinStep] = []
    package var wcag: [WCAGReference] = []
    /// The success criteria its criteria (or it, as a whole) test, inferred from tested-sc.tsv.
    package var inferredWCAG: [InferredWCAG] = []
    /// Its criteria that test no success criterion, as tested-sc.tsv says.
    package var testsNothing: [TestsNothing] = []
    package var videos: [VideoLink] = []
    package var notices: [Notice] = []
    /// What became of each line this entry was read from (the reader's structure and skips, the
    /// normalizer's facts).
    package var ledger = LineLedger()

    package var factCount: Int { criteria.count + guidance.count + announcements.count + codeExamples.count }

    package init(component: ComponentInfo, criteria: [CriterionFact] = [], guidance: [GuidanceFact] = [], announcements: [AnnouncementFact] = [], gaps: [GapFact] = [], codeExamples: [CodeFact] = [], gherkin: [GherkinStep] = [], wcag: [WCAGReference] = [], notices: [Notice] = []) {
        self.component = component
        self.criteria = criteria
        self.guidance = guidance
        self.announcements = announcements
        self.gaps = gaps
        self.codeExamples = codeExamples
        self.gherkin = gherkin
        self.wcag = wcag
        self.notices = notices
    }
}

package struct ComponentInfo: Sendable, Equatable, Codable {
    package var slug: String
    package var title: String
    package var family: Family
    package var category: String?
    /// The page's other categories, as slugs (`categories: main form` gives `form`).
    package var tags: [String] = []
    package var summary: String?
    /// The source's own "Full information" link, as written.
    package var pageLink: String?
    /// The lines around the Condensed and Gherkin sections' criteria and steps, one per line.
    package var condensedFrame: String?
    package var gherkinFrame: String?

    package init(slug: String, title: String, family: Family, category: String? = nil, summary: String? = nil, pageLink: String? = nil, condensedFrame: String? = nil, gherkinFrame: String? = nil) {
        self.slug = slug
        self.title = title
        self.family = family
        self.category = category
        self.summary = summary
        self.pageLink = pageLink
        self.condensedFrame = condensedFrame
        self.gherkinFrame = gherkinFrame
    }
}

/// Where a row of a guide is written: the number of its numbered step (`2.  ## How to test`), and
/// the headings inside that step above it, outermost first, cleaned (`Manual testing`, `Getting
/// started`). Empty outside a step.
package struct StepPlace: Sendable, Equatable {
    package var step: Int?
    package var headings: [String]

    package init(step: Int? = nil, headings: [String] = []) {
        self.step = step
        self.headings = headings
    }

    /// The heading path as stored and shown: `Manual testing › Getting started`; nil for none.
    package var path: String? { headings.isEmpty ? nil : headings.joined(separator: StepPlace.separator) }

    package static let separator = " › "

    /// A row's kind as the line account (`trace`) says it, with where in the guide it stands:
    /// `how-to-test (step 2: Manual testing › Getting started)`.
    package func traced(_ kind: String) -> String {
        guard let step else { return kind }
        return "\(kind) (step \(step)" + (path.map { ": " + $0 } ?? "") + ")"
    }
}

package struct CriterionFact: Sendable, Equatable {
    package var platform: Platform?
    package var kind: CriterionKind
    package var label: String?
    package var expectation: String
    package var line: Int
    /// The Condensed group line it sits under, as written (`Keyboard & screen reader actions`).
    package var group: String?
    /// Where in a guide it is written: its step and the headings inside it (`StepPlace`).
    package var place = StepPlace()

    package init(platform: Platform? = nil, kind: CriterionKind, label: String? = nil, expectation: String, line: Int, group: String? = nil) {
        self.platform = platform
        self.kind = kind
        self.label = label
        self.expectation = expectation
        self.line = line
        self.group = group
    }
}

package struct GuidanceFact: Sendable, Equatable {
    package var platform: Platform?
    package var framework: Framework?
    package var aspect: Aspect
    /// Index into the same entry's `guidance` of the bullet this one is nested under.
    package var parent: Int?
    package var text: String
    package var line: Int
    /// Where in a guide it is written: its step and the headings inside it (`StepPlace`).
    package var place = StepPlace()

    package init(platform: Platform? = nil, framework: Framework? = nil, aspect: Aspect, parent: Int? = nil, text: String, line: Int) {
        self.platform = platform
        self.framework = framework
        self.aspect = aspect
        self.parent = parent
        self.text = text
        self.line = line
    }
}

package struct AnnouncementFact: Sendable, Equatable {
    package var platform: Platform?
    package var text: String
    package var context: String?
    package var origin: AnnouncementOrigin
    package var screenReader: String?
    package var startMs: Int?
    package var endMs: Int?
    package var line: Int

    package init(platform: Platform? = nil, text: String, context: String? = nil, origin: AnnouncementOrigin, screenReader: String? = nil, startMs: Int? = nil, endMs: Int? = nil, line: Int) {
        self.platform = platform
        self.text = text
        self.context = context
        self.origin = origin
        self.screenReader = screenReader
        self.startMs = startMs
        self.endMs = endMs
        self.line = line
    }
}

package struct GapFact: Sendable, Equatable {
    package var platform: Platform?
    package var framework: Framework?
    /// The aspect or the criteria kind (`Aspect(kind)`) it sits under.
    package var aspect: Aspect?
    package var problem: GapProblem
    package var excerpt: String?
    package var line: Int

    package init(platform: Platform? = nil, framework: Framework? = nil, aspect: Aspect? = nil, problem: GapProblem, excerpt: String? = nil, line: Int) {
        self.platform = platform
        self.framework = framework
        self.aspect = aspect
        self.problem = problem
        self.excerpt = excerpt
        self.line = line
    }
}

/// A recording a page shows (`<video><source src="x.webm"><track src="x-en-US.vtt">`): kept beside
/// the transcript its captions give (`videos`).
package struct VideoLink: Sendable, Equatable {
    package var src: String
    package var captions: String?
    package var line: Int

    package init(src: String, captions: String?, line: Int) {
        self.src = src
        self.captions = captions
        self.line = line
    }
}

package struct CodeFact: Sendable, Equatable {
    package var platform: Platform?
    package var framework: Framework?
    package var aspect: Aspect?
    package var language: String?
    package var code: String
    /// `bad` under a "Bad example" marker: how not to do it.
    package var quality: CodeQuality = .good
    package var line: Int
    /// The caption heading over it in a "Code examples" section (`Use semantic HTML`), as written.
    package var caption: String?

    package init(platform: Platform? = nil, framework: Framework? = nil, aspect: Aspect? = nil, language: String? = nil, code: String, quality: CodeQuality = .good, line: Int) {
        self.platform = platform
        self.framework = framework
        self.aspect = aspect
        self.language = language
        self.code = code
        self.quality = quality
        self.line = line
    }
}

/// What a document's location says about it. Inside a checkout the file name is the slug and the
/// folder the family; a loose file gets its identity from its content, its file name last.
package struct SourceHints: Sendable, Equatable {
    package var slug: String?
    package var family: Family?
    package var category: String?
    package var fallbackSlug: String?

    /// A loose file: its identity comes from its content, its name (`table.txt`, `table.v2.md` →
    /// `table`) only when the content names none.
    package init(looseFileName name: String) {
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        self.init(fallbackSlug: Vocabulary.slugify(stem))
    }

    /// Names are reduced to slugs here (`Slug.from`): a file or folder name can hold anything.
    package init(slug: String? = nil, family: Family? = nil, category: String? = nil, fallbackSlug: String? = nil) {
        self.slug = slug.flatMap(Slug.from)
        self.family = family
        self.category = category.flatMap(Slug.from)
        self.fallbackSlug = fallbackSlug.flatMap(Slug.from)
    }
}
