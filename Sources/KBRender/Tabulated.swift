/// Each list-shaped answer as a row of `Tabular` values: its columns are named here once, and
/// every format (table, CSV, JSON, JSON Lines) and both skins take them from here.
import Foundation
import KBModel
import KBSearch
import KBQuery
import KBFiles

public protocol Tabulated {
    static var columns: [Tabular.Column] { get }
    var cells: [Tabular.Value] { get }
}

extension Array where Element: Tabulated {
    public var tabular: Tabular { Tabular(columns: Element.columns, rows: map(\.cells)) }
}

extension Gap: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("component"), .init("family"), .init("platform"), .init("framework"), .init("aspect"), .init("problem"),
        .init("excerpt"), .init("source", .path), .init("line", .line),
    ]
    public var cells: [Tabular.Value] {
        [.text(component), .text(family.rawValue), .optional(platform?.rawValue), .optional(framework?.rawValue), .optional(aspect?.rawValue), .text(problem.rawValue),
         .optional(excerpt), .text(source), .int(line)]
    }
}

extension SavedPlan: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("name"), .init("platform"), .init("framework"), .init("components"), .init("saved_at"),
    ]
    public var cells: [Tabular.Value] {
        [.text(name), .optional(platform?.rawValue), .optional(framework?.rawValue), .texts(components), .text(savedAt)]
    }
}

extension SpokenAnnouncement: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("component"), .init("title"), .init("family"), .init("platform"), .init("text"), .init("context"), .init("origin"),
        .init("screen_reader"), .init("start_ms"), .init("end_ms"), .init("source", .path), .init("line", .line), .init("video"),
    ]
    public var cells: [Tabular.Value] {
        [.text(component), .text(title), .text(family.rawValue), .optional(platform?.rawValue), .text(text), .optional(context),
         .text(origin.rawValue), .optional(screenReader), .optional(startMs), .optional(endMs), .text(source), .int(line), .optional(video)]
    }
}

extension WCAGCitation: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("component"), .init("title"), .init("family"), .init("criterion"), .init("criterion_title"), .init("level"), .init("url"),
        .init("source", .path), .init("line", .line),
    ]
    public var cells: [Tabular.Value] {
        [.text(component), .text(title), .text(family.rawValue), .text(criterion.description), .optional(criterionTitle), .optional(level?.rawValue),
         .optional(url), .text(source), .int(line)]
    }
}

extension ComponentSummary: Tabulated {
    public static let columns: [Tabular.Column] = [
        .init("slug"), .init("title"), .init("family"), .init("category"), .init("summary"), .init("source", .path),
        .init("criteria"), .init("guidance"), .init("announcement_examples"), .init("transcript_lines"), .init("gaps"),
        .init("code_examples"), .init("gherkin_lines"), .init("wcag_citations"), .init("developer_notes"), .init("formats"),
    ]
    public var cells: [Tabular.Value] {
        [.text(slug), .text(title), .text(family.rawValue), .optional(category), .optional(summary), .text(source),
         .int(criteria), .int(guidance), .int(examples), .int(transcripts), .int(gaps), .int(codeExamples), .int(gherkinSteps),
         .int(wcagCitations), .texts(notePlatformNames), .texts(formats.filter(\.available).map(\.name))]
    }
}

extension SearchHit: Tabulated {
    /// The fields of a hit, in the order JSON objects and CSV columns give them.
    public static let columns: [Tabular.Column] = [
        .init("rank"), .init("score"), .init("component"), .init("title"), .init("family"), .init("category"), .init("platform"),
        .init("framework"), .init("fact"), .init("kind"), .init("aspect"), .init("label"), .init("text"), .init("snippet"),
        .init("source", .path), .init("line", .line), .init("id"),
    ]
    public var cells: [Tabular.Value] { Self.columns.indices.map(cell) }

    /// The column of `snippet` (`cell`'s `snippet.bracketed`).
    static let snippetColumn = 13

    /// The value of the column at `index`: a search's JSON writes a hit's cells one by one, as
    /// they come, without making the row.
    func cell(_ index: Int) -> Tabular.Value {
        switch index {
        case 0: .int(rank)
        case 1: .double(score)
        case 2: .text(component)
        case 3: .text(title)
        case 4: .text(family.rawValue)
        case 5: .optional(category)
        case 6: .optional(platform?.rawValue)
        case 7: .optional(framework?.rawValue)
        case 8: .text(fact.rawValue)
        case 9: .optional(kind?.rawValue)
        case 10: .optional(aspect?.rawValue)
        case 11: .optional(label)
        case 12: .text(text)
        case 13: .text(snippet.bracketed)
        case 14: .text(source)
        case 15: .optional(line)
        default: .int(id)
        }
    }
}

