/// One source file read and normalized: its identity and the facts it yields, what the planner
/// (`ImportPlanner`) decides about. The store never sees it, only the operations planned from it.
import KBModel
import KBStore

package struct WritableDocument: Sendable {
    package enum Content: Sendable {
        /// One component (a markdown entry) or many (content.json).
        case components([NormalizedEntry])
        /// A caption file's utterances, for the component its place names.
        case transcript(slug: String, family: Family, [AnnouncementFact])
        /// ACT or axe-core rules, or WCAG success criteria (W3C's wcag.json).
        case standards(rules: [RuleEntry], criteria: [WCAGCriterionInfo])
    }

    /// The file's absolute path (its name, for documents that are not files): what the summary names.
    var path: String
    /// The folder `sources.path` is kept relative to (`SourceLocation`).
    var root: String?
    var sha256: String
    var byteCount: Int
    var format: SourceFormat
    var content: Content
    /// About the file as a whole (content.json guides not imported, lines no layer accounted for).
    var notices: [Notice] = []
    /// How many of its lines no layer of the import accounted for.
    var unaccounted = 0

    var location: SourceLocation { SourceLocation(file: path, root: root) }

    package init(path: String, root: String? = nil, sha256: String, byteCount: Int, format: SourceFormat, content: Content, notices: [Notice] = [], unaccounted: Int = 0) {
        self.path = path
        self.root = root
        self.sha256 = sha256
        self.byteCount = byteCount
        self.format = format
        self.content = content
        self.notices = notices
        self.unaccounted = unaccounted
    }
}
