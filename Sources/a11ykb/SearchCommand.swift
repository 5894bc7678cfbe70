import A11yKB
import ArgumentParser
import Foundation

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find the components that answer a question, best first, with their best facts.",
        discussion: """
            A query matches a component when its words are spread over the component's title, category and facts; components are ranked on that evidence (title and category count most) and each shows its best facts, matched words marked. --facts lists the matching facts instead, each of which must hold every word (the fact-level listing of earlier versions).

            Plain questions work (how do I make a slider accessible on Android). Stop words (a, the, how, do, I, what, for, on, to, make...) are left out. Platform words (iOS, VoiceOver, UIKit, SwiftUI, Android, TalkBack, Views, Compose, web, Mac, NVDA, JAWS, Safari, Chrome, Firefox, Windows, React) and the place asked in (in the app) raise that platform's components and facts instead of being required; --platform is the hard filter. Each word also finds its equivalents on the other platforms (dimmed: Android's disabled), ranked after the word itself; a11ykb vocab TERM lists them. When no component holds every word, the best partial matches are listed, most words first, and the words found nowhere are named.

            Query syntax (operators keep their meaning; a query with quotes, OR, NOT or parentheses is searched as written, without the plain-language reading):
              dimmed button        every word must match; words are stemmed,
                                   so dimmed also finds dim and dims
              "double tap"         a phrase: these words, together, in order
              activat*             a prefix of the words as written: activates,
                                   activation (also "double ta"*)
              toggle OR switch     either word (OR in capitals)
              dimmed NOT android   leave out what also matches android
                                   (or: dimmed -android)
              (toggle OR switch) state
                                   parentheses group
            Punctuation inside a word is searched as written: ctrl+tab, isAccessibilityElement, accessibilityLabel(_:), android:enabled=true. Quote the query for your shell; put -- before a query starting with -.

            Listing: components best first; under each, its best facts (criteria, then announcements, then notes) with the matched words marked: [dimmed], or colour on a terminal (not with NO_COLOR). --limit (-n) counts components (default 10), or facts with --facts (default 20). --platform ios also keeps facts written for every platform.

            Examples:
              a11ykb search 'tooltip dismiss'
              a11ykb search 'how do I make a slider accessible on Android'
              a11ykb search 'activat*'
              a11ykb search dimmed --format json
              a11ykb search '"double tap"' --platform android --facts
              a11ykb search 'focus*' --framework jetpack-compose --aspect focus

            Automated rules (the ACT rules and axe-core's, once imported) are searched too, in an index of their own: on a terminal the best few follow the components, marked as rules (button has no accessible name finds axe's button-name and ACT's 97a4e1). --rules lists only rules, in any --format.

            Exit status: 0 found; 1 nothing matched (said on stderr, with near terms when there are some); 2 the query or a filter cannot be used, the search ran past --timeout, or the knowledge base cannot be opened.
            """)

    // Declared in the order --help lists them: the options people reach for first.
    @Argument(help: ArgumentHelp("The query; several arguments are joined with spaces.", valueName: "query"))
    var query: [String]

    @Option(name: [.customShort("p"), .long], help: "Only facts for this platform (and those for every platform): ios, android or web.")
    var platform: PlatformFilter?

    @Option(name: [.customShort("n"), .long],
            help: ArgumentHelp("At most this many components, or facts with --facts (0: all). Default: 10 components, 20 facts.",
                               valueName: "n"))
    var limit: Int?

    @Flag(help: "List matching facts (each holding every word) instead of components.")
    var facts = false

    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Only guidance written for this framework: uikit, swiftui, android-views, jetpack-compose.",
                               valueName: "slug"), completion: Completion.frameworks)
    var framework: String?

    @Option(help: ArgumentHelp("Only this component (its slug, e.g. table-row-button).", valueName: "slug"),
            completion: Completion.components)
    var component: String?

    @Option(help: "Only components of this family: native, web or how-to-test.")
    var family: Family?

    @Option(help: "Only this kind of fact: criterion, guidance, announcement or component.")
    var kind: FactKind?

    @Option(help: ArgumentHelp(
        "Only guidance of this aspect, or criteria of this kind or label: name, role, group, state, focus, custom-action, general, keyboard, gesture, ...",
        valueName: "aspect"))
    var aspect: String?

    @Flag(help: "List matching automated rules (ACT, axe-core) only.")
    var rules = false
    @Option(help: ArgumentHelp("Give only these results: components (the components-first answer's JSON and JSON Lines hold the components alone, without the corrections, criteria and rules that follow them).",
                               valueName: "results"))
    var only: SearchOnly?

    @Option(help: ArgumentHelp("Stop the search after this many seconds (0: no limit).", valueName: "seconds"))
    var timeout: Double = 5

    @OptionGroup var database: DatabaseOptions

    enum PlatformFilter: String, ArgumentWords { case ios, android, web }

    func validate() throws {
        if only != nil && (facts || rules) { throw ValidationError("--only components goes with the components-first search, not --facts or --rules") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 (all) or more") }
        if timeout < 0 { throw ValidationError("--timeout must be 0 (no limit) or more seconds") }
    }

    func run() throws {
        let kb = try database.open()
        let text = query.joined(separator: " ")
        let limit = limit ?? (facts ? SearchOptions.defaultLimit : SearchOptions.defaultComponentLimit)
        // The query is read before the framework is, as it always was (--rules takes no filter).
        func options() throws -> SearchOptions {
            SearchOptions(platform: try platform.map { try Platform(slug: $0.rawValue) },
                          framework: try reading({ try framework.map { try Framework(slug: $0) } }, namesFirst: { _ = try KnowledgeBase.readQuery(text) }),
                          component: component, family: family, kind: kind, aspect: aspect, limit: limit)
        }
        let style = output.toTerminal
            ? SearchStyle(match: Terminal.highlight, heading: Terminal.bold, faint: Terminal.dim, hint: Hints.wording)
            : SearchStyle(hint: Hints.wording)
        let found: Bool
        if rules {
            let found = try kb.searchRules(text, limit: limit)
            let format = output.format ?? .table
            if !found.items.isEmpty || format != .table {
                try output.emit(try RuleSearchDocument(found, heading: style.heading).rendered(DocumentFormat(format), options: DocumentOptions(byteOrderMark: output.bom)), from: kb)
            }
            if found.items.isEmpty { Output.error("no automated rule matches \"\(text)\""); throw ExitStatus.incomplete }
            return
        }
        if facts {
            let result = try kb.search(text, options: options(), timeout: timeout)
            found = try emit(FactSearchDocument(result, style: style), as: output.format ?? .table, from: kb)
        } else {
            let format = output.format ?? .table
            let componentsOnly = only == .components
            let answer = try kb.findComponents(text, options: options(), timeout: timeout, rules: format != .csv && !componentsOnly)
            found = try emit(answer.document(componentsOnly: componentsOnly, style: style), as: format, from: kb)
        }
        if !found { throw ExitStatus.incomplete }
    }

    /// Writes the components-first answer in `format` (on a table, only when something was
    /// found), what the question's reading says, and, when nothing was found, why; returns whether
    /// something was.
    private func emit(_ document: some SearchAnswerDocument, as format: TabularFormat, from kb: KnowledgeBase) throws -> Bool {
        for note in document.notes { Output.error(note) }
        if format != .table || !document.isEmpty {
            try output.emit(try document.rendered(DocumentFormat(format), options: DocumentOptions(byteOrderMark: output.bom)), from: kb)
        }
        if document.isEmpty {
            for line in document.nothingFound { Output.error(line) }
            if let line = Self.holdingsNote(try kb.holdings()) { Output.error(line) }
        }
        return !document.isEmpty
    }
}

extension SearchCommand {
    /// Why a search may find nothing whatever it asks: nothing imported, or only the seed.
    static func holdingsNote(_ holdings: KnowledgeBaseHoldings) -> String? {
        switch holdings {
        case .imported:
            nil
        case .nothing:
            "this knowledge base is empty: nothing was ever imported into it (a11ykb import CHECKOUT, a clone of github.com/tmobile/magentaA11y)"
        case .seedOnly(let components):
            "this knowledge base holds only the \(components) seed components built into a11ykb; for all of MagentaA11y: "
                + "git clone https://github.com/tmobile/magentaA11y && a11ykb import --replace-seed magentaA11y"
        }
    }
}

extension FactKind: ArgumentWords {}

/// `search --only`: which results the components-first answer gives (its JSON mixes the corrections,
/// criteria and rules after the components; a client that wants pages asks for them alone).
enum SearchOnly: String, ArgumentWords {
    case components
}