extension ComponentMatch: Tabulated {
    /// One object per component; `facts` holds objects of `SearchHit.columns` plus `equivalents`.
    public static let columns: [Tabular.Column] = [
        .init("rank"), .init("score"), .init("component"), .init("title"), .init("family"), .init("category"), .init("summary"),
        .init("matched"), .init("missing"), .init("matching_facts"), .init("facts"),
    ]
    public var cells: [Tabular.Value] {
        (0..<Self.factsColumn).map(ownCell)
            + [.json(.array(facts.map { Tabular.object(ComponentMatch.factColumns, ComponentMatch.factCells($0)) }))]
    }

    /// The position of `facts`, the last column.
    static let factsColumn = columns.count - 1

    /// The cell of a column before `facts`.
    func ownCell(_ index: Int) -> Tabular.Value {
        switch index {
        case 0: .int(rank)
        case 1: .double(score)
        case 2: .text(component)
        case 3: .text(title)
        case 4: .text(family.rawValue)
        case 5: .optional(category)
        case 6: .optional(summary)
        case 7: .texts(matchedTerms)
        case 8: .texts(missingTerms)
        default: .int(matchingFacts)
        }
    }

    /// `Tabular.object(ComponentMatch.columns, cells)` written where it goes, its facts' objects
    /// too, without making the tree (a search's JSON made one per fact shown, then wrote it), nor
    /// the rows, their keys quoted once.
    func writeJSON(into out: inout [UInt8], indent: Int?) {
        let kept = indent == ComponentMatch.componentLevel ? self.kept?.parts ?? [] : []
        JSONValue.writeObject(ComponentMatch.keys, into: &out, indent: indent, runs: ComponentMatch.ownComponentRuns, written: kept) { index, out, inner in
            guard index == ComponentMatch.factsColumn else { return ownCell(index).writeJSON(into: &out, indent: inner) }
            JSONValue.writeArray(facts.count, into: &out, indent: inner) { fact, out, level in
                ComponentMatch.writeFact(facts[fact], into: &out, indent: level)
            }
        }
    }

    /// A fact's object, its own pairs appended as kept (`keptJSON`) when the ranking index holds
    /// it and it is written where they were made for; the question's (its rank, score, snippet and
    /// equivalents) written each time.
    static func writeFact(_ hit: SearchHit, into out: inout [UInt8], indent: Int?) {
        let kept = indent == factLevel ? hit.kept?.parts ?? [] : []
        JSONValue.writeObject(factKeys, into: &out, indent: indent, runs: ownRuns, written: kept) { index, out, inner in
            writeFactValue(hit, index, into: &out, indent: inner)
        }
    }

    /// One value of a fact's object; its snippet bracketed as it is written, not made a string first.
    private static func writeFactValue(_ hit: SearchHit, _ index: Int, into out: inout [UInt8], indent: Int?) {
        guard index == SearchHit.snippetColumn else { return factCell(hit, index).writeJSON(into: &out, indent: indent) }
        hit.snippet.writeBracketedJSON(into: &out)
    }

    /// The runs of a fact's columns that are the fact's own, whatever the question: all but its
    /// rank, score, snippet and equivalents.
    static let ownRuns = [2..<SearchHit.snippetColumn, (SearchHit.snippetColumn + 1)..<SearchHit.columns.count]
    /// Where a fact's object sits in a search's JSON: in the answer's array, a component's object,
    /// its facts' array.
    static let factLevel = 3

    /// A held fact's own pairs (`ownRuns`), written once as `writeFact` writes them in a search's
    /// JSON (at `factLevel`; JSON Lines write them each time). What the façade has the ranking
    /// index keep.
    package static func keptJSON(_ hit: SearchHit) -> KeptBytes {
        kept(ownRuns, factKeys, at: factLevel) { writeFactValue(hit, $0, into: &$1, indent: $2) }
    }

