import A11yKB
import ArgumentParser
import Foundation

@main
struct A11yKBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11ykb",
        abstract: "A knowledge base of accessibility acceptance criteria (MagentaA11y and the like).",
        discussion: """
            The knowledge base is one SQLite file. Without --db, a11ykb uses $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite (~/.local/share/a11ykb/kb.sqlite), created on first use from the seed documents built into a11ykb.

            Examples:
              a11ykb stats
              a11ykb import ~/src/magentaA11y
              a11ykb search dimmed
              a11ykb compare expandable-region
              a11ykb trace ~/src/magentaA11y --counts
              a11ykb sql "SELECT component, label FROM v_criteria WHERE kind = 'gesture'"
            """,
        subcommands: [SearchCommand.self, ShowCommand.self, CompareCommand.self, ExportCommand.self, ListCommand.self,
                      GapsCommand.self, ImportCommand.self, StatsCommand.self, SQLCommand.self,
                      TraceCommand.self]
    )
}
