/// Reads text copied from a rendered MagentaA11y page: no markup, `•` bullets nested by
/// indentation, labels (`iOS`, `Developer notes`, `Focus`, `UIKit`) on lines of their own.
/// Bare label lines become headings; the outline then goes through the same walker as markdown.
import KBModel

package enum RenderedTextReader {
    package static func read(_ text: String) throws -> Entry {
        var entry = Entry(format: .renderedText)
        var ledger = LineLedger()
        let blocks = MarkdownOutline.parse(text, ledger: &ledger).map(promoteLabel)
        let walked = OutlineWalker.walk(blocks)
        entry.topics += walked.topics
        ledger.merge(walked.ledger)
        entry.ledger = ledger
        EntryAssembly.assemble(walked.notes, into: &entry)
        return entry
    }

    /// A bare line is a label when the vocabulary knows it, or when it is too short to be prose.
    static func promoteLabel(_ block: Block) -> Block {
        guard case let .paragraph(text, line, lastLine) = block, lastLine == line else { return block }
        switch Vocabulary.classify(text) {
        case .platform: return .heading(level: 2, text: text, line: line)
        case .framework, .aspect, .section: return .heading(level: 3, text: text, line: line)
        case .unknown:
            let words = text.split(separator: " ").count
            let last = text.last ?? "."
            if words <= 4 && !".:;,!?".contains(last) { return .heading(level: 3, text: text, line: line) }
            return block
        }
    }
}
