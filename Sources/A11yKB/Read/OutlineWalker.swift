/// Turns an outline into notes, each carrying the labels in force where it was written, as written.
///
/// One mechanism serves every format: headings, bold-only bullets (`- **UIKit**`) and bare label
/// lines (text copied from a page) are all labels. A platform label starts a new platform, an
/// aspect label a new aspect, a framework label scopes what follows it (a heading) or what is
/// nested under it (a bullet). Heading levels are not trusted: the sources put `## Developer notes`
/// under `## iOS` as often as under `### iOS`.
package struct OutlineWalker {
    package private(set) var notes: [Note] = []
    package private(set) var notices: [Notice] = []
    private var context: NoteContext
    /// The last aspect or framework heading, until something is written under it.
    private var pendingHeading: (label: String, line: Int, context: NoteContext, level: Int)?

    package init(context: NoteContext = NoteContext()) {
        self.context = context
    }

    package static func walk(_ blocks: [Block], context: NoteContext = NoteContext()) -> (notes: [Note], notices: [Notice]) {
        var walker = OutlineWalker(context: context)
        walker.walk(blocks)
        walker.finish()
        return (walker.notes, walker.notices)
    }

    package mutating func walk(_ blocks: [Block]) {
        for block in blocks {
            switch block {
            case let .heading(level, text, line):
                heading(text, level: level, line: line)
            case let .paragraph(text, line):
                // `**UIKit**` alone on a line is a label set in bold instead of as a heading.
                if OutlineWalker.isBoldOnly(text), Vocabulary.classify(text) != .unknown {
                    heading(text, level: 4, line: line)
                } else {
                    emit(Note(text: text, line: line, context: context))
                }
            case let .code(language, text, line):
                emit(Note(kind: .code(language: language), text: text, line: line, context: context))
            case let .list(items):
                for note in walkItems(items, context: context) { emit(note) }
            }
        }
    }

    package mutating func finish() {
        closePendingHeading()
    }

    private mutating func emit(_ note: Note) {
        if context.section == .videos { return }
        pendingHeading = nil
        notes.append(note)
    }

    private mutating func closePendingHeading() {
        if let pending = pendingHeading {
            notes.append(Note(kind: .emptySection(label: pending.label), text: "", line: pending.line,
                              context: pending.context))
        }
        pendingHeading = nil
    }

    private mutating func heading(_ text: String, level: Int, line: Int) {
        let kind = Vocabulary.classify(text)
        if kind == .unknown, context.section == .condensed || context.section == .gherkin || context.section == .code {
            // "### #a11y - Native Accessibility Acceptance Criteria", "### Use semantic HTML": captions
            // inside these sections, not aspects.
            return
        }
        if context.section == .videos, level > 2 {
            // "### iOS VoiceOver", "### Windows NVDA Chrome": captions of the videos, not notes.
            switch kind {
            case .unknown, .platform: return
            default: break
            }
        }
        if case .framework = kind {
            // A framework heading under an aspect heading is that aspect's content.
            pendingHeading = nil
        } else if let pending = pendingHeading, level > pending.level {
            // `## Developer notes` over `### Name`: a heading that holds headings is not empty.
            pendingHeading = nil
        } else {
            closePendingHeading()
        }
        switch kind {
        case .platform:
            context = NoteContext(platform: text)
        case .framework:
            // A framework names its platform too: the label stands for both.
            context.framework = text
            context.platform = text
            if context.section != .code { context.section = nil }
            pendingHeading = (text, line, context, level)
        case .aspect:
            context.aspect = text
            context.framework = nil
            context.section = nil
            pendingHeading = (text, line, context, level)
        case .section(let section):
            switch section {
            case .announcements, .code, .references:
                context.section = section
                context.framework = nil
                if section == .announcements { pendingHeading = (text, line, context, level) }
            case .videos, .condensed, .gherkin:
                context = NoteContext(section: section)
            }
        case .unknown:
            let words = text.split(whereSeparator: { $0 == " " }).count
            if words > 6 {
                // A sentence set as a heading is prose, not a label.
                emit(Note(text: text, line: line, context: context))
                return
            }
            notices.append(Notice(.unknownLabel, line: line, "unknown heading \"\(text)\" kept as aspect \"\(Vocabulary.slugify(text))\""))
            context.aspect = text
            context.framework = nil
            context.section = nil
            pendingHeading = (text, line, context, level)
        }
    }

    /// A bullet that is only a label (`- **UIKit**`, `• Android Views`, `- **iOS Options**`) scopes
    /// what is nested under it; any other bullet is a note.
    private mutating func walkItems(_ items: [ListItem], context: NoteContext) -> [Note] {
        var out: [Note] = []
        for item in items {
            if let scoped = OutlineWalker.labelScope(item.text, in: context) {
                if item.children.isEmpty {
                    out.append(Note(kind: .emptySection(label: Vocabulary.normalizedLabel(item.text)), text: "",
                                    line: item.line, context: scoped))
                } else {
                    out += walkItems(item.children, context: scoped)
                }
                continue
            }
            out.append(Note(text: item.text, line: item.line, context: context,
                            children: walkItems(item.children, context: context)))
        }
        return out
    }

    static func labelScope(_ text: String, in context: NoteContext) -> NoteContext? {
        guard text.utf8.count <= 60 else { return nil }
        var scoped = context
        switch Vocabulary.classify(text) {
        case .platform:
            scoped.platform = text
            scoped.framework = nil
        case .framework:
            scoped.framework = text
            scoped.platform = text
        case .aspect where isBoldOnly(text):
            scoped.aspect = text
            scoped.framework = nil
        default:
            return nil
        }
        return scoped
    }

    /// `**State**` or `**State:**`, and nothing else.
    static func isBoldOnly(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces()
        return trimmed.hasPrefix("**") && (trimmed.hasSuffix("**") || trimmed.hasSuffix("**:"))
            && trimmed.dropFirst(2).dropLast(2).firstRange(of: "**") == nil
    }
}
