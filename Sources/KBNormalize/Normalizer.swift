/// Gives a reader's `Entry` its meaning: labels onto the vocabulary, text cleaned, placeholders and
/// empty sections into gaps, quoted examples into announcements. Pure: no database, no files.
import KBModel
import KBRead

package enum Normalizer {
    package static func normalize(_ entry: Entry, hints: SourceHints = SourceHints()) throws -> NormalizedEntry {
        let family = hints.family ?? entry.family ?? .native
        // A guide's file is titled by its name: the "How to test with..." lines in it are topics.
        let title = family == .howToTest && entry.format != .contentJSON ? nil
            : entry.title.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
        guard let slug = (hints.slug ?? entry.slug.flatMap(Slug.from) ?? title.map(Vocabulary.slugify) ?? hints.fallbackSlug)
            .map(Vocabulary.currentSlug),
              !slug.isEmpty else {
            throw ReadError("no component name: no title, no \"Full information\" link, no file name to go by")
        }
        var result = NormalizedEntry(component: ComponentInfo(
            slug: slug, title: title ?? humanize(slug), family: family,
            category: hints.category ?? entry.category.map { Vocabulary.slugify($0) }, summary: nil,
            pageLink: entry.pageLink,
            condensedFrame: entry.condensedFrame.isEmpty ? nil : entry.condensedFrame.joined(separator: "\n"),
            gherkinFrame: entry.gherkinFrame.isEmpty ? nil : entry.gherkinFrame.joined(separator: "\n")))
        result.component.tags = entry.tags.map { Vocabulary.slugify($0) }.filter { !$0.isEmpty }
        result.notices = entry.notices + entry.topics.map { topic in
            Notice(.unknownLabel, line: topic.line, "unknown heading \"\(topic.text)\" kept as aspect \"\(Vocabulary.slugify(topic.text))\"")
        }
        result.ledger = entry.ledger
        result.videos = entry.videos
        for step in entry.gherkin {
            let cleaned = clean(step)
            if cleaned.text.isEmpty {
                result.ledger.markSpan(step.line...step.lastLine, .skipped("empty Gherkin step"))
            } else {
                result.gherkin.append(cleaned)
                result.ledger.markSpan(step.line...step.lastLine, .fact(table: "gherkin_steps", kind: nil))
            }
        }
        for reference in entry.wcag {
            // One row per criterion (its first citation); every line citing it is accounted for.
            result.ledger.mark(reference.line, .fact(table: "component_wcag", kind: reference.sc))
            guard !result.wcag.contains(where: { $0.sc == reference.sc }) else { continue }
            var reference = reference
            reference.title = reference.title.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
            result.wcag.append(reference)
        }
        var builder = Builder(result: result, defaultPlatform: family.defaultPlatform)
        for criterion in entry.criteria { builder.add(criterion) }
        for note in entry.notes { builder.add(note, parent: nil) }
        result = builder.result
        result.component.summary = result.guidance.first { $0.platform == nil && $0.aspect == .general && $0.parent == nil }?.text
            ?? result.guidance.first { $0.aspect == .general && $0.parent == nil }?.text
        if let gap = crossLink(entry, slug: slug, family: family) { result.gaps.append(gap) }
        let tested = TestedSCInference.infer(result.component, criteria: result.criteria)
        result.inferredWCAG = tested.links
        result.testsNothing = tested.nothing
        if let map = entry.lineMap { result.relocate(through: map) }
        return result
    }

    /// A "Full information" link to another component's page than this one's: a gap, with the
    /// address it leads to. (Only links in MagentaA11y's own shape, `…/web-criteria/…/SLUG`, say a
    /// component; any other address is not judged.)
    static func crossLink(_ entry: Entry, slug: String, family: Family) -> GapFact? {
        guard let link = entry.pageLink, let line = entry.pageLinkLine,
              let target = EntryAssembly.fullInformationLink("full information: " + link),
              let targetSlug = Slug.from(target.slug).map(Vocabulary.currentSlug) else { return nil }
        guard targetSlug != slug || target.family != family else { return nil }
        return GapFact(problem: .crossLink, excerpt: "Full information links to \(target.family.rawValue)/\(targetSlug)", line: line)
    }

    /// A caption file's utterances as announcements of the video's platform and screen reader.
    package static func normalize(_ transcript: TranscriptReader.Transcript) -> [AnnouncementFact] {
        normalizeAccounted(transcript).announcements
    }

    /// The announcements, and the caption file's ledger with the cues they came from.
    package static func normalizeAccounted(_ transcript: TranscriptReader.Transcript)
        -> (announcements: [AnnouncementFact], ledger: LineLedger) {
        var ledger = transcript.ledger
        let announcements: [AnnouncementFact] = transcript.utterances.compactMap { utterance in
            let text = TextCleaner.clean(utterance.text)
            let role: LineRole = text.isEmpty ? .skipped("cue without words") : .fact(table: "announcements", kind: "transcript")
            for span in utterance.spans { ledger.mark(span, role) }
            guard !text.isEmpty else { return nil }
            return AnnouncementFact(platform: transcript.platform, text: text, context: nil, origin: .transcript,
                                    screenReader: transcript.screenReader, startMs: utterance.startMs,
                                    endMs: utterance.endMs, line: utterance.line)
        }
        return (announcements, ledger)
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
        var platform: Platform?
        var framework: Framework?
        var aspect: Aspect
    }

    struct Builder {
        var result: NormalizedEntry
        let defaultPlatform: Platform?
        /// Notes under one heading share their labels: each context is looked up once.
        var scopes: [NoteContext: Scope] = [:]

        init(result: NormalizedEntry, defaultPlatform: Platform?) {
            self.result = result
            self.defaultPlatform = defaultPlatform
        }

        mutating func scope(_ context: NoteContext) -> Scope {
            if let known = scopes[context] { return known }
            let framework = context.framework.flatMap(Vocabulary.meaning(ofFrameworkLabel:))
            let platform = context.platform.flatMap(Vocabulary.meaning(ofPlatformLabel:)) ?? defaultPlatform
            // Reading-list links other than WCAG citations are kept as guidance of their own aspect.
            let aspect: Aspect = context.section == .announcements ? .announcements
                : context.section == .references ? .furtherReading
                : context.aspect.map(Vocabulary.meaning(ofAspectLabel:)) ?? (context.section == .code ? .codeExamples : .general)
            let scope = Scope(platform: platform, framework: framework, aspect: aspect)
            scopes[context] = scope
            return scope
        }

        mutating func add(_ raw: RawCriterion) {
            let kind: CriterionKind
            // The group line's wording decides; a group worded otherwise (or none) leaves it to the
            // criterion's own key: `Tab:` is a keyboard criterion wherever it stands.
            if let known = Vocabulary.criterionKind(raw.kind) ?? raw.label.flatMap(Vocabulary.criterionKind(ofKey:)) {
                kind = known
            } else {
                kind = CriterionKind(rawValue: Vocabulary.slugify(raw.kind))
                result.notices.append(Notice(.unknownLabel, line: raw.line, "unknown criteria kind \"\(raw.kind)\" kept as \"\(kind)\""))
            }
            let label = raw.label.map(TextCleaner.clean).flatMap { $0.isEmpty ? nil : $0 }
            // Nested expectations (`Enter or spacebar:` over its cases) stay one per line.
            let expectation = raw.expectation.split(separator: "\n").map { TextCleaner.clean(String($0)) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            if let problem = Placeholder.problem(expectation, hasChildren: false) {
                result.gaps.append(GapFact(platform: defaultPlatform, framework: nil, aspect: Aspect(kind), problem: problem,
                                           excerpt: [label, expectation].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ").nilIfEmpty,
                                           line: raw.line))
                result.ledger.markSpan(raw.line...raw.lastLine, .fact(table: "gaps", kind: problem.rawValue))
                return
            }
            var fact = CriterionFact(platform: defaultPlatform, kind: kind, label: label,
                                     expectation: expectation, line: raw.line,
                                     group: raw.group.map { $0.split(separator: "\n").map { TextCleaner.clean(String($0)) }
                                         .joined(separator: "\n") })
            fact.place = StepPlace(step: raw.step, headings: raw.headingPath)
            result.criteria.append(fact)
            result.ledger.markSpan(raw.line...raw.lastLine, .fact(table: "criteria", kind: fact.place.traced(kind.rawValue)))
        }

        mutating func add(_ note: Note, parent: Int?) {
            let scope = scope(note.context)
            func gap(_ problem: GapProblem, _ excerpt: String?) {
                result.gaps.append(GapFact(platform: scope.platform, framework: scope.framework, aspect: scope.aspect,
                                           problem: problem, excerpt: excerpt, line: note.line))
                result.ledger.markSpan(note.lines, .fact(table: "gaps", kind: problem.rawValue))
            }
            switch note.kind {
            case .emptySection(let label):
                gap(.emptySection, label.nilIfEmpty)
                return
            case .caption, .criterion:
                // Captions frame their section; criteria were taken out of the notes by the reader.
                return
            case let .code(language, bad):
                guard !note.text.trimmingSpaces().isEmpty else {
                    result.ledger.markSpan(note.lines, .skipped("empty code block"))
                    return
                }
                // A code section beside the aspects is its code's aspect, as it is its prose's
                // (both read back together), and its caption heading the block's caption.
                var fact = CodeFact(platform: scope.platform, framework: scope.framework,
                                    aspect: note.context.aspect.map(Vocabulary.meaning(ofAspectLabel:))
                                        ?? (note.context.section == .code ? .codeExamples : nil),
                                    language: language, code: note.text, quality: bad ? .bad : .good,
                                    line: note.line)
                fact.caption = note.context.section == .code ? note.context.headingPath.last : nil
                result.codeExamples.append(fact)
                result.ledger.markSpan(note.lines, .fact(table: "code_examples", kind: bad ? "bad example" : language))
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
                    screenReader: scope.platform?.screenReader,
                    startMs: nil, endMs: nil, line: note.line))
                result.ledger.markSpan(note.lines, .fact(table: "announcements", kind: "example"))
                for child in note.children { add(child, parent: parent) }
                return
            }
            if note.context.section == .references, !WCAGLinks.listed(note.text, line: note.line).isEmpty {
                // A WCAG citation is a `component_wcag` row (its reader took it), not guidance.
                for child in note.children { add(child, parent: parent) }
                return
            }
            if Placeholder.hasTemplateToken(text) { gap(.templateToken, text) }
            var fact = GuidanceFact(platform: scope.platform, framework: scope.framework, aspect: scope.aspect,
                                    parent: parent, text: text, line: note.line)
            fact.place = StepPlace(step: note.context.step, headings: note.context.headingPath)
            result.guidance.append(fact)
            result.ledger.markSpan(note.lines, .fact(table: "guidance", kind: fact.place.traced(scope.aspect.rawValue)))
            let index = result.guidance.count - 1
            for child in note.children { add(child, parent: index) }
        }
    }
}

extension NormalizedEntry {
    /// Carries every fact and the ledger onto the lines of the file the entry was laid out from
    /// (`map[i]` is the line that line i + 1 stands for).
    mutating func relocate(through map: [Int]) {
        func moved(_ line: Int) -> Int { line - 1 < map.count && line > 0 ? map[line - 1] : line }
        for i in criteria.indices { criteria[i].line = moved(criteria[i].line) }
        for i in guidance.indices { guidance[i].line = moved(guidance[i].line) }
        for i in announcements.indices { announcements[i].line = moved(announcements[i].line) }
        for i in gaps.indices { gaps[i].line = moved(gaps[i].line) }
        for i in codeExamples.indices { codeExamples[i].line = moved(codeExamples[i].line) }
        for i in gherkin.indices { gherkin[i].line = moved(gherkin[i].line) }
        for i in wcag.indices { wcag[i].line = moved(wcag[i].line) }
        for i in videos.indices { videos[i].line = moved(videos[i].line) }
        for i in notices.indices { notices[i].line = notices[i].line.map(moved) }
        ledger = ledger.relocated(through: map, lineCount: map.count)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
