import A11yKB
import ArgumentParser
import Foundation

// How a11ykb starts (`ExitStatus.run`): global options may come before the subcommand
// (`a11ykb --db kb.sqlite search dimmed`, as with git), and a command whose output goes to the
// terminal runs behind the pager.

/// The options every command takes (`DatabaseOptions`: `--db PATH`, `--no-pager`). ArgumentParser
/// reads options after the subcommand only, so those written before it are moved after it; a
/// command that opens no knowledge base and pages nothing (`trace`, which reads files) has nothing
/// for them to say, and they are accepted and left out (`a11ykb --db kb.sqlite trace FILE`).
enum GlobalOptions {
    /// Options taking a value, and flags.
    /// Arrays, not sets: read at every start, where a set's first use costs more than the lookups.
    static let valued = ["--db", "--color"]
    static let flags = ["--no-pager"]
    static let opensNoKnowledgeBase: [ParsableCommand.Type] = [TraceCommand.self, ACRCheckCommand.self, ACRRenderCommand.self,
                                                               ACRDiffCommand.self]

    /// `arguments` with leading global options moved after the subcommand that follows them, a
    /// group's subcommand included (`a11ykb --db kb.sqlite plan save ...`). Anything else (no
    /// subcommand after them, an unknown word) is left for the parser to judge.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if flags.contains(word) || valued.contains(where: { word.hasPrefix($0 + "=") }) {
                leading.append(word)
                index += 1
            } else if valued.contains(word), index + 1 < arguments.count {
                leading += [word, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        // Most runs give no global option first: return before reading the command tree, whose
        // configuration costs a tenth of start-up.
        guard !leading.isEmpty else { return arguments }
        var command: ParsableCommand.Type = A11yKBCommand.self
        var end = index
        while end < arguments.count, let next = command.configuration.subcommands.first(where: { $0._commandName == arguments[end] }) {
            command = next
            end += 1
        }
        guard end > index else { return arguments }
        if opensNoKnowledgeBase.contains(where: { $0 == command }) { leading = [] }
        return Array(arguments[index..<end]) + leading + arguments[end...]
    }

    /// The words given to the subcommand `name` (a command of the root's, without subcommands of
    /// its own), the global options left out, wherever they were: for a command that hands its
    /// own words on to another program (`serve` to a11ykb-serve).
    static func passedOn(to name: String, _ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> [String] {
        var rest = hoisted(arguments)[...]
        guard rest.popFirst() == name else { return [] }
        var own: [String] = []
        while let word = rest.popFirst() {
            if word == "--" { return own + [word] + rest }
            if flags.contains(word) || valued.contains(where: { word.hasPrefix($0 + "=") }) { continue }
            if valued.contains(word) {
                _ = rest.popFirst()
                continue
            }
            own.append(word)
        }
        return own
    }
}

/// A command whose output may go through the pager: when it writes to stdout (not `--output`)
/// and `--no-pager` was not given.
protocol Paged {
    var pagesOutput: Bool { get }
}

extension SearchCommand: Paged { var pagesOutput: Bool { !database.noPager } }
extension ShowCommand: Paged { var pagesOutput: Bool { !database.noPager && output == nil } }
extension CompareCommand: Paged { var pagesOutput: Bool { !database.noPager && output.output == nil } }
extension ExportCommand: Paged { var pagesOutput: Bool { !database.noPager && output.output == nil && table != "db" } }
extension ListCommand: Paged { var pagesOutput: Bool { !database.noPager && output.output == nil } }
extension AnnouncementsCommand: Paged { var pagesOutput: Bool { !database.noPager && output.output == nil } }
extension GapsCommand: Paged { var pagesOutput: Bool { !database.noPager && output.output == nil } }
extension SQLCommand: Paged { var pagesOutput: Bool { !database.noPager } }
extension StatsCommand: Paged { var pagesOutput: Bool { !database.noPager } }
