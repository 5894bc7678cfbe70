import A11yKB
import Foundation
import MCP

/// One tool: what a model reads to choose it, the arguments it takes, and how it answers (parse
/// the arguments, ask the knowledge base one question, render the typed answer).
package struct ToolDefinition: Sendable {
    package var tool: AssistantTool
    package var title: String
    package var description: String
    package var parameters: [Parameter]
    package var answer: @Sendable (Arguments, KnowledgeBase) throws -> Answer
    /// Only over stdio: the tool's question is about a file on the server's machine.
    package var readsServerFiles = false

    package var name: String { tool.name }

    /// The tool as a client on another machine may call it: without the arguments that name a
    /// path on the server, or nil when its question needs one.
    package var remote: ToolDefinition? {
        guard !readsServerFiles, !parameters.contains(where: { $0.namesServerPath && $0.required }) else { return nil }
        var tool = self
        tool.parameters = parameters.filter { !$0.namesServerPath }
        return tool
    }

    /// Every tool reads only, and asking again gives the same answer: the knowledge base changes
    /// only through `a11ykb import`, never through the server.
    package var definition: Tool {
        Tool(name: name, title: title, description: description, inputSchema: Parameter.inputSchema(parameters),
             annotations: Tool.Annotations(title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true,
                                           openWorldHint: false))
    }
}

/// The arguments several tools share, described once.
package enum Common {
    package static let families = Family.allCases.map(\.rawValue)

    /// Evidence files given as text, their findings per success criterion counted beside what the
    /// tool answers (as `report` and `coverage` take them on a command line).
    package static let evidence = Parameter(
        name: "evidence", kind: .strings(choices: nil),
        description: "Evidence files of any format read (axe-core, Lighthouse, pa11y, SARIF, EARL, WCAG-EM, IBM, Accessibility Insights, Trusted Tester SCRT), each as text: their findings per success criterion count beside the answer.")

    /// Evidence files as base64, for a file that is not text (the Trusted Tester workbook), read
    /// into the same model as `evidence`.
    package static let evidenceBase64 = Parameter(
        name: "evidence_base64", kind: .strings(choices: nil),
        description: "Evidence files of any format read, each as base64: for a binary file such as the Trusted Tester results workbook (.xlsm); read as evidence is.")

    /// The evidence files a tool was given, as text and as base64, in that order.
    package static func evidenceInputs(_ arguments: Arguments) throws -> [NamedInput] {
        arguments.inputs(evidence.name) + (try arguments.base64Inputs(evidenceBase64.name, limit: EvidenceReading.maxBytes))
    }

    /// The evidence files read into the one evidence model, each file's format told from its content.
    package static func evidence(_ arguments: Arguments, _ kb: KnowledgeBase) throws -> [EvidenceRecord] {
        try kb.readEvidence(evidenceInputs(arguments))
    }

    /// Why a search found nothing whatever it asked: the knowledge base holds nothing, or only the
    /// seed built into a11ykb (the user, not the model, can import the real criteria).
    package static func holdingsNote(_ kb: KnowledgeBase) throws -> [String] {
        switch try kb.holdings() {
        case .imported: []
        case .nothing: ["This knowledge base is empty: nothing was ever imported into it. The user can import MagentaA11y "
                        + "(git clone https://github.com/tmobile/magentaA11y, then a11ykb import magentaA11y)."]
        case .seedOnly(let components):
            ["This knowledge base holds only the \(components) seed components built into a11ykb. For all of MagentaA11y the user "
             + "can run: git clone https://github.com/tmobile/magentaA11y && a11ykb import --replace-seed magentaA11y"]
        }
    }

    package static let component = Parameter.string("component", """
        The component: its slug (button, expandable-region), family/slug when both families have one of that name \
        (native/button, web/button), or its title (Table row button). list_components gives every slug.
        """)

    package static var requiredComponent: Parameter {
        var p = component
        p.required = true
        return p
    }

    package static let family = Parameter.choice("family", families,
                                         "native (iOS and Android apps), web, or how-to-test (the testing guides): only components of this family.")

    package static let platform = Parameter.choice("platform", KnowledgeBase.platforms.map(\.rawValue),
                                           "ios, android or web: only this platform (facts written for every platform are kept).")

    package static let framework = Parameter.choice("framework", KnowledgeBase.frameworks.map(\.rawValue),
                                            "uikit or swiftui (iOS), android-views or jetpack-compose (Android).")

    package static func family(_ arguments: Arguments) -> Family? { arguments.string("family").flatMap(Family.init(rawValue:)) }
}

