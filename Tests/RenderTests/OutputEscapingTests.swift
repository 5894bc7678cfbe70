import A11yKB
import KBModel
@testable import KBQuery
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// The documents teams paste into trackers keep their structure whatever a knowledge base's text
/// holds: random hostile strings (line breaks, task markers, headings, HTML, links, the other
/// formats' markup, escape sequences) in every text a checklist shows leave exactly one task
/// line per item and one heading per section and group in markdown, one row per item in Jira,
/// one scenario per item in Gherkin, and no control character anywhere.
final class OutputEscapingTests: XCTestCase {
    static let pieces = ["\n", "\r\n", "\r", "- [x] ", "\n- [x] done", "* [x] ", "# ", "\n## fake", "\n### ", "<script>alert(1)</script>",
                         "](javascript:alert(1))", "[click](javascript:alert(1))", "<img src=x onerror=alert(1)>", "[", "]", "(", "`",
                         "``", "*", "_", "|", "\\", "> ", "\n> ", "1. ", "\n---\n", "\n===", "h1. ", "\nh2. x", "{code}", "||", "{{", "}}",
                         "\nFeature: x", "\nScenario: x", "\n  Then ", "@tag", "\u{1B}[2J", "\u{1B}]0;pwned\u{07}", "\u{9B}", "\u{85}",
                         "\u{2028}", "\t", "  ", "&lt;", "<!--", "-->", "text", "Focus", "é", " "]

    static func hostile(_ rng: inout SplitMix64) -> String {
        (0..<(1 + Int(rng.next() % 6))).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
    }

    /// A checklist of one to three components, every text of it hostile; `runs` counts its groups.
    static func checklist(_ rng: inout SplitMix64) -> (checklist: Checklist, runs: Int) {
        var sections: [Checklist.Section] = []
        var runs = 0
        for s in 0..<(1 + Int(rng.next() % 3)) {
            let component = ComponentFacts.Component(id: Int64(s + 1), slug: "c\(s)", title: hostile(&rng), family: .native,
                                                     category: hostile(&rng), source: "seed/c\(s).md")
            var items: [ChecklistItem] = []
            for i in 0..<(1 + Int(rng.next() % 4)) {
                let note = rng.next() % 3 == 0
                items.append(ChecklistItem(
                    id: "native/c\(s):\(i)", fingerprint: "f\(i)", kind: note ? .note : .criterion, component: "native/c\(s)",
                    componentTitle: component.title, platform: note ? .ios : nil, framework: nil,
                    group: note ? hostile(&rng) : ["keyboard", "screenreader", "gesture"][i % 3], label: hostile(&rng),
                    expectation: hostile(&rng), announcements: [hostile(&rng)], successCriteria: [], basis: .component,
                    source: "seed/c\(s).md", line: i + 1))
            }
            runs += ChecklistRendering.runs(items).count
            sections.append(Checklist.Section(component: component, items: items, gaps: []))
        }
        return (Checklist(platform: nil, framework: nil, sections: sections, missing: []), runs)
    }

