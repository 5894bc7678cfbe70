import A11yKB
import ArgumentParser
import Foundation

@main
struct A11yKBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11ykb",
        abstract: "A knowledge base of accessibility acceptance criteria (MagentaA11y and the like).",
        discussion: """
            The knowledge base is one SQLite file. Without --db, a11ykb uses $A11YKB_DB, else $XDG_DATA_HOME/a11ykb/kb.sqlite (~/.local/share/a11ykb/kb.sqlite), created on first use from the seed documents built into a11ykb. --db and --no-pager may come before the subcommand or after it.

            On a terminal, long output goes through a pager: $A11YKB_PAGER, else $PAGER, else less -FRX (--no-pager, or PAGER=cat, to do without). Shell completion: a11ykb --generate-completion-script bash|zsh|fish (see the README).

            Exit status: 0 done; 1 nothing found, or some files had errors; 2 a usage error or nothing could be done. Errors are one line on stderr.

            Examples:
              a11ykb stats
              a11ykb import ~/src/magentaA11y
              a11ykb search dimmed
              a11ykb show button checkbox --family native --format condensed
              a11ykb compare expandable-region
              a11ykb announcements checkbox --platform android
              a11ykb trace ~/src/magentaA11y --counts
              a11ykb sql "SELECT component, label FROM v_criteria WHERE kind='gesture'"
              a11ykb mcp                 # for AI assistants: see a11ykb mcp --help
              a11ykb serve               # for a team: pages, JSON and MCP over HTTP
            """,
        version: "a11ykb \(KnowledgeBase.version) (schema \(KnowledgeBase.schemaVersion))",
        subcommands: [SearchCommand.self, VocabCommand.self, ShowCommand.self, ChecklistCommand.self, PlanCommand.self, ReportCommand.self,
                      DiffCommand.self, CompareCommand.self, ExportCommand.self, ListCommand.self, GapsCommand.self, WCAGCommand.self,
                      CoverageCommand.self, ExplainCommand.self, EvidenceCommand.self, AnnouncementsCommand.self, ImportCommand.self, StatsCommand.self,
                      SQLCommand.self, TraceCommand.self, DatasetteCommand.self, ACRCommand.self, MCPCommand.self, ServeCommand.self]
    )
}
