import A11yKB
import ArgumentParser

/// What screen readers say for a component: the MCP server's get_announcements, through the same
/// façade question (`KnowledgeBase.announcements`).
struct AnnouncementsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "announcements",
        abstract: "What VoiceOver, TalkBack, NVDA... say for a component: quoted examples and caption transcripts.",
        discussion: """
            One row per announcement, with its platform, screen reader, context (the state it is said in), origin and the file and line it comes from: an example quoted in the developer notes, or an utterance of a screen-reader video's captions (transcript). --platform also keeps announcements written for every platform of the component's family.

            Examples:
              a11ykb announcements checkbox --platform android
              a11ykb announcements toggle-switch --platform ios --origin transcript
              a11ykb announcements button --family web --format json

            Exit status: 0 announcements listed; 1 none match; 2 an unknown component (with the closest slugs) or platform.
            """)

    @Argument(help: ArgumentHelp("The component: its slug, family/slug or title.", valueName: "component"),
              completion: Completion.components)
    var component: String

    @Option(name: [.customShort("p"), .long], help: "Only this platform (ios, android, web), with those for every platform.",
            completion: Completion.platforms)
    var platform: String?

    @Option(help: "example (quoted in the notes) or transcript (from a video's captions).")
    var origin: AnnouncementOrigin?

    @Option(help: "The component's family (native or web), for a slug both families use.")
    var family: Family?

    @Option(name: [.customShort("n"), .long], help: ArgumentHelp("At most this many (0: all).", valueName: "n"))
    var limit = 0

    @OptionGroup var output: OutputOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if limit < 0 { throw ValidationError("--limit must be 0 (all) or more") }
    }

    func run() throws {
        let kb = try database.open()
        let shown = try kb.announcements(component: component, family: family, platform: try platform.map { try Platform(typed: $0) },
                                         origin: origin, limit: limit)
        let format = output.format ?? .table
        var text = output.render(shown.items.tabular, as: format, maxColumnWidth: 50)
        if format == .table {
            text += "\(shown.items.count) of \(shown.total) announcement\(shown.total == 1 ? "" : "s")"
                + (shown.isCut ? " (\(Hints.wording(.showAll) ?? ""))" : "") + "\n"
        }
        if format != .table || !shown.items.isEmpty { try output.emit(text, from: kb) }
        if shown.items.isEmpty {
            Output.error("no announcements match for \(component)" + (platform.map { " on \($0)" } ?? ""))
            throw ExitStatus.incomplete
        }
    }
}

extension AnnouncementOrigin: ArgumentWords {}
