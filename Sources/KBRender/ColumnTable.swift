/// A table for terminals whose cells hold several lines: columns share the width available, long
/// lines wrap at word boundaries under their own indentation, records are separated by a rule.
public enum ColumnTable {
    public struct Line: Sendable, Equatable {
        public enum Style: Sendable { case plain, heading, gap, empty }
        public var text: String
        public var style: Style
        /// `text` without control characters (`TerminalText`).
        public init(_ text: String, _ style: Style = .plain) {
            let text = TerminalText.clean(text)
            self.text = text
            self.style = style
        }
    }

    /// How styled text is decorated after layout (so that escape codes never count as width).
    public struct Decoration: Sendable {
        public var header: @Sendable (String) -> String
        public var line: @Sendable (String, Line.Style) -> String
        public init(header: @escaping @Sendable (String) -> String = { $0 },
                    line: @escaping @Sendable (String, Line.Style) -> String = { s, _ in s }) {
            self.header = header
            self.line = line
        }
        public static let none = Decoration()
    }

    static let separator = " │ "

    /// `rows[r][c]` is the lines of a cell. The result is at most `width` columns wide when the
    /// columns can be at least `minimumColumn` wide; wider otherwise.
    package static func render(header: [String], rows: [[[Line]]], width: Int, minimumColumn: Int = 10,
                              decoration: Decoration = .none) -> String {
        guard !header.isEmpty else { return "" }
        let header = header.map(TerminalText.clean)
        let layout = Layout(header: header, rows: rows, width: width, minimumColumn: minimumColumn, decoration: decoration)
        var out = layout.header(header)
        for (r, row) in rows.enumerated() {
            if r > 0 { out += layout.separator }
            out += layout.record(row)
        }
        return out
    }

    /// Column widths fitted to a header and some rows, and the text of a header, a record and
    /// the rule between records: a table written a chunk of rows at a time is sized by its first
    /// chunk (later lines too long for their column wrap like any other).
    package struct Layout {
        let widths: [Int]
        let decoration: Decoration
        let rule: String

        package init(header: [String], rows: [[[Line]]], width: Int, minimumColumn: Int = 10, decoration: Decoration = .none) {
            let count = header.count
            var natural = header.map(\.count)
            for row in rows {
                for (c, cell) in row.enumerated() where c < count {
                    natural[c] = max(natural[c], cell.map(\.text.count).max() ?? 0)
                }
            }
            widths = ColumnTable.share(natural: natural, available: max(count * minimumColumn, width - ColumnTable.separator.count * (count - 1)),
                                       minimum: minimumColumn)
            self.decoration = decoration
            rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─") + "\n"
        }

        /// The header's lines and the rule under it.
        package func header(_ header: [String]) -> String {
            let header = header.map(TerminalText.clean)
            return emit(header.enumerated().map { c, title in wrap(title, width: widths[c]).map { ($0, Line.Style.heading) } },
                 headerRow: true) + rule
        }

        /// The dashed rule between two records.
        package var separator: String { rule.replacingOccurrences(of: "─", with: "╌") }

        /// One record's lines.
        package func record(_ row: [[Line]]) -> String {
            let cells = (0..<widths.count).map { c -> [(String, Line.Style)] in
                guard c < row.count else { return [] }
                return row[c].flatMap { line in wrap(line.text, width: widths[c]).map { ($0, line.style) } }
            }
            return emit(cells, headerRow: false)
        }

        func emit(_ cells: [[(String, Line.Style)]], headerRow: Bool) -> String {
            let count = widths.count
            let height = cells.map(\.count).max() ?? 0
            var out = ""
            for i in 0..<max(height, 1) {
                var parts: [String] = []
                for c in 0..<count {
                    let (text, style) = i < cells[c].count ? cells[c][i] : ("", .plain)
                    let padded = c == count - 1 ? text : text + String(repeating: " ", count: max(0, widths[c] - text.count))
                    parts.append(headerRow ? decoration.header(padded) : (text.isEmpty ? padded : decoration.line(padded, style)))
                }
                var line = parts.joined(separator: ColumnTable.separator)
                while line.hasSuffix(" ") { line.removeLast() }
                out += line + "\n"
            }
            return out
        }
    }

    /// Widths for columns wanting `natural`, sharing `available`: narrow columns keep their width,
    /// the rest share what remains equally.
    static func share(natural: [Int], available: Int, minimum: Int) -> [Int] {
        if natural.reduce(0, +) <= available { return natural }
        var widths = natural.map { _ in 0 }
        var open = Set(natural.indices)
        var remaining = available
        while !open.isEmpty {
            let fair = remaining / open.count
            let narrow = open.filter { natural[$0] <= fair }
            if narrow.isEmpty {
                let sorted = open.sorted()
                for (k, c) in sorted.enumerated() {
                    widths[c] = max(minimum, fair + (k < remaining - fair * open.count ? 1 : 0))
                }
                break
            }
            for c in narrow {
                widths[c] = max(minimum, natural[c])
                remaining -= widths[c]
                open.remove(c)
            }
        }
        return widths
    }

    /// Word-wraps one line to `width`, continuation lines indented under the text (past a
    /// leading `- ` bullet). Words longer than the width are cut.
    ///
    /// Linear in the line's length: lengths are counted once and kept as integers, and a long word
    /// is cut by walking its indices. Measuring and copying the rest of the word at every piece
    /// made one unbroken 10 MB token take minutes.
    package static func wrap(_ line: String, width: Int) -> [String] {
        if line.count <= width { return [line] }
        let leading = line.prefix { $0 == " " }.count
        let bullet = line.dropFirst(leading).hasPrefix("- ") ? 2 : 0
        let hang = min(leading + bullet, max(0, width / 2))
        let indent = String(repeating: " ", count: hang)
        var out: [String] = []
        var current = String(line.prefix(leading))
        var currentCount = leading
        var currentIsFresh = true
        for piece in line.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false) {
            var word = piece
            var wordCount = word.count
            if currentCount + (currentIsFresh ? 0 : 1) + wordCount <= width {
                if !currentIsFresh {
                    current += " "
                    currentCount += 1
                }
                current += word
                currentCount += wordCount
                currentIsFresh = false
                continue
            }
            if !currentIsFresh {
                // A word that must be cut anyway starts on this line when there is room for a piece.
                if wordCount > width - hang && width - currentCount > 2 {
                    current += " "
                    currentCount += 1
                } else {
                    out.append(current)
                    current = indent
                    currentCount = hang
                }
                currentIsFresh = true
            }
            while currentCount + wordCount > width {
                let room = max(1, width - currentCount)
                let cut = word.index(word.startIndex, offsetBy: room)
                out.append(current + word[..<cut])
                word = word[cut...]
                wordCount -= room
                current = indent
                currentCount = hang
            }
            current += word
            currentCount += wordCount
            currentIsFresh = word.isEmpty
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty || out.isEmpty { out.append(current) }
        return out.map { s in var s = s; while s.hasSuffix(" ") { s.removeLast() }; return s }
    }
}
