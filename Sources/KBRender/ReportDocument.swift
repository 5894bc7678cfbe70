import KBModel

/// What heads a report a person hands on, given by whoever asks for it (the library keeps no
/// clock and knows no plan's purpose): its title, the stack, the date, who to contact.
public struct ReportHeading: Sendable {
    public var title: String
    public var stack: String?
    public var date: String?
    public var contact: String?

    public init(title: String = "Test report", stack: String? = nil, date: String? = nil, contact: String? = nil) {
        (self.title, self.stack, self.date, self.contact) = (title, stack, date, contact)
    }
}

/// A report's content once, as headings, facts, a summary, tables and lists, written as markdown,
/// HTML or plain text by one renderer each: all say the same, and every text is escaped for its format
/// there and nowhere else.
struct ReportDocument {
    struct Table { var heading: String; var caption: String; var header: [String]; var rows: [[String]] }
    struct List {
        /// A line, and under it what it needs beside it (a level change's remark before and after).
        struct Item { var text: String; var details: [(String, String)] = [] }
        var heading: String
        var items: [Item]
        init(heading: String, items: [String]) { (self.heading, self.items) = (heading, items.map { Item(text: $0) }) }
        init(heading: String, entries: [Item]) { (self.heading, self.items) = (heading, entries) }
    }

    var title: String
    var facts: [(String, String)] = []
    var summary = ""
    var tables: [Table] = []
    var notes: [String] = []
    var lists: [List] = []

    var markdown: String {
        func line(_ text: String) -> String { MarkdownTable.cell(text) }
        var out = "# \(line(title))\n\n"
        for (k, v) in facts { out += "- **\(k)**: \(line(v))\n" }
        if !facts.isEmpty { out += "\n" }
        out += line(summary) + "\n"
        for table in tables {
            out += "\n## \(line(table.heading))\n\n" + MarkdownTable.render(header: table.header, rows: table.rows)
        }
        for note in notes { out += "\n" + line(note) + "\n" }
        for list in lists where !list.items.isEmpty {
            out += "\n## \(line(list.heading))\n\n" + list.items.map { item in
                "- " + line(item.text) + "\n" + item.details.map { "  - **\(line($0.0))**: \(line($0.1))\n" }.joined()
            }.joined()
        }
        return out
    }

    /// For a terminal: the same content, each text kept to its line, tables aligned.
    var text: String {
        func line(_ text: String) -> String { TerminalText.clean(text.split(whereSeparator: \.isNewline).joined(separator: " ")) }
        var out = line(title) + "\n\n"
        for (k, v) in facts { out += "\(line(k)): \(line(v))\n" }
        if !facts.isEmpty { out += "\n" }
        out += line(summary) + "\n"
        for table in tables { out += "\n\(line(table.heading))\n\n" + TextTable.render(header: table.header, rows: table.rows) }
        for note in notes { out += "\n" + line(note) + "\n" }
        for list in lists where !list.items.isEmpty {
            out += "\n\(line(list.heading))\n\n" + list.items.map { item in
                "- " + line(item.text) + "\n" + item.details.map { "    \(line($0.0)): \(line($0.1))\n" }.joined()
            }.joined()
        }
        return out
    }

    var html: String {
        let e = HTMLText.escape
        var out = HTMLPage.head(title: title, style: """
            td.n { text-align: right; }
            .summary { font-size: 1.1rem; }
            """)
        out += "<main>\n<h1>\(e(title))</h1>\n" + HTMLPage.facts(facts)
        out += "<p class=\"summary\">\(e(summary))</p>\n"
        for table in tables {
            out += "<h2>\(e(table.heading))</h2>\n<table>\n<caption>\(e(table.caption))</caption>\n<thead><tr>"
                + table.header.map { "<th scope=\"col\">\(e($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            for row in table.rows {
                out += "<tr>" + row.enumerated().map { i, cell in
                    i == 0 ? "<th scope=\"row\">\(e(cell))</th>" : "<td\(Int(cell) != nil ? " class=\"n\"" : "")>\(e(cell))</td>"
                }.joined() + "</tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        for note in notes { out += "<p>\(e(note))</p>\n" }
        for list in lists where !list.items.isEmpty {
            out += "<h2>\(e(list.heading))</h2>\n<ul>\n" + list.items.map { "<li>\(e($0.text))" + HTMLPage.facts($0.details) + "</li>\n" }.joined() + "</ul>\n"
        }
        return out + "</main>\n" + HTMLPage.end
    }
}
