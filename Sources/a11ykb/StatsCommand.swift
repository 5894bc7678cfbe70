import A11yKB
import ArgumentParser

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Rows per table, components per family, facts per platform.")

    @OptionGroup var database: DatabaseOptions

    @Option(help: "table, csv or json.")
    var format: OutputFormat = .table

    func run() throws {
        let kb = try database.open()
        let stats = try kb.stats()
        switch format {
        case .json: Output.out(StatsRendering.json(stats, path: kb.path).rendered() + "\n")
        case .csv: Output.out(StatsRendering.csv(stats))
        case .table: Output.out(StatsRendering.table(stats, path: kb.path))
        }
    }
}
