import A11yKB
import ArgumentParser
import Foundation

/// Datasette's metadata for the knowledge base named, whatever its file is called.
struct DatasetteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datasette",
        abstract: "Write Datasette's metadata (search box, facets, canned queries) for this knowledge base.",
        discussion: """
            Datasette names a database after its file (team.sqlite is team) and applies metadata by that name: docs/datasette.json is written for kb.sqlite. This writes the same metadata for the file --db names (else the default knowledge base): a search box over every fact (v_facts), facets, and the canned queries.

            Examples:
              a11ykb --db team.sqlite datasette -o team.json
              datasette team.sqlite --metadata team.json
              datasette kb.sqlite --metadata <(a11ykb --db kb.sqlite datasette)
            """)

    @OptionGroup var output: DocumentOutputOptions

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let kb = try database.open()
        try A11yKBCLI.emit(Data(kb.datasetteMetadata.utf8), to: output.output, from: kb)
    }
}