    /// The same of a held component's own pairs (`ownComponentRuns`), as `writeJSON` writes them
    /// at `componentLevel`.
    package static func keptJSON(_ component: ComponentMatch) -> KeptBytes {
        kept(ownComponentRuns, keys, at: componentLevel) { component.ownCell($0).writeJSON(into: &$1, indent: $2) }
    }

    /// Each run of an object's pairs written as `JSONValue.writeObject` writes them at `level`.
    private static func kept(_ runs: [Range<Int>], _ keys: JSONValue.Keys, at level: Int,
                             value: (Int, inout [UInt8], Int?) -> Void) -> KeptBytes {
        KeptBytes(runs.map { run in
            var bytes: [UInt8] = []
            for index in run { JSONValue.writePair(index, keys, into: &bytes, indent: level, value: value) }
            return bytes
        })
    }

    /// A component's own columns, whatever the question: its slug, title, family, category and
    /// summary.
    static let ownComponentRuns = [2..<7]
    /// Where a component's object sits in a search's JSON: in the answer's array.
    static let componentLevel = 1

    /// A fact of a component, flat: `SearchHit.columns` and the equivalents it matched.
    static let factColumns = SearchHit.columns + [Tabular.Column("equivalents")]
    static func factCell(_ hit: SearchHit, _ index: Int) -> Tabular.Value {
        index < SearchHit.columns.count ? hit.cell(index) : .texts(hit.equivalents)
    }
    static func factCells(_ hit: SearchHit) -> [Tabular.Value] { factColumns.indices.map { factCell(hit, $0) } }
    static let keys = JSONValue.Keys(columns.map(\.name))
    static let factKeys = JSONValue.Keys(factColumns.map(\.name))
}

extension ComponentSearchResult {
    /// One object per component, its facts nested (JSON and JSON Lines).
    public var tabular: Tabular { components.tabular }

    /// Columns of the flat form: the component's rank, then the fact's (`SearchHit.columns`, its
    /// rank within the component), then the equivalents it matched.
    public static let recordColumns = [Tabular.Column("component_rank")] + ComponentMatch.factColumns

    /// One record per fact shown, a component without facts as one record of its own (CSV and
    /// tables, which cannot nest).
    public var records: Tabular {
        var rows: [[Tabular.Value]] = []
        for match in components {
            if match.facts.isEmpty {
                var row = Array(repeating: Tabular.Value.null, count: Self.recordColumns.count)
                row[0] = .int(match.rank)
                row[3] = .text(match.component)
                row[4] = .text(match.title)
                row[5] = .text(match.family.rawValue)
                row[6] = .optional(match.category)
                row[9] = .text("component")
                row[13] = .text(match.highlightedTitle.bracketed)
                rows.append(row)
            }
            for hit in match.facts { rows.append([.int(match.rank)] + ComponentMatch.factCells(hit)) }
        }
        return Tabular(columns: Self.recordColumns, rows: rows)
    }
}

extension SearchResult {
    public var tabular: Tabular { hits.tabular }
}

extension EquivalentConcept {
    /// A concept's terms nested (JSON), or one record per term (every other format).
    public static let recordColumns: [Tabular.Column] = [.init("concept"), .init("platform"), .init("term"), .init("note"), .init("components")]

    public var records: [[Tabular.Value]] {
        zip(terms, components).map { term, count in [.text(concept), .optional(term.platform?.rawValue), .text(term.term), .optional(term.note), .int(count)] }
    }
}

extension Array where Element == EquivalentConcept {
    /// One object per concept with its terms (JSON).
    public var tabular: Tabular {
        Tabular(columns: [.init("concept"), .init("terms")], rows: map { concept in
            [.text(concept.concept), .json(.array(zip(concept.terms, concept.components).map { term, count in
                .object([("term", .string(term.term)), ("platform", .optional(term.platform?.rawValue)), ("note", .optional(term.note)),
                         ("components", .int(Int64(count)))])
            }))]
        })
    }

    /// One record per term (CSV, JSON Lines, tables).
    public var records: Tabular { Tabular(columns: EquivalentConcept.recordColumns, rows: flatMap(\.records)) }
}

