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
        let stats: Stats
        do {
            stats = try database.open().stats()
        } catch {
            Self.fail(error)
        }
        switch format {
        case .json: write(StatsRendering.json(stats, path: database.path).rendered() + "\n")
        case .csv: write(StatsRendering.csv(stats))
        case .table: write(StatsRendering.table(stats, path: database.path))
        }
    }
}
