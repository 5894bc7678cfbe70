/// What a reader found in one document, before any meaning is given to it.
///
/// Readers only recover structure: which text sits under which label. Labels stay as the author
/// wrote them; the `Normalizer` maps them onto the vocabulary, turns placeholders into gaps and
/// repairs the text. Keeping the two apart lets every source format share one normalizer.
public struct Entry: Sendable, Equatable {
    public var format: SourceFormat
    /// The component's identity as the document states it (front matter, "Full information:" link),
    /// or as its location implies (file name inside a checkout).
    public var slug: String?
    public var title: String?
    public var family: String?
    public var category: String?
    public var criteria: [RawCriterion] = []
    public var notes: [Note] = []
    /// The source's own Gherkin, line by line.
    public var gherkin: [GherkinStep] = []
    /// WCAG success criteria the document cites (front matter or "Further reading" links).
    public var wcag: [WCAGReference] = []
    /// Problems the reader met but could work around (a misplaced front-matter key, say).
    public var notices: [Notice] = []

    public init(format: SourceFormat, slug: String? = nil, title: String? = nil,
                family: String? = nil, category: String? = nil) {
        self.format = format
        self.slug = slug
        self.title = title
        self.family = family
        self.category = category
    }
}

public enum SourceFormat: String, Sendable, Codable, CaseIterable {
    case magentaV2 = "magenta-v2"
    case jekyll
    case renderedText = "rendered-text"
    case webVTT = "webvtt"
    case contentJSON = "content-json"

    /// When two sources describe one component, the higher rank wins: today's markdown over
    /// Jekyll over text copied from a page.
    public var rank: Int {
        switch self {
        case .magentaV2, .contentJSON: 3
        case .jekyll: 2
        case .renderedText: 1
        case .webVTT: 0
        }
    }
}

/// A criterion as written: `kind` is the section it sits in (`keyboard`, `mobile gestures`,
/// "Test keyboard only, then..."), `label` the key (`tab, arrow keys or Ctl+tab`).
public struct RawCriterion: Sendable, Equatable {
    public var kind: String
    public var label: String?
    public var expectation: String
    public var line: Int
    public var platform: String?

    public init(kind: String, label: String?, expectation: String, line: Int, platform: String? = nil) {
        self.kind = kind
        self.label = label
        self.expectation = expectation
        self.line = line
        self.platform = platform
    }
}

/// One line of Gherkin as written: `GIVEN THAT...`, `Scenario: Test keyboard actions`, `WHEN I swipe...`.
public struct GherkinStep: Sendable, Equatable {
    public var scenario: String?
    public var depth: Int
    public var text: String
    public var line: Int

    public init(scenario: String?, depth: Int, text: String, line: Int) {
        self.scenario = scenario
        self.depth = depth
        self.text = text
        self.line = line
    }
}

/// A WCAG success criterion a component cites: `[WCAG 4.1.2 Name, Role, Value (Level A)](url)`.
public struct WCAGReference: Sendable, Equatable {
    public var sc: String
    public var title: String?
    public var level: String?
    public var url: String?
    public var line: Int

    public init(sc: String, title: String?, level: String?, url: String?, line: Int) {
        self.sc = sc
        self.title = title
        self.level = level
        self.url = url
        self.line = line
    }
}

/// The labels in force where a note was written: the headings, bold bullets and bare lines above it.
public struct NoteContext: Sendable, Equatable, Hashable {
    public var section: Section?
    public var platform: String?
    public var framework: String?
    public var aspect: String?

    public init(section: Section? = nil, platform: String? = nil, framework: String? = nil, aspect: String? = nil) {
        self.section = section
        self.platform = platform
        self.framework = framework
        self.aspect = aspect
    }
}

/// Parts of a document that are not developer notes of one aspect.
public enum Section: String, Sendable, Equatable, Hashable {
    case announcements
    case code
    case references
    case videos
    case condensed
    case gherkin
}

/// One bullet, paragraph or code block of the notes, with what is nested under it.
public struct Note: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case text
        case code(language: String?)
        /// A label (aspect heading, framework bullet) with nothing written under it.
        case emptySection(label: String)
    }

    public var kind: Kind
    public var text: String
    public var line: Int
    public var context: NoteContext
    public var children: [Note]

    public init(kind: Kind = .text, text: String, line: Int, context: NoteContext, children: [Note] = []) {
        self.kind = kind
        self.text = text
        self.line = line
        self.context = context
        self.children = children
    }
}

/// A diagnostic about a document: where, and what.
public struct Notice: Sendable, Equatable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable {
        case unknownLabel = "unknown-label"
        case repaired
        case skipped
        case error
    }

    public var kind: Kind
    public var line: Int?
    public var message: String

    public init(_ kind: Kind, line: Int?, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }
}
