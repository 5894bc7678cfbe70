/// The block structure of the markdown these documents use: ATX headings, nested lists (by
/// indentation), paragraphs with lazy continuation, fenced code, HTML blocks. HTML comments vanish
/// outside code (inside a code example they are part of the code), with line numbers kept intact.
///
/// No CommonMark package can be had here, and these documents need far less than CommonMark:
/// a list item nests under the nearest earlier item with a smaller indent, which also reads the
/// sloppy indentation (one space, three spaces) the sources are full of.
///
/// Every block knows the lines it spans; lines that hold no block (blank lines, comments, rules,
/// site template tags) are recorded in the parse's `LineLedger` with the reason they hold nothing.
import KBModel

package enum Block: Sendable, Equatable {
    case heading(level: Int, text: String, line: Int)
    case list([ListItem])
    case paragraph(text: String, line: Int, lastLine: Int)
    /// A fenced code block; `line` is the opening fence, `lastLine` the closing one.
    case code(language: String?, text: String, line: Int, lastLine: Int)
    /// An HTML block as written (`<example>` demos, `<video>` players, `<h4 class="bad-example">`):
    /// the walker decides what it is.
    case html(tag: String, text: String, line: Int, lastLine: Int)
    /// A kramdown attribute list alone on a line (`{: .bad-example}`): it qualifies the block above.
    case attributes(text: String, line: Int)
    /// A pipe table (`| Key | Action |`), one row per line, the delimiter row left out.
    case table(rows: [TableRow], line: Int, lastLine: Int)
    /// A numbered step that holds headings opens here (`2. ## How to test`, or `1. Test...` over an
    /// indented `#### Getting started`): the blocks up to `stepEnd` are the step's. `line` is the
    /// step's own line, which its item or heading accounts for.
    case step(ordinal: Int, line: Int)
    /// The open step ends: what follows is outside it.
    case stepEnd
}

/// One row of a table, its cells as written (markup kept).
package struct TableRow: Sendable, Equatable {
    package var cells: [String]
    package var line: Int
    /// The row's last line (an HTML row spans several).
    package var lastLine: Int

    package init(cells: [String], line: Int, lastLine: Int? = nil) {
        self.cells = cells
        self.line = line
        self.lastLine = max(lastLine ?? line, line)
    }
}

package struct ListItem: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case text
        /// A fenced code block indented under an item: it belongs to that item (`- **UIKit**` over
        /// its Swift).
        case code(language: String?)
    }

    package var kind: Kind = .text
    package var text: String
    package var line: Int
    /// The item's last line of its own text (lazy continuation lines included, children not).
    package var lastLine: Int
    /// The number of an ordered item (`2.` → 2); nil for bullets and for paragraphs inside an item.
    package var ordinal: Int?
    package var children: [ListItem]

    package init(kind: Kind = .text, text: String, line: Int, lastLine: Int? = nil, ordinal: Int? = nil,
                 children: [ListItem] = []) {
        self.kind = kind
        self.text = text
        self.line = line
        self.lastLine = lastLine ?? line
        self.ordinal = ordinal
        self.children = children
    }
}