    static func controls(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }.map(\.value)
    }

    /// The `|` that end cells: those no backslash escapes.
    static func pipes(_ row: String) -> Int {
        var count = 0, escaped = false
        for c in row {
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true } else if c == "|" { count += 1 }
        }
        return count
    }

    func testMarkdownKeepsOneTaskPerItemAndOneHeadingPerSection() {
        var rng = SplitMix64(seed: 34)
        for round in 0..<300 {
            let (checklist, runs) = Self.checklist(&rng)
            let footer = TeamFooter(contact: Self.hostile(&rng), ticketLink: Self.hostile(&rng))
            let text = ChecklistRendering.markdown(checklist, footer: footer, title: Self.hostile(&rng))
            let lines = text.components(separatedBy: "\n")
            XCTAssertEqual(lines.filter { $0.hasPrefix("- [") }.count, checklist.items.count, "round \(round):\n\(text)")
            XCTAssertTrue(lines.filter { $0.hasPrefix("- [") }.allSatisfy { $0.hasPrefix("- [ ] ") }, "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("#") }.count, 1 + checklist.sections.count + runs, "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix(">") || $0.hasPrefix("=") || $0.hasPrefix("* ") || $0.hasPrefix("1. ") }, [],
                           "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("---") }.count, 1, "round \(round):\n\(text)")
            // Each item's id stays in its own comment, which nothing before it closes.
            XCTAssertEqual(text.components(separatedBy: "-->").count - 1, checklist.items.count, "round \(round):\n\(text)")
            XCTAssertFalse(Self.hasMarkup(text), "round \(round):\n\(text)")
            XCTAssertEqual(Self.controls(text), [], "round \(round)")
        }
    }

    /// HTML or a link outside code spans (which show their text as written); an escaped `\]`
    /// ends no link text.
    static func hasMarkup(_ text: String) -> Bool {
        let outside = text.replacingOccurrences(of: "`[^`\n]*`", with: "", options: .regularExpression)
        return outside.contains("<script") || outside.contains("<img")
            || outside.range(of: #"(?<!\\)\]\(javascript:"#, options: .regularExpression) != nil
    }

    func testJiraKeepsOneRowPerItem() {
        var rng = SplitMix64(seed: 3434)
        for round in 0..<300 {
            let (checklist, runs) = Self.checklist(&rng)
            let text = ChecklistRendering.jira(checklist, footer: TeamFooter(contact: Self.hostile(&rng)), title: Self.hostile(&rng))
            let lines = text.components(separatedBy: "\n")
            XCTAssertEqual(lines.filter { $0.hasPrefix("| |") }.count, checklist.items.count, "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.range(of: #"^h[1-6]\. "#, options: .regularExpression) != nil }.count,
                           1 + checklist.sections.count + runs, "round \(round):\n\(text)")
            for row in lines where row.hasPrefix("| |") {
                // Seven cell boundaries: an unescaped `|` in a cell would add one.
                XCTAssertEqual(Self.pipes(row), 7, "round \(round): \(row)")
            }
            XCTAssertEqual(lines.filter { $0.hasPrefix("|") }.count, checklist.items.count + runs, "round \(round):\n\(text)")
            XCTAssertEqual(Self.controls(text), [], "round \(round)")
        }
    }

    func testGherkinKeepsOneScenarioPerItem() {
        var rng = SplitMix64(seed: 343434)
        for round in 0..<300 {
            let (checklist, _) = Self.checklist(&rng)
            let text = ChecklistRendering.gherkin(checklist, footer: TeamFooter(ticketLink: Self.hostile(&rng)), title: Self.hostile(&rng))
            let lines = text.components(separatedBy: "\n").map { String($0.drop { $0 == " " }) }
            XCTAssertEqual(lines.filter { $0.hasPrefix("Feature:") }.count, 1, "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("Scenario:") }.count, checklist.items.count, "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("Then ") }.count, checklist.items.count, "round \(round):\n\(text)")
            XCTAssertEqual(lines.filter { $0.hasPrefix("Given ") }.count, checklist.items.count, "round \(round):\n\(text)")
            // Every line is a keyword's, a comment, a tag or empty: a text never starts one of its own.
            let keywords = ["Feature:", "Scenario:", "Given ", "When ", "Then ", "And ", "#", "@"]
            XCTAssertEqual(lines.filter { line in !line.isEmpty && !keywords.contains { line.hasPrefix($0) } }, [], "round \(round):\n\(text)")
            XCTAssertFalse(text.unicodeScalars.contains { ["\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"].contains($0) }, "round \(round)")
            XCTAssertEqual(Self.controls(text), [], "round \(round)")
        }
    }

    /// Markdown tables (coverage, the MCP answers) hold a cell to its row and make no link or HTML.
    func testMarkdownTableCellsStayCells() {
        var rng = SplitMix64(seed: 34343434)
        for round in 0..<300 {
            let cells = (0..<3).map { _ in Self.hostile(&rng) }
            let text = MarkdownTable.render(header: ["a", "b", "c"], rows: [cells])
            let lines = text.components(separatedBy: "\n").filter { !$0.isEmpty }
            XCTAssertEqual(lines.count, 3, "round \(round):\n\(text)")
            XCTAssertEqual(Self.pipes(lines[2]), 4, "round \(round):\n\(text)")
            XCTAssertFalse(Self.hasMarkup(text), "round \(round):\n\(text)")
            XCTAssertEqual(Self.controls(text), [], "round \(round)")
        }
    }

    /// The one markdown escape keeps ordinary text and code spans as written.
    func testMarkdownTextKeepsOrdinaryText() {
        XCTAssertEqual(MarkdownTable.cell("Use `aria-label` on the button"), "Use `aria-label` on the button")
        // A web address is a link; any other scheme is text.
        XCTAssertEqual(MarkdownText.autolink("https://www.w3.org/WAI/WCAG22/Understanding/name-role-value"),
                       "<https://www.w3.org/WAI/WCAG22/Understanding/name-role-value>")
        XCTAssertEqual(MarkdownText.autolink("javascript:alert(1)"), "javascript:alert(1)")
        XCTAssertEqual(MarkdownText.autolink("https://x.org/<script>"), "https://x.org/&lt;script&gt;")
        XCTAssertEqual(ChecklistRendering.markdown(Checklist(platform: nil, framework: nil, sections: [], missing: []), title: "Buttons, links and tabs"),
                       "# Buttons, links and tabs\n")
    }
}

