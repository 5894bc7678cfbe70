/// Reads markdown entries of both eras: the Jekyll one (YAML front matter holding the criteria
/// over markdown notes) and today's MagentaA11y one (`## Condensed`, `## Gherkin`,
/// `## iOS Developer Notes`...). Both are one outline walked by one `OutlineWalker`; what differs is
/// only where the criteria come from.
package enum MarkdownReader {
    package static func read(_ text: String, format: SourceFormat? = nil) throws -> Entry {
        var entry: Entry
        let blocks: [Block]
        let scan = FrontMatter.scan(text)
        if case .unclosed = scan {
            throw ReadError(line: 1, "front matter opened with --- never closes")
        }
        if case let .closed(yaml, body, bodyLine) = scan {
            let frontMatter = try FrontMatter.parse(yaml)
            entry = Entry(format: format ?? .jekyll, slug: frontMatter.slug, title: frontMatter.title,
                          category: frontMatter.category)
            entry.criteria = frontMatter.criteria
            entry.gherkin = frontMatter.gherkin
            entry.notices = frontMatter.notices
            blocks = MarkdownOutline.parse(String(body), firstLine: bodyLine)
        } else {
            entry = Entry(format: format ?? .magentaV2)
            blocks = MarkdownOutline.parse(text)
        }
        let (notes, notices) = OutlineWalker.walk(blocks)
        entry.notices += notices
        EntryAssembly.assemble(notes, into: &entry)
        return entry
    }
}

/// What every reader does with walked notes: takes the condensed criteria and the page identity
/// out of them, keeps the rest as notes.
enum EntryAssembly {
    static func assemble(_ notes: [Note], into entry: inout Entry) {
        let hadCriteria = !entry.criteria.isEmpty
        let hadGherkin = !entry.gherkin.isEmpty
        for note in notes {
            collectWCAG(note, into: &entry.wcag)
            if note.kind == .text, let link = fullInformationLink(note.text) {
                if entry.slug == nil { entry.slug = link.slug }
                if entry.family == nil { entry.family = link.family }
                if entry.category == nil { entry.category = link.category }
                continue
            }
            switch note.context.section {
            case .condensed:
                if !hadCriteria { entry.criteria += condensedCriteria(note) }
                if entry.title == nil, let title = howToTestTitle(note.text) { entry.title = title }
                continue
            case .gherkin:
                if note.kind == .text, let title = howToTestTitle(note.text) {
                    if entry.title == nil { entry.title = title }
                } else if !hadGherkin {
                    entry.gherkin += gherkinSteps(note, depth: 0, scenario: nil)
                }
                continue
            default:
                break
            }
            if note.kind == .text, note.children.isEmpty, let title = howToTestTitle(note.text) {
                if entry.title == nil { entry.title = title }
                continue
            }
            entry.notes.append(note)
        }
    }

    /// A note of the `## Gherkin` section and what is nested under it, one step per line.
    static func gherkinSteps(_ note: Note, depth: Int, scenario: String?) -> [GherkinStep] {
        guard note.kind == .text else { return [] }
        let text = note.text
        guard !text.trimmingSpaces().isEmpty else { return [] }
        let scenario = depth == 0 && !note.children.isEmpty ? text : scenario
        return [GherkinStep(scenario: scenario, depth: depth, text: text, line: note.line)]
            + note.children.flatMap { gherkinSteps($0, depth: depth + 1, scenario: scenario) }
    }

    static func collectWCAG(_ note: Note, into references: inout [WCAGReference]) {
        guard note.kind == .text else { return }
        for reference in WCAGLinks.parse(note.text, line: note.line) where !references.contains(where: { $0.sc == reference.sc }) {
            references.append(reference)
        }
        for child in note.children { collectWCAG(child, into: &references) }
    }

    /// `1. Test mobile screenreader gestures` with `- Swipe: Focus moves...` under it.
    static func condensedCriteria(_ note: Note) -> [RawCriterion] {
        guard note.kind == .text, !note.children.isEmpty, Vocabulary.criterionKind(note.text) != nil else { return [] }
        return note.children.compactMap { child in
            guard child.kind == .text else { return nil }
            let (label, expectation) = splitLabel(child.text)
            return RawCriterion(kind: note.text, label: label, expectation: expectation, line: child.line)
        }
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
    static func fullInformationLink(_ text: String) -> (slug: String, family: Family, category: String?)? {
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
