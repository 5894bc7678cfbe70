/// What a reader found in one document, before any meaning is given to it.
///
/// Readers only recover structure: which text sits under which label. They ask the vocabulary
/// what *kind* of label a heading or bold bullet is (that is how they know it scopes what follows),
/// but labels and text stay as the author wrote them: the `Normalizer` maps labels onto the
/// vocabulary's slugs, turns placeholders into gaps and cleans the text. Keeping the two apart lets
/// every source format share one normalizer.
package struct Entry: Sendable, Equatable {
    package var format: SourceFormat
    /// The component's identity as the document states it (front matter, "Full information:" link),
    /// or as its location implies (file name inside a checkout).
    package var slug: String?
    package var title: String?
    package var family: Family?
    package var category: String?
    /// The page's other categories, as written (Jekyll's `categories: main form`: `form`).
    package var tags: [String] = []
    package var criteria: [RawCriterion] = []
    package var notes: [Note] = []
    /// The source's own Gherkin, line by line.
    package var gherkin: [GherkinStep] = []
    /// WCAG success criteria the document cites (front matter or "Further reading" links).
    package var wcag: [WCAGReference] = []
    /// Problems the reader met but could work around (a misplaced front-matter key, say).
    package var notices: [Notice] = []
    /// Headings the reader took for topics of their own (no platform, framework, aspect or section
    /// label it knows), as written: the normalizer keeps each as an aspect and says so.
    package var topics: [TopicHeading] = []
    /// What the reader did with the lines it consumed without making notes of them (headings,
    /// labels, blank lines, demos); the normalizer adds the facts.
    package var ledger = LineLedger()
    /// The addresses of the page's own video and caption files (`media/video/web/radio/...vtt`).
    package var videoLinks: [String] = []
    /// Each `<video>` the page shows: the recording and its caption track, as linked.
    package var videos: [VideoLink] = []
    /// The page's own "Full information" link, as written after "Full information:".
    package var pageLink: String?
    /// The line of the "Full information" link.
    package var pageLinkLine: Int?
    /// The lines of the Condensed and Gherkin sections around their criteria and steps, as
    /// written: the `### #a11y - ...` caption, the `How to test ...` line, the section's own
    /// `Full information: ...` line.
    package var condensedFrame: [String] = []
    package var gherkinFrame: [String] = []
    /// For a document laid out from another file (content.json): the line of that file each of
    /// this document's lines stands for, by index (line 1 at index 0).
    package var lineMap: [Int]?

    package init(format: SourceFormat, slug: String? = nil, title: String? = nil,
                family: Family? = nil, category: String? = nil) {
        self.format = format
        self.slug = slug
        self.title = title
        self.family = family
        self.category = category
    }

    package init(format: SourceFormat, slug: String? = nil, title: String? = nil, family: Family? = nil, category: String? = nil, criteria: [RawCriterion] = [], notes: [Note] = [], gherkin: [GherkinStep] = [], wcag: [WCAGReference] = [], notices: [Notice] = [], videoLinks: [String] = [], pageLink: String? = nil, condensedFrame: [String] = [], gherkinFrame: [String] = [], lineMap: [Int]? = nil) {
        self.format = format
        self.slug = slug
        self.title = title
        self.family = family
        self.category = category
        self.criteria = criteria
        self.notes = notes
        self.gherkin = gherkin
        self.wcag = wcag
        self.notices = notices
        self.videoLinks = videoLinks
        self.pageLink = pageLink
        self.condensedFrame = condensedFrame
        self.gherkinFrame = gherkinFrame
        self.lineMap = lineMap
    }
}

/// The format a source is read as; `rawValue` is its name in the store, a trace and an import summary.
public enum SourceFormat: String, Sendable, Codable, CaseIterable {
    case magentaV2 = "magenta-v2"
    case jekyll
    case renderedText = "rendered-text"
    case webVTT = "webvtt"
    case contentJSON = "content-json"
    /// The standards: a W3C ACT rule, an axe-core rule file, an installed axe-core's rule list,
    /// W3C's wcag.json. They describe rules and success criteria, never components.
    case actRule = "act-rule"
    case axeRule = "axe-rule"
    case axeRules = "axe-rules"
    case wcagJSON = "wcag-json"

    /// When two sources describe one component, the higher rank wins: today's markdown over
    /// Jekyll over text copied from a page.
    package var rank: Int {
        switch self {
        case .magentaV2, .contentJSON: 3
        case .jekyll: 2
        case .renderedText: 1
        case .webVTT, .actRule, .axeRule, .axeRules, .wcagJSON: 0
        }
    }
}

/// A criterion as written: `kind` is the section it sits in (`keyboard`, `mobile gestures`,
/// "Test keyboard only, then..."), `label` the key (`tab, arrow keys or Ctl+tab`).
/// A heading kept as a topic, as written, and where.
package struct TopicHeading: Sendable, Equatable {
    package var text: String
    package var line: Int

    package init(text: String, line: Int) {
        self.text = text
        self.line = line
    }
}