package enum Tools {
    /// In the tool table's order: a tool the table names is defined here, or this does not compile.
    package static let all: [ToolDefinition] = AssistantTool.allCases.map { tool in
        switch tool {
        case .listComponents: listComponents
        case .getComponent: getComponent
        case .getDeveloperNotes: getDeveloperNotes
        case .listComponentFormats: listComponentFormats
        case .search: search
        case .searchFacts: searchFacts
        case .findComponents: findComponents
        case .comparePlatforms: comparePlatforms
        case .getAnnouncements: getAnnouncements
        case .listGaps: listGaps
        case .getWCAGCriteria: getWCAGCriteria
        case .getSuccessCriterion: getSuccessCriterion
        case .getCoverage: getCoverage
        case .buildChecklist: buildChecklist
        case .explainAxeResults: explainAxeResults
        case .getTestPlan: getTestPlan
        case .reportResults: reportResults
        case .diffKnowledgeBases: diffKnowledgeBases
        case .buildConformanceReport: buildConformanceReport
        case .checkConformanceReport: checkConformanceReport
        case .compareConformanceReports: compareConformanceReports
        case .runSQL: runSQL
        }
    }

    package static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}

/// The tools a transport offers: every one over stdio; over HTTP, those that read no path on the
/// server's machine (`ToolDefinition.remote`).
package struct ToolTable: Sendable {
    package let tools: [ToolDefinition]
    package let byName: [String: ToolDefinition]
    /// The server's own limit on a request's time, in seconds, when it has one (the team server's
    /// configured time limit): a tool's `timeout` argument cannot raise a question past it, so
    /// the advice names it (`Hints`).
    package private(set) var timeLimit: TimeInterval?

    package init(_ tools: [ToolDefinition]) {
        self.tools = tools
        byName = Dictionary(uniqueKeysWithValues: tools.map { ($0.name, $0) })
    }

    /// The same tools on a server that ends every request at `seconds`.
    package func limited(to seconds: TimeInterval) -> ToolTable {
        var table = self
        table.timeLimit = seconds
        return table
    }

    package static let local = ToolTable(Tools.all)
    package static let remote = ToolTable(Tools.all.compactMap(\.remote))
}

extension Tools {

    // MARK: - What the community MagentaA11y server offers

    package static let listComponents = ToolDefinition(
        tool: .listComponents, title: "List components",
        description: """
            List the UI components the knowledge base holds (MagentaA11y's buttons, toggles, dialogs, tables...) by family \
            (native iOS/Android, or web) and category, with how many acceptance criteria, developer notes and screen-reader \
            announcements each has, and the file it comes from. Use it to find a component's slug, or to see what exists \
            before asking about one.
            """,
        parameters: [
            Common.family,
            .string("category", "Only this category: controls, notifications, patterns (native); component, page-level (web)."),
        ],
        answer: { arguments, kb in
            let catalog = try kb.catalog(family: Common.family(arguments), category: arguments.string("category"))
            return try Answer(CatalogDocument(catalog))
        })

    package static let getComponent = ToolDefinition(
        tool: .getComponent, title: "Get a component's acceptance criteria",
        description: """
            One component's accessibility acceptance criteria. format=markdown (default): everything, as MagentaA11y lays \
            it out: general notes, the condensed checklist, Gherkin, developer notes for each platform and framework \
            (UIKit, SwiftUI, Android Views, Jetpack Compose), announcement examples, screen-reader transcripts. \
            format=condensed: the tester's short checklist (keyboard, mobile gestures, screen reader output, device \
            settings). format=gherkin: GIVEN/WHEN/THEN scenarios (the source's own, else made from the criteria). \
            format=json: every fact as data. The source file is named at the top and each fact ends with its line. \
            platform and framework keep what applies to one stack (and settle native or web for a name both have).
            """,
        parameters: [
            Common.requiredComponent, Common.family, Common.platform, Common.framework,
            .format(AcceptanceCriteriaDocument.self, "What to return (default markdown).", default: .markdown),
            Parameter(name: "include_code_examples", kind: .boolean(default: true),
                      description: "Keep the code examples (Swift, Kotlin, HTML...) in the developer notes (default true)."),
        ],
        answer: { arguments, kb in
            // As `show --platform --framework`: the stack settles the family and narrows the facts.
            let stack = try Checklist.Stack.checked(platform: try arguments.platform(), framework: try arguments.framework())
            let context = [arguments.string("platform"), arguments.string("framework")].compactMap { $0 }
            let facts = try kb.component(arguments.string("component")!, family: Common.family(arguments), context: context,
                                         codeExamples: arguments.bool("include_code_examples")).keeping(stack)
            let format = try arguments.format(AcceptanceCriteriaDocument.self)
            // Each fact ends with its line, for the model to cite.
            let text = try AcceptanceCriteriaDocument(facts).toolText(format, options: DocumentOptions(lines: true))
            switch format {
            case .condensed: return Answer(text, AcceptanceCriteria.condensedJSON(facts))
            case .gherkin: return Answer(text, AcceptanceCriteria.gherkinJSON(facts))
            default: return Answer(text, AcceptanceCriteria.json(facts))
            }
        })