/// The one JSON string escaper, read back by an independent reader (Foundation's JSON parser):
/// whatever a string holds comes back the same, and no control character is written raw.
final class JSONStringTests: XCTestCase {
    func testEveryStringComesBackFromAJSONReader() throws {
        let strings = ["plain", "", "quote \" and \\ backslash", "line\nbreak\r\nCRLF\ttab", "e\u{301}\"after a combining accent",
                       "C1 \u{85} next line and \u{9B}[31m CSI", "separators \u{2028} \u{2029}", "\u{1B}[2J escape, \u{7F} delete",
                       "emoji 👩🏽‍💻 and ZWJ", "\r\n\"", "ends with a control \u{0}", "Ünïcödé ✓ “quotes”",
                       "\u{80}\u{9F}\u{A0}\u{A9}", "\u{2027}\u{202A}\u{20AC}\u{2029}", "\u{C2}", "ends in \u{2028}"]
        for text in strings {
            let json = "[" + JSONValue.string(text).rendered(pretty: false) + "]"
            let back = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
            XCTAssertEqual(back, [text], json)
            XCTAssertFalse(json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 },
                           "no control written raw: \(json.debugDescription)")
        }
        // Escaped where they must be, and nothing else: a no-break space, © and € stay as they are.
        XCTAssertEqual(JSONString.quoted("\u{85}\u{A0}©€\u{2029}\"\u{1}"), "\"\\u0085\u{A0}©€\\u2029\\\"\\u0001\"")
    }

    /// The escaper passes the bytes that need nothing by a table and appends runs of them whole:
    /// a character that must be escaped (or one that need not, above ASCII) at any place of a
    /// longer text is written as a scalar-by-scalar escaper writes it.
    func testEveryPlaceInALongTextIsLookedAt() {
        func escapedScalarByScalar(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let plain = "abcdefghijklmnopqrstuvw"
        for special in ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}", "é", "…", "\u{A0}", " ", "~"] {
            for place in 0...plain.count {
                let text = String(plain.prefix(place)) + special + String(plain.dropFirst(place))
                XCTAssertEqual(JSONString.quoted(text), escapedScalarByScalar(text), text.debugDescription)
            }
        }
    }
}

/// A source's link becomes an address only when it is an absolute http or https one: whatever a
/// browser would run, or strip into a scheme it runs, is no address.
final class LinkAddressTests: XCTestCase {
    func testOnlyWebAddressesComeFromASource() {
        for written in ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
                        "data:text/html,<script>alert(1)</script>", "vbscript:msgbox", "//evil.example/x", "/web-criteria/x",
                        "[click](javascript:alert(1))", "[javascript:alert(1)](/x)", "http://", "https://a b.example/", "http://x\u{0}.example",
                        "https://example.org/\"onmouseover=alert(1)"] {
            XCTAssertNil(LinkAddress.fromSource(written), written)
        }
        XCTAssertEqual(LinkAddress.fromSource("https://www.magentaa11y.com/#/web-criteria/page-level/basic-web-page"),
                       "https://www.magentaa11y.com/#/web-criteria/page-level/basic-web-page")
        XCTAssertEqual(LinkAddress.fromSource("[the guide](https://guide.example/a \"its title\")"), "https://guide.example/a")
        XCTAssertEqual(LinkAddress.fromSource("[https://www.magentaa11y.com/#/web-criteria/component/button](/web-criteria/component/button)"),
                       "https://www.magentaa11y.com/#/web-criteria/component/button", "a url relative to the source's site: the text's address")
        XCTAssertEqual(LinkAddress.fromSource("[https://site.example/a](http://other.example/b)"), "http://other.example/b", "the url first")
    }
}
