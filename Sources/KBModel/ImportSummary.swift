/// What an import did, file by file: the answer to "what happened to my documents?". Made of the
/// outcomes of the import's plan (`ImportPlanner`) and of the files it did not write. As data
/// (`Encodable`), its keys are the `CodingKeys` below, in their order.
public struct ImportSummary: Sendable, Encodable, Equatable {
    public struct Item: Sendable, Codable, Equatable {
        public var path: String
        public var component: String
        public var format: SourceFormat

        public init(path: String, component: String, format: SourceFormat) {
            self.path = path
            self.component = component
            self.format = format
        }
    }

    public struct Supersession: Sendable, Codable, Equatable {
        public var component: String
        /// The source whose facts the knowledge base keeps.
        public var winner: String
        /// The source kept in `sources` with `superseded_by` set.
        public var superseded: String

        public init(component: String, winner: String, superseded: String) {
            self.component = component
            self.winner = winner
            self.superseded = superseded
        }
    }

    /// A file not imported, and why (a template, not a regular file, captions of no component...).
    public struct Skip: Sendable, Equatable, Codable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public struct Problem: Error, Sendable, Codable, Equatable, Hashable {
        public var path: String
        public var line: Int?
        public var message: String
        /// For a notice that the file gives rules another file gives too: how many. One rule set in
        /// two shapes (axe-core's rule files and its installed rule list) says so for every rule:
        /// a summary on a screen counts these notices rather than listing a hundred.
        public var sharedRules: Int?

        enum CodingKeys: String, CodingKey { case path, line, message, sharedRules = "shared_rules" }

        /// `shared_rules` only on the notices it counts: every other problem keeps its three keys.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encodeIfPresent(line, forKey: .line)
            try c.encode(message, forKey: .message)
            if let sharedRules { try c.encode(sharedRules, forKey: .sharedRules) }
        }

        public var description: String {
            if let line { return "\(path):\(line): \(message)" }
            return "\(path): \(message)"
        }

        public init(path: String, line: Int? = nil, message: String, sharedRules: Int? = nil) {
            self.path = path
            self.line = line
            self.message = message
            self.sharedRules = sharedRules
        }
    }

    /// A file with lines no layer of the import accounted for (each is also a notice).
    public struct Unaccounted: Sendable, Codable, Equatable {
        public var path: String
        public var lines: Int

        public init(path: String, lines: Int) {
            self.path = path
            self.lines = lines
        }
    }

    /// A standards file imported: an ACT or axe-core rule file, an axe-core rule list, W3C's wcag.json.
    public struct Standards: Sendable, Codable, Equatable {
        public var path: String
        public var rules: Int
        public var criteria: Int
        public var format: SourceFormat

        enum CodingKeys: String, CodingKey { case path, format, rules, criteria }

        public init(path: String, rules: Int, criteria: Int, format: SourceFormat) {
            self.path = path
            self.rules = rules
            self.criteria = criteria
            self.format = format
        }
    }

    public var added: [Item] = []
    public var standards: [Standards] = []
    public var replaced: [Item] = []
    public var superseded: [Supersession] = []
    public var unchanged: [String] = []
    public var removed: [Item] = []
    public var transcripts: [Item] = []
    public var skipped: [Skip] = []
    public var errors: [Problem] = []
    public var notices: [Problem] = []
    public var ignoredInCheckout = 0
    /// Files with unaccounted lines, and how many each.
    public var unaccounted: [Unaccounted] = []
    /// Lines of the imported files that no layer of the import accounted for.
    public var unaccountedLines: Int { unaccounted.reduce(0) { $0 + $1.lines } }
    /// True when a strict import refused the whole import because of errors: nothing was written.
    public var refused = false

    public init() {}

    public var wroteNothing: Bool { refused || (added.isEmpty && standards.isEmpty && replaced.isEmpty && removed.isEmpty && transcripts.isEmpty && superseded.isEmpty) }

    /// Errors and nothing else: no file was imported, found unchanged or skipped as not a criteria
    /// document (`import /nonexistent`). Not a partial failure: nothing could be done.
    /// Nothing at all was found to read: no file imported, unchanged, skipped, in error or
    /// ignored (an empty folder, a folder named `wcag.json`). Nothing could be done, and a
    /// summary of noughts would not say why.
    public var foundNothing: Bool {
        errors.isEmpty && wroteNothing && unchanged.isEmpty && skipped.isEmpty && notices.isEmpty && ignoredInCheckout == 0
    }

    public var onlyErrors: Bool {
        !errors.isEmpty && wroteNothing && unchanged.isEmpty && skipped.isEmpty && notices.isEmpty && ignoredInCheckout == 0
    }

    enum CodingKeys: String, CodingKey {
        case refused, added, replaced, superseded, removed, standards, transcripts, unchanged, skipped
        case ignoredInCheckout = "ignored_in_checkout", unaccountedLines = "unaccounted_lines", unaccounted, notices, errors
    }

    /// Every list, then the counts beside the files they count (`unaccounted_lines` is their total).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(refused, forKey: .refused)
        try c.encode(added, forKey: .added)
        try c.encode(replaced, forKey: .replaced)
        try c.encode(superseded, forKey: .superseded)
        try c.encode(removed, forKey: .removed)
        try c.encode(standards, forKey: .standards)
        try c.encode(transcripts, forKey: .transcripts)
        try c.encode(unchanged, forKey: .unchanged)
        try c.encode(skipped, forKey: .skipped)
        try c.encode(ignoredInCheckout, forKey: .ignoredInCheckout)
        try c.encode(unaccountedLines, forKey: .unaccountedLines)
        try c.encode(unaccounted, forKey: .unaccounted)
        try c.encode(notices, forKey: .notices)
        try c.encode(errors, forKey: .errors)
    }
}