    package static let getDeveloperNotes = ToolDefinition(
        tool: .getDeveloperNotes, title: "Get a component's developer notes",
        description: """
            How to build one component accessibly: its developer notes aspect by aspect (name, role, group, state, focus, \
            custom actions, announcements), grouped by framework, with code examples. platform=ios, android or web for one \
            platform's notes, general for those written for every platform, all (default) for everything. framework keeps \
            the notes of UIKit, SwiftUI, Android Views or Jetpack Compose (and those for any framework). For what a tester \
            checks, use get_component.
            """,
        parameters: [
            Common.requiredComponent, Common.family,
            .choice("platform", ["all", "general"] + KnowledgeBase.platforms.map(\.rawValue), "Whose notes (default all).", default: "all"),
            Common.framework,
            Parameter(name: "include_code_examples", kind: .boolean(default: true), description: "Keep the code examples (default true)."),
        ],
        answer: { arguments, kb in
            let scope: DeveloperNotes.Scope = switch arguments.string("platform") {
            case "general": .general
            case "all", nil: .all
            case let platform?: .platform(try Platform(slug: platform))
            }
            let notes = try kb.developerNotes(of: arguments.string("component")!, family: Common.family(arguments), scope: scope,
                                              framework: try arguments.framework(),
                                              codeExamples: arguments.bool("include_code_examples"))
            let text = AcceptanceCriteria.developerNotesDocument(notes)
            return Answer(text, AcceptanceCriteria.json(notes.notes))
        })

    package static let listComponentFormats = ToolDefinition(
        tool: .listComponentFormats, title: "List a component's formats",
        description: """
            Which formats one component has and what each holds: the whole markdown, the condensed checklist, Gherkin \
            (as the source wrote it, or made from the criteria), developer notes per platform, code examples, \
            announcements and transcripts, WCAG citations, gaps. Cheap: use it before fetching a large component.
            """,
        parameters: [Common.requiredComponent, Common.family],
        answer: { arguments, kb in
            let summary = try kb.summary(of: arguments.string("component")!, family: Common.family(arguments))
            return try Answer(ComponentFormatsDocument(summary))
        })

    package static let searchFacts = ToolDefinition(
        tool: .searchFacts, title: "Search every matching fact",
        description: """
            Ranked full-text search over every acceptance criterion, developer note, announcement and component title, \
            best first. Each hit gives its component, what kind of fact it is, a snippet with the matched words in \
            [brackets], and its source file and line. Every word must occur in the same fact, so use a few key words \
            (dimmed button, "double tap", focus order); words are stemmed (dimmed also finds dim); "quotes" make a \
            phrase; prefix*, OR, NOT and parentheses work. Filters narrow it: platform, framework, family, component, \
            kind of fact, aspect. For a question in plain words, search answers with components instead.
            """,
        parameters: [
            .string("query", "The search words (see the description for the syntax).", required: true),
            Common.platform, Common.framework, Common.family,
            .string("component", "Only facts of this component (its slug)."),
            .choice("kind", FactKind.allCases.map(\.rawValue), "Only this kind of fact."),
            .string("aspect", "Only guidance of this aspect (name, role, group, state, focus, custom-action, general) or criteria of this kind (keyboard, gesture, screenreader, settings)."),
            Parameter(name: "limit", kind: .integer(default: 10, range: 1...200), description: "At most this many hits (default 10)."),
        ],
        answer: { arguments, kb in
            let options = SearchOptions(platform: try arguments.platform(), framework: try arguments.framework(),
                                        component: arguments.string("component"), family: Common.family(arguments),
                                        kind: arguments.string("kind").flatMap(FactKind.init(rawValue:)),
                                        aspect: arguments.string("aspect"), limit: arguments.int("limit"))
            let result = try kb.search(arguments.string("query")!, options: options)
            let document = FactSearchDocument(result, style: arguments.style)
            let lines = document.notes + (result.hits.isEmpty ? document.nothingFound + (try Common.holdingsNote(kb)) : [try document.rendered(.table)])
            let text = lines.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
            return Answer(text, .object([
                ("query", .string(result.query.input)), ("total", .optional(result.total)),
                ("hits", result.tabular.json),
                ("corrections", .array(document.corrections)),
                ("suggestions", .array(result.suggestions.map(JSONValue.string))),
            ]))
        })

