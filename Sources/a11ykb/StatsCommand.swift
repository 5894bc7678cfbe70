import A11yKB
import ArgumentParser

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Rows per table, components per family, facts per platform.")

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let kb = try database.open()
        let stats = try kb.stats()
        let text: String
        switch output.format ?? .table {
        // One document: the database and its counts.
        case .json: text = stats.json(path: kb.path).rendered() + "\n"
        case .table: text = "knowledge base: \(kb.path)\n\n" + stats.sections.map { output.render($0, as: .table) }.joined(separator: "\n")
        case let format: text = output.render(stats.records, as: format)
        }
        try output.emit(text, from: kb)
    }
}
