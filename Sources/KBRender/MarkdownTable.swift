/// A GitHub-flavoured markdown table: each line of a cell through `MarkdownText.inline` (`|`
/// escaped, no link or HTML, `<` and `>` outside code spans escaped so that notes about HTML stay
/// text), line breaks as `<br>`, indentation kept with non-breaking spaces.
package enum MarkdownTable {
    package static func render(header: [String], rows: [[String]]) -> String {
        var out = head(header)
        for row in rows {
            let padded = row + Array(repeating: "", count: max(0, header.count - row.count))
            out += self.row(Array(padded.prefix(header.count)))
        }
        return out
    }

    /// The header row and the rule under it.
    package static func head(_ header: [String]) -> String {
        row(header) + "|" + header.map { _ in " --- |" }.joined() + "\n"
    }

    /// One row of cells, as many as the header has.
    package static func row(_ cells: [String]) -> String {
        "| " + cells.map(cell).joined(separator: " | ") + " |\n"
    }

    /// One cell's text made safe for a table row.
    package static func cell(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line -> String in
            let leading = line.prefix { $0 == " " }.count
            return String(repeating: "&nbsp;", count: leading) + escape(String(line.dropFirst(leading)))
        }.joined(separator: "<br>")
    }

    /// One line of a cell: `MarkdownText.inline`, `|` escaped too.
    static func escape(_ text: String) -> String {
        MarkdownText.inline(text, inTable: true)
    }
}
