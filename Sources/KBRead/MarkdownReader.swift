/// Reads markdown entries of both eras: the Jekyll one (YAML front matter holding the criteria
/// over markdown notes) and today's MagentaA11y one (`## Condensed`, `## Gherkin`,
/// `## iOS Developer Notes`...). Both are one outline walked by one `OutlineWalker`; what differs is
/// only where the criteria come from.
import KBModel

package enum MarkdownReader {
    package static func read(_ text: String, format: SourceFormat? = nil) throws -> Entry {
        var entry: Entry
        var ledger = LineLedger()
        let blocks: [Block]
        let scan = FrontMatter.scan(text)
        if case .unclosed = scan {
            throw ReadError(line: 1, "front matter opened with --- never closes")
        }
        if case let .closed(yaml, body, bodyLine) = scan {
            let frontMatter = try FrontMatter.parse(yaml)
            entry = Entry(format: format ?? .jekyll, slug: frontMatter.slug, title: frontMatter.title,
                          category: frontMatter.category)
            entry.tags = frontMatter.tags
            entry.criteria = frontMatter.criteria
            entry.gherkin = frontMatter.gherkin
            entry.notices = frontMatter.notices
            ledger = frontMatter.ledger
            ledger.mark(1, .structure("front matter: opening ---"))
            ledger.mark(bodyLine - 1, .structure("front matter: closing ---"))
            blocks = MarkdownOutline.parse(String(body), firstLine: bodyLine, ledger: &ledger)
        } else {
            entry = Entry(format: format ?? .magentaV2)
            blocks = MarkdownOutline.parse(text, ledger: &ledger)
        }
        let walked = OutlineWalker.walk(blocks)
        entry.topics += walked.topics
        ledger.merge(walked.ledger)
        entry.ledger = ledger
        entry.videoLinks = walked.videoLinks
        entry.videos = walked.videos
        EntryAssembly.assemble(walked.notes, into: &entry)
        return entry
    }
}