    // MARK: - What only a11ykb has

    /// `a11ykb search` as people use it (issue 12): a question in plain words, answered by the
    /// components that hold its words anywhere in their facts, with one vocabulary across platforms.
    package static let search = components(.search)

    /// The same answer under its former name, for the clients that call it so (one release).
    package static let findComponents = components(.findComponents)

    static func components(_ tool: AssistantTool) -> ToolDefinition { ToolDefinition(
        tool: tool, title: tool == .search ? "Find the components that answer a question" : "Find the components that answer a question (search's former name)",
        description: """
            Answers a question in plain words ("what does VoiceOver say for a toggle", "tooltip dismiss", \
            "how do I make a slider accessible on Android") with the components that answer it, best first, each with \
            its best facts (snippet, source file and line). The words may sit in different facts of a component; stop \
            words are ignored; platform words (iOS, VoiceOver, Android, TalkBack, Compose, web...) raise that platform's \
            facts; each platform's own terms count as one (dimmed on iOS finds disabled on Android, marked as an \
            equivalent); prefix* matches unstemmed words. When no component holds every word, the best partial \
            matches come with the words not found. Automated rules (W3C ACT rules, axe-core rules) matching the \
            question follow, marked as rules, with the success criteria they test. For every fact that holds all the \
            words, use search_facts.\(tool == .findComponents ? " This is search under its former name, kept for one release: call search." : "")
            """,
        parameters: [
            .string("query", "The question or words.", required: true),
            Common.platform, Common.family,
            Parameter(name: "limit", kind: .integer(default: 5, range: 1...50), description: "At most this many components (default 5)."),
        ],
        answer: { arguments, kb in
            let options = SearchOptions(platform: try arguments.platform(), family: Common.family(arguments),
                                        limit: arguments.int("limit"))
            let answer = try kb.findComponents(arguments.string("query")!, options: options)
            let (result, rules) = (answer.result, answer.rules)
            let document = answer.document(style: arguments.style)
            // The listing holds the rules after the components; with no component, the rules follow why.
            let lines = document.notes
                + (result.components.isEmpty
                    ? document.nothingFound + (try Common.holdingsNote(kb)) + (rules.items.isEmpty ? [] : ["\n" + document.rulesListing])
                    : [try document.rendered(.table)])
            let text = lines.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
            return Answer(text, .object([("query", .string(result.query.input)), ("result", result.tabular.json),
                                         ("corrections", .array(document.corrections)),
                                         ("rules", rules.items.tabular.json)]))
        }) }

    package static let comparePlatforms = ToolDefinition(
        tool: .comparePlatforms, title: "Compare platforms",
        description: """
            Put iOS and Android (or web) side by side for one component: a section per aspect (name, role, group, state, \
            focus, custom-action, general), per criteria kind (keyboard, gesture, screenreader, settings) and for the \
            announcements, each platform's notes grouped by framework, gaps marked, every fact with its line. Answers \
            "how does this differ between iOS and Android". Without a component, aspects is required: those aspects for \
            every component.
            """,
        parameters: [
            Common.component, Common.family,
            Parameter(name: "aspects", kind: .strings(choices: nil),
                      description: "Only these rows: aspects (state, focus...), criteria kinds (keyboard...) or announcements."),
            Parameter(name: "platforms", kind: .strings(choices: KnowledgeBase.platforms.map(\.rawValue)),
                      description: "Only these platform columns (default: every platform the component has)."),
        ],
        answer: { arguments, kb in
            let comparison = try kb.compare(component: arguments.string("component"), aspects: arguments.strings("aspects"),
                                            platforms: try arguments.platforms("platforms"), family: Common.family(arguments))
            return try Answer(ComparisonOutlineDocument(comparison))
        })

