import A11yKB
import ArgumentParser
import Foundation

struct VocabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab",
        abstract: "What each platform calls the same thing: a term's equivalents, per platform.",
        discussion: """
            The vocabulary is data: vocabulary/equivalents.tsv in the a11ykb repository, built into a11ykb and loaded into the knowledge base's equivalents table by every import. search uses it: a word also finds its equivalents, ranked after the word itself. The count after each term is how many components hold it.

            Examples:
              a11ykb vocab dimmed
              a11ykb vocab 'double tap'
              a11ykb vocab heading --format json

            Exit status: 0 found; 1 the term belongs to no concept of the vocabulary; 2 the knowledge base cannot be opened.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("A term (dimmed, isHeader, double tap) or a concept (disabled).", valueName: "term"))
    var term: [String]

    @OptionGroup var output: OutputOptions

    func run() throws {
        let text = term.joined(separator: " ")
        let kb = try database.open()
        let concepts = try kb.equivalents(of: text)
        let format = output.format ?? .table
        if format != .table || !concepts.isEmpty {
            // The table is a listing, the terms of each concept on one line per platform.
            try output.emit(format == .table ? try EquivalentsDocument(concepts).rendered(.text)
                                             : output.render(concepts.tabular, flat: concepts.records, as: format), from: kb)
        }
        if concepts.isEmpty {
            Output.error("\"\(text)\" is in no concept of the vocabulary (vocabulary/equivalents.tsv)")
            throw ExitStatus.incomplete
        }
    }
}
