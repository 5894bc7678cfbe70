/// HTML written into a page, read for what a reader of the page reads in it. A block of HTML is
/// often prose set in tags (a guide's "Scenario / What to do" accordions, a checklist item's note):
/// its headings, paragraphs, lists, tables of text and code become the outline's blocks, walked
/// like markdown. Only what the page runs rather than says is set aside, and said so: a live demo
/// (form controls, scripts, embedded frames, a navigation landmark, MagentaA11y's `<example>`),
/// an image, a rule, a video player. A table or list holding a demo, or images set side by side,
/// is the demo as a whole (a checklist item's Pass/Fail table of controls).
///
/// Every line of the block ends in `marks` or in a block: tag-only lines as the markup around the
/// prose, blank lines as blank lines. Nesting is capped (`maxDepth`) and every step is linear in
/// the block, so a crafted block costs one pass.
import KBModel

package enum HTMLProse {
    /// What a block of HTML holds.
    package struct Reading: Sendable, Equatable {
        /// Its prose, as the outline's blocks (heading levels as written).
        package var blocks: [Block] = []
        /// What became of the lines no block holds: markup, blank lines, what was set aside.
        package var marks: [Mark] = []
        /// The elements that made a demo of what was set aside (`button`, `input`), in order.
        package var demos: [String] = []

        package init() {}
    }

    package struct Mark: Sendable, Equatable {
        package var lines: ClosedRange<Int>
        package var role: LineRole
    }

    /// Elements deeper than this are read as text of the element they stand in: a crafted block
    /// nesting thousands of elements would otherwise overflow the stack of the steps after it.
    static let maxDepth = 48

    /// Elements of a live demo: what the page runs (form controls, scripts, frames, a navigation
    /// landmark of working links, a dialog), not text it says.
    static let demoElements: Set<String> = [
        "form", "input", "select", "textarea", "button", "fieldset", "option", "optgroup", "datalist", "output", "meter",
        "progress", "script", "noscript", "template", "style", "iframe", "frame", "object", "embed", "applet", "canvas",
        "nav", "dialog", "example",
    ]
    /// ARIA roles of a control written as another element (`<div role="button">`): a demo too.
    static let widgetRoles: Set<String> = [
        "button", "checkbox", "radio", "switch", "slider", "spinbutton", "textbox", "searchbox", "combobox", "listbox",
        "option", "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "tablist", "tree", "treeitem",
        "grid", "scrollbar", "dialog", "alertdialog",
    ]
    static let imageElements: Set<String> = ["img", "picture", "svg", "area", "map"]
    static let mediaElements: Set<String> = ["video", "audio", "source", "track"]
    static let headingElements: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Elements whose content is text of a paragraph of their own.
    static let paragraphElements: Set<String> = ["p", "blockquote", "figcaption", "dt", "dd", "summary", "legend", "caption",
                                                 "address"]
    static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd", "label",
        "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u",
        "var", "wbr",
    ]
    static let containerElements: Set<String> = [
        "div", "section", "article", "aside", "main", "header", "footer", "details", "figure", "center", "dl", "hgroup",
        "search", "li", "body", "html", "tbody", "thead", "tfoot", "tr", "td", "th", "colgroup", "col", "menu",
    ]
    /// Void elements: they never hold anything.
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                                            "source", "track", "wbr", "frame"]
    /// Elements whose content is text, never markup.
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]
    /// Elements whose start closes an open `<p>` (HTML's rule): a paragraph holds no block.
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre",
        "section", "table", "ul",
    ]

    /// Every element the reader knows: an HTML block opening with another tag (`<blink>`) is not
    /// guessed at (the walker leaves it unaccounted).
    package static let knownElements: Set<String> = demoElements.union(imageElements).union(mediaElements).union(headingElements)
        .union(paragraphElements).union(inlineElements).union(containerElements).union(voidElements)
        .union(["ul", "ol", "table", "pre", "hr", "p"])

    package static func read(_ html: String, line: Int) -> Reading {
        let bytes = Array(html.utf8)
        let tree = Tree(bytes, firstLine: line)
        var builder = Builder(bytes: bytes, lines: tree.lines)
        builder.flow(tree.root.children)
        builder.flushRun()
        builder.finish(firstLine: line)
        return builder.reading
    }

    // MARK: the tree

    struct Element {
        var name: String
        var children: [Node] = []
        /// Byte offsets: the `<` of the start tag; the first byte of the content; the first byte
        /// after the content (the end tag's `<`); the first byte after the end tag.
        var start: Int
        var innerStart: Int
        var innerEnd: Int
        var end: Int
        /// A demo element, or one inside it.
        var holdsDemo = false
        var holdsImage = false
        var firstDemo: String?
        /// Its ARIA role, if it has one: `<span role="img">` is an image, `<div role="button">` a control.
        var role: String?
        /// Whether a script runs it: an event handler (`onclick=`) or the site's hook (`data-fn=`).
        var scripted = false

        /// What makes it a live demo, as the trace names it (`input`, `div role="button"`,
        /// `a data-fn`), or nil for an element of text.
        var demo: String? {
            if HTMLProse.demoElements.contains(name) { return name }
            if let role, HTMLProse.widgetRoles.contains(role) { return "\(name) role=\"\(role)\"" }
            return scripted ? "\(name) run by a script" : nil
        }
    }

    indirect enum Node {
        case element(Element)
        /// Text as written, `start..<end` of the block's bytes.
        case text(start: Int, end: Int)
        /// A fenced code block written inside the HTML (the page renders it as code).
        case code(language: String?, text: String, start: Int, end: Int)

        var start: Int {
            switch self {
            case .element(let e): e.start
            case .text(let start, _), .code(_, _, let start, _): start
            }
        }

        var end: Int {
            switch self {
            case .element(let e): e.end
            case .text(_, let end), .code(_, _, _, let end): end
            }
        }
    }

    /// Where each line of the block starts, to number a byte offset.
    struct Lines {
        var starts: [Int] = [0]
        var first: Int

        func line(of offset: Int) -> Int {
            var low = 0, high = starts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return first + low
        }
    }

    /// The block parsed into elements, text and code, HTML's few implicit closes applied.
    struct Tree {
        var root = Element(name: "#root", start: 0, innerStart: 0, innerEnd: 0, end: 0)
        var lines: Lines

        init(_ bytes: [UInt8], firstLine: Int) {
            lines = Lines(first: firstLine)
            for (i, b) in bytes.enumerated() where b == 0x0A { lines.starts.append(i + 1) }
            let fences = Tree.fences(bytes, lines.starts)
            var stack: [Element] = [root]
            var text: Int?
            func flushText(_ end: Int, _ stack: inout [Element]) {
                if let start = text, start < end { stack[stack.count - 1].children.append(.text(start: start, end: end)) }
                text = nil
            }
            func close(_ stack: inout [Element], at end: Int, innerEnd: Int) {
                var done = stack.removeLast()
                done.innerEnd = innerEnd
                done.end = end
                let image = HTMLProse.imageElements.contains(done.name) || done.role == "img"
                for child in done.children {
                    guard case .element(let inner) = child else { continue }
                    done.holdsDemo = done.holdsDemo || inner.holdsDemo
                    done.holdsImage = done.holdsImage || inner.holdsImage
                    if done.firstDemo == nil { done.firstDemo = inner.firstDemo }
                }
                if let what = done.demo { done.holdsDemo = true; done.firstDemo = what }
                if image { done.holdsImage = true }
                stack[stack.count - 1].children.append(.element(done))
            }
            var i = 0
            while i < bytes.count {
                if let fence = fences[i] {
                    flushText(i, &stack)
                    stack[stack.count - 1].children.append(.code(language: fence.language, text: fence.text, start: i, end: fence.end))
                    i = fence.end
                    continue
                }
                guard bytes[i] == UInt8(ascii: "<"), let tag = Tree.tag(bytes, at: i) else {
                    if text == nil { text = i }
                    i += 1
                    continue
                }
                flushText(i, &stack)
                switch tag.kind {
                case .other:
                    break
                case .end:
                    if let index = stack.lastIndex(where: { $0.name == tag.name }), index > 0 {
                        while stack.count > index + 1 { close(&stack, at: i, innerEnd: i) }
                        close(&stack, at: tag.end, innerEnd: i)
                    }
                case .start(let selfClosing):
                    // HTML's implicit ends: a block closes an open paragraph; an item, row or cell
                    // closes the one before it.
                    if HTMLProse.closesParagraph.contains(tag.name), let p = stack.lastIndex(where: { $0.name == "p" }), p > 0,
                       stack[(p + 1)...].allSatisfy({ HTMLProse.inlineElements.contains($0.name) }) {
                        while stack.count > p { close(&stack, at: i, innerEnd: i) }
                    }
                    let siblings: [String: Set<String>] = ["li": ["li"], "tr": ["tr", "td", "th"], "td": ["td", "th"], "th": ["td", "th"],
                                                           "dt": ["dt", "dd"], "dd": ["dt", "dd"], "option": ["option"]]
                    if let closes = siblings[tag.name], let open = stack.last, closes.contains(open.name), stack.count > 1 {
                        close(&stack, at: i, innerEnd: i)
                    }
                    var element = Element(name: tag.name, start: i, innerStart: tag.end, innerEnd: tag.end, end: tag.end,
                                          role: Tree.role(bytes, from: i, to: tag.end), scripted: Tree.scripted(bytes, from: i, to: tag.end))
                    if selfClosing || HTMLProse.voidElements.contains(tag.name) || stack.count > HTMLProse.maxDepth {
                        stack.append(element)
                        close(&stack, at: tag.end, innerEnd: tag.end)
                    } else if HTMLProse.rawTextElements.contains(tag.name) {
                        let closing = Tree.find(Array("</\(tag.name)".utf8), in: bytes, from: tag.end) ?? bytes.count
                        if closing > tag.end { element.children = [.text(start: tag.end, end: closing)] }
                        let after = closing < bytes.count ? (bytes[closing...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count) : bytes.count
                        stack.append(element)
                        close(&stack, at: after, innerEnd: closing)
                        i = after
                        continue
                    } else {
                        stack.append(element)
                    }
                }
                i = tag.end
            }
            flushText(bytes.count, &stack)
            while stack.count > 1 { close(&stack, at: bytes.count, innerEnd: bytes.count) }
            root = stack[0]
        }

        enum TagKind { case start(selfClosing: Bool), end, other }

        /// The tag at `i` (`<div class="x">`, `</div>`, `<br/>`, `<!doctype>`), or nil when `<` starts no tag.
        static func tag(_ bytes: [UInt8], at i: Int) -> (name: String, kind: TagKind, end: Int)? {
            var j = i + 1
            guard j < bytes.count else { return nil }
            if bytes[j] == UInt8(ascii: "!") || bytes[j] == UInt8(ascii: "?") {
                guard let close = bytes[j...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                return ("", .other, close + 1)
            }
            let closing = bytes[j] == UInt8(ascii: "/")
            if closing { j += 1 }
            let nameStart = j
            while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
            guard j > nameStart, isLetter(bytes[nameStart]) else { return nil }
            let name = String(decoding: bytes[nameStart..<j].map { $0 | (isLetter($0) ? 0x20 : 0) }, as: UTF8.self)
            // Attributes run to the `>` outside quotes; a `<` before it, even in quotes, means this
            // was no tag (so that no scan passes another `<`: a block of `<a "` costs one pass).
            var quote: UInt8?
            while j < bytes.count {
                let b = bytes[j]
                if b == UInt8(ascii: "<") { return nil }
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    let selfClosing = j > i && bytes[j - 1] == UInt8(ascii: "/")
                    return (name, closing ? .end : .start(selfClosing: selfClosing), j + 1)
                }
                j += 1
            }
            return nil
        }

        /// The value of a start tag's `role` attribute, lower-cased (`role="img"` → `img`).
        static func role(_ bytes: [UInt8], from: Int, to: Int) -> String? {
            guard let at = find(Array(" role=".utf8), in: Array(bytes[from..<to].map { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D ? 0x20 : $0 }), from: 0) else {
                return nil
            }
            var i = from + at + 6
            guard i < to else { return nil }
            let quote = bytes[i]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") { i += 1 }
            let start = i
            while i < to, bytes[i] != quote, bytes[i] != UInt8(ascii: " "), bytes[i] != UInt8(ascii: ">") { i += 1 }
            let value = String(decoding: bytes[start..<i].map { $0 | (isLetter($0) ? 0x20 : 0) }, as: UTF8.self)
            return value.split(separator: " ").first.map(String.init)
        }

        /// Whether a start tag has an event handler (`onclick=`) or the site's script hook (`data-fn=`).
        static func scripted(_ bytes: [UInt8], from: Int, to: Int) -> Bool {
            var i = from
            while i + 4 < to {
                if isSpace(bytes[i]) {
                    let name = i + 1
                    var j = name
                    while j < to, isNameByte(bytes[j]) { j += 1 }
                    if j < to, bytes[j] == UInt8(ascii: "="), j - name >= 3 {
                        let attribute = String(decoding: bytes[name..<j].map { $0 | (isLetter($0) ? 0x20 : 0) }, as: UTF8.self)
                        if attribute == "data-fn" || (attribute.hasPrefix("on") && attribute.dropFirst(2).allSatisfy(\.isLetter)) { return true }
                    }
                }
                i += 1
            }
            return false
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        static func isNameByte(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") }

        /// Where `needle` (lower-case ASCII) next occurs, case folded.
        static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
            guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
            var i = from
            while i + needle.count <= bytes.count {
                var k = 0
                while k < needle.count, (bytes[i + k] | (isLetter(bytes[i + k]) ? 0x20 : 0)) == needle[k] { k += 1 }
                if k == needle.count { return i }
                i += 1
            }
            return nil
        }

        /// Code fences written inside the HTML, by the offset of their opening line: the page shows
        /// them as code. The code loses only its fence's indentation, as outside HTML.
        static func fences(_ bytes: [UInt8], _ starts: [Int]) -> [Int: (language: String?, text: String, end: Int)] {
            var found: [Int: (language: String?, text: String, end: Int)] = [:]
            func line(_ index: Int) -> Substring {
                let start = starts[index]
                var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                return Substring(String(decoding: bytes[start..<max(start, end)], as: UTF8.self))
            }
            var index = 0
            while index < starts.count {
                let (indent, rest) = MarkdownOutline.indentation(line(index))
                guard let open = MarkdownOutline.fenceOpening(rest), !open.hasPrefix("{%") else {
                    index += 1
                    continue
                }
                var close = index + 1
                while close < starts.count, !MarkdownOutline.closesFence(MarkdownOutline.indentation(line(close)).rest, open) { close += 1 }
                let language = rest.dropFirst(open.count).trimmingSpaces()
                let body = (index + 1..<min(close, starts.count)).map(line)
                let end = close + 1 < starts.count ? starts[close + 1] : bytes.count
                found[starts[index]] = (language.isEmpty ? nil : String(language), MarkdownOutline.dedent(body, upTo: indent), end)
                index = close + 1
            }
            return found
        }
    }

    // MARK: the tree to blocks

    struct Builder {
        let bytes: [UInt8]
        let lines: Lines
        var reading = Reading()
        /// Inline nodes read since the last block: they make one paragraph.
        var run: [Node] = []
        /// Lines that hold a block or were set aside.
        var covered = Set<Int>()

        init(bytes: [UInt8], lines: Lines) {
            self.bytes = bytes
            self.lines = lines
        }

        func raw(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[max(0, start)..<min(end, bytes.count)], as: UTF8.self)
        }

        /// The lines of the visible bytes of `start..<end` (white space at either end left out).
        func span(_ start: Int, _ end: Int) -> ClosedRange<Int>? {
            var first = start, last = end - 1
            while first <= last, isSpace(bytes[first]) { first += 1 }
            while last >= first, isSpace(bytes[last]) { last -= 1 }
            guard first <= last else { return nil }
            return lines.line(of: first)...lines.line(of: last)
        }

        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        /// Markup and text as one line of prose (markup is `TextCleaner`'s to take off).
        func prose(_ start: Int, _ end: Int) -> String {
            var out = [UInt8]()
            out.reserveCapacity(end - start)
            var space = false
            for b in bytes[start..<end] {
                if isSpace(b) { space = !out.isEmpty; continue }
                if space { out.append(0x20) }
                space = false
                out.append(b)
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func cover(_ lines: ClosedRange<Int>) {
            for line in lines { covered.insert(line) }
        }

        mutating func setAside(_ element: Element, _ reason: String) {
            let range = lines.line(of: element.start)...lines.line(of: max(element.start, element.end - 1))
            reading.marks.append(Mark(lines: range, role: .skipped(reason)))
            cover(range)
        }

        mutating func demo(_ element: Element) {
            let name = element.firstDemo ?? element.name
            if !reading.demos.contains(name) { reading.demos.append(name) }
            setAside(element, name == "example" ? "live HTML demo of the code example"
                     : "live demo in HTML (<\(name)>), not text of the page")
        }

        mutating func flow(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text:
                    run.append(node)
                case let .code(language, text, start, end):
                    flushRun()
                    let range = lines.line(of: start)...lines.line(of: max(start, end - 1))
                    reading.blocks.append(.code(language: language, text: text, line: range.lowerBound, lastLine: range.upperBound))
                    cover(range)
                case .element(let element):
                    self.element(element)
                }
            }
        }

        mutating func element(_ e: Element) {
            let name = e.name
            if HTMLProse.inlineElements.contains(name) {
                if e.holdsDemo { flushRun(); demo(e) } else { run.append(.element(e)) }
                return
            }
            flushRun()
            if HTMLProse.headingElements.contains(name) {
                let text = TextCleaner.clean(prose(e.innerStart, e.innerEnd))
                guard let range = span(e.start, e.end) else { return }
                if text.isEmpty {
                    reading.marks.append(Mark(lines: range, role: .skipped("empty HTML heading")))
                } else {
                    reading.blocks.append(.heading(level: Int(String(name.dropFirst())) ?? 4, text: text, line: range.lowerBound))
                    if range.count > 1 {
                        reading.marks.append(Mark(lines: (range.lowerBound + 1)...range.upperBound, role: .structure("heading written in HTML")))
                    }
                }
                cover(range)
            } else if e.demo != nil {
                demo(e)
            } else if HTMLProse.imageElements.contains(name) || e.role == "img" {
                setAside(e, "image on the page (a screenshot or illustration; no text of the page)")
            } else if name == "hr" {
                setAside(e, "horizontal rule")
            } else if HTMLProse.mediaElements.contains(name) {
                setAside(e, "video player and its fallback text (captions come from the .vtt files)")
            } else if e.holdsDemo && (name == "table" || name == "ul" || name == "ol" || name == "menu"
                                      || HTMLProse.paragraphElements.contains(name)) {
                // A table, list or paragraph holding controls is the demo as a whole (a checklist
                // item's Pass/Fail table of a working and a broken control).
                demo(e)
            } else if name == "table" {
                table(e)
            } else if name == "ul" || name == "ol" || name == "menu" {
                list(e)
            } else if name == "pre" {
                let text = TextCleaner.decodeEntities(raw(e.innerStart, e.innerEnd).replacingTags())
                let range = lines.line(of: e.start)...lines.line(of: max(e.start, e.end - 1))
                reading.blocks.append(.code(language: nil, text: text, line: range.lowerBound, lastLine: range.upperBound))
                cover(range)
            } else {
                // A paragraph, or a container (`<div>`, `<section>`, an element the reader does
                // not know inside one): its content is read in turn, its demos set aside there.
                flow(e.children)
                flushRun()
            }
        }

        /// The inline nodes read so far as one paragraph, if they hold any text.
        mutating func flushRun() {
            defer { run.removeAll() }
            guard let first = run.first, let last = run.last else { return }
            let text = prose(first.start, last.end)
            guard !TextCleaner.clean(text).isEmpty, let range = span(first.start, last.end) else { return }
            reading.blocks.append(.paragraph(text: text, line: range.lowerBound, lastLine: range.upperBound))
            cover(range)
        }

        /// A list's items: each item's text without its nested lists, which are its children.
        mutating func list(_ e: Element) {
            let items = listItems(e, ordered: e.name == "ol")
            if items.isEmpty { return }
            reading.blocks.append(.list(items))
            // The items' lines; the list's own tags (`<ul>`, `</ul>`) are markup.
            func cover(_ items: [ListItem], _ builder: inout Builder) {
                for item in items {
                    builder.cover(item.line...item.lastLine)
                    cover(item.children, &builder)
                }
            }
            cover(items, &self)
        }

        func listItems(_ e: Element, ordered: Bool, depth: Int = 0) -> [ListItem] {
            var items: [ListItem] = []
            for child in e.children {
                guard case .element(let item) = child else { continue }
                if item.name == "ul" || item.name == "ol" {
                    // A list straight in a list: its items are the last item's children.
                    let nested = listItems(item, ordered: item.name == "ol", depth: depth + 1)
                    if items.isEmpty { items += nested } else { items[items.count - 1].children += nested }
                    continue
                }
                var own: [Node] = []
                var children: [ListItem] = []
                for part in item.name == "li" ? item.children : [child] {
                    if case .element(let inner) = part, inner.name == "ul" || inner.name == "ol" {
                        children += listItems(inner, ordered: inner.name == "ol", depth: depth + 1)
                    } else {
                        own.append(part)
                    }
                }
                let text = own.map { prose($0.start, $0.end) }.filter { !$0.isEmpty }.joined(separator: " ")
                let range = own.lazy.compactMap { span($0.start, $0.end) }.reduce(nil as ClosedRange<Int>?) { sum, next in
                    sum.map { min($0.lowerBound, next.lowerBound)...max($0.upperBound, next.upperBound) } ?? next
                }
                if TextCleaner.clean(text).isEmpty || range == nil {
                    // An item without words: what is nested under it stands in its place.
                    items += children
                    continue
                }
                items.append(ListItem(text: text, line: range!.lowerBound, lastLine: range!.upperBound,
                                      ordinal: ordered ? items.count + 1 : nil, children: children))
            }
            return items
        }

        /// A table of text: its rows (a header row first), each with the lines it spans. Images set
        /// side by side in its cells are a demo of them.
        mutating func table(_ e: Element) {
            if e.holdsImage {
                setAside(e, "images set side by side (a pass/fail demo; no text of the page)")
                return
            }
            var rows: [TableRow] = []
            var loose: [Element] = []
            // A row is numbered from its `<tr>` (from its first cell when it has none).
            func row(_ cells: [Element], in tr: Element? = nil) {
                guard let first = cells.first, let last = tr ?? cells.last else { return }
                rows.append(TableRow(cells: cells.map { prose($0.innerStart, $0.innerEnd) }, line: lines.line(of: (tr ?? first).start),
                                     lastLine: lines.line(of: max(last.start, last.end - 1))))
            }
            func collect(_ element: Element, depth: Int) {
                for child in element.children {
                    guard case .element(let inner) = child else { continue }
                    switch inner.name {
                    case "tr":
                        row(loose); loose = []
                        row(inner.children.compactMap { if case .element(let cell) = $0, cell.name == "td" || cell.name == "th" { cell } else { nil } },
                            in: inner)
                    case "td", "th":
                        loose.append(inner)
                    case "thead", "tbody", "tfoot":
                        // A section's rows, one level deep at most (`where` would bind to tfoot alone).
                        guard depth < 2 else { break }
                        row(loose); loose = []
                        collect(inner, depth: depth + 1)
                        row(loose); loose = []
                    default:
                        break
                    }
                }
            }
            collect(e, depth: 0)
            row(loose)
            let range = lines.line(of: e.start)...lines.line(of: max(e.start, e.end - 1))
            if rows.isEmpty {
                reading.marks.append(Mark(lines: range, role: .skipped("empty table")))
            } else {
                reading.blocks.append(.table(rows: rows, line: range.lowerBound, lastLine: range.upperBound))
            }
            cover(range)
        }

        /// Every line no block holds: blank, or the markup around the prose. The block's first line
        /// also says what the block was read as.
        mutating func finish(firstLine: Int) {
            for (index, start) in lines.starts.enumerated() {
                let number = lines.first + index
                let end = index + 1 < lines.starts.count ? lines.starts[index + 1] : bytes.count
                guard !covered.contains(number) else { continue }
                let blank = bytes[start..<end].allSatisfy(isSpace)
                reading.marks.append(Mark(lines: number...number, role: .skipped(blank ? "blank line" : "HTML tags around the prose (no text)")))
            }
            let role: LineRole = reading.blocks.isEmpty ? .skipped(reading.demos.isEmpty ? "HTML block without text" : "HTML block: a live demo")
                : .structure(reading.demos.isEmpty ? "HTML block read as prose" : "HTML block read as prose, its live demo set aside")
            reading.marks.insert(Mark(lines: firstLine...firstLine, role: role), at: 0)
        }
    }
}

extension String {
    /// Tags taken off, text kept as written (a `<pre>` block's code).
    func replacingTags() -> String {
        var out = ""
        var inTag = false
        for c in self {
            if c == "<" { inTag = true; continue }
            if c == ">" && inTag { inTag = false; continue }
            if !inTag { out.append(c) }
        }
        return out
    }
}