    package static let getAnnouncements = ToolDefinition(
        tool: .getAnnouncements, title: "Get screen-reader announcements",
        description: """
            What a screen reader says: announcement examples quoted in the developer notes ("Label, dimmed, button", with \
            their context such as disabled state) and the utterances of screen-reader video caption transcripts, per \
            platform and screen reader (VoiceOver, TalkBack...), each with its source file and line. Filter by component, \
            platform, family or origin.
            """,
        parameters: [
            Common.component, Common.family, Common.platform,
            .choice("origin", AnnouncementOrigin.allCases.map(\.rawValue),
                    "example (quoted in the notes) or transcript (from a video's captions)."),
            Parameter(name: "limit", kind: .integer(default: 200, range: 1...5000), description: "At most this many (default 200)."),
        ],
        answer: { arguments, kb in
            let shown = try kb.announcements(component: arguments.string("component"), family: Common.family(arguments),
                                             platform: try arguments.platform(),
                                             origin: arguments.string("origin").flatMap(AnnouncementOrigin.init(rawValue:)),
                                             limit: arguments.int("limit"))
            let document = AnnouncementsDocument(shown)
            var text = shown.items.isEmpty ? "No announcements match.\n" : try document.rendered(.markdown)
            if shown.isCut { text += "\n(\(shown.items.count) of \(shown.total) shown: raise limit or narrow the filters)\n" }
            return Answer(text, document.json)
        })

    package static let listGaps = ToolDefinition(
        tool: .listGaps, title: "List gaps in the criteria",
        description: """
            What the criteria still leave open: template placeholders never filled in, empty sections, the template's \
            _component token left in a note, each with its component, platform, framework, aspect and the file and line \
            to fix. Use it to tell where the guidance is incomplete rather than guess.
            """,
        parameters: [
            Common.component, Common.platform,
            .choice("problem", GapProblem.allCases.map(\.rawValue), "Only this kind of gap."),
        ],
        answer: { arguments, kb in
            let gaps = try kb.gaps(component: arguments.string("component"), platform: try arguments.platform(),
                                   problem: arguments.string("problem").flatMap(GapProblem.init(rawValue:)))
            let text = gaps.isEmpty ? "No gaps: the criteria asked about leave nothing open.\n" : gaps.tabular.rendered(.table, options: .init(maxColumnWidth: 50)) + "\(gaps.count) gap\(gaps.count == 1 ? "" : "s")\n"
            return Answer(text, "gaps", gaps.tabular.json)
        })

    package static let getWCAGCriteria = ToolDefinition(
        tool: .getWCAGCriteria, title: "Get WCAG citations",
        description: """
            The WCAG success criteria components cite (number, title, level, link), each with the file and line of the \
            citation. Give a component for its criteria, a criterion (1.4.3) for the components that cite it, or \
            neither for every citation.
            """,
        parameters: [
            Common.component, Common.family,
            .string("criterion", "A WCAG success criterion number, e.g. 1.4.3 or 4.1.2."),
        ],
        answer: { arguments, kb in
            // A number of digits and dots that is no success criterion's (`1.4`) is cited by none;
            // the component is looked up before the criterion is read, as it always was.
            let component = arguments.string("component"), family = Common.family(arguments)
            let criterion: SCNumber??
            do {
                criterion = try arguments.string("criterion").map { try WCAGCitation.criterion(written: $0) }
            } catch {
                _ = try kb.wcagCitations(component: component, family: family)
                throw error
            }
            var citations = try kb.wcagCitations(component: component, family: family, criterion: criterion ?? nil)
            if case .some(nil) = criterion { citations = [] }
            let document = WCAGCitationsDocument(citations)
            let text = citations.isEmpty ? "No WCAG citations match: the sources asked about cite none.\n"
                : try document.rendered(.markdown)
            return Answer(text, document.json)
        })

