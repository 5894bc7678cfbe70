import A11yKB
import ArgumentParser
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Test plans kept in the knowledge base: save, list, show, remove; the team footer.",
        discussion: """
            A plan is a named checklist: its components (by family and slug) and its stack. It lives in the knowledge base file, survives every import and travels with export db. A component an import removed since is named when the plan is shown (exit status 1), never left out in silence.

            Examples:
              a11ykb plan save release-12 button switch --framework swiftui
              a11ykb plan show release-12 --format csv -o release-12.csv
              a11ykb plan show release-12 --changes-since kb-2024.sqlite
              a11ykb plan footer --contact a11y@corp.com --ticket-link https://corp.com/a11y
            """,
        subcommands: [Save.self, List.self, Show.self, Remove.self, Footer.self])

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "save", abstract: "Save (or replace) a plan.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The plan's name.") var name: String
        @Argument(help: ArgumentHelp("The components: slugs, family/slug, or titles.", valueName: "component"),
                  completion: Completion.components)
        var components: [String] = []
        @Option(help: "Every component of this category.", completion: Completion.categories) var category: String?
        @Option(help: "Only look among components of this family (native or web).") var family: Family?
        @OptionGroup var stackOptions: StackOptions
        @Flag(help: "The plan lists the developer notes as items to tick too (default: beside the criteria, as guidance).")
        var notesAsItems = false

        func validate() throws {
            if components.isEmpty && category == nil && family == nil {
                throw ValidationError("name a COMPONENT (or several), or choose --category or --family")
            }
        }

        func run() throws {
            let kb = try database.open()
            let checklist = components.isEmpty
                ? try kb.checklist(category: category, family: family, platform: stackOptions.chosenPlatform, framework: stackOptions.chosenFramework,
                                   notesAsItems: notesAsItems)
                : try kb.checklist(components, platform: stackOptions.chosenPlatform, framework: stackOptions.chosenFramework, family: family,
                                   notesAsItems: notesAsItems, context: stackOptions.words)
            var replaced: String?
            let plan = try kb.savePlan(name, checklist: checklist, replacing: &replaced)
            Output.out((replaced.map { "replaced plan \(plan.name) (saved \($0))" } ?? "saved plan \(plan.name)")
                       + ": \(plan.components.count) components, \(checklist.items.count) items\n")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The saved plans.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let kb = try database.open()
            let plans = try kb.plans()
            try output.emit(output.render(plans.tabular, as: output.format ?? .table), from: kb)
            if plans.isEmpty { throw ExitStatus.incomplete }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "A saved plan's checklist as the knowledge base holds it now.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The plan's name.") var name: String
        @Option(name: [.short, .long], help: FormatOption<ChecklistDocument>.help("jira-csv is one issue per component."))
        var format = FormatOption<ChecklistDocument>(.markdown)
        @Option(help: ArgumentHelp("Mark the items new or reworded since this older knowledge base.", valueName: "old.sqlite"))
        var changesSince: String?
        @OptionGroup var destination: DocumentOutputOptions

        func run() throws {
            let kb = try database.open()
            let (plan, checklist) = try kb.plan(name)
            let marks = try changesSince.map { try kb.changes(of: checklist.items, since: $0) } ?? [:]
            let text = try ChecklistDocument(checklist, footer: try kb.teamFooter(), marks: marks, title: "Test plan \(plan.name)")
                .rendered(format.format, options: destination.documentOptions)
            try A11yKBCLI.emit(Data(text.utf8), to: destination.output, from: kb)
            format.warnPastTrackerLimit(text)
            if !checklist.missing.isEmpty {
                Output.error("plan \(plan.name): no longer in the knowledge base: \(checklist.missing.joined(separator: ", "))")
                throw ExitStatus.incomplete
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a saved plan.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The plan's name.") var name: String

        func run() throws {
            let kb = try database.open()
            guard try kb.removePlan(name) else {
                Output.error("no plan \"\(name)\"")
                throw ExitStatus.incomplete
            }
            Output.out("removed plan \(name)\n")
        }
    }

    struct Footer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "footer", abstract: "Set the team footer every checklist ends with, or show it.",
            discussion: "Without options, prints the footer. An empty value clears its line.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "The team's accessibility contact.") var contact: String?
        @Option(help: "A link to the team's accessibility ticket or board.") var ticketLink: String?

        func run() throws {
            let kb = try database.open()
            if contact != nil || ticketLink != nil { try kb.setTeamFooter(contact: contact, ticketLink: ticketLink) }
            let footer = try kb.teamFooter()
            Output.out("contact: \(footer.contact ?? "")\nticket link: \(footer.ticketLink ?? "")\n")
        }
    }
}
