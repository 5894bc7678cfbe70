/// Gives a reader's `Entry` its meaning: labels onto the vocabulary, text cleaned, placeholders and
/// empty sections into gaps, quoted examples into announcements. Pure: no database, no files.
public enum Normalizer {
    public static func normalize(_ entry: Entry, hints: SourceHints = SourceHints()) throws -> NormalizedEntry {
        let title = entry.title.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
        guard let slug = hints.slug ?? entry.slug ?? title.map(Vocabulary.slugify) ?? hints.fallbackSlug,
              !slug.isEmpty else {
            throw ReadError("no component name: no title, no \"Full information\" link, no file name to go by")
        }
        let family = hints.family ?? entry.family ?? "native"
        var result = NormalizedEntry(component: ComponentInfo(
            slug: slug, title: title ?? humanize(slug), family: family,
            category: hints.category ?? entry.category.map { Vocabulary.slugify($0) }, summary: nil))
        result.notices = entry.notices
        result.gherkin = entry.gherkin.map { step in
            var step = step
            step.text = TextCleaner.clean(step.text)
            step.scenario = step.scenario.map(TextCleaner.clean)
            return step
        }.filter { !$0.text.isEmpty }
        result.wcag = entry.wcag.map { reference in
            var reference = reference
            reference.title = reference.title.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
            return reference
        }
        var builder = Builder(result: result, defaultPlatform: family == "web" ? "web" : nil)
        for criterion in entry.criteria { builder.add(criterion) }
        for note in entry.notes { builder.add(note, parent: nil) }
        result = builder.result
        result.component.summary = result.guidance.first { $0.platform == nil && $0.aspect == "general" && $0.parent == nil }?.text
            ?? result.guidance.first { $0.aspect == "general" && $0.parent == nil }?.text
        return result
    }

    static func humanize(_ slug: String) -> String {
        let words = slug.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    struct Builder {
        var result: NormalizedEntry
        let defaultPlatform: String?

        mutating func add(_ raw: RawCriterion) {
            let kind: String
            if let known = Vocabulary.criterionKind(raw.kind) {
                kind = known
            } else {
                kind = Vocabulary.slugify(raw.kind)
                result.notices.append(Notice(.unknownLabel, line: raw.line, "unknown criteria kind \"\(raw.kind)\" kept as \"\(kind)\""))
            }
            let label = raw.label.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
            let expectation = TextCleaner.clean(raw.expectation)
            let platform = raw.platform ?? defaultPlatform
            if let problem = Placeholder.problem(expectation, hasChildren: false) {
                result.gaps.append(GapFact(platform: platform, framework: nil, aspect: kind, problem: problem,
                                           excerpt: [label, expectation].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ").nilIfEmpty,
                                           line: raw.line))
                return
            }
            result.criteria.append(CriterionFact(platform: platform, kind: kind, label: label,
                                                 expectation: expectation, line: raw.line))
        }

        mutating func add(_ note: Note, parent: Int?) {
            let context = note.context
            let platform = context.platform ?? defaultPlatform
            let aspect = context.section == .announcements ? "announcements" : (context.aspect ?? "general")
            switch note.kind {
            case .emptySection(let label):
                result.gaps.append(GapFact(platform: platform, framework: context.framework, aspect: aspect,
                                           problem: "empty-section", excerpt: label.nilIfEmpty, line: note.line))
                return
            case .code(let language):
                guard !note.text.trimmingSpaces().isEmpty else { return }
                result.codeExamples.append(CodeFact(platform: platform, framework: context.framework,
                                                    aspect: context.aspect, language: language,
                                                    code: note.text, line: note.line))
                return
            case .text:
                break
            }
            let text = TextCleaner.clean(note.text)
            if let problem = Placeholder.problem(text, hasChildren: !note.children.isEmpty) {
                result.gaps.append(GapFact(platform: platform, framework: context.framework, aspect: aspect,
                                           problem: problem, excerpt: text.nilIfEmpty, line: note.line))
                for child in note.children { add(child, parent: parent) }
                return
            }
            if context.section == .announcements, let announcement = Announcement.parse(text) {
                result.announcements.append(AnnouncementFact(
                    platform: platform, text: announcement.text, context: announcement.context, origin: "example",
                    screenReader: platform.flatMap { p in Vocabulary.platforms.first { $0.slug == p }?.screenReader },
                    startMs: nil, endMs: nil, line: note.line))
                for child in note.children { add(child, parent: parent) }
                return
            }
            if context.section == .references {
                // Reading lists are links, not guidance; WCAG references are taken by their own reader.
                return
            }
            if Placeholder.hasTemplateToken(text) {
                result.gaps.append(GapFact(platform: platform, framework: context.framework, aspect: aspect,
                                           problem: "template-token", excerpt: text, line: note.line))
            }
            result.guidance.append(GuidanceFact(platform: platform, framework: context.framework, aspect: aspect,
                                                parent: parent, text: text, line: note.line))
            let index = result.guidance.count - 1
            for child in note.children { add(child, parent: index) }
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
