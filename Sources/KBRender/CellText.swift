/// How a comparison cell reads as text: one line per item, `Label: expectation`, quoted
/// announcements, fenced code, `⚠ gap: ... (line N)`; nested items indented, framework groups
/// under a `UIKit:` heading. Compare's table, markdown and CSV, the matrix and `show` all use it.
import KBModel
import KBQuery

extension Cell.Item {
    /// What the item is, as JSON names it.
    public var kindName: String {
        switch content {
        case .guidance: "guidance"
        case .criterion: "criterion"
        case .announcement: "announcement"
        case .transcript: "transcript"
        case .code: "code"
        case .gap: "gap"
        }
    }

    /// The item as shown.
    public var text: String {
        switch content {
        case .guidance(let text): text
        case let .criterion(label, expectation): (label.map { "\($0): " } ?? "") + expectation
        case let .announcement(text, context): "\"\(text)\"" + (context.map { " (\($0))" } ?? "")
        case let .transcript(text, screenReader): "[\(screenReader ?? "screen reader") transcript] \"\(text)\""
        case let .code(language, code, bad): (bad ? "Bad example, do not copy:\n" : "") + "```\(language ?? "")\n\(code)\n```"
        case let .gap(problem, excerpt): Cell.gapText(problem: problem, excerpt: excerpt, line: line)
        }
    }
}

extension Cell {
    /// What the cell says when it holds nothing: `no guidance written`.
    public var emptyText: String {
        switch row {
        case .aspect: "no guidance written"
        case .criteria: "no criteria written"
        case .announcements: "no announcements written"
        case .other: "nothing else written"
        case nil: ""
        }
    }

    public struct Line: Sendable, Equatable {
        public enum Style: Sendable { case text, heading, gap, empty }
        public var depth: Int
        public var text: String
        public var style: Style
        public var indented: String { String(repeating: "  ", count: depth) + text }
    }

    /// One line per item: `- text`, nested items indented two spaces per level, framework groups
    /// under a `UIKit:` heading. An empty cell says so.
    public var lines: [Line] { lines(citing: false) }

    /// `lines`; with `citing`, each item but code ends with its source line, ` (line 28)` (a gap
    /// always does).
    public func lines(citing: Bool) -> [Line] {
        if isEmpty { return [Line(depth: 0, text: emptyText, style: .empty)] }
        var out: [Line] = []
        for group in groups where !group.items.isEmpty {
            var base = 0
            if let framework = group.framework {
                out.append(Line(depth: 0, text: Cell.frameworkName(framework) + ":", style: .heading))
                base = 1
            }
            for item in group.items {
                var text = item.text
                if citing, !item.isGap, item.kindName != "code" { text += " (line \(item.line))" }
                let pieces = text.utf8.contains(0x0A)
                    ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [text]
                for (i, piece) in pieces.enumerated() {
                    out.append(Line(depth: base + item.depth, text: (i == 0 ? "- " : "  ") + piece,
                                    style: item.isGap ? .gap : .text))
                }
            }
        }
        return out
    }

    /// The cell as plain text, lines joined with `\n`: what CSV and the matrix hold.
    public var plainText: String { lines.map(\.indented).joined(separator: "\n") }

    /// `plainText`'s bytes, appended to `out` without building the lines (a matrix export writes
    /// millions of cells).
    public func appendPlainText(to out: inout [UInt8]) {
        if isEmpty {
            out.append(contentsOf: emptyText.utf8)
            return
        }
        var first = true
        func line(_ depth: Int) {
            if !first { out.append(0x0A) }
            first = false
            for _ in 0..<(depth * 2) { out.append(0x20) }
        }
        for group in groups where !group.items.isEmpty {
            var base = 0
            if let framework = group.framework {
                line(0)
                out.append(contentsOf: Cell.frameworkName(framework).utf8)
                out.append(UInt8(ascii: ":"))
                base = 1
            }
            for item in group.items {
                line(base + item.depth)
                out.append(contentsOf: "- ".utf8)
                for byte in item.text.utf8 {
                    if byte == 0x0A {
                        line(base + item.depth)
                        out.append(contentsOf: "  ".utf8)
                    } else {
                        out.append(byte)
                    }
                }
            }
        }
    }

    static func frameworkName(_ framework: Framework) -> String { framework.name }

    /// `⚠ gap: placeholder "For collapsed: Set..." (line 119)`.
    public static func gapText(problem: GapProblem, excerpt: String?, line: Int) -> String {
        let what: String
        switch problem {
        case .placeholder: what = excerpt.map { "placeholder \"\($0)\"" } ?? "empty bullet"
        case .emptySection: what = excerpt.map { "nothing written under \"\($0)\"" } ?? "empty section"
        case .templateToken: what = "template token \"_component\" left in the note"
        case .crossLink: what = excerpt.map { "\($0), not to this component's page" } ?? "Full information links to another component's page"
        }
        return "⚠ gap: \(what) (line \(line))"
    }
}