extension Stats {
    /// Every count as one record, `section`, `name`, `rows` (CSV, JSON Lines).
    public var records: Tabular {
        Tabular(columns: [.init("section"), .init("name"), .init("rows")],
                rows: tables.map { [.text("table"), .text($0.name), .int($0.rows)] }
                    + families.map { [.text("family"), .text($0.family.rawValue), .int($0.components)] }
                    + platforms.flatMap { p in
                        [[.text("platform:criteria"), .text(Stats.name(p.platform)), .int(p.criteria)],
                         [.text("platform:guidance"), .text(Stats.name(p.platform)), .int(p.guidance)],
                         [.text("platform:announcements"), .text(Stats.name(p.platform)), .int(p.announcements)]]
                    })
    }

    /// A platform's slug; `(all)` for the facts written for every platform.
    static func name(_ platform: Platform?) -> String { platform?.rawValue ?? "(all)" }

    /// The three lists a table shows: rows per table, components per family, facts per platform.
    public var sections: [Tabular] {
        [Tabular(columns: [.init("table"), .init("rows")], rows: tables.map { [.text($0.name), .int($0.rows)] }),
         Tabular(columns: [.init("family"), .init("components")], rows: families.map { [.text($0.family.rawValue), .int($0.components)] }),
         Tabular(columns: [.init("platform"), .init("criteria"), .init("guidance"), .init("announcements")],
                 rows: platforms.map { [.text(Stats.name($0.platform)), .int($0.criteria), .int($0.guidance), .int($0.announcements)] })]
    }

    /// The whole as one JSON document: the database, rows per table, components per family,
    /// facts per platform.
    public func json(path: String) -> JSONValue {
        .object([
            ("database", .string(path)),
            ("tables", .object(tables.map { ($0.name, .int(Int64($0.rows))) })),
            ("families", .object(families.map { ($0.family.rawValue, .int(Int64($0.components))) })),
            ("platforms", sections[2].json),
        ])
    }
}

extension ResultSet {
    /// Values typed as SQLite stores them; a blob as base64.
    public var tabular: Tabular { Tabular(columns: tabularColumns, rows: rows.map(Self.cells)) }

    /// The columns, known by name; with `cells`, a writer converts a row at a time (an export
    /// holds its rows once, not twice).
    public var tabularColumns: [Tabular.Column] { columns.map(Tabular.Column.named) }

    public static func cells(_ row: [SQLValue]) -> [Tabular.Value] { row.map(Tabular.Value.init) }

    /// Streams the rows in `format` to `sink`, a block at a time: the sink writes out as it fills,
    /// and the rows are converted once, never held twice (`export TABLE`).
    public func write(_ format: TabularFormat, options: TabularWriter.Options = .init(), to sink: ByteSink) throws {
        var writer = TabularWriter(format, columns: tabularColumns, options: options)
        for start in stride(from: 0, to: rows.count, by: 512) {
            try writer.write(rows[start..<min(start + 512, rows.count)].map(Self.cells), to: sink)
        }
        try writer.finish(to: sink)
    }
}

extension Array where Element == ResultSet {
    /// Each statement's rows, checking `deadline` at every row (a time limit covers the printing):
    /// tables and CSV one after another; JSON one document, the rows' array, or an array of them
    /// when several statements return rows; JSON Lines every row, one per line.
    public func rendered(_ format: TabularFormat, options: TabularWriter.Options = .init(), deadline: Deadline) throws -> [UInt8] {
        var out: [UInt8] = []
        let nested = format == .json && count > 1
        if nested { out += [UInt8]("[".utf8) }
        for (i, result) in enumerated() {
            var options = options
            if nested {
                options.jsonLevel = 1
                out += [UInt8](((i == 0 ? "" : ",") + "\n  ").utf8)
            }
            var writer = TabularWriter(format, columns: result.tabularColumns, options: options)
            for row in result.rows {
                try deadline.check()
                writer.write([ResultSet.cells(row)], into: &out)
            }
            try deadline.check()
            writer.finish(into: &out)
        }
        if nested { out += [UInt8]("\n]\n".utf8) }
        return out
    }
}

extension Tabular.Value {
    public init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let i): self = .int(i)
        case .real(let d): self = .double(d)
        case .text(let s): self = .text(s)
        case .blob(let bytes): self = .text(Data(bytes).base64EncodedString())
        }
    }
}

extension HighlightedText {
    /// `bracketed` as a JSON string, written part by part without making it.
    func writeBracketedJSON(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        writeBracketed(into: &out) { text, out in JSONString.escape(text, into: &out) }
        out.append(UInt8(ascii: "\""))
    }
}
