/// Every line of a source and what the importer makes of it (a trace).
public struct SourceTrace: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var number: Int
        public var text: String
        public var disposition: LineDisposition
        /// Which table and row kind (`criteria keyboard`), which heading or label
        /// (`heading: platform ios`), or why it is skipped; one per use of the line.
        public var details: [String]
        /// For a fact line: the table of its first fact, and that row's kind.
        public var table: String?
        public var kind: String?

        public init(number: Int, text: String, disposition: LineDisposition, details: [String], table: String? = nil, kind: String? = nil) {
            self.number = number
            self.text = text
            self.disposition = disposition
            self.details = details
            self.table = table
            self.kind = kind
        }
    }

    public var path: String
    /// The format read (`magenta-v2`, `jekyll`, `webvtt`...), nil when the file is not read.
    public var format: SourceFormat?
    /// The components it describes, as `family/slug`.
    public var components: [String]
    /// Why the whole file is set aside or could not be read, if it is.
    public var note: String?
    public var lines: [Line]

    public func count(_ disposition: LineDisposition) -> Int {
        lines.reduce(0) { $0 + ($1.disposition == disposition ? 1 : 0) }
    }

    public init(path: String, format: SourceFormat? = nil, components: [String], note: String? = nil, lines: [Line]) {
        self.path = path
        self.format = format
        self.components = components
        self.note = note
        self.lines = lines
    }
}
