import Foundation

/// A Word document (WordprocessingML, .docx) as a list of blocks: a title, headings, paragraphs
/// and tables, written with Word's built-in styles so that a reader finds its structure (the
/// headings are `Heading 1`-`3`, every table's first row a header that repeats on each page, the
/// document's title and language in its properties). Knows nothing of what it holds: the
/// conformance report is laid out in KBRender (`ConformanceWordRendering`).
public struct WordDocument: Sendable {
    /// A piece of a paragraph's text.
    public struct Run: Sendable, Equatable {
        public var text: String
        public var bold: Bool
        public init(_ text: String, bold: Bool = false) { (self.text, self.bold) = (text, bold) }
    }

    /// One column of a table: its header and its width in twentieths of a point.
    public struct Column: Sendable, Equatable {
        public var header: String
        public var width: Int
        public init(_ header: String, width: Int) { (self.header, self.width) = (header, width) }
    }

    /// A table: a description for assistive technology (Word's alternative text), the columns,
    /// and each row's cells, a cell being its paragraphs.
    public struct Table: Sendable, Equatable {
        public var description: String
        public var columns: [Column]
        public var rows: [[[[Run]]]]
        public init(description: String, columns: [Column], rows: [[[[Run]]]]) {
            (self.description, self.columns, self.rows) = (description, columns, rows)
        }
    }

    public enum Block: Sendable, Equatable {
        case title(String)
        case subtitle(String)
        /// Level 1 to 3.
        case heading(Int, String)
        case paragraph([Run])
        case table(Table)
    }

    public var title: String
    /// A BCP 47 tag: `en-US`.
    public var language: String
    public var creator: String
    public var blocks: [Block]

    public init(title: String, language: String = "en-US", creator: String, blocks: [Block]) {
        (self.title, self.language, self.creator, self.blocks) = (title, language, creator, blocks)
    }

    /// The width a table may take: a US Letter page less one-inch margins.
    public static let textWidth = 9360

    /// The .docx file's bytes: the same blocks give the same bytes (every entry's time is fixed).
    public func data() throws -> Data { try WordPackage.zip(parts) }

    /// The package's parts by path, in the order they are written.
    var parts: [(path: String, xml: String)] {
        [("[Content_Types].xml", WordParts.contentTypes),
         ("_rels/.rels", WordParts.packageRelationships),
         ("docProps/core.xml", WordParts.core(title: title, language: language, creator: creator)),
         ("docProps/app.xml", WordParts.app),
         ("word/_rels/document.xml.rels", WordParts.documentRelationships),
         ("word/document.xml", documentXML),
         ("word/styles.xml", WordParts.styles(language: language)),
         ("word/settings.xml", WordParts.settings(language: language)),
         ("word/footer1.xml", WordParts.footer)]
    }

    var documentXML: String {
        var body = ""
        for (i, block) in blocks.enumerated() {
            switch block {
            case .title(let text): body += paragraph(style: "Title", [Run(text)])
            case .subtitle(let text): body += paragraph(style: "Subtitle", [Run(text)])
            case .heading(let level, let text): body += paragraph(style: "Heading\(min(max(level, 1), 3))", [Run(text)])
            case .paragraph(let runs):
                // A paragraph that introduces a table stays on the table's page.
                let introduces = i + 1 < blocks.count && { if case .table = blocks[i + 1] { true } else { false } }()
                body += paragraph(style: nil, runs, keepNext: introduces)
            case .table(let table): body += self.table(table) + paragraph(style: nil, [])
            }
        }
        return WordParts.declaration + "<w:document \(WordParts.namespaces)><w:body>" + body
            + "<w:sectPr><w:footerReference w:type=\"default\" r:id=\"rIdFooter\"/>"
            + "<w:pgSz w:w=\"12240\" w:h=\"15840\"/><w:pgMar w:top=\"1440\" w:right=\"1440\" w:bottom=\"1440\" w:left=\"1440\" w:header=\"720\" w:footer=\"720\" w:gutter=\"0\"/>"
            + "</w:sectPr></w:body></w:document>"
    }

    func paragraph(style: String?, _ runs: [Run], keepNext: Bool = false) -> String {
        let properties = (style.map { "<w:pStyle w:val=\"\($0)\"/>" } ?? "") + (keepNext ? "<w:keepNext/>" : "")
        return "<w:p>" + (properties.isEmpty ? "" : "<w:pPr>" + properties + "</w:pPr>") + runs.map(run).joined() + "</w:p>"
    }

    func run(_ run: Run) -> String {
        // A line break inside a run's text is Word's own break, never a raw newline.
        let lines = run.text.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines.map { "<w:t xml:space=\"preserve\">" + WordXML.escape(String($0)) + "</w:t>" }.joined(separator: "<w:br/>")
        return "<w:r>" + (run.bold ? "<w:rPr><w:b/></w:rPr>" : "") + text + "</w:r>"
    }

    func table(_ table: Table) -> String {
        var out = "<w:tbl><w:tblPr><w:tblStyle w:val=\"ReportTable\"/><w:tblW w:w=\"\(table.columns.reduce(0) { $0 + $1.width })\" w:type=\"dxa\"/>"
            + "<w:tblLayout w:type=\"fixed\"/><w:tblLook w:val=\"0020\" w:firstRow=\"1\" w:lastRow=\"0\" w:firstColumn=\"0\" w:lastColumn=\"0\" w:noHBand=\"1\" w:noVBand=\"1\"/>"
            + "<w:tblCaption w:val=\"\(WordXML.escape(table.description))\"/></w:tblPr><w:tblGrid>"
            + table.columns.map { "<w:gridCol w:w=\"\($0.width)\"/>" }.joined() + "</w:tblGrid>"
        // The header row repeats at the top of every page the table runs onto, and is never split.
        out += "<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>"
        for column in table.columns {
            out += cell(width: column.width, shaded: true, [[Run(column.header, bold: true)]])
        }
        out += "</w:tr>"
        for row in table.rows {
            // A row is kept whole on one page (a word processor still breaks one taller than a page).
            out += "<w:tr><w:trPr><w:cantSplit/></w:trPr>"
            for (column, paragraphs) in zip(table.columns, row + Array(repeating: [], count: max(0, table.columns.count - row.count))) {
                out += cell(width: column.width, shaded: false, paragraphs)
            }
            out += "</w:tr>"
        }
        return out + "</w:tbl>"
    }

    func cell(width: Int, shaded: Bool, _ paragraphs: [[Run]]) -> String {
        "<w:tc><w:tcPr><w:tcW w:w=\"\(width)\" w:type=\"dxa\"/>" + (shaded ? "<w:shd w:val=\"clear\" w:color=\"auto\" w:fill=\"DCE6F2\"/>" : "")
            + "</w:tcPr>" + (paragraphs.isEmpty ? [[]] : paragraphs).map { paragraph(style: "TableText", $0) }.joined() + "</w:tc>"
    }
}

/// Text as XML character data or an attribute's value: the five markup characters as entities,
/// and the characters XML 1.0 cannot hold (controls other than tab and line breaks) left out.
enum WordXML {
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&apos;".unicodeScalars)
            case "\t": out.append(" ")
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }
}