    package static let buildChecklist = ToolDefinition(
        tool: .buildChecklist, title: "Build a checklist of several components",
        description: """
            Bundle several components' acceptance criteria into one checklist, to paste into a ticket or a test plan (a \
            screen with a button, a toggle and a dialog): per component, the criteria grouped as a tester runs them \
            (keyboard, mobile screen reader gestures, screen reader output, device settings), each a checkbox with its \
            stable id, fingerprint and source line, gaps flagged. platform keeps one platform's criteria and those written \
            for every platform, less those whose wording names only another platform, and adds that platform's developer \
            notes beside the criteria as guidance (notes_as_items makes them items to tick); framework keeps the notes of \
            that framework. format: markdown task list, jira (wiki markup), csv \
            (a row per item, result and note columns to fill), gherkin, json.
            """,
        parameters: [
            Parameter(name: "components", kind: .strings(choices: nil),
                      description: "The components, in the order wanted: slugs, family/slug or titles.", required: true),
            Common.family, Common.platform, Common.framework,
            .format(ChecklistDocument.self, "The text's format.", default: .markdown),
            Parameter(name: "notes_as_items", kind: .boolean(default: false),
                      description: "List the developer notes as items to tick too (default false: beside the criteria, as guidance)."),
        ],
        answer: { arguments, kb in
            let checklist = try kb.checklist(arguments.strings("components"), platform: try arguments.platform(),
                                             framework: try arguments.framework(), family: Common.family(arguments),
                                             notesAsItems: arguments.bool("notes_as_items"))
            let footer = try kb.teamFooter()
            let format = try arguments.format(ChecklistDocument.self)
            return try Answer(ChecklistDocument(checklist, footer: footer), format)
        })

    package static let getTestPlan = ToolDefinition(
        tool: .getTestPlan, title: "Read a saved test plan",
        description: """
            The test plans a team saved (a11ykb plan save): without name, every plan with its components and stack; \
            with name, its checklist as the knowledge base holds it now, components removed since named under \
            "missing".
            """,
        parameters: [
            .string("name", "The plan's name; omit to list the plans."),
            .format(ChecklistDocument.self, "The text's format.", default: .markdown),
            Parameter(name: "changes_since", kind: .string,
                      description: "Path of an older knowledge base file (on the server's machine): marks items new or reworded since.",
                      namesServerPath: true),
        ],
        answer: { arguments, kb in
            guard let name = arguments.string("name") else {
                let plans = try kb.plans()
                return try Answer(SavedPlansDocument(plans))
            }
            let (plan, checklist) = try kb.plan(name)
            let marks = try arguments.string("changes_since").map { try kb.changes(of: checklist.items, since: $0) } ?? [:]
            let footer = try kb.teamFooter()
            let format = try arguments.format(ChecklistDocument.self)
            return try Answer(ChecklistDocument(checklist, footer: footer, marks: marks, title: "Test plan \(plan.name)"), format)
        })

    package static let reportResults = ToolDefinition(
        tool: .reportResults, title: "Report test results per component and success criterion",
        description: """
            Turn a tester's results into a conformance summary: results is the text of the checklist's CSV with its \
            result column filled (pass, fail, blocked, n/a; empty: not tested). Per component and per WCAG success \
            criterion (every A and AA one; each row counts toward what it tests itself): counts and supports / partially \
            supports / does not support / not evaluated, and the failed rows with their notes. Rows whose id is \
            unknown or whose wording changed since (fingerprint) are listed, not counted. For a VPAT-style report, \
            use build_conformance_report.
            """,
        parameters: [.string("results", "The filled CSV, header first (id, fingerprint, result, note...).", required: true), Common.evidence, Common.evidenceBase64],
        answer: { arguments, kb in
            var report = try kb.report(results: Data((arguments.string("results") ?? "").utf8), name: "results",
                                       evidence: try Common.evidence(arguments, kb))
            // The results came as text: there is no file to name in the heading.
            report.file = nil
            return try Answer(TestReportDocument(report))
        })

    package static let diffKnowledgeBases = ToolDefinition(
        tool: .diffKnowledgeBases, title: "What changed in the criteria since an older knowledge base",
        description: """
            Compare an older knowledge base file (old: its path) with this one, per component: criteria, developer \
            notes and announcements added, removed and reworded (by stable id and fingerprint), components added and \
            removed, and a summary line. With component instead: that component's superseded source (today's \
            markdown replaced the 2024 Jekyll entry) against the one that replaced it.
            """,
        parameters: [
            .string("old", "Path of the older knowledge base file."),
            .string("component", "Instead of old: this component's superseded source (the 2024 Jekyll entry) against the one that replaced it."),
            Common.family,
            Parameter(name: "typography", kind: .boolean(default: false),
                      description: "Also list changes of typography only (quotes, dashes, spaces, case); by default they are counted."),
        ],
        answer: { arguments, kb in
            let diff: ChecklistDiff
            if let component = arguments.string("component") {
                diff = try kb.eras(of: component, family: Common.family(arguments), typography: arguments.bool("typography"))
            } else if let old = arguments.string("old") {
                diff = try kb.diff(from: old, typography: arguments.bool("typography"))
            } else {
                throw QueryError.invalidOption("give old (a knowledge base file) or component")
            }
            return try Answer(diff)
        }, readsServerFiles: true)

