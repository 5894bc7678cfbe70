/// The block structure of the markdown these documents use: ATX headings, nested lists (by
/// indentation), paragraphs with lazy continuation, fenced code. HTML comments vanish and HTML
/// blocks (`<video>`, `<example>`) are dropped, both with line numbers kept intact.
///
/// No CommonMark package can be had here, and these documents need far less than CommonMark:
/// a list item nests under the nearest earlier item with a smaller indent, which also reads the
/// sloppy indentation (one space, three spaces) the sources are full of.
package enum Block: Sendable, Equatable {
    case heading(level: Int, text: String, line: Int)
    case list([ListItem])
    case paragraph(text: String, line: Int)
    case code(language: String?, text: String, line: Int)
}

package struct ListItem: Sendable, Equatable {
    package var text: String
    package var line: Int
    /// The number of an ordered item (`2.` → 2); nil for bullets and for paragraphs inside an item.
    package var ordinal: Int?
    package var children: [ListItem]

    package init(text: String, line: Int, ordinal: Int? = nil, children: [ListItem] = []) {
        self.text = text
        self.line = line
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
        var parser = Parser(lines: splitLines(stripHTMLComments(text)), firstLine: firstLine)
        return parser.run()
    }

    /// Splits on LF, CRLF or CR. Scans UTF-8 bytes: line breaks are ASCII, so every break is
    /// also a character boundary.
    static func splitLines(_ text: String) -> [Substring] {
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

    /// Removes `<!-- ... -->`, keeping every newline so that line numbers stay true.
    static func stripHTMLComments(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = find(Array("<!--".utf8), in: bytes, from: 0) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        out.append(contentsOf: bytes[0..<first])
        var i = first
        while true {
            let close = find(Array("-->".utf8), in: bytes, from: i + 4)
            let end = close.map { $0 + 3 } ?? bytes.count
            for byte in bytes[i..<end] where byte == 0x0A { out.append(byte) }
            guard close != nil else { break }
            guard let next = find(Array("<!--".utf8), in: bytes, from: end) else {
                out.append(contentsOf: bytes[end...])
                break
            }
            out.append(contentsOf: bytes[end..<next])
            i = next
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard needle.count <= haystack.count, from <= haystack.count - needle.count else { return nil }
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == needle[0] {
                var k = 1
                while k < needle.count, haystack[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Columns of leading white space, a tab counting to the next multiple of four.
    static func indentation(_ line: Substring) -> (columns: Int, rest: Substring) {
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
        guard indent <= 3, rest.first == "#" else { return nil }
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

    static func isThematicBreak(_ rest: Substring, indent: Int) -> Bool {
        guard indent <= 3, let first = rest.first, first == "-" || first == "*" || first == "_" else { return false }
        var count = 0
        for c in rest {
            if c == first { count += 1 } else if c != " " && c != "\t" { return false }
        }
        return count >= 3
    }

    /// Tags whose block runs to its closing tag, blank lines and all.
    static let containerTags: Set<String> = ["video", "audio", "example", "details", "div", "table", "figure",
                                             "iframe", "script", "style", "pre", "picture", "svg", "form"]

    static func htmlTag(_ rest: Substring) -> String? {
        guard rest.first == "<" else { return nil }
        let name = rest.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter else { return nil }
        return name.lowercased()
    }

    private struct Parser {
        let lines: [Substring]
        let firstLine: Int
        var blocks: [Block] = []
        var paragraph: [Substring] = []
        var paragraphLine = 0
        var listItems: [(indent: Int, item: ListItem)] = []
        var blankSinceItem = false

        init(lines: [Substring], firstLine: Int) {
            self.lines = lines
            self.firstLine = firstLine
        }

        mutating func run() -> [Block] {
            var i = 0
            while i < lines.count {
                let raw = lines[i]
                let lineNumber = firstLine + i
                let (indent, rest) = MarkdownOutline.indentation(raw)
                let content = rest.trimmingSpaces()

                if content.isEmpty {
                    flushParagraph()
                    if !listItems.isEmpty { blankSinceItem = true }
                    i += 1
                    continue
                }
                if rest.hasPrefix("{%") || rest.hasPrefix("{::") || rest.hasPrefix("{:/") {
                    // Jekyll's Liquid: `{% highlight html %}` ... `{% endhighlight %}` is a code block;
                    // `{::nomarkdown}` ... `{:/}` raw HTML; any other tag line is site machinery.
                    flushAll()
                    i = liquid(from: i, rest: rest, lineNumber: lineNumber)
                    continue
                }
                if let fence = fenceMarker(rest) {
                    flushAll()
                    let language = rest.dropFirst(fence.count).trimmingSpaces()
                    var body: [Substring] = []
                    var j = i + 1
                    while j < lines.count {
                        let (_, r) = MarkdownOutline.indentation(lines[j])
                        if r.hasPrefix(fence), r.drop(while: { $0 == fence.first }).trimmingSpaces().isEmpty { break }
                        body.append(lines[j])
                        j += 1
                    }
                    blocks.append(.code(language: language.isEmpty ? nil : String(language),
                                        text: dedent(body), line: lineNumber))
                    i = j + 1
                    continue
                }
                if let (level, text) = MarkdownOutline.heading(rest, indent: indent) {
                    flushAll()
                    blocks.append(.heading(level: level, text: String(text), line: lineNumber))
                    i += 1
                    continue
                }
                if MarkdownOutline.isThematicBreak(rest, indent: indent) && paragraph.isEmpty {
                    flushAll()
                    i += 1
                    continue
                }
                if let marker = MarkdownOutline.listMarker(rest) {
                    flushParagraph()
                    listItems.append((indent, ListItem(text: String(marker.text.trimmingSpaces()), line: lineNumber,
                                                       ordinal: marker.ordinal)))
                    blankSinceItem = false
                    i += 1
                    continue
                }
                if paragraph.isEmpty, let tag = MarkdownOutline.htmlTag(rest) {
                    flushAll()
                    i = skipHTMLBlock(from: i, tag: tag)
                    continue
                }
                if !listItems.isEmpty {
                    if !blankSinceItem {
                        // Lazy continuation of the last item.
                        listItems[listItems.count - 1].item.text += " " + content
                        i += 1
                        continue
                    }
                    if indent > 0 {
                        // A paragraph inside an item: nested under it, as a child without a marker.
                        listItems.append((indent, ListItem(text: String(content), line: lineNumber)))
                        blankSinceItem = false
                        i += 1
                        continue
                    }
                    flushList()
                }
                if paragraph.isEmpty { paragraphLine = lineNumber }
                paragraph.append(content)
                i += 1
            }
            flushAll()
            return blocks
        }

        mutating func liquid(from start: Int, rest: Substring, lineNumber: Int) -> Int {
            let tag = rest.dropFirst(2).trimmingSpaces()
            if tag.hasPrefix("highlight") {
                let language = tag.dropFirst("highlight".count).prefix { $0 != "%" }.trimmingSpaces()
                var body: [Substring] = []
                var j = start + 1
                while j < lines.count, !lines[j].contains("endhighlight") {
                    body.append(lines[j])
                    j += 1
                }
                let code = dedent(body)
                // `{% include /examples/button.html %}` alone is a pointer to code we do not have.
                if !code.trimmingSpaces().hasPrefix("{%") || code.contains("\n") {
                    blocks.append(.code(language: language.isEmpty ? nil : String(language), text: code, line: lineNumber))
                }
                return j + 1
            }
            if rest.hasPrefix("{::nomarkdown") {
                var j = start + 1
                while j < lines.count, !lines[j].contains("{:/") { j += 1 }
                return j + 1
            }
            return start + 1
        }

        func fenceMarker(_ rest: Substring) -> String? {
            if rest.hasPrefix("```") { return String(rest.prefix { $0 == "`" }) }
            if rest.hasPrefix("~~~") { return String(rest.prefix { $0 == "~" }) }
            return nil
        }

        func dedent(_ body: [Substring]) -> String {
            let indents = body.filter { !$0.trimmingSpaces().isEmpty }.map { MarkdownOutline.indentation($0).columns }
            let common = indents.min() ?? 0
            return body.map { line in
                var dropped = 0
                return String(line.drop { c in
                    guard dropped < common, c == " " || c == "\t" else { return false }
                    dropped += 1
                    return true
                })
            }.joined(separator: "\n")
        }

        func skipHTMLBlock(from start: Int, tag: String) -> Int {
            var j = start
            if MarkdownOutline.containerTags.contains(tag) {
                let closing = "</\(tag)"
                while j < lines.count {
                    if lines[j].contains("</") && lines[j].lowercased().contains(closing) { return j + 1 }
                    j += 1
                }
                return j
            }
            while j < lines.count, !lines[j].trimmingSpaces().isEmpty { j += 1 }
            return j
        }

        mutating func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            blocks.append(.paragraph(text: paragraph.joined(separator: " "), line: paragraphLine))
            paragraph.removeAll()
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

extension StringProtocol {
    /// Drops spaces, tabs and no-break spaces at both ends.
    func trimmingSpaces() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
