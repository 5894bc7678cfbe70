import KBModel
import KBSearch

/// What a knowledge base holds is untrusted text (anyone may hand one over; axe rules, ACT front
/// matter and markdown bodies are imported as written), so each output format makes it safe in
/// one place, and every renderer of that format goes through it:
///
/// - plain text, on a terminal or not: `TerminalText` (C0 and C1 controls dropped: no escape
///   sequence, OSC title or bell reaches a terminal; tab and line feed kept where lines may be);
///   `TextTable`, `ColumnTable` and `CSV` call it for every cell, documents on their whole text,
///   the search listings on the hits before the skin's colours are added;
/// - markdown: `MarkdownText.inline` (one line of text, no link, image, HTML, task or heading of
///   its own; code spans kept); `MarkdownTable.cell` is it, line by line, inside a table;
/// - Jira wiki markup: `ChecklistRendering.jiraCell`; Gherkin: `GherkinText.line`;
/// - HTML: `HTMLText.escape`; JSON: `JSONValue` escapes every control;
/// - one line of a diagnostic or a log: `OneLine.escaped` (controls shown as `\n`, `\xHH`).
package enum TerminalText {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Text for a terminal line: C0 and C1 controls (escape sequences, bells, line breaks)
    /// dropped, tab kept.
    package static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\t" && isControl($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 == "\t" || !isControl($0) }))
    }

    /// Text of several lines: controls dropped but tab and line feed (a CR LF is a line feed, a
    /// lone CR, which would write over the line, is dropped).
    package static func text(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\t" && $0 != "\n" && isControl($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 == "\t" || $0 == "\n" || !isControl($0) }))
    }
}

/// Text kept to one line with its controls shown, not acted on: a line break written `\n`, a
/// carriage return `\r`, a tab `\t`, any other C0 control or DEL `\xHH` (a file name or a
/// report's text may hold one). What a line of a log or a diagnostic says of such a text.
public enum OneLine {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Markdown made of a knowledge base's text: what it says, never structure.
package enum MarkdownText {
    /// One line of inline text: line breaks (LF, CR, U+2028/2029, NEL) become spaces and other
    /// controls go, so no text starts a line (a `- [x]` task, a `#` heading, a `>` quote, a
    /// `---` rule); `[` and `]` are escaped (no link, image or task box), `<` and `>` written as
    /// entities (no HTML, no autolink, no end of a `<!-- -->` comment); a backslash that would
    /// escape the next character is itself escaped. Code spans (balanced single backticks) keep
    /// their text; an unbalanced or doubled backtick is escaped. `inTable` escapes `|` as well,
    /// inside code spans too (GFM reads `\|` there).
    package static func inline(_ text: String, inTable: Bool = false) -> String {
        var scalars: [Unicode.Scalar] = []
        var previousBreak = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}":
                if !previousBreak { scalars.append(" ") }
                previousBreak = true
                continue
            case "\t": scalars.append(" ")
            default:
                if TerminalText.isControl(scalar) { continue }
                scalars.append(scalar)
            }
            previousBreak = false
        }
        let ticks = scalars.filter { $0 == "`" }.count
        let codeSpans = ticks % 2 == 0 && !zip(scalars, scalars.dropFirst()).contains { $0 == "`" && $1 == "`" }
        var out = String.UnicodeScalarView()
        var inCode = false
        for (i, scalar) in scalars.enumerated() {
            switch scalar {
            case "`":
                if codeSpans { inCode.toggle(); out.append(scalar) } else { out.append(contentsOf: "\\`".unicodeScalars) }
            case "|" where inTable: out.append(contentsOf: "\\|".unicodeScalars)
            case _ where inCode: out.append(scalar)
            case "[", "]": out.append("\\"); out.append(scalar)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\\":
                let next = i + 1 < scalars.count ? scalars[i + 1] : nil
                out.append(contentsOf: (next.map(isASCIIPunctuation) ?? true ? "\\\\" : "\\").unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A link to a web address, `<https://...>`; any other text (a `javascript:` URL) as text.
    package static func autolink(_ url: String) -> String {
        let web = (url.hasPrefix("https://") || url.hasPrefix("http://"))
            && !url.unicodeScalars.contains { $0 == "<" || $0 == ">" || $0 == " " || TerminalText.isControl($0) }
        return web ? "<\(url)>" : inline(url)
    }

    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
            || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value)
    }
}

/// Gherkin made of a knowledge base's text: a step, a title or a comment holds one line, so no
/// text starts a keyword, a tag or a table of its own.
package enum GherkinText {
    package static func line(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\t":
                if out.last != " " { out.append(" ") }
            default:
                if !TerminalText.isControl(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }
}

extension HighlightedText {
    /// The parts without control characters.
    var cleaned: HighlightedText {
        HighlightedText(parts: parts.map { part in
            switch part {
            case .plain(let text): .plain(TerminalText.clean(text))
            case .match(let text): .match(TerminalText.clean(text))
            }
        })
    }
}

extension SearchHit {
    /// The hit as a listing shows it: every text without control characters (a line break is
    /// the listing's to drop, and it does, as a space).
    var cleaned: SearchHit {
        // Foundation's replacingOccurrences bridges every text to an NSString: only a text that
        // holds a line break pays for it (a listing cleans a dozen texts a hit).
        func c(_ s: String) -> String { TerminalText.clean(s.utf8.contains(10) ? s.replacingOccurrences(of: "\n", with: " ") : s) }
        var hit = self
        hit.component = c(component); hit.title = c(title); hit.category = category.map(c)
        hit.kind = kind.map { CriterionKind(rawValue: c($0.rawValue)) }; hit.aspect = aspect.map { Aspect(rawValue: c($0.rawValue)) }
        hit.label = label.map(c)
        hit.text = c(text); hit.snippet = snippet.cleaned; hit.highlightedLabel = highlightedLabel?.cleaned
        hit.summary = summary.map(c); hit.source = c(source); hit.equivalents = equivalents.map(c)
        // What a renderer kept of the hit as it was no longer holds.
        hit.kept = nil
        return hit
    }
}