    /// How many node entries (elements with one HTML each) explain_axe_results sends.
    package static let axeNodeCap = 300

    package static let explainAxeResults = ToolDefinition(
        tool: .explainAxeResults, title: "Explain axe-core results",
        description: """
            Explain what an axe-core run found, for testing by hand: pass the JSON axe.run() returns (its violations and \
            incomplete results; or a list of runs). Per rule: the WCAG success criteria its tags name. Per node: the web \
            component it most likely is (from its element, role and type), that component's acceptance criteria that test \
            those success criteria (each with the link, cited by the component's page or inferred, and its source line), \
            and what a screen reader should say. Rules naming no success criterion and nodes no component answers to are \
            listed, marked so. Nodes with the same HTML are one entry (also_at: the other targets); at most 300 entries \
            are sent, and omitted_nodes counts the rest.
            """,
        parameters: [
            .string("results", "The axe results as JSON text.", required: true),
        ],
        answer: { arguments, kb in
            // Node entries beyond the cap are counted, not sent: an assistant reads the answer whole.
            let explanation = try kb.explainAxeResults(Data(arguments.string("results")!.utf8)).keepingNodes(Tools.axeNodeCap)
            return Answer(explanation.markdown, .object([("engine", .optional(explanation.engine)),
                                                         ("rules", explanation.nested.json),
                                                         ("omitted_nodes", .int(Int64(explanation.omittedNodes)))]))
        })

    package static let runSQL = ToolDefinition(
        tool: .runSQL, title: "Run read-only SQL",
        description: """
            Read-only SQL (SQLite) over the knowledge base, for what the other tools do not answer: counts, joins, \
            reports. The schema is the resource a11ykb://schema: tables components, criteria, guidance, announcements, \
            gaps, code_examples, gherkin_steps, wcag_criteria, component_wcag, rules, rule_sc; views v_criteria, v_guidance, \
            v_announcements, v_gaps, v_component_wcag, v_rules, v_rule_sc, v_tested_sc with slugs and titles instead of ids, every fact with its source \
            and line. Writes, ATTACH and PRAGMAs that write are refused; a query is stopped after timeout seconds.
            """,
        parameters: [
            .string("query", "One or more SQL statements; each SELECT gives its rows.", required: true),
            Parameter(name: "timeout", kind: .number(default: 10, range: 0.1...60), description: "Stop a query after this many seconds (default 10)."),
            Parameter(name: "max_rows", kind: .integer(default: 200, range: 1...10_000),
                      description: "Rows shown per statement (default 200); the answer says how many there were."),
        ],
        answer: { arguments, kb in
            // One query at a time: each may hold its output cap in rows, and a client sending
            // many at once would otherwise hold as many caps.
            try sqlTurn.withLock { try answerSQL(arguments, kb) }
        })

    private static let sqlTurn = NSLock()

    private static func answerSQL(_ arguments: Arguments, _ kb: KnowledgeBase) throws -> Answer {
        let results = try kb.sql(arguments.string("query")!, timeout: arguments.double("timeout"), showing: arguments.int("max_rows"))
        var text = ""
        var sets: [JSONValue] = []
        for (i, result) in results.enumerated() {
            let shown = result.shown
            if results.count > 1 { text += (i > 0 ? "\n" : "") + "statement \(i + 1):\n" }
            text += shown.columns.isEmpty ? "(no rows)\n" : shown.tabular.rendered(.table, options: .init(maxColumnWidth: 120))
            text += "\(result.total) row\(result.total == 1 ? "" : "s")"
                + (result.isCut ? " (\(shown.rows.count) shown: raise max_rows or add a LIMIT)" : "") + "\n"
            sets.append(.object([("columns", .array(shown.columns.map(JSONValue.string))), ("row_count", .int(Int64(result.total))),
                                 ("rows", shown.tabular.json)]))
        }
        return Answer(text, "results", .array(sets))
    }
}
