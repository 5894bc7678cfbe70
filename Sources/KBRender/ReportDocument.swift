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

/// A report's content once, as headings, facts, a summary, tables and lists, written as markdown or
/// as HTML by one renderer each: the two say the same, and every text is escaped for its format
/// there and nowhere else.
struct ReportDocument {
    struct Table { var heading: String; var caption: String; var header: [String]; var rows: [[String]] }
    struct List { var heading: String; var items: [String] }

    var title: String
    var facts: [(String, String)] = []
    var summary = ""
    var tables: [Table] = []
    var notes: [String] = []
    var lists: [List] = []

    static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

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
            out += "\n## \(line(list.heading))\n\n" + list.items.map { "- " + line($0) + "\n" }.joined()
        }
        return out
    }

    var html: String {
        let e = HTMLText.escape
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title))</title>
            <style>
            :root { color-scheme: light dark; }
            body { font: 1rem/1.5 system-ui, sans-serif; color: #1b1b1b; background: #ffffff; margin: 0 auto; max-width: 72rem; padding: 1rem; }
            table { border-collapse: collapse; width: 100%; margin: .5rem 0 1.5rem; }
            caption { text-align: left; font-weight: 600; padding: .25rem 0; }
            th, td { border: 1px solid #8a8a8a; padding: .3rem .5rem; text-align: left; vertical-align: top; }
            td.n { text-align: right; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
            dt { font-weight: 600; }
            .summary { font-size: 1.1rem; }
            @media (prefers-color-scheme: dark) { body { color: #f0f0f0; background: #161616; } }
            @media print { tr { break-inside: avoid; } }
            </style>
            </head>
            <body>
            <main>
            <h1>\(e(title))</h1>

            """
        if !facts.isEmpty { out += "<dl>\n" + facts.map { "<dt>\(e($0.0))</dt><dd>\(e($0.1))</dd>\n" }.joined() + "</dl>\n" }
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
            out += "<h2>\(e(list.heading))</h2>\n<ul>\n" + list.items.map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n"
        }
        return out + "</main>\n</body>\n</html>\n"
    }
}
