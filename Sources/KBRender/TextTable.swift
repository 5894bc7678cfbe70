/// A plain aligned table for terminals: a header, a rule, the rows. Line breaks inside a cell are
/// shown as `↵` so that one record stays one line. A cell longer than `maxColumnWidth` is cut
/// with `…`, except in a column kept `whole` (a path, `file:line`), which takes its width. Control
/// characters are dropped (`TerminalText`): a cell never writes an escape sequence.
package enum TextTable {
    package static func render(header: [String], rows: [[String]], maxColumnWidth: Int = 60, whole: [Bool] = []) -> String {
        let clean = rows.map { row in
            row.enumerated().map { c, cell in flatten(cell, max: c < whole.count && whole[c] ? Int.max - 1 : maxColumnWidth) }
        }
        let header = header.map(TerminalText.clean)
        var widths = header.map(\.count)
        for row in clean {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var line = cells.enumerated().map { i, cell in
                i == cells.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[i] - cell.count))
            }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        var out = line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in clean { out += line(row) + "\n" }
        return out
    }

    /// One line of at most `max` characters. Only the head of a value is looked at, so a 100 MB
    /// cell costs what its first `max` characters cost.
    static func flatten(_ value: String, max: Int) -> String {
        let head = value.prefix(max + 1)
        let single = TerminalText.clean(markingBreaks(head))
        if head.endIndex == value.endIndex && single.count <= max { return single }
        return String(single.prefix(max - 1)) + "…"
    }

    /// Each line break as `↵`, a CR LF as one. By scalars, and only where there is a line feed:
    /// Foundation's `replacingOccurrences`, twice a cell, was most of the work `wcag` did to lay
    /// out its table of criteria (22.5 M instructions of 26.2 M).
    static func markingBreaks(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return String(text) }
        var out = String.UnicodeScalarView()
        var carriageReturn = false
        for scalar in text.unicodeScalars {
            if carriageReturn && scalar != "\n" { out.append("\r") }
            carriageReturn = scalar == "\r"
            if scalar == "\n" { out.append("↵") } else if !carriageReturn { out.append(scalar) }
        }
        if carriageReturn { out.append("\r") }
        return String(out)
    }
}
