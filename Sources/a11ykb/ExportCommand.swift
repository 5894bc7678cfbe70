import A11yKB
import ArgumentParser
import Foundation

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the component matrix, or a table or view, as CSV, JSON or JSON Lines; or the whole knowledge base as one SQLite file.",
        discussion: """
            export matrix: one row per component (component, family, category, title), then one column per platform and row: general:name ... ios:name, ios:role, ios:group, ios:state, ios:focus, ios:custom-action, ios:general, ios:keyboard, ios:gesture, ios:screenreader, ios:settings, ios:announcements, ios:other, android:... Criteria written for every platform count in each platform's columns; guidance written for every platform goes in the general:* columns (--general spread puts it in each platform's columns instead).

            Columns (--aspects):
              vocabulary  the aspects and criteria kinds a11ykb knows (and checklist
                          when a source has WCAG checklists), and one "other" column
                          per platform for notes under any other heading (default)
              all         one column per heading as the sources name it
                          (ios:accessibility-trait, ...): every fact in its own
                          column, but many columns hold one component's notes

            The matrix is written as it is read, a few hundred components at a time, so that an export of any size needs little memory; with --output the file appears when it is complete.

            Cells (--cells):
              text      the notes, one per line, nested ones indented, gaps as
                        "⚠ gap: ... (line N)"
              count     how many facts the cell holds (gaps not counted)
              presence  "gap" when the cell holds a gap, else "yes" when it holds
                        facts, else "empty"

            export TABLE: every row and column of a table or view of the schema (docs/schema.md): sources, components, platforms, frameworks, criteria, guidance, announcements, gaps, code_examples, gherkin_steps, wcag_criteria, component_wcag, notices, and the views v_criteria, v_guidance, v_announcements, v_gaps, v_component_wcag, v_facts.

            export db FILE: a compact, self-contained copy of the knowledge base (SQLite's VACUUM INTO: no free pages, no -wal file to go with it) for publishing, e.g. with Datasette. FILE is written beside its final name and renamed into place; the knowledge base itself is never written over.

            CSV is RFC 4180: fields with commas, quotes or line breaks are quoted, quotes doubled, records end with CRLF, UTF-8 (--bom adds a byte order mark for spreadsheet programs).

            Examples:
              a11ykb export matrix --output matrix.csv --bom
              a11ykb export matrix --cells presence --platforms ios,android
              a11ykb export matrix --cells count --format json
              a11ykb export matrix --aspects all --output full-matrix.csv
              a11ykb export v_criteria --format json
              a11ykb export gaps --output gaps.csv
              a11ykb export db published.sqlite
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "matrix, db, or a table or view name.")
    var table: String

    @Argument(help: ArgumentHelp("export db: the file to write.", valueName: "file"), completion: .file(extensions: ["sqlite"]))
    var file: String?

    @Option(help: "Matrix cells: text, count or presence.")
    var cells: Matrix.CellMode = .text

    @Option(help: "Matrix: only components of this family (native, web or how-to-test).")
    var family: Family?

    @Option(name: [.customShort("p"), .long], help: ArgumentHelp("Matrix: platforms, comma-separated (default: every platform the components have).", valueName: "platforms"),
            completion: Completion.platforms)
    var platforms: [String] = []

    @Option(help: "Matrix: guidance for every platform in 'column' (general:*) or 'spread' over the platform columns.")
    var general: GeneralPlacement = .column

    @Option(help: "Matrix: 'vocabulary' (known aspects and kinds, the rest in one 'other' column per platform) or 'all' (a column per heading).")
    var aspects: MatrixAspects = .vocabulary

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if table == "matrix", let format = output.format {
            do {
                _ = try Matrix.checked(DocumentFormat(format))
            } catch {
                throw ValidationError("export matrix writes \(Matrix.formatList), not \(error.given)")
            }
        }
        if table == "db" && file == nil { throw ValidationError("export db needs the FILE to write (a11ykb export db published.sqlite)") }
        if table != "db" && file != nil { throw ValidationError("only export db takes a FILE; use --output FILE for \(table)") }
        if table == "db" && output.output != nil { throw ValidationError("export db writes its FILE: give it without --output") }
    }

    func run() throws {
        let kb = try database.open()
        if table == "db", let file {
            return try kb.exportDatabase(to: file)
        }
        if table == "matrix" {
            let options = Matrix.Options(platforms: try Platform.typed(commaList(platforms)), family: family, general: general, aspects: aspects)
            var writer = try Matrix.writer(output.format.map(DocumentFormat.init) ?? .csv,
                                           options: DocumentOptions(byteOrderMark: output.bom, cells: cells))
            try output.stream(from: kb) { sink in
                try kb.matrix(options) { chunk in try writer.write(chunk, to: sink) }
                try writer.finish(to: sink)
            }
            return
        }
        let result = try kb.table(table)
        try output.stream(from: kb) { sink in try result.write(output.format ?? .csv, options: output.writerOptions(), to: sink) }
    }
}
