import Foundation
import KBFiles
import KBQuery

/// Every format a document is written in, named as people type it (on a command line, as a tool's
/// argument, in the server's query). A document says which of them it supports
/// (`Document.formats`); lists have their own four, `TabularFormat`, which these include.
public enum DocumentFormat: String, Sendable, CaseIterable, Codable {
    /// Plain text for a terminal or a log.
    case text
    /// A list's aligned columns (`TabularFormat.table`).
    case table
    /// GitHub-flavoured markdown.
    case markdown
    /// MagentaA11y's condensed checklist (markdown).
    case condensed
    /// Gherkin: GIVEN / WHEN / THEN.
    case gherkin
    /// Jira wiki markup.
    case jira
    /// One issue per component, as a CSV Jira's importer reads.
    case jiraCSV = "jira-csv"
    /// RFC 4180.
    case csv
    /// One pretty JSON value and a final line break.
    case json
    /// One compact JSON object per line.
    case jsonl
    /// One accessible, self-contained HTML page.
    case html
    /// GSA's OpenACR YAML.
    case openacr
    /// A Word document (Office Open XML): bytes, not text.
    case docx

    /// A format whose document is bytes (a zip), written by `renderedData` and never as text:
    /// no terminal, tool answer or text page holds it.
    public var isBinary: Bool { self == .docx }

    /// The list format of the same name, for the documents that are written as a list too.
    public var tabular: TabularFormat? {
        switch self {
        case .table: .table
        case .csv: .csv
        case .json: .json
        case .jsonl: .jsonl
        default: nil
        }
    }

    public init(_ format: TabularFormat) {
        switch format {
        case .table: self = .table
        case .csv: self = .csv
        case .json: self = .json
        case .jsonl: self = .jsonl
        }
    }

    /// The media type of a file in this format (UTF-8 text in every one but Word's).
    public var mediaType: String {
        switch self {
        case .text, .table, .jira, .gherkin: "text/plain; charset=utf-8"
        case .markdown, .condensed: "text/markdown; charset=utf-8"
        case .csv, .jiraCSV: "text/csv; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        case .jsonl: "application/jsonl; charset=utf-8"
        case .html: "text/html; charset=utf-8"
        case .openacr: "application/yaml; charset=utf-8"
        case .docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        }
    }

    /// What a file in this format ends with, after the dot.
    public var fileExtension: String {
        switch self {
        case .text, .table: "txt"
        case .markdown, .condensed: "md"
        case .gherkin: "feature"
        case .jira: "jira.txt"
        case .jiraCSV: "jira.csv"
        case .csv: "csv"
        case .json: "json"
        case .jsonl: "jsonl"
        case .html: "html"
        case .openacr: "yaml"
        case .docx: "docx"
        }
    }
}

/// A format a document is not written in: the word asked for and the formats it has, for the
/// skin to word (a command line names its option, a tool its argument, the server its query).
public struct UnsupportedFormat: Error, Sendable, Equatable {
    public var given: String
    public var supported: [DocumentFormat]

    public init(given: String, supported: [DocumentFormat]) {
        self.given = given
        self.supported = supported
    }
}

/// How a skin wants a document laid out, beside the format: what a person chose for their
/// terminal or spreadsheet, never what the document says.
public struct DocumentOptions: Sendable {
    /// CSV starts with a UTF-8 byte order mark (for spreadsheet programs).
    public var byteOrderMark: Bool
    /// CSV is to be opened in a spreadsheet: a cell a spreadsheet would run as a formula is written
    /// as text (`CSV`). Asking for the byte order mark asks for this too; a document people open in
    /// one (a checklist to fill in) asks for it whatever the options say (`ChecklistDocument`).
    public var forSpreadsheet: Bool
    /// A terminal table's width, and how it is decorated (colour).
    public var width: Int
    public var decoration: ColumnTable.Decoration
    /// Each fact of a component's text ends with its source line (an assistant cites it).
    public var lines: Bool
    /// The matrix's cells: their text, their count of facts, or whether they hold any.
    public var cells: Matrix.CellMode

