/// Chooses a reader by what a document holds, never by its file name's extension.
public enum DocumentReader {
    public static func detect(_ text: String) -> SourceFormat {
        let head = text.drop { $0 == " " || $0 == "\n" || $0 == "\r\n" || $0 == "\t" || $0 == "\u{FEFF}" }
        if head.hasPrefix("WEBVTT") { return .webVTT }
        if head.hasPrefix("{") { return .contentJSON }
        if head.hasPrefix("---") { return .jekyll }
        if looksLikeMarkdown(text) { return .magentaV2 }
        return .renderedText
    }

    /// ATX headings or `-`/`*` bullets at the start of lines; copied page text has neither.
    static func looksLikeMarkdown(_ text: String) -> Bool {
        for line in MarkdownOutline.splitLines(text) {
            let (_, rest) = MarkdownOutline.indentation(line)
            if rest.hasPrefix("#") && MarkdownOutline.heading(rest, indent: 0) != nil { return true }
            if rest.hasPrefix("- ") || rest.hasPrefix("* ") || rest.hasPrefix("**") || rest.hasPrefix("```") { return true }
        }
        return false
    }

    /// Reads one document of `format` (detected when nil).
    public static func read(_ text: String, format: SourceFormat? = nil) throws -> Entry {
        switch format ?? detect(text) {
        case .jekyll: return try MarkdownReader.read(text, format: .jekyll)
        case .magentaV2: return try MarkdownReader.read(text, format: .magentaV2)
        case .renderedText: return try RenderedTextReader.read(text)
        case .webVTT, .contentJSON:
            throw ReadError("\((format ?? detect(text)).rawValue) documents are read by their own importer")
        }
    }
}
