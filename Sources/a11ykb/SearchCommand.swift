import A11yKB
import ArgumentParser
import Foundation

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Ranked full-text search over every fact: criteria, guidance, announcements, components.",
        discussion: """
            Query syntax:
              dimmed button        every word must match; words are stemmed,
                                   so dimmed also finds dim and dims
              "double tap"         a phrase: these words, together, in order
              dim*                 a prefix (also "double ta"*)
              toggle OR switch     either word (OR in capitals)
              dimmed NOT android   leave out facts that also match android
                                   (or: dimmed -android)
              (toggle OR switch) state
                                   parentheses group
            Punctuation inside a word is searched as written: ctrl+tab, isAccessibilityElement, accessibilityLabel(_:), android:enabled=true. Quote the query for your shell; put -- before a query starting with -.

            Ranking is bm25 with column weights: a component's title, then criteria, announcements, guidance notes, and last notes nested under other notes. The listing groups hits by component, best first, and marks matched words: [dimmed], or colour on a terminal (not with NO_COLOR). --platform ios also keeps facts written for every platform.

            Examples:
              a11ykb search dimmed
              a11ykb search '"double tap"' --platform android
              a11ykb search 'focus*' --framework jetpack-compose --aspect focus
              a11ykb search 'expand OR collapse' --kind criterion --format json

            Exit status: 0 hits found; 1 nothing matched (said on stderr, with near terms when there are some); 2 the query or a filter cannot be used, or the knowledge base cannot be opened.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The query; several arguments are joined with spaces.", valueName: "query"))
    var query: [String]

    @Option(help: "Only facts for this platform (and those for every platform): ios, android or web.")
    var platform: PlatformFilter?

    @Option(help: ArgumentHelp("Only guidance written for this framework: uikit, swiftui, android-views, jetpack-compose.",
                               valueName: "slug"), completion: Completion.frameworks)
    var framework: String?

    @Option(help: ArgumentHelp("Only this component (its slug, e.g. table-row-button).", valueName: "slug"),
            completion: Completion.components)
    var component: String?

    @Option(help: "Only components of this family: native or web.")
    var family: Family?

    @Option(help: "Only this kind of fact: criterion, guidance, announcement or component.")
    var kind: FactKind?

    @Option(help: ArgumentHelp(
        "Only guidance of this aspect, or criteria of this kind or label: name, role, group, state, focus, custom-action, general, keyboard, gesture, ...",
        valueName: "aspect"))
    var aspect: String?

    @Option(help: "At most this many hits (0: all).")
    var limit: Int = SearchOptions.defaultLimit

    @Option(help: "table (a listing), csv or json.")
    var format: OutputFormat = .table

    enum PlatformFilter: String, ExpressibleByArgument, CaseIterable { case ios, android, web }

    func validate() throws {
        if limit < 0 { throw ValidationError("--limit must be 0 (all) or more") }
    }

    func run() throws {
        let options = SearchOptions(platform: platform?.rawValue, framework: framework, component: component,
                                    family: family, kind: kind, aspect: aspect, limit: limit)
        let result = try database.open().search(query.joined(separator: " "), options: options)
        for repair in result.query.repairs { Output.error("note: \(repair)") }
        switch format {
        case .table:
            if !result.hits.isEmpty {
                Output.out(SearchRendering.text(result, style: SearchRendering.Style(
                    match: Terminal.highlight, heading: Terminal.bold, faint: Terminal.dim)))
            }
        case .json:
            Output.out(SearchRendering.json(result).rendered() + "\n")
        case .csv:
            Output.out(SearchRendering.csv(result))
        }
        if result.hits.isEmpty {
            for line in SearchRendering.noHits(result) { Output.error(line) }
            throw ExitStatus.incomplete
        }
    }
}

extension FactKind: ExpressibleByArgument {}
