import A11yKB
import ArgumentParser
import Foundation

/// `--platform` and `--framework`: the stack `checklist`, `plan save` and `show` keep to.
struct StackOptions: ParsableArguments {
    @Option(name: [.customShort("p"), .long], help: "Keep this platform's criteria and those for every platform (ios, android, web), with its developer notes.")
    var platform: String?

    @Option(help: "Keep this framework's notes and code (uikit, swiftui, android-views, jetpack-compose); names its platform.")
    var framework: String?

    /// The platform named (`iOS`, `android`), read; nil when none is.
    var chosenPlatform: Platform? { get throws { try platform.map { try Platform(typed: $0) } } }
    /// The framework named (`SwiftUI`, `jetpack-compose`), read; nil when none is.
    var chosenFramework: Framework? { get throws { try framework.map { try Framework(typed: $0) } } }

    var stack: Checklist.Stack { get throws { try Checklist.Stack.checked(platform: chosenPlatform, framework: chosenFramework) } }

    /// The words given, as they may settle native or web for a component's name.
    var words: [String] { [platform, framework].compactMap { $0 } }
}

struct ChecklistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklist",
        abstract: "Components' criteria as a test checklist for one stack, in a tracker's format.",
        discussion: """
            Formats:
              markdown  a task list ("- [ ]") for GitHub and GitLab issues
              jira      Jira wiki markup: a table per criteria group
              csv       a row per item (RFC 4180), with empty result and note
                        columns for the tester (then: a11ykb report FILE)
              gherkin   a Feature with a Scenario per item
              json      every item with its fields

            Every item has a stable id (component, kind, platform and label: the same after any re-import and any reordering) and a fingerprint of its wording, which changes when the wording does. --platform keeps the criteria written for every platform and that platform's, less those whose wording names only another platform ("Enter: Activates on Android"); it adds that platform's developer notes, of the --framework chosen (and of none), beside each component's criteria as guidance on how it is built: what a tester ticks is the criteria (--notes-as-items makes the notes items to tick too, one CSV row each). The team footer (a11ykb plan footer) closes every text format.

            Examples:
              a11ykb checklist button switch --framework swiftui --format jira
              a11ykb checklist --category controls --platform android --format csv
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The components: slugs, family/slug, or titles.", valueName: "component"),
              completion: Completion.components)
    var components: [String] = []

    @Option(help: "Every component of this category.", completion: Completion.categories)
    var category: String?

    @Option(help: "Only look among components of this family (native or web); alone, every component of the family.")
    var family: Family?

    @OptionGroup var stackOptions: StackOptions

    @Flag(help: "List the developer notes as items to tick too (default: beside the criteria, as guidance).")
    var notesAsItems = false

    @Option(name: [.short, .long], help: FormatOption<ChecklistDocument>.help(
        "jira is one issue's description (Jira takes at most 32,767 characters); jira-csv is one issue per component, as a CSV Jira imports (Summary, Description, Labels)."))
    var format = FormatOption<ChecklistDocument>(.markdown)

    @OptionGroup var destination: DocumentOutputOptions

    func validate() throws {
        if components.isEmpty && category == nil && family == nil {
            throw ValidationError("name a COMPONENT (or several), or choose --category or --family")
        }
        if !components.isEmpty && category != nil { throw ValidationError("name components or choose a --category, not both") }
    }

    func run() throws {
        let kb = try database.open()
        let checklist = components.isEmpty
            ? try kb.checklist(category: category, family: family, platform: stackOptions.chosenPlatform, framework: stackOptions.chosenFramework,
                               notesAsItems: notesAsItems)
            : try kb.checklist(components, platform: stackOptions.chosenPlatform, framework: stackOptions.chosenFramework, family: family,
                               notesAsItems: notesAsItems, context: stackOptions.words)
        if checklist.sections.isEmpty {
            Output.error("no \(family.map { "\($0.rawValue) " } ?? "")components\(category.map { " in category \($0)" } ?? "") in the knowledge base")
            throw ExitStatus.incomplete
        }
        let text = try ChecklistDocument(checklist, footer: try kb.teamFooter()).rendered(format.format, options: destination.documentOptions)
        try A11yKBCLI.emit(Data(text.utf8), to: destination.output, from: kb)
        format.warnPastTrackerLimit(text)
    }
}

extension FormatOption<ChecklistDocument> {
    /// Jira refuses a description past its limit, so a description written whole that is longer
    /// is said to be, with the format that splits it (the text is still written: a team may paste
    /// it elsewhere).
    func warnPastTrackerLimit(_ text: String) {
        // Jira counts UTF-16 code units (a Java string's length).
        let length = text.utf16.count
        guard format == .jira, length > ChecklistDocument.jiraDescriptionLimit else { return }
        Output.error("warning: \(length) characters, past the \(ChecklistDocument.jiraDescriptionLimit) Jira takes in one "
                     + "description; --format jira-csv writes one issue per component")
    }
}
