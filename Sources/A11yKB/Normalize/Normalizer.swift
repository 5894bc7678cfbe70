/// Gives a reader's `Entry` its meaning: labels onto the vocabulary, text cleaned, placeholders and
/// empty sections into gaps, quoted examples into announcements. Pure: no database, no files.
package enum Normalizer {
    package static func normalize(_ entry: Entry, hints: SourceHints = SourceHints()) throws -> NormalizedEntry {
        let title = entry.title.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
        guard let slug = hints.slug ?? entry.slug ?? title.map(Vocabulary.slugify) ?? hints.fallbackSlug,
              !slug.isEmpty else {
            throw ReadError("no component name: no title, no \"Full information\" link, no file name to go by")
        }
        let family = hints.family ?? entry.family ?? .native
        var result = NormalizedEntry(component: ComponentInfo(
            slug: slug, title: title ?? humanize(slug), family: family,
            category: hints.category ?? entry.category.map { Vocabulary.slugify($0) }, summary: nil))
        result.notices = entry.notices
        result.gherkin = entry.gherkin.map(clean).filter { !$0.text.isEmpty }
        result.wcag = entry.wcag.map { reference in
            var reference = reference
            reference.title = reference.title.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
            return reference
        }
        var builder = Builder(result: result, defaultPlatform: family.defaultPlatform)
        for criterion in entry.criteria { builder.add(criterion) }
        for note in entry.notes { builder.add(note, parent: nil) }
        result = builder.result
        result.component.summary = result.guidance.first { $0.platform == nil && $0.aspect == "general" && $0.parent == nil }?.text
            ?? result.guidance.first { $0.aspect == "general" && $0.parent == nil }?.text
        return result
    }

    /// A caption file's utterances as announcements of the video's platform and screen reader.
    package static func normalize(_ transcript: TranscriptReader.Transcript) -> [AnnouncementFact] {
        transcript.utterances.compactMap { utterance in
            let text = TextCleaner.clean(utterance.text)
            guard !text.isEmpty else { return nil }
            return AnnouncementFact(platform: transcript.platform, text: text, context: nil, origin: .transcript,
                                    screenReader: transcript.screenReader, startMs: utterance.startMs,
                                    endMs: utterance.endMs, line: utterance.line)
        }
    }

    static func clean(_ step: GherkinStep) -> GherkinStep {
        var step = step
        step.text = TextCleaner.clean(step.text)
        step.scenario = step.scenario.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
        return step
    }

    static func humanize(_ slug: String) -> String {
        let words = slug.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The slugs a note's labels stand for.
    struct Scope: Equatable {
        var platform: String?
        var framework: String?
        var aspect: String
    }

    struct Builder {
        var result: NormalizedEntry
        let defaultPlatform: String?
        /// Notes under one heading share their labels: each context is looked up once.
        var scopes: [NoteContext: Scope] = [:]

        init(result: NormalizedEntry, defaultPlatform: String?) {
            self.result = result
            self.defaultPlatform = defaultPlatform
        }

        mutating func scope(_ context: NoteContext) -> Scope {
            if let known = scopes[context] { return known }
            let framework = context.framework.flatMap(Vocabulary.meaning(ofFrameworkLabel:))
            let platform = context.platform.flatMap(Vocabulary.meaning(ofPlatformLabel:)) ?? defaultPlatform
            let aspect = context.section == .announcements ? "announcements"
                : context.aspect.map(Vocabulary.meaning(ofAspectLabel:)) ?? "general"
            let scope = Scope(platform: platform, framework: framework, aspect: aspect)
            scopes[context] = scope
            return scope
        }

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
            if let problem = Placeholder.problem(expectation, hasChildren: false) {
                result.gaps.append(GapFact(platform: defaultPlatform, framework: nil, aspect: kind, problem: problem,
                                           excerpt: [label, expectation].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ").nilIfEmpty,
                                           line: raw.line))
                return
            }
            result.criteria.append(CriterionFact(platform: defaultPlatform, kind: kind, label: label,
                                                 expectation: expectation, line: raw.line))
        }

        mutating func add(_ note: Note, parent: Int?) {
            let scope = scope(note.context)
            func gap(_ problem: GapProblem, _ excerpt: String?) {
                result.gaps.append(GapFact(platform: scope.platform, framework: scope.framework, aspect: scope.aspect,
                                           problem: problem, excerpt: excerpt, line: note.line))
            }
            switch note.kind {
            case .emptySection(let label):
                gap(.emptySection, label.nilIfEmpty)
                return
            case .code(let language):
                guard !note.text.trimmingSpaces().isEmpty else { return }
                result.codeExamples.append(CodeFact(platform: scope.platform, framework: scope.framework,
                                                    aspect: note.context.aspect.map(Vocabulary.meaning(ofAspectLabel:)),
                                                    language: language, code: note.text, line: note.line))
                return
            case .text:
                break
            }
            let text = TextCleaner.clean(note.text)
            if let problem = Placeholder.problem(text, hasChildren: !note.children.isEmpty) {
                gap(problem, text.nilIfEmpty)
                for child in note.children { add(child, parent: parent) }
                return
            }
            if note.context.section == .announcements, let announcement = QuotedAnnouncement.parse(text) {
                result.announcements.append(AnnouncementFact(
                    platform: scope.platform, text: announcement.text, context: announcement.context, origin: .example,
                    screenReader: scope.platform.flatMap { p in Vocabulary.platforms.first { $0.slug == p }?.screenReader },
                    startMs: nil, endMs: nil, line: note.line))
                for child in note.children { add(child, parent: parent) }
                return
            }
            if note.context.section == .references {
                // Reading lists are links, not guidance; WCAG references are taken by their own reader.
                return
            }
            if Placeholder.hasTemplateToken(text) { gap(.templateToken, text) }
            result.guidance.append(GuidanceFact(platform: scope.platform, framework: scope.framework, aspect: scope.aspect,
                                                parent: parent, text: text, line: note.line))
            let index = result.guidance.count - 1
            for child in note.children { add(child, parent: index) }
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
