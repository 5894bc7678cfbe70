/// The little of an HTML block the guides need read: a `<table>`'s rows and cells, and the
/// headings inside a block, each with the line it starts on. Cells and headings keep their inner
/// markup (`TextCleaner` takes it off); anything else in the block is left to the walker.
import KBModel

enum HTMLTable {
    /// The rows of every `<tr>` in `html`, header row included, numbered from `line`.
    static func rows(_ html: String, line: Int) -> [TableRow] {
        elements("tr", in: html, line: line).compactMap { row in
            let cells = elements("th", in: row.inner, line: row.line) + elements("td", in: row.inner, line: row.line)
            let ordered = cells.sorted { $0.offset < $1.offset }.map(\.inner)
            return ordered.isEmpty ? nil : TableRow(cells: ordered, line: row.line)
        }
    }

    /// `<h1>`...`<h6>` inside `html`, their inner text as written.
    static func headings(_ html: String, line: Int) -> [(text: String, line: Int)] {
        (1...6).flatMap { elements("h\($0)", in: html, line: line) }
            .sorted { $0.offset < $1.offset }
            .map { ($0.inner, $0.line) }
    }

    struct Element {
        var inner: String
        var line: Int
        /// Where it opens in the text searched: keeps cells and headings in document order.
        var offset: Int
    }

    /// Each `<tag ...>inner</tag>` (not nested in one of its own kind), with the line it opens on.
    static func elements(_ tag: String, in html: String, line: Int) -> [Element] {
        var found: [Element] = []
        let lower = html.lowercased()
        // Indices of the lowercased text stand for the same places only while its bytes do.
        guard lower.utf8.count == html.utf8.count else { return [] }
        let open = "<" + tag
        let close = "</" + tag + ">"
        var cursor = lower.startIndex
        // Lines are counted from the last element on, so a long table is read in one pass.
        var counted = html.startIndex
        var countedLine = line
        while let start = lower.range(of: open, range: cursor..<lower.endIndex) {
            // `<th` must not match `<thead`: the name ends at a space, `>` or `/`.
            guard start.upperBound < lower.endIndex, [" ", ">", "/", "\n", "\t"].contains(lower[start.upperBound]) else {
                cursor = start.upperBound
                continue
            }
            guard let tagEnd = lower.range(of: ">", range: start.upperBound..<lower.endIndex),
                  let end = lower.range(of: close, range: tagEnd.upperBound..<lower.endIndex) else { break }
            let inner = String(html[tagEnd.upperBound..<end.lowerBound])
            countedLine += html[counted..<start.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            counted = start.lowerBound
            let opening = countedLine
            found.append(Element(inner: inner, line: opening, offset: lower.distance(from: lower.startIndex, to: start.lowerBound)))
            cursor = end.upperBound
        }
        return found
    }
}