/// What every reader does with walked notes: takes the condensed criteria, the Gherkin and the page
/// identity out of them, keeps the rest as notes.
package enum EntryAssembly {
    static func assemble(_ notes: [Note], into entry: inout Entry) {
        let hadCriteria = !entry.criteria.isEmpty
        let hadGherkin = !entry.gherkin.isEmpty
        // The Condensed group line in force: the criteria under it (nested or not) are its own.
        var group: String?
        for note in notes {
            if note.kind == .caption {
                if note.context.section == .condensed { entry.condensedFrame.append(note.text) }
                if note.context.section == .gherkin { entry.gherkinFrame.append(note.text) }
                continue
            }
            if case let .criterion(kind, label) = note.kind {
                // A guide's check or key-table row: the innermost heading it stands under is its
                // group (a heading inside its step, else the topic).
                var criterion = RawCriterion(kind: kind, label: label, expectation: note.text, line: note.line,
                                             lastLine: note.lastLine, group: note.context.headingPath.last ?? note.context.aspect)
                criterion.step = note.context.step
                criterion.headingPath = note.context.headingPath
                entry.criteria.append(criterion)
                continue
            }
            collectWCAG(note, into: &entry.wcag)
            if note.kind == .text, note.children.isEmpty, note.text.hasASCIIPrefix("full information:") {
                // The page's own link; today's addresses (`.../web-criteria/form/radio-button`) also
                // say which component it is.
                if let link = fullInformationLink(note.text) {
                    if entry.slug == nil { entry.slug = link.slug }
                    if entry.family == nil { entry.family = link.family }
                    if entry.category == nil { entry.category = link.category }
                }
                if entry.pageLink == nil {
                    entry.pageLink = pageLink(note.text)
                    entry.pageLinkLine = note.line
                }
                if note.context.section == .condensed { entry.condensedFrame.append(note.text) }
                if note.context.section == .gherkin { entry.gherkinFrame.append(note.text) }
                entry.ledger.mark(note.lines, .structure("page link (Full information)"))
                continue
            }
            if note.kind == .text, note.children.isEmpty, let title = howToTestTitle(note.text) {
                if entry.title == nil { entry.title = title }
                if note.context.section == .condensed { entry.condensedFrame.append(note.text) }
                if note.context.section == .gherkin { entry.gherkinFrame.append(note.text) }
                entry.ledger.mark(note.lines, .structure("title (How to test ...)"))
                continue
            }
            switch note.context.section {
            case .condensed:
                if group == nil, note.kind == .text, !isGroupLine(note), !namesAKey(note) {
                    // Before any group line, only a bullet whose key says its kind (`Tab:`) is a
                    // criterion; anything else there is a note about the page.
                    entry.notes.append(note)
                    continue
                }
                let criteria = condensed(note, group: &group, ledger: &entry.ledger)
                if hadCriteria {
                    for c in criteria { entry.ledger.mark(c.line...c.lastLine, .skipped("criteria also given in the front matter, which is kept")) }
                } else {
                    entry.criteria += criteria
                }
                continue
            case .gherkin:
                let steps = gherkinSteps(note, depth: 0, scenario: nil, ledger: &entry.ledger)
                if hadGherkin {
                    for s in steps { entry.ledger.mark(s.line...s.lastLine, .skipped("Gherkin also given in the front matter, which is kept")) }
                } else {
                    entry.gherkin += steps
                }
                continue
            default:
                break
            }
            entry.notes.append(note)
        }
    }

    /// One note of the Condensed section: a group line (`1. Test keyboard only, then...`, any
    /// wording) with its criteria, a lead-in ("Test:") over criteria of the group in force, or a
    /// criterion standing on its own.
    static func condensed(_ note: Note, group: inout String?, ledger: inout LineLedger) -> [RawCriterion] {
        guard note.kind == .text else { return [] }
        if isGroupLine(note) {
            group = note.text
            ledger.mark(note.lines, .structure("group: \(note.text)"))
            return note.children.flatMap { condensedCriteria($0, group: group, path: group, ledger: &ledger) }
        }
        return condensedCriteria(note, group: group, path: group, ledger: &ledger)
    }

    /// `Tab: ...`, or a lead-in over such bullets: a key whose name says its criterion's kind.
    static func namesAKey(_ note: Note) -> Bool {
        if let label = splitLabel(note.text).0, Vocabulary.criterionKind(ofKey: label) != nil { return true }
        return note.text.hasSuffix(":") && note.children.contains(where: namesAKey)
    }

    /// `1. Test mobile screenreader gestures`, `1. Keyboard & screen reader actions`: a line that
    /// names a group of criteria rather than being one: a kind in any wording, or a numbered item
    /// over bullets. A bullet over bullets is a criterion with nested ones.
    static func isGroupLine(_ note: Note) -> Bool {
        guard splitLabel(note.text).0 == nil, !note.text.hasSuffix(":") else { return false }
        if Vocabulary.criterionKind(note.text) != nil { return true }
        return note.ordinal != nil && !note.children.isEmpty
    }

    /// `- Tab: Focus moves...` is one criterion; `- Enter or spacebar:` over expectations is one
    /// criterion with those expectations; `Test:` over `Key: expectation` bullets leads them in.
    /// `group` is the group line in force (it gives the kind); `path` the lines the criterion sits
    /// under as `show` writes them back (the group line, then a lead-in, one per line).
    static func condensedCriteria(_ note: Note, group: String?, path: String?, ledger: inout LineLedger) -> [RawCriterion] {
        guard note.kind == .text else { return [] }
        let (label, expectation) = splitLabel(note.text)
        let keyed = { (child: Note) -> Bool in
            let (l, e) = splitLabel(child.text)
            return l != nil && !e.isEmpty
        }
        if expectation.isEmpty || note.text.hasSuffix(":"), !note.children.isEmpty, note.children.allSatisfy(keyed) {
            ledger.mark(note.lines, .structure("lead-in: \(note.text)"))
            let inner = [path, note.text].compactMap { $0 }.joined(separator: "\n")
            return note.children.flatMap { condensedCriteria($0, group: group, path: inner, ledger: &ledger) }
        }
        var texts = expectation.isEmpty ? [] : [expectation]
        var separate: [RawCriterion] = []
        var lastLine = note.lastLine
        for child in note.children {
            if keyed(child) && !expectation.isEmpty {
                separate += condensedCriteria(child, group: group, path: path, ledger: &ledger)
            } else {
                texts += flattened(child)
                lastLine = max(lastLine, deepestLine(child))
            }
        }
        let own = RawCriterion(kind: group ?? label ?? "", label: label, expectation: texts.joined(separator: "\n"),
                               line: note.line, lastLine: lastLine, group: path ?? "")
        return [own] + separate
    }

    static func flattened(_ note: Note) -> [String] {
        [note.text] + note.children.flatMap(flattened)
    }

    static func deepestLine(_ note: Note) -> Int {
        note.children.map(deepestLine).max().map { max($0, note.lastLine) } ?? note.lastLine
    }

    /// What follows "Full information:", as written.
    static func pageLink(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":") else { return text }
        return String(text[text.index(after: colon)...].trimmingSpaces())
    }

    /// A note of the `## Gherkin` section and what is nested under it, one step per line.
    static func gherkinSteps(_ note: Note, depth: Int, scenario: String?, ledger: inout LineLedger) -> [GherkinStep] {
        guard note.kind == .text else { return [] }
        let text = note.text
        guard !text.trimmingSpaces().isEmpty else {
            // An empty bullet over steps (`- ` then `- I HEAR ...` nested): the steps are kept.
            ledger.mark(note.lines, .skipped("empty bullet (the steps nested under it are kept)"))
            return note.children.flatMap { gherkinSteps($0, depth: depth + 1, scenario: scenario, ledger: &ledger) }
        }
        if depth == 0, text.hasSuffix(":"), note.children.contains(where: { !$0.children.isEmpty }) {
            // `GIVEN THAT I am on a page built with a SPA:` over the numbered scenarios: the colon
            // only leads them in. It is a step of its own; the scenarios stay scenarios.
            return [GherkinStep(scenario: nil, depth: 0, text: text, line: note.line, lastLine: note.lastLine)]
                + note.children.flatMap { gherkinSteps($0, depth: 0, scenario: nil, ledger: &ledger) }
        }
        let scenario = depth == 0 && !note.children.isEmpty ? text : scenario
        return [GherkinStep(scenario: scenario, depth: depth, text: text, line: note.line, lastLine: note.lastLine)]
            + note.children.flatMap { gherkinSteps($0, depth: depth + 1, scenario: scenario, ledger: &ledger) }
    }

    static func collectWCAG(_ note: Note, into references: inout [WCAGReference]) {
        guard note.kind == .text else { return }
        // Every citation is kept with its line (the normalizer keeps one row per criterion); a
        // list of criteria may name them bare (`- 1.4.3 Contrast` under "Related WCAG").
        references += note.context.section == .references ? WCAGLinks.listed(note.text, line: note.line)
            : WCAGLinks.parse(note.text, line: note.line)
        for child in note.children { collectWCAG(child, into: &references) }
    }

    /// `Tab, arrow keys or ctl+tab: Focus visibly moves` → label and expectation.
    static func splitLabel(_ text: String) -> (String?, String) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let label = text[..<colon].trimmingSpaces()
        let rest = text[text.index(after: colon)...].trimmingSpaces()
        // A URL or a long sentence before the colon is not a label.
        guard !label.isEmpty, label.count <= 60, !rest.hasPrefix("//") else { return (nil, text) }
        return (String(label), String(rest))
    }

    /// "How to test a reorder data row" → "Reorder data row".
    static func howToTestTitle(_ text: String) -> String? {
        guard text.hasASCIIPrefix("how to test") else { return nil }
        let lower = text.lowercased()
        for prefix in ["how to test an ", "how to test a ", "how to test "] where lower.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count).trimmingSpaces()
            guard !rest.isEmpty, rest.count <= 60 else { return nil }
            return rest.prefix(1).uppercased() + rest.dropFirst()
        }
        return nil
    }

    /// `Full information: https://www.magentaa11y.com/MagentaA11yV2#/native-criteria/controls/reorder-data-row`
    package static func fullInformationLink(_ text: String) -> (slug: String, family: Family, category: String?)? {
        guard text.hasASCIIPrefix("full information") else { return nil }
        guard let criteria = text.range(of: "-criteria/") else { return nil }
        let familyPart = text[..<criteria.lowerBound].split(whereSeparator: { $0 == "/" || $0 == "#" }).last ?? ""
        let path = text[criteria.upperBound...].prefix { !($0 == ")" || $0 == "]" || $0 == " " || $0 == "?" || $0 == "#") }
        let parts = path.split(separator: "/").map(String.init)
        guard let slug = parts.last, !slug.isEmpty else { return nil }
        let family: Family = familyPart.lowercased() == "web" ? .web : .native
        return (slug, family, parts.count > 1 ? parts[parts.count - 2] : nil)
    }
}