    public init(byteOrderMark: Bool = false, forSpreadsheet: Bool? = nil, width: Int = 100, decoration: ColumnTable.Decoration = .none,
                lines: Bool = false, cells: Matrix.CellMode = .text) {
        self.byteOrderMark = byteOrderMark
        self.forSpreadsheet = forSpreadsheet ?? byteOrderMark
        self.width = width
        self.decoration = decoration
        self.lines = lines
        self.cells = cells
    }
}

/// A document: a value that is written whole in one of the formats it supports. Every document
/// the skins print conforms (a component's acceptance criteria, a checklist, a comparison, the
/// matrix, a results report, a diff, an import summary, a conformance report, a check's problems),
/// and the skins take the formats they offer from `formats`, never from a list of their own.
public protocol Document {
    /// The formats it is written in, in the order a skin lists them.
    static var formats: [DocumentFormat] { get }

    /// The document in `format`, one of `formats` and a text format (`rendered` checks that first).
    func render(_ format: DocumentFormat, options: DocumentOptions) -> String

    /// The document's bytes in `format`, one of `formats` (`renderedData` checks that first):
    /// the text's UTF-8 unless the document writes a binary format of its own (Word).
    func renderData(_ format: DocumentFormat, options: DocumentOptions) throws -> Data
}

extension Document {
    public func renderData(_ format: DocumentFormat, options: DocumentOptions) throws -> Data {
        Data(render(format, options: options).utf8)
    }

    /// The formats' names, as a user types them.
    public static var formatNames: [String] { formats.map(\.rawValue) }

    /// The formats written as text (what a tool's answer or a page can hold): all but the binary ones.
    public static var textFormats: [DocumentFormat] { formats.filter { !$0.isBinary } }

    /// The formats as a sentence's list: `markdown, condensed, gherkin or json`.
    public static var formatList: String {
        let names = formatNames
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    public static func supports(_ format: DocumentFormat) -> Bool { formats.contains(format) }

    /// The format a user named, if the document is written in it.
    public static func format(named word: String) throws(UnsupportedFormat) -> DocumentFormat {
        guard let format = DocumentFormat(rawValue: word), supports(format) else {
            throw UnsupportedFormat(given: word, supported: formats)
        }
        return format
    }

    /// `format`, if the document is written in it.
    public static func checked(_ format: DocumentFormat) throws(UnsupportedFormat) -> DocumentFormat {
        guard supports(format) else { throw UnsupportedFormat(given: format.rawValue, supported: formats) }
        return format
    }

    /// The document in `format`; a format it is not written in, or one that is no text (Word's),
    /// is `UnsupportedFormat` naming the text formats.
    public func rendered(_ format: DocumentFormat, options: DocumentOptions = DocumentOptions()) throws(UnsupportedFormat) -> String {
        guard !format.isBinary else { throw UnsupportedFormat(given: format.rawValue, supported: Self.textFormats) }
        return render(try Self.checked(format), options: options)
    }

    /// The document's bytes in `format`, text or binary alike: what a file or a pipe receives.
    public func renderedData(_ format: DocumentFormat, options: DocumentOptions = DocumentOptions()) throws -> Data {
        try renderData(try Self.checked(format), options: options)
    }
}

/// A document handed over in chunks (`KnowledgeBase.compareAcross`, `matrix(_:chunks:)`) and
/// written as each arrives, in little memory at any size: the chunk is itself the document (a
/// part of the comparison or the matrix), and the whole is its one chunk.
public protocol StreamingDocument: Document {
    associatedtype Writer: ChunkWriter where Writer.Chunk == Self

    /// A writer of chunks in `format`, one of `formats` (`writer` checks that first).
    static func makeWriter(_ format: DocumentFormat, options: DocumentOptions) -> Writer
}

extension StreamingDocument {
    /// A writer of chunks in `format`; a format the document is not written in is `UnsupportedFormat`.
    public static func writer(_ format: DocumentFormat, options: DocumentOptions = DocumentOptions()) throws(UnsupportedFormat) -> Writer {
        makeWriter(try checked(format), options: options)
    }

    /// The whole document is its one chunk, written through its writer.
    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        var writer = Self.makeWriter(format, options: options)
        var out: [UInt8] = []
        writer.append(self, to: &out)
        writer.finish(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
