/// Chooses a reader by what a document holds, never by its file name's extension.
import KBModel

package enum DocumentReader {
    package static func detect(_ text: String) -> SourceFormat {
        let head = text.drop { $0 == " " || $0 == "\n" || $0 == "\r\n" || $0 == "\t" || $0 == "\u{FEFF}" }
        if head.hasPrefix("WEBVTT") { return .webVTT }
        if head.hasPrefix("{") {
            switch StandardsJSON.kind(text) {
            case .wcag?: return .wcagJSON
            case .axeRules?: return .axeRules
            case .axeRule?: return .axeRule
            case nil: return .contentJSON
            }
        }
        if head.hasPrefix("---") { return ACTRuleReader.looksLikeACTRule(text) ? .actRule : .jekyll }
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

    /// What a document holds: components (one, or many for content.json, with what the reader made
    /// of the file's own lines around them), or a video's captions.
    package enum Content: Sendable {
        case components([(entry: Entry, hints: SourceHints)], ledger: LineLedger, notices: [Notice])
        case captions(TranscriptReader.Transcript)
        /// Rules or WCAG success criteria: the standards, not components.
        case standards(StandardsDocument)
    }

    /// Reads a document of any format, chosen by content (a caption file by its place, too).
    /// `hints` are what the file's location says about the component it describes.
    package static func read(_ text: String, fileName: String, hints: SourceHints, isCaption: Bool) throws
        -> (format: SourceFormat, content: Content) {
        let format = isCaption ? .webVTT : detect(text)
        switch format {
        case .webVTT:
            return (format, .captions(try TranscriptReader.read(text, fileName: fileName)))
        case .contentJSON:
            let document = try ContentJSONReader.read(text)
            return (format, .components(document.items.map { ($0.entry, $0.hints) }, ledger: document.ledger,
                                        notices: document.notices))
        case .jekyll, .magentaV2, .renderedText:
            return (format, .components([(try read(text, format: format), hints)], ledger: LineLedger(), notices: []))
        case .actRule:
            return (format, .standards(try ACTRuleReader.read(text)))
        case .axeRule:
            return (format, .standards(try StandardsJSON.read(text, kind: .axeRule)))
        case .axeRules:
            return (format, .standards(try StandardsJSON.read(text, kind: .axeRules)))
        case .wcagJSON:
            return (format, .standards(try StandardsJSON.read(text, kind: .wcag)))
        }
    }

    /// Reads one markdown or copied-text document of `format` (detected when nil).
    package static func read(_ text: String, format: SourceFormat? = nil) throws -> Entry {
        switch format ?? detect(text) {
        case .jekyll: return try MarkdownReader.read(text, format: .jekyll)
        case .magentaV2: return try MarkdownReader.read(text, format: .magentaV2)
        case .renderedText: return try RenderedTextReader.read(text)
        case .webVTT, .contentJSON, .actRule, .axeRule, .axeRules, .wcagJSON:
            throw ReadError("\((format ?? detect(text)).rawValue) documents are read by their own importer")
        }
    }
}
