/// Turns an outline into notes, each carrying the labels in force where it was written, as written.
///
/// One mechanism serves every format: headings, bold-only bullets (`- **UIKit**`) and bare label
/// lines (text copied from a page) are all labels. A platform label starts a new platform, an
/// aspect label a new aspect, a framework label scopes what follows it (a heading) or what is
/// nested under it (a bullet). Heading levels are not trusted: the sources put `## Developer notes`
/// under `## iOS` as often as under `### iOS`.
///
/// Every heading and label is recorded in the ledger as the structure it is; HTML blocks as what
/// they are (a live demo, a video player). Notes carry their lines: whoever makes facts of them
/// records those.
import KBModel

package struct OutlineWalker {
    package private(set) var notes: [Note] = []
    package private(set) var topics: [TopicHeading] = []
    package private(set) var ledger = LineLedger()
    /// Where the page's own videos live (`media/video/web/radio/radioAndroidTalkback-en-US.vtt`):
    /// captions find their component by these first.
    package private(set) var videoLinks: [String] = []
    package private(set) var videos: [VideoLink] = []
    private var context: NoteContext
    /// The last aspect or framework heading (or a label bullet ending a list), until something is
    /// written under it.
    private var pendingHeading: (label: String, line: Int, context: NoteContext, level: Int)?
    /// The level of the unknown heading that set the current aspect: a deeper unknown heading is a
    /// topic inside it, not an aspect of its own.
    private var topicLevel: Int?
    /// The level of the heading that set the current aspect (a code heading below it keeps it).
    private var aspectLevel: Int?
    /// The level of the heading that opened the current section (Condensed, Gherkin, Code examples).
    private var sectionLevel = 2
    /// The level of the last heading read (0 before any): headings written in an HTML block sit below it.
    private var headingLevel = 0
    /// The numbered step open (`Block.step`): its own line, and for each heading of
    /// `context.headingPath` its level and the platform and framework labels in force before it,
    /// which come back when the heading's part ends.
    private var step: (line: Int, headings: [(level: Int, platform: String?, framework: String?)])?

    package init(context: NoteContext = NoteContext()) {
        self.context = context
    }

    package static func walk(_ blocks: [Block], context: NoteContext = NoteContext())
        -> (notes: [Note], topics: [TopicHeading], ledger: LineLedger, videoLinks: [String], videos: [VideoLink]) {
        var walker = OutlineWalker(context: context)
        walker.walk(blocks)
        walker.finish()
        return (walker.notes, walker.topics, walker.ledger, walker.videoLinks, walker.videos)
    }

    package mutating func walk(_ blocks: [Block]) {
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            index += 1
            switch block {
            case let .heading(level, text, line):
                headingLevel = level
                heading(text, level: level, line: line)
            case let .paragraph(text, line, lastLine):
                // `**UIKit**` alone on a line is a label set in bold instead of as a heading.
                if OutlineWalker.isBoldOnly(text), Vocabulary.classify(text) != .unknown {
                    boldLabel(text, line: line)
                    continue
                }
                if let quality = OutlineWalker.exampleQuality(text) {
                    // `**Bad example**` over a code block.
                    context.badExample = quality == .bad
                    ledger.mark(line...lastLine, .structure("label: \(quality.rawValue) example"))
                    continue
                }
                if let check = OutlineWalker.check(text) {
                    // `✓ **Ensure focus is visible**` on a line of its own: a check, as a heading is.
                    emit(Note(kind: .criterion(kind: "checklist", label: nil), text: check, line: line, lastLine: lastLine,
                              context: context))
                    continue
                }
                var children: [Note] = []
                if text.hasSuffix(":"), index < blocks.count, case .list(let items) = blocks[index] {
                    // "Initial focus areas:" over a list: the list is what it leads in.
                    children = walkItems(items, context: context, topLevel: false)
                    index += 1
                }
                emit(Note(text: text, line: line, lastLine: lastLine, context: context, children: children))
            case let .code(language, text, line, lastLine):
                emit(Note(kind: .code(language: language, bad: context.badExample), text: text, line: line,
                          lastLine: lastLine, context: context))
            case let .list(items):
                for note in walkItems(items, context: context, topLevel: true) { emit(note) }
            case let .html(tag, text, line, lastLine):
                html(tag: tag, text: text, line: line, lastLine: lastLine)
            case let .attributes(text, line):
                attributes(text, line: line)
            case let .table(rows, line, lastLine):
                table(rows, line: line, lastLine: lastLine)
            case let .step(ordinal, line):
                step = (line, [])
                context.step = ordinal
                context.headingPath = []
            case .stepEnd:
                // Nothing of the step's own headings is carried past it.
                if let outermost = step?.headings.first { (context.platform, context.framework) = (outermost.platform, outermost.framework) }
                step = nil
                context.step = nil
                context.headingPath = []
            }
        }
    }

    package mutating func finish() {
        closePendingHeading()
    }

    private mutating func emit(_ note: Note) {
        pendingHeading = nil
        if context.section == .videos {
            // Text about the videos (their captions are imported from the caption files).
            ledger.mark(note.line...note.lastLine, .skipped("text beside the videos"))
            return
        }
        notes.append(note)
    }

    private mutating func closePendingHeading() {
        if let pending = pendingHeading {
            notes.append(Note(kind: .emptySection(label: pending.label), text: "", line: pending.line,
                              context: pending.context))
        }
        pendingHeading = nil
    }

    /// An HTML block: a heading written in HTML, a video player, a live demo.
    private mutating func html(tag: String, text: String, line: Int, lastLine: Int) {
        switch tag {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let title = TextCleaner.clean(text)
            if text.containsASCII("bad-example") || OutlineWalker.exampleQuality(title) != nil {
                // `<h4 class="bad-example"> Bad example</h4>`: the code below is how not to do it.
                let bad = text.containsASCII("bad-example") || OutlineWalker.exampleQuality(title) == .bad
                context.badExample = bad
                ledger.mark(line...lastLine, .structure("heading: \(bad ? "bad" : "good") example"))
                return
            }
            headingLevel = Int(String(tag.dropFirst())) ?? 4
            heading(title, level: headingLevel, line: line)
        case "video", "audio", "source", "track":
            let links = OutlineWalker.sources(in: text)
            videoLinks += links
            // The recording is kept (`videos`) beside the transcript its captions give.
            let captions = links.first { $0.lowercased().hasSuffix(".vtt") }
            if let src = links.first(where: { !$0.lowercased().hasSuffix(".vtt") }) {
                videos.append(VideoLink(src: src, captions: captions, line: line))
                ledger.mark(line...lastLine, .fact(table: "videos", kind: nil))
            } else {
                ledger.mark(line...lastLine, .skipped("video player and its fallback text (captions come from the .vtt files)"))
            }
        case "example":
            ledger.mark(line...lastLine, .skipped("live HTML demo of the code example"))
        case _ where HTMLProse.knownElements.contains(tag):
            prose(text, line: line)
        default:
            // Markup HTML does not define (`<blink>`) is not guessed at.
            ledger.mark(line...lastLine, .unaccounted("HTML block <\(tag)>"))
        }
    }

    /// HTML that holds prose, read as prose (`HTMLProse`): its headings, paragraphs, lists and
    /// tables walked like markdown; a live demo in it, an image or a rule set aside, and said so. A
    /// guide's checklist item (`<div class="how-to-test-checklist-item"><h3>✓ Ensure...</h3>` over a
    /// note and a Pass/Fail demo) gives its check as a criterion, its note as guidance.
    ///
    /// Its headings sit below the heading in force: an accordion's `<h2>` inside the numbered step
    /// `1. ## Test against...` is a heading inside that step, not a step of its own.
    private mutating func prose(_ text: String, line: Int) {
        let reading = HTMLProse.read(text, line: line)
        for mark in reading.marks { ledger.mark(mark.lines, mark.role) }
        let levels = reading.blocks.compactMap { block -> Int? in
            if case let .heading(level, _, _) = block { return level }
            return nil
        }
        let shift = levels.min().map { headingLevel > 0 ? max(0, headingLevel + 1 - $0) : 0 } ?? 0
        let blocks = shift == 0 ? reading.blocks : reading.blocks.map { block in
            if case let .heading(level, text, line) = block { return .heading(level: level + shift, text: text, line: line) }
            return block
        }
        let before = headingLevel
        walk(blocks)
        headingLevel = before
    }

    /// `**iOS Options**` or `**UIKit**` alone on a line: a label set in bold. A platform label set
    /// so scopes the notes below it within the aspect in force (a platform heading starts afresh).
    private mutating func boldLabel(_ text: String, line: Int) {
        guard case .platform(let slug) = Vocabulary.classify(text) else {
            heading(text, level: 4, line: line)
            return
        }
        closePendingHeading()
        context.platform = text
        context.framework = nil
        context.badExample = false
        pendingHeading = (text, line, context, 4)
        ledger.mark(line, .structure("label: platform \(slug.rawValue)"))
    }

    /// `{: .bad-example}` under a code block marks that block.
    private mutating func attributes(_ text: String, line: Int) {
        let bad = text.containsASCII("bad-example") || text.containsASCII("bad_example")
        if bad, let last = notes.indices.last, case .code(let language, _) = notes[last].kind {
            notes[last].kind = .code(language: language, bad: true)
            ledger.mark(line, .structure("attribute: bad example (the code above)"))
            return
        }
        ledger.mark(line, .skipped("page styling attribute"))
    }

    /// A table's rows. Under a `Key` column (`| Key | Action |`) each row is a keyboard criterion
    /// whose label is the key; any other table's rows are notes, their cells joined.
    private mutating func table(_ rows: [TableRow], line: Int, lastLine: Int) {
        guard let header = rows.first else {
            ledger.mark(line...lastLine, .skipped("empty table"))
            return
        }
        ledger.mark(line...lastLine, .structure("table"))
        ledger.mark(header.line...header.lastLine, .structure("table header: \(header.cells.map { TextCleaner.clean($0) }.joined(separator: " | "))"))
        let keyed = OutlineWalker.isKeyTable(rows)
        for row in rows.dropFirst() {
            let cells = row.cells.map { TextCleaner.clean($0) }
            if keyed, cells.count >= 2, !cells[0].isEmpty {
                emit(Note(kind: .criterion(kind: "keyboard", label: cells[0]), text: cells.dropFirst().joined(separator: " "),
                          line: row.line, lastLine: row.lastLine, context: context))
            } else {
                emit(Note(text: cells.joined(separator: " | "), line: row.line, lastLine: row.lastLine, context: context))
            }
        }
    }

    /// `| Key | Action |`, `<th>Key</th><th>Action</th>`: a table of keys and what each does.
    static func isKeyTable(_ rows: [TableRow]) -> Bool {
        guard let header = rows.first, header.cells.count >= 2 else { return false }
        let first = Vocabulary.normalizedLabel(TextCleaner.clean(header.cells[0]))
        return ["key", "keys", "keystroke", "keystrokes", "shortcut", "shortcuts", "command", "commands", "keyboard shortcut"]
            .contains(first)
    }

    /// `✓ Ensure there are no keyboard traps` → the check it states, without its mark. Emphasis
    /// around the mark or the words (`✓ **Ensure...**`, `**✓ Ensure...**`) is kept for the cleaner:
    /// only the mark goes.
    static func check(_ text: String) -> String? {
        let emphasis = text.prefix { $0 == "*" || $0 == "_" || $0 == " " }
        let marked = text[emphasis.endIndex...]
        guard let first = marked.first, first == "✓" || first == "✔" || first == "☑" else { return nil }
        let rest = marked.dropFirst().trimmingSpaces()
        let words = rest.filter { $0 != "*" && $0 != "_" }.trimmingSpaces()
        return words.isEmpty ? nil : String(emphasis.filter { $0 != " " }) + String(rest)
    }

    /// A heading inside the open step other than the step's own: the headings it closes (of its
    /// level or deeper) leave the path, with the platform they named, and a heading that is no
    /// check joins it. A heading the page knows no meaning for, or a platform or framework, is
    /// only that: a part of the step, the step's heading still the aspect (true). A section or an
    /// aspect heading is also read as one (false).
    private mutating func stepHeading(_ text: String, kind: Vocabulary.LabelKind, level: Int, line: Int, isCheck: Bool) -> Bool {
        guard var open = step, line != open.line else { return false }
        if let first = open.headings.firstIndex(where: { $0.level >= level }) {
            (context.platform, context.framework) = (open.headings[first].platform, open.headings[first].framework)
            context.headingPath.removeLast(open.headings.count - first)
            open.headings.removeLast(open.headings.count - first)
        }
        if !isCheck {
            open.headings.append((level, context.platform, context.framework))
            context.headingPath.append(TextCleaner.clean(text))
        }
        step = open
        guard !isCheck else { return false }
        let path = context.headingPath.joined(separator: StepPlace.separator)
        switch kind {
        case .unknown:
            ledger.mark(line, .structure("heading: inside step \(context.step ?? 0): \(path)"))
        case .platform(let slug):
            context.platform = text
            context.framework = nil
            ledger.mark(line, .structure("heading: inside step \(context.step ?? 0): \(path) (platform \(slug.rawValue))"))
        case .framework(let slug, _):
            context.framework = text
            context.platform = text
            ledger.mark(line, .structure("heading: inside step \(context.step ?? 0): \(path) (framework \(slug.rawValue))"))
        default:
            return false
        }
        return true
    }

    private mutating func heading(_ text: String, level: Int, line: Int) {
        let kind = Vocabulary.classify(text)
        let check = OutlineWalker.check(text)
        if stepHeading(text, kind: kind, level: level, line: line, isCheck: check != nil) {
            context.badExample = false
            return
        }
        // What a heading does to the labels in force leaves the step and its headings as they are;
        // outside a step, the path holds only a code example's caption, which the next heading
        // (but a good or bad example's label) replaces.
        let (inStep, path) = (context.step, context.headingPath)
        var caption: [String] = []
        defer { (context.step, context.headingPath) = (inStep, inStep == nil ? caption : path) }
        if let check {
            caption = path
            // A guide's check (`### ✓ Verify that the focus order is logical`): a criterion of the
            // topic in force; the prose under it stays that topic's.
            emit(Note(kind: .criterion(kind: "checklist", label: nil), text: check, line: line, context: context))
            return
        }
        context.badExample = false
        if let quality = OutlineWalker.exampleQuality(text) {
            context.badExample = quality == .bad
            caption = path
            ledger.mark(line, .structure("heading: \(quality.rawValue) example"))
            return
        }
        if kind == .unknown, let section = context.section, section == .condensed || section == .gherkin || section == .code,
           level > sectionLevel {
            // "### #a11y - Native Accessibility Acceptance Criteria", "### Use semantic HTML": captions
            // inside these sections, not aspects. An unknown heading as high as the section's own
            // (the web entries' free `## Topic` after `## Gherkin`) ends it.
            ledger.mark(line, .structure(section == .code ? "heading: code example caption" : "heading: caption inside \(section.rawValue)"))
            if section != .code {
                notes.append(Note(kind: .caption, text: String(repeating: "#", count: level) + " " + text, line: line, context: context))
            } else {
                // `### Use semantic HTML` over a code block: the caption of what follows it.
                caption = [TextCleaner.clean(text)]
            }
            return
        }
        if context.section == .videos, level > 2 {
            // "### iOS VoiceOver", "### Windows NVDA Chrome": captions of the videos, not notes.
            switch kind {
            case .unknown, .platform:
                ledger.mark(line, .structure("heading: video caption"))
                return
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
        case .platform(let slug):
            context = NoteContext(platform: text)
            topicLevel = nil
            aspectLevel = nil
            ledger.mark(line, .structure("heading: platform \(slug.rawValue)"))
        case .framework(let slug, _):
            // A framework names its platform too: the label stands for both.
            context.framework = text
            context.platform = text
            if context.section != .code { context.section = nil }
            pendingHeading = (text, line, context, level)
            ledger.mark(line, .structure("heading: framework \(slug.rawValue)"))
        case .aspect(let slug):
            context.aspect = text
            context.framework = nil
            context.section = nil
            topicLevel = nil
            // `## Developer Notes` heads the notes: a code section below it is no general example.
            aspectLevel = Vocabulary.headsTheNotes(text) ? nil : level
            pendingHeading = (text, line, context, level)
            ledger.mark(line, .structure("heading: aspect \(slug)"))
        case .section(let section):
            ledger.mark(line, .structure("heading: section \(section.rawValue)"))
            sectionLevel = level
            switch section {
            case .code:
                // Code under an aspect heading of a higher level is that aspect's; a code section
                // beside the aspects ("### Code Example" under "## Android Developer Notes") is not.
                if let aspectLevel, level > aspectLevel {} else { context.aspect = nil; aspectLevel = nil }
                context.section = section
                context.framework = nil
            case .announcements, .references:
                context.section = section
                context.framework = nil
                if section == .announcements { pendingHeading = (text, line, context, level) }
            case .videos, .condensed, .gherkin:
                context = NoteContext(section: section)
                topicLevel = nil
                aspectLevel = nil
            }
        case .unknown:
            // Here (captions inside a section returned above) an unknown heading ends the section:
            // the page's free topics follow Condensed, Gherkin and Videos.
            if let section = context.section {
                if section == .condensed || section == .gherkin || section == .videos {
                    context = NoteContext()
                } else {
                    context.section = nil
                }
            }
            let words = text.split(whereSeparator: { $0 == " " }).count
            if words > 6, level > 3 {
                // A sentence set as a deep heading (`#### Note that...`) is prose, not a label; a
                // `##` or `###` heading is a topic whatever its length (`## Decorative images still
                // require an alt attribute` heads the notes below it).
                emit(Note(text: text, line: line, context: context))
                return
            }
            if let topicLevel, level > topicLevel, context.section == nil {
                // "### Radio mixed with interactive elements" under "## Specialty use cases".
                ledger.mark(line, .structure("heading: topic inside \(Vocabulary.slugify(context.aspect ?? ""))"))
                pendingHeading = nil
                return
            }
            topics.append(TopicHeading(text: text, line: line))
            context.aspect = text
            context.framework = nil
            context.section = nil
            topicLevel = level
            aspectLevel = level
            pendingHeading = (text, line, context, level)
            ledger.mark(line, .structure("heading: topic \(Vocabulary.slugify(text))"))
        }
    }

    /// A bullet that is only a label (`- **UIKit**`, `• Android Views`, `- **iOS Options**`) scopes
    /// what is nested under it, or, with nothing nested, the bullets after it up to the next label
    /// (the sources write `- **UIKit**` over sibling bullets as often as over nested ones). Any
    /// other bullet is a note.
    private mutating func walkItems(_ items: [ListItem], context: NoteContext, topLevel: Bool) -> [Note] {
        var out: [Note] = []
        var current = context
        var open: (label: String, line: Int, context: NoteContext)?
        for item in items {
            if case .code(let language) = item.kind {
                out.append(Note(kind: .code(language: language, bad: self.context.badExample), text: item.text, line: item.line,
                                lastLine: item.lastLine, context: current))
                continue
            }
            if let (scoped, what) = OutlineWalker.labelScope(item.text, in: context) {
                ledger.mark(item.line...item.lastLine, .structure("label: \(what)"))
                if let empty = open {
                    out.append(Note(kind: .emptySection(label: empty.label), text: "", line: empty.line, context: empty.context))
                }
                open = nil
                if item.children.isEmpty {
                    open = (Vocabulary.normalizedLabel(item.text), item.line, scoped)
                    current = scoped
                } else {
                    out += walkItems(item.children, context: scoped, topLevel: false)
                    current = context
                }
                continue
            }
            if let quality = OutlineWalker.exampleQuality(item.text), item.children.isEmpty {
                self.context.badExample = quality == .bad
                ledger.mark(item.line...item.lastLine, .structure("label: \(quality.rawValue) example"))
                continue
            }
            open = nil
            out.append(Note(text: item.text, line: item.line, lastLine: item.lastLine, context: current,
                            children: walkItems(item.children, context: current, topLevel: false), ordinal: item.ordinal))
        }
        if let empty = open {
            if topLevel {
                // `- **Jetpack Compose**` ending a list over a code block: it labels what follows.
                for note in out { emit(note) }
                out = []
                self.context = empty.context
                pendingHeading = (empty.label, empty.line, empty.context, 7)
            } else {
                out.append(Note(kind: .emptySection(label: empty.label), text: "", line: empty.line, context: empty.context))
            }
        }
        return out
    }

    /// The context a label bullet sets, and what it is (`framework uikit`), or nil for a note.
    static func labelScope(_ text: String, in context: NoteContext) -> (NoteContext, String)? {
        guard text.utf8.count <= 60 else { return nil }
        var scoped = context
        switch Vocabulary.classify(text) {
        case .platform(let slug):
            scoped.platform = text
            scoped.framework = nil
            return (scoped, "platform \(slug.rawValue)")
        case .framework(let slug, _):
            scoped.framework = text
            scoped.platform = text
            return (scoped, "framework \(slug.rawValue)")
        case .aspect(let slug) where isBoldOnly(text):
            scoped.aspect = text
            scoped.framework = nil
            return (scoped, "aspect \(slug)")
        default:
            return nil
        }
    }

    enum ExampleQuality: String { case good, bad }

    /// "Bad example", "Good examples", "**Bad example:**": a label that says whether the code
    /// under it is to be copied.
    static func exampleQuality(_ text: String) -> ExampleQuality? {
        guard text.utf8.count <= 40 else { return nil }
        switch Vocabulary.normalizedLabel(text) {
        case "bad example", "bad examples", "bad code", "incorrect example", "incorrect code": return .bad
        case "good example", "good examples", "good code", "correct example", "correct code": return .good
        default: return nil
        }
    }

    /// The `src` of every `<source>` and `<track>` in a video block.
    package static func sources(in html: String) -> [String] {
        var found: [String] = []
        var rest = Substring(html)
        while let src = rest.range(of: "src=\"") {
            let value = rest[src.upperBound...].prefix { $0 != "\"" }
            if !value.isEmpty { found.append(String(value)) }
            rest = rest[src.upperBound...]
        }
        return found
    }

    /// `**State**` or `**State:**`, and nothing else.
    static func isBoldOnly(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces()
        return trimmed.hasPrefix("**") && (trimmed.hasSuffix("**") || trimmed.hasSuffix("**:"))
            && trimmed.dropFirst(2).dropLast(2).firstRange(of: "**") == nil
    }
}