package enum MarkdownOutline {
    /// Lists nest at most this deep; deeper items become siblings at the deepest level. Real
    /// documents nest three or four levels; a crafted one nesting thousands would otherwise
    /// overflow the stack of every recursive step after the outline (walker, normalizer).
    static let maxListDepth = 32

    /// Parses `text`, numbering lines from `firstLine` (the body of a front-matter document starts
    /// below it).
    package static func parse(_ text: String, firstLine: Int = 1) -> [Block] {
        var ledger = LineLedger()
        return parse(text, firstLine: firstLine, ledger: &ledger)
    }

    /// Parses `text` and records in `ledger` the lines that hold no block, and why.
    package static func parse(_ text: String, firstLine: Int = 1, ledger: inout LineLedger) -> [Block] {
        let split = splitLines(text)
        let (lines, hadComment) = text.containsBytes("<!--") ? stripHTMLComments(split)
            : (split, [Bool](repeating: false, count: split.count))
        var parser = Parser(lines: lines, hadComment: hadComment, firstLine: firstLine)
        let blocks = parser.run()
        ledger.merge(parser.ledger)
        return blocks
    }

    /// Splits on LF, CRLF or CR. Scans UTF-8 bytes: line breaks are ASCII, so every break is
    /// also a character boundary.
    package static func splitLines(_ text: String) -> [Substring] {
        // Native strings: the breaks are found in the contiguous bytes, each line then cut by offset.
        if let lines = text.utf8.withContiguousStorageIfAvailable({ splitLines(text, $0) }) { return lines }
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            let byte = utf8[i]
            if byte == 0x0A || byte == 0x0D {
                lines.append(text[start..<i])
                var next = utf8.index(after: i)
                if byte == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                start = next
                i = next
                continue
            }
            i = utf8.index(after: i)
        }
        if start < utf8.endIndex { lines.append(text[start...]) }
        return lines
    }

    private static func splitLines(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var start = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A || byte == 0x0D {
                lines.append(text[index(start)..<index(i)])
                var next = i + 1
                if byte == 0x0D, next < bytes.count, bytes[next] == 0x0A { next += 1 }
                start = next
                i = next
                continue
            }
            i += 1
        }
        if start < bytes.count { lines.append(text[index(start)...]) }
        return lines
    }

    /// Removes `<!-- ... -->` outside fenced code and highlight blocks (a comment in a code example
    /// is part of the code), line by line so that line numbers stay true. Also says which lines
    /// held a comment.
    static func stripHTMLComments(_ lines: [Substring]) -> (lines: [Substring], hadComment: [Bool]) {
        var flags = [Bool](repeating: false, count: lines.count)
        var out: [Substring] = []
        out.reserveCapacity(lines.count)
        var inComment = false
        var fence: Substring?
        for (index, raw) in lines.enumerated() {
            let rest = indentation(raw).rest
            if let open = fence {
                out.append(raw)
                if closesFence(rest, open) { fence = nil }
                continue
            }
            if !inComment, let open = fenceOpening(rest) {
                fence = open
                out.append(raw)
                continue
            }
            guard inComment || MarkdownOutline.find("<!--", in: raw, from: raw.startIndex) != nil else {
                out.append(raw)
                continue
            }
            var kept = ""
            var cursor = raw.startIndex
            while cursor < raw.endIndex {
                if inComment {
                    guard let close = MarkdownOutline.find("-->", in: raw, from: cursor) else { cursor = raw.endIndex; break }
                    cursor = raw.utf8.index(close, offsetBy: 3)
                    inComment = false
                } else if let open = MarkdownOutline.find("<!--", in: raw, from: cursor) {
                    kept += raw[cursor..<open]
                    cursor = raw.utf8.index(open, offsetBy: 4)
                    inComment = true
                } else {
                    kept += raw[cursor...]
                    cursor = raw.endIndex
                }
            }
            flags[index] = true
            out.append(Substring(kept))
        }
        return (out, flags)
    }

    /// Where the ASCII `needle` starts in `line` at or after `from`, by bytes (Foundation's
    /// `range(of:)` goes through UTF-16 and showed in profiles of large imports).
    static func find(_ needle: StaticString, in line: Substring, from: Substring.Index) -> Substring.Index? {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let utf8 = line.utf8
        var i = from
        while i < utf8.endIndex {
            if utf8[i] == n[0] {
                var j = utf8.index(after: i)
                var k = 1
                while k < n.count, j < utf8.endIndex, utf8[j] == n[k] {
                    j = utf8.index(after: j)
                    k += 1
                }
                if k == n.count { return i }
            }
            i = utf8.index(after: i)
        }
        return nil
    }

    /// The opening of a fenced block in the pre-pass: a fence, or a Liquid `{% highlight %}`.
    static func fenceOpening(_ rest: Substring) -> Substring? {
        if rest.hasPrefix("```") { return rest.prefix { $0 == "`" } }
        if rest.hasPrefix("~~~") { return rest.prefix { $0 == "~" } }
        if rest.hasPrefix("{%"), rest.dropFirst(2).trimmingSpaces().hasPrefix("highlight") { return "{% endhighlight" }
        return nil
    }

    static func closesFence(_ rest: Substring, _ open: Substring) -> Bool {
        if open.hasPrefix("{%") { return rest.containsASCII("endhighlight") }
        return rest.hasPrefix(open) && rest.drop(while: { $0 == open.first }).trimmingSpaces().isEmpty
    }

    /// Columns of leading white space, a tab counting to the next multiple of four.
    static func indentation(_ line: Substring) -> (columns: Int, rest: Substring) {
        // By bytes while the line is ASCII; by Characters from a non-ASCII byte on (a no-break
        // space, or a mark that makes one Character of the space before it).
        let bytes = line.utf8
        var columns = 0
        var i = bytes.startIndex
        while i < bytes.endIndex {
            switch bytes[i] {
            case 0x20: columns += 1
            case 0x09: columns += 4 - columns % 4
            case 0x80...: return indentationByCharacter(line)
            default: return (columns, line[i...])
            }
            i = bytes.index(after: i)
        }
        return (columns, line[i...])
    }

    static func indentationByCharacter(_ line: Substring) -> (columns: Int, rest: Substring) {
        var columns = 0
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case " ": columns += 1
            case "\t": columns += 4 - columns % 4
            case "\u{00A0}": columns += 1
            default: return (columns, line[index...])
            }
            index = line.index(after: index)
        }
        return (columns, line[index...])
    }

    /// `- x`, `* x`, `+ x`, `• x`, `1. x`, `1) x`: the marker's number (if ordered) and the text after it.
    static func listMarker(_ rest: Substring) -> (ordinal: Int?, text: Substring)? {
        // Asked of every line, up to three times: by bytes while the marker, its delimiter, the
        // spaces after it and the byte after them are ASCII (where a byte is a Character); by
        // Characters from a non-ASCII byte on (a bullet character, a no-break space, a mark that
        // combines with the byte before it), which says the same.
        let bytes = rest.utf8
        guard let first = bytes.first else { return nil }
        var i = bytes.index(after: bytes.startIndex)
        var ordinal: Int?
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            if i == bytes.endIndex { return (nil, rest[i...]) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var value = Int(first - UInt8(ascii: "0")), digits = 1
            while i < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                digits += 1
                if digits > 9 { return nil }
                i = bytes.index(after: i)
            }
            guard i < bytes.endIndex else { return nil }
            guard bytes[i] < 0x80 else { return listMarkerByCharacter(rest) }
            guard bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") else { return nil }
            i = bytes.index(after: i)
            ordinal = value
            if i == bytes.endIndex { return (value, rest[i...]) }
        case 0x80...:
            return first == 0xE2 ? listMarkerByCharacter(rest) : nil
        default:
            return nil
        }
        guard bytes[i] < 0x80 else { return listMarkerByCharacter(rest) }
        guard bytes[i] == 0x20 || bytes[i] == 0x09 else { return nil }
        while i < bytes.endIndex, bytes[i] == 0x20 || bytes[i] == 0x09 { i = bytes.index(after: i) }
        if i < bytes.endIndex, bytes[i] >= 0x80 { return listMarkerByCharacter(rest) }
        return (ordinal, rest[i...])
    }

    static func listMarkerByCharacter(_ rest: Substring) -> (ordinal: Int?, text: Substring)? {
        guard let first = rest.first else { return nil }
        if first == "-" || first == "*" || first == "+" || first == "•" || first == "◦" || first == "▪" {
            let after = rest.dropFirst()
            if after.isEmpty { return (nil, after) }
            guard let space = after.first, space == " " || space == "\t" || space == "\u{00A0}" else { return nil }
            return (nil, after.drop { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" })
        }
        guard first.isASCII, first.isNumber else { return nil }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count <= 9 else { return nil }
        let after = rest[digits.endIndex...]
        guard let delimiter = after.first, delimiter == "." || delimiter == ")" else { return nil }
        let tail = after.dropFirst()
        if tail.isEmpty { return (Int(digits), tail) }
        guard let space = tail.first, space == " " || space == "\t" else { return nil }
        return (Int(digits), tail.drop { $0 == " " || $0 == "\t" })
    }

    static func heading(_ rest: Substring, indent: Int) -> (level: Int, text: Substring)? {
        guard indent <= 3, rest.utf8.first == UInt8(ascii: "#"), rest.first == "#" else { return nil }
        let hashes = rest.prefix { $0 == "#" }
        guard hashes.count <= 6 else { return nil }
        let after = rest[hashes.endIndex...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        var text = after.trimmingSpaces()
        // A closing sequence of #s is decoration, not text.
        if let lastNonHash = text.lastIndex(where: { $0 != "#" }), lastNonHash < text.index(before: text.endIndex),
           text[lastNonHash] == " " {
            text = text[...lastNonHash].trimmingSpaces()
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return (hashes.count, text)
    }

    /// `| Tab | Moves focus |` → ["Tab", "Moves focus"]; an escaped `\|` stays in its cell.
    static func tableCells(_ row: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for c in row.trimmingSpaces().dropFirst() {
            if escaped { cell.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; cell.append(c); continue }
            if c == "|" { cells.append(String(cell.trimmingSpaces())); cell = ""; continue }
            cell.append(c)
        }
        if !cell.trimmingSpaces().isEmpty { cells.append(String(cell.trimmingSpaces())) }
        return cells
    }

    static func isThematicBreak(_ rest: Substring, indent: Int) -> Bool {
        guard indent <= 3, let byte = rest.utf8.first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_"),
              let first = rest.first, first == "-" || first == "*" || first == "_" else { return false }
        var count = 0
        for c in rest {
            if c == first { count += 1 } else if c != " " && c != "\t" { return false }
        }
        return count >= 3
    }

    /// A code block's lines as written, less the indentation of its opening fence (CommonMark:
    /// up to that many columns from each line). A fence at the margin takes nothing away: code
    /// indented below it keeps its indentation, verbatim.
    static func dedent(_ body: [Substring], upTo limit: Int) -> String {
        body.map { line in
            var columns = 0
            return String(line.drop { c in
                let width = c == "\t" ? 4 - columns % 4 : c == " " ? 1 : 0
                guard width > 0, columns + width <= limit else { return false }
                columns += width
                return true
            })
        }.joined(separator: "\n")
    }

    /// Tags whose block runs to its closing tag, blank lines and all.
    static let containerTags: Set<String> = ["video", "audio", "example", "details", "div", "table", "figure",
                                             "iframe", "script", "style", "pre", "picture", "svg", "form",
                                             "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "p", "fieldset"]

    /// `line\` ends in a hard line break (content.json's strings are full of them): the backslash
    /// is markup, not text. An escaped backslash (`\\`) stays.
    static func withoutHardBreak(_ text: Substring) -> Substring {
        guard text.hasSuffix("\\"), !text.hasSuffix("\\\\") else { return text }
        return text.dropLast().trimmingSpaces()
    }

    /// `[//]: # (a note)`, `[\]: # "a note"`, `[comment]: #`: a link definition to `#`, which the
    /// page never shows.
    static func isMarkdownComment(_ line: Substring) -> Bool {
        guard line.utf8.first == UInt8(ascii: "["), line.first == "[", let close = line.firstIndex(of: "]") else { return false }
        let after = line[line.index(after: close)...]
        guard after.first == ":" else { return false }
        return after.dropFirst().trimmingSpaces().hasPrefix("#")
    }

    /// Tags that start a line of prose as often as a block: `<code>aria-label</code> names it`.
    static let inlineTags: Set<String> = ["a", "abbr", "b", "br", "code", "em", "i", "kbd", "mark", "q", "s", "small",
                                          "span", "strong", "sub", "sup", "u", "del", "ins", "strike", "cite", "time"]

    /// How many times `<tag` and `</tag` open and close on `line` (`<p` is not `<pre`).
    static func tagCounts(_ tag: String, in line: Substring) -> (opened: Int, closed: Int) {
        let lower = Array(line.lowercased().utf8)
        let name = Array(tag.utf8)
        var opened = 0, closed = 0
        var i = 0
        while i < lower.count {
            guard lower[i] == UInt8(ascii: "<") else { i += 1; continue }
            var k = i + 1
            let closing = k < lower.count && lower[k] == UInt8(ascii: "/")
            if closing { k += 1 }
            if k + name.count <= lower.count, Array(lower[k..<(k + name.count)]) == name {
                let after = k + name.count < lower.count ? lower[k + name.count] : UInt8(ascii: ">")
                if after == UInt8(ascii: ">") || after == UInt8(ascii: " ") || after == UInt8(ascii: "/") || after == 0x09 {
                    if closing { closed += 1 } else { opened += 1 }
                }
            }
            i = k
        }
        return (opened, closed)
    }

    static func htmlTag(_ rest: Substring) -> String? {
        guard rest.first == "<" else { return nil }
        let name = rest.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter else { return nil }
        return name.lowercased()
    }

    private struct Parser {
        let lines: [Substring]
        let hadComment: [Bool]
        let firstLine: Int
        var blocks: [Block] = []
        var ledger = LineLedger()
        var paragraph: [Substring] = []
        var paragraphLine = 0
        var paragraphLastLine = 0
        var listItems: [(indent: Int, item: ListItem)] = []
        var blankSinceItem = false
        /// Inside a list item that opened with a heading (`1.  ## How to test`): its indented
        /// headings (`    ### Keyboard basics`) sit one level below the heading they are written as.
        var headedItem = false
        /// The numbered step open (its item's indentation and number), once a heading was met in
        /// it: every heading inside it, at any indentation, is a heading of the step.
        var step: (indent: Int, ordinal: Int)?

        init(lines: [Substring], hadComment: [Bool], firstLine: Int) {
            self.lines = lines
            self.hadComment = hadComment
            self.firstLine = firstLine
        }

        /// The document's line number of `lines[index]`.
        func number(_ index: Int) -> Int { firstLine + index }

        mutating func skip(_ from: Int, _ to: Int, _ reason: String) {
            guard from <= to else { return }
            ledger.mark(number(from)...number(to), .skipped(reason))
        }

        mutating func run() -> [Block] {
            var i = 0
            while i < lines.count {
                let raw = lines[i]
                let lineNumber = number(i)
                let (indent, rest) = MarkdownOutline.indentation(raw)
                let content = rest.trimmingSpaces()

                if content.isEmpty {
                    flushParagraph()
                    if !listItems.isEmpty { blankSinceItem = true }
                    skip(i, i, hadComment[i] ? "HTML comment (not shown on the page)" : "blank line")
                    i += 1
                    continue
                }
                // A line as little indented as the open step's number ends the step.
                if let open = step, indent <= open.indent, !continuesLazily(rest) { endStep() }
                // The first byte first: `hasPrefix` on a Substring compares Characters, and every
                // line is asked these.
                let opensBrace = rest.utf8.first == UInt8(ascii: "{")
                if opensBrace, rest.hasPrefix("{%") || rest.hasPrefix("{::") || rest.hasPrefix("{:/") {
                    // Jekyll's Liquid: `{% highlight html %}` ... `{% endhighlight %}` is a code block;
                    // `{::nomarkdown}` ... `{:/}` raw HTML; any other tag line is site machinery.
                    flushAll()
                    i = liquid(from: i, rest: rest, indent: indent, lineNumber: lineNumber)
                    continue
                }
                if MarkdownOutline.isMarkdownComment(content) {
                    // `[//]: # (note)`: a link definition nobody links to, the markdown comment idiom.
                    flushAll()
                    skip(i, i, "markdown comment (not shown on the page)")
                    i += 1
                    continue
                }
                if opensBrace, rest.hasPrefix("{:"), content.hasSuffix("}") {
                    flushAll()
                    blocks.append(.attributes(text: String(content), line: lineNumber))
                    i += 1
                    continue
                }
                if let fence = fenceMarker(rest) {
                    // Indented under a list item, the code is that item's; otherwise a block.
                    let nested = !listItems.isEmpty && indent > 0
                    if nested { flushParagraph() } else { flushAll() }
                    let language = rest.dropFirst(fence.count).trimmingSpaces()
                    var body: [Substring] = []
                    var j = i + 1
                    while j < lines.count {
                        let (_, r) = MarkdownOutline.indentation(lines[j])
                        if r.hasPrefix(fence), r.drop(while: { $0 == fence.first }).trimmingSpaces().isEmpty { break }
                        body.append(lines[j])
                        j += 1
                    }
                    let last = number(min(j, lines.count - 1))
                    let info = language.isEmpty ? nil : String(language)
                    if nested {
                        listItems.append((indent, ListItem(kind: .code(language: info), text: dedent(body, upTo: indent), line: lineNumber,
                                                           lastLine: last)))
                        blankSinceItem = true
                    } else {
                        blocks.append(.code(language: info, text: dedent(body, upTo: indent), line: lineNumber, lastLine: last))
                    }
                    i = j + 1
                    continue
                }
                if indent == 0, MarkdownOutline.listMarker(rest) == nil { headedItem = false }
                if let (level, text) = MarkdownOutline.heading(rest, indent: step != nil || headedItem || !listItems.isEmpty ? 0 : indent) {
                    // A heading indented under a numbered item opens that item as a step.
                    if step == nil, let k = stepItem(holdingLineIndentedBy: indent) {
                        flushList(upTo: k)
                        step = (listItems[0].indent, listItems[0].item.ordinal ?? 0)
                        blocks.append(.step(ordinal: listItems[0].item.ordinal ?? 0, line: listItems[0].item.line))
                    }
                    flushAll()
                    // Inside an item, a heading sits one level below the heading it is written as.
                    blocks.append(.heading(level: headedItem && indent > 0 ? min(level + 1, 6) : level, text: String(text), line: lineNumber))
                    i += 1
                    continue
                }
                if let marker = MarkdownOutline.listMarker(rest), let (level, text) = MarkdownOutline.heading(marker.text, indent: 0) {
                    // `1.  ## Test with the keyboard only` (the how-to-test guides): a heading set in a
                    // numbered item. The outline has no headings inside items, so the heading is
                    // lifted out, one level below the heading the list stands under, and what the
                    // item holds follows it; a numbered one is a step.
                    flushAll()
                    headedItem = true
                    if step == nil, let ordinal = marker.ordinal {
                        step = (indent, ordinal)
                        blocks.append(.step(ordinal: ordinal, line: lineNumber))
                    }
                    blocks.append(.heading(level: min(level + 1, 6), text: String(text), line: lineNumber))
                    i += 1
                    continue
                }
                if paragraph.isEmpty, rest.hasPrefix("|") {
                    flushAll()
                    var rows: [TableRow] = []
                    var j = i
                    while j < lines.count, MarkdownOutline.indentation(lines[j]).rest.hasPrefix("|") {
                        let cells = MarkdownOutline.tableCells(MarkdownOutline.indentation(lines[j]).rest)
                        if !cells.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 == "-" || $0 == ":" } }) {
                            rows.append(TableRow(cells: cells, line: number(j)))
                        }
                        j += 1
                    }
                    blocks.append(.table(rows: rows, line: lineNumber, lastLine: number(j - 1)))
                    i = j
                    continue
                }
                if MarkdownOutline.isThematicBreak(rest, indent: indent) && paragraph.isEmpty {
                    flushAll()
                    skip(i, i, "horizontal rule")
                    i += 1
                    continue
                }
                if let marker = MarkdownOutline.listMarker(rest), let tag = MarkdownOutline.htmlTag(marker.text),
                   !MarkdownOutline.inlineTags.contains(tag) {
                    // `- <div class="...">` over its HTML: the item's content is that block, read as
                    // HTML (its text kept), not an item whose own line is markup.
                    flushAll()
                    let end = htmlBlockEnd(from: i, tag: tag)
                    let text = ([marker.text] + lines[(i + 1)..<(end + 1)]).joined(separator: "\n")
                    blocks.append(.html(tag: tag, text: text, line: lineNumber, lastLine: number(end)))
                    i = end + 1
                    continue
                }
                if let marker = MarkdownOutline.listMarker(rest) {
                    flushParagraph()
                    // An item less indented than its list's first starts a list of its own
                    // (`   - Swipe: ...` then `3. Listen to...` at the margin).
                    if let first = listItems.first, indent < first.indent { flushList() }
                    var text = marker.text.trimmingSpaces()
                    var depth = indent
                    // `* * I HEAR ...` (content.json): a bullet opening a nested list on its own line
                    // is an empty item over the inner one, as markdown renders it.
                    while let inner = MarkdownOutline.listMarker(text), inner.ordinal == nil, !inner.text.trimmingSpaces().isEmpty {
                        listItems.append((depth, ListItem(text: "", line: lineNumber, ordinal: depth == indent ? marker.ordinal : nil)))
                        depth += 2
                        text = inner.text.trimmingSpaces()
                    }
                    listItems.append((depth, ListItem(text: String(MarkdownOutline.withoutHardBreak(text)), line: lineNumber,
                                                      ordinal: depth == indent ? marker.ordinal : nil)))
                    blankSinceItem = false
                    i += 1
                    continue
                }
                if paragraph.isEmpty, let tag = MarkdownOutline.htmlTag(rest), !MarkdownOutline.inlineTags.contains(tag) {
                    flushAll()
                    let end = htmlBlockEnd(from: i, tag: tag)
                    blocks.append(.html(tag: tag, text: lines[i...end].joined(separator: "\n"), line: lineNumber,
                                        lastLine: number(end)))
                    i = end + 1
                    continue
                }
                if !listItems.isEmpty {
                    if !blankSinceItem {
                        // Lazy continuation of the last item.
                        listItems[listItems.count - 1].item.text += " " + MarkdownOutline.withoutHardBreak(content)
                        listItems[listItems.count - 1].item.lastLine = lineNumber
                        i += 1
                        continue
                    }
                    if indent > 0 {
                        // A paragraph inside an item: nested under it, as a child without a marker.
                        listItems.append((indent, ListItem(text: String(MarkdownOutline.withoutHardBreak(content)), line: lineNumber)))
                        blankSinceItem = false
                        i += 1
                        continue
                    }
                    flushList()
                }
                if paragraph.isEmpty { paragraphLine = lineNumber }
                paragraphLastLine = lineNumber
                paragraph.append(MarkdownOutline.withoutHardBreak(content))
                i += 1
            }
            if step != nil { endStep() } else { flushAll() }
            return blocks
        }

        mutating func liquid(from start: Int, rest: Substring, indent: Int, lineNumber: Int) -> Int {
            let tag = rest.dropFirst(2).trimmingSpaces()
            if tag.hasPrefix("highlight") {
                let language = tag.dropFirst("highlight".count).prefix { $0 != "%" }.trimmingSpaces()
                var body: [Substring] = []
                var j = start + 1
                while j < lines.count, !lines[j].containsASCII("endhighlight") {
                    body.append(lines[j])
                    j += 1
                }
                let code = dedent(body, upTo: indent)
                let last = min(j, lines.count - 1)
                // `{% include /examples/button.html %}` alone is a pointer to code we do not have.
                if !code.trimmingSpaces().hasPrefix("{%") || code.contains("\n") {
                    blocks.append(.code(language: language.isEmpty ? nil : String(language), text: code, line: lineNumber,
                                        lastLine: number(last)))
                    // `{% endhighlight %}{: .bad-example}`: the attribute list on the closing tag's
                    // line qualifies the block as one alone on the next line would.
                    if j < lines.count, let close = lines[j].range(of: "%}") {
                        let after = lines[j][close.upperBound...].trimmingSpaces()
                        if after.hasPrefix("{:"), after.hasSuffix("}") { blocks.append(.attributes(text: String(after), line: number(j))) }
                    }
                } else {
                    skip(start, last, "site template include (the code lives in another file)")
                }
                return j + 1
            }
            if rest.hasPrefix("{::nomarkdown") {
                var j = start + 1
                while j < lines.count, !lines[j].containsASCII("{:/") { j += 1 }
                skip(start, min(j, lines.count - 1), "raw HTML for the live demo")
                return j + 1
            }
            skip(start, start, "site template tag")
            return start + 1
        }

        func fenceMarker(_ rest: Substring) -> String? {
            guard let first = rest.utf8.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
            if rest.hasPrefix("```") { return String(rest.prefix { $0 == "`" }) }
            if rest.hasPrefix("~~~") { return String(rest.prefix { $0 == "~" }) }
            return nil
        }

        func dedent(_ body: [Substring], upTo limit: Int) -> String { MarkdownOutline.dedent(body, upTo: limit) }

        /// The index of an HTML block's last line: its closing tag for a container, else the line
        /// before the next blank one.
        func htmlBlockEnd(from start: Int, tag: String) -> Int {
            var j = start
            if MarkdownOutline.containerTags.contains(tag) {
                var depth = 0
                while j < lines.count {
                    let (opened, closed) = MarkdownOutline.tagCounts(tag, in: lines[j])
                    depth += opened - closed
                    if closed > 0 && depth <= 0 { return j }
                    // A void use (`<video ... />`) or a tag that never closes ends at a blank line.
                    if j > start, lines[j].trimmingSpaces().isEmpty, depth <= 0 { return j - 1 }
                    j += 1
                }
                return lines.count - 1
            }
            while j + 1 < lines.count, !lines[j + 1].trimmingSpaces().isEmpty { j += 1 }
            return j
        }

        mutating func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            blocks.append(.paragraph(text: paragraph.joined(separator: " "), line: paragraphLine, lastLine: paragraphLastLine))
            paragraph.removeAll()
        }

        /// A line (its text after the indentation) that goes on the paragraph or item above it
        /// (lazy continuation) rather than starting something of its own.
        func continuesLazily(_ rest: Substring) -> Bool {
            guard MarkdownOutline.listMarker(rest) == nil, MarkdownOutline.heading(rest, indent: 0) == nil else { return false }
            return !paragraph.isEmpty || (!listItems.isEmpty && !blankSinceItem)
        }

        /// The index in `listItems` of the numbered item of the list's own level that a line
        /// indented by `indent` is written inside (the last such item, and the line deeper than it).
        func stepItem(holdingLineIndentedBy indent: Int) -> Int? {
            guard let base = listItems.first?.indent, indent > base,
                  let k = listItems.lastIndex(where: { $0.indent == base }), listItems[k].item.ordinal != nil else { return nil }
            return k
        }

        /// The open step ends here.
        mutating func endStep() {
            flushAll()
            blocks.append(.stepEnd)
            step = nil
            headedItem = false
        }

        /// The items before `k` as a list of their own: the item at `k` opens a step.
        mutating func flushList(upTo k: Int) {
            flushParagraph()
            guard k > 0 else { return }
            var index = 0
            blocks.append(.list(Parser.tree(Array(listItems[..<k]), &index, parentIndent: -1)))
            listItems.removeFirst(k)
        }

        mutating func flushList() {
            guard !listItems.isEmpty else { return }
            var index = 0
            blocks.append(.list(Parser.tree(listItems, &index, parentIndent: -1)))
            listItems.removeAll()
            blankSinceItem = false
        }

        mutating func flushAll() {
            flushParagraph()
            flushList()
        }

        static func tree(_ flat: [(indent: Int, item: ListItem)], _ index: inout Int, parentIndent: Int,
                         depth: Int = 0) -> [ListItem] {
            var out: [ListItem] = []
            while index < flat.count, flat[index].indent > parentIndent {
                var item = flat[index].item
                let indent = flat[index].indent
                index += 1
                if depth < MarkdownOutline.maxListDepth {
                    item.children = tree(flat, &index, parentIndent: indent, depth: depth + 1)
                }
                out.append(item)
            }
            return out
        }
    }
}