package struct RawCriterion: Sendable, Equatable {
    package var kind: String
    package var label: String?
    package var expectation: String
    package var line: Int
    /// The last line of the criterion (a YAML block scalar, nested expectations).
    package var lastLine: Int
    /// The Condensed group line it was written under, as written; nil for front matter.
    package var group: String?
    /// A guide's check: the number of the step it is written in, and the headings inside that
    /// step above it, as written (`NoteContext`).
    package var step: Int?
    package var headingPath: [String] = []

    package init(kind: String, label: String?, expectation: String, line: Int, lastLine: Int? = nil, group: String? = nil) {
        self.kind = kind
        self.label = label
        self.expectation = expectation
        self.line = line
        self.lastLine = max(lastLine ?? line, line)
        self.group = group
    }
}

/// One line of Gherkin as written: `GIVEN THAT...`, `Scenario: Test keyboard actions`, `WHEN I swipe...`.
package struct GherkinStep: Sendable, Equatable {
    package var scenario: String?
    package var depth: Int
    package var text: String
    package var line: Int
    package var lastLine: Int

    package init(scenario: String?, depth: Int, text: String, line: Int, lastLine: Int? = nil) {
        self.scenario = scenario
        self.depth = depth
        self.text = text
        self.line = line
        self.lastLine = max(lastLine ?? line, line)
    }
}

/// A WCAG success criterion a component cites: `[WCAG 4.1.2 Name, Role, Value (Level A)](url)`.
package struct WCAGReference: Sendable, Equatable {
    package var sc: String
    package var title: String?
    package var level: String?
    package var url: String?
    package var line: Int

    package init(sc: String, title: String?, level: String?, url: String?, line: Int) {
        self.sc = sc
        self.title = title
        self.level = level
        self.url = url
        self.line = line
    }
}

/// The labels in force where a note was written: the headings, bold bullets and bare lines above
/// it, as written (`iOS Developer Notes`, `**Jetpack Compose**`, `Groupings`). The normalizer turns
/// them into slugs; a framework label also decides the platform.
package struct NoteContext: Sendable, Equatable, Hashable {
    package var section: Section?
    /// The label that set the platform: a platform (`iOS`, `Android Options`) or a framework
    /// (`UIKit` says iOS).
    package var platform: String?
    /// The framework label in force (`UIKit`, `**Android Views**`).
    package var framework: String?
    /// The aspect label in force (`State`, `Custom Accessibility Action`, an unknown heading).
    package var aspect: String?
    /// Under a "Bad example" label: code here is how not to do it.
    package var badExample = false
    /// The number of the numbered step the note is written in (`2.  ## How to test`), if it is in
    /// one that holds headings.
    package var step: Int?
    /// The headings inside that step above the note, outermost first, as written (`Manual
    /// testing`, `Getting started`); the step's own heading is the aspect.
    package var headingPath: [String] = []

    package init(section: Section? = nil, platform: String? = nil, framework: String? = nil, aspect: String? = nil) {
        self.section = section
        self.platform = platform
        self.framework = framework
        self.aspect = aspect
    }
}

/// Parts of a document that are not developer notes of one aspect.
package enum Section: String, Sendable, Equatable, Hashable {
    case announcements
    case code
    case references
    case videos
    case condensed
    case gherkin
}

/// One bullet, paragraph or code block of the notes, with what is nested under it.
package struct Note: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case text
        /// `bad`: marked as a bad example, not to be copied.
        case code(language: String?, bad: Bool)
        /// A label (aspect heading, framework bullet) with nothing written under it.
        case emptySection(label: String)
        /// A heading captioning its section (`### #a11y - Native Accessibility Acceptance
        /// Criteria` in Condensed), as written with its hashes.
        case caption
        /// A criterion written outside Condensed: a guide's check (`### ✓ Ensure that there are
        /// no keyboard traps`, kind `checklist`) or a row of a key table (`| Tab | Moves... |`,
        /// kind `keyboard`, the key its label); `text` is the expectation.
        case criterion(kind: String, label: String?)
    }

    package var kind: Kind
    package var text: String
    package var line: Int
    /// The note's last line of its own (continuation lines, a code block's closing fence).
    package var lastLine: Int
    package var context: NoteContext
    package var children: [Note]
    /// The number of an ordered list item (`2.` → 2): Condensed writes its group lines so.
    package var ordinal: Int?

    package init(kind: Kind = .text, text: String, line: Int, lastLine: Int? = nil, context: NoteContext, children: [Note] = [],
                 ordinal: Int? = nil) {
        self.kind = kind
        self.text = text
        self.line = line
        self.lastLine = max(lastLine ?? line, line)
        self.context = context
        self.children = children
        self.ordinal = ordinal
    }

    /// The note's own lines.
    package var lines: ClosedRange<Int> { line...lastLine }
}

/// A diagnostic about a document: where, and what.
package struct Notice: Sendable, Equatable, Codable, Hashable {
    package enum Kind: String, Sendable, Codable {
        case unknownLabel = "unknown-label"
        case repaired
        case skipped
        case error
        /// A line no layer of the import accounted for.
        case unaccounted
    }

    package var kind: Kind
    package var line: Int?
    package var message: String

    package init(_ kind: Kind, line: Int?, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }
}
