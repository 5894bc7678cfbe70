import Foundation
@testable import KBModel
@testable import KBRead
import XCTest
import Yams

/// The import's byte-level fast paths must say exactly what their Character-level originals say,
/// on every string, including the ones where bytes alone would not: no-break spaces, byte-order
/// marks, a combining mark after a space (one Character), a prepended mark before one.
final class ByteScanTests: XCTestCase {
    /// Every short string over an alphabet of the awkward cases, and random longer ones.
    static func samples() -> [String] {
        let alphabet = [" ", "\t", "\u{00A0}", "\u{FEFF}", "a", "#", "é", "e\u{301}", "\u{301}", "\u{0600}", "©", "\r",
                        "\n", "\r\n", "🙂", "-"]
        var out = [""]
        for a in alphabet {
            out.append(a)
            for b in alphabet {
                out.append(a + b)
                for c in alphabet { out.append(a + b + c) }
            }
        }
        var generator = SystemRandomNumberGenerator.Seeded(seed: 20)
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 12)
            out.append((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined())
        }
        return out
    }

    /// The generic `trimmingSpaces`, the one every StringProtocol had before the byte versions.
    func byCharacters<S: StringProtocol>(_ text: S) -> S.SubSequence { text.trimmingSpaces() }

    func testTrimmingSpacesByBytesMatchesCharacters() {
        for text in Self.samples() {
            XCTAssertEqual(Array(text.trimmingSpaces().unicodeScalars), Array(byCharacters(text).unicodeScalars),
                           "String \(Array(text.unicodeScalars))")
            // A substring inside a longer line, as the outline parser trims them.
            let line = "x" + text + "y"
            let inner = line.dropFirst().dropLast()
            XCTAssertEqual(Array(inner.trimmingSpaces().unicodeScalars), Array(byCharacters(inner).unicodeScalars),
                           "Substring \(Array(text.unicodeScalars))")
        }
    }

    func testIndentationByBytesMatchesCharacters() {
        for text in Self.samples() {
            for line in [Substring(text), Substring(text + "- item"), Substring("  " + text + "x")] {
                let fast = MarkdownOutline.indentation(line)
                let slow = MarkdownOutline.indentationByCharacter(line)
                XCTAssertEqual(fast.columns, slow.columns, "\(Array(line.unicodeScalars))")
                XCTAssertEqual(Array(fast.rest.unicodeScalars), Array(slow.rest.unicodeScalars), "\(Array(line.unicodeScalars))")
            }
        }
    }

    func testListMarkerByBytesMatchesCharacters() {
        // Markers, delimiters and what may follow them, each beside the awkward cases above.
        let starts = ["-", "*", "+", "•", "◦", "▪", "1", "12", "1234567890", "123456789", "0", "7)", "3.", "1\u{301}", "-\u{301}"]
        let middles = ["", " ", "\t", "  ", "\u{00A0}", ".", ")", ". ", ") ", ".\u{00A0}", ".\t", " \u{301}", "\u{301}"]
        var lines: [String] = []
        for start in starts {
            for middle in middles {
                for end in ["", "x", "é", "\u{301}x", " y", "## heading", "\u{FEFF}"] { lines.append(start + middle + end) }
            }
        }
        for text in Self.samples().prefix(4_000) { lines += [text, "- " + text, "1." + text, "-" + text, "2)" + text] }
        for line in lines {
            let fast = MarkdownOutline.listMarker(Substring(line))
            let slow = MarkdownOutline.listMarkerByCharacter(Substring(line))
            XCTAssertEqual(fast?.ordinal, slow?.ordinal, "\(Array(line.unicodeScalars))")
            XCTAssertEqual(fast.map { Array($0.text.unicodeScalars) }, slow.map { Array($0.text.unicodeScalars) },
                           "\(Array(line.unicodeScalars))")
        }
    }

    func testContainsASCIIMatchesFoundation() {
        for text in Self.samples().prefix(6_000) {
            for haystack in [text, text + "bad-example", "bad-example" + text, "x" + text + "bad-example" + text + "y",
                             text + "bad_example", "bad-exampl" + text] {
                XCTAssertEqual(haystack.containsASCII("bad-example"), haystack.contains("bad-example"),
                               "\(Array(haystack.unicodeScalars))")
                XCTAssertEqual(Substring(haystack).containsASCII("bad-example"), Substring(haystack).contains("bad-example"))
            }
        }
    }

    /// Lines as the outline numbers them: LF, CRLF or CR ends one; no empty last line after a break.
    func testSplitLinesByOffsetsMatchesScalars() {
        func reference(_ text: String) -> [String] {
            var lines: [String] = []
            var current = String.UnicodeScalarView()
            var scalars = Array(text.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                if scalar == "\n" || scalar == "\r" {
                    lines.append(String(current))
                    current = String.UnicodeScalarView()
                    if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                } else {
                    current.append(scalar)
                }
            }
            if !current.isEmpty { lines.append(String(current)) }
            return lines
        }
        for text in Self.samples() + ["a\nb", "\n\n", "x\r\n\r\ny\r", "é\r\n🙂\n"] {
            let lines = MarkdownOutline.splitLines(text)
            XCTAssertEqual(lines.map { Array($0.unicodeScalars) }, reference(text).map { Array($0.unicodeScalars) },
                           "\(Array(text.unicodeScalars))")
        }
    }

    func testByteScansMatchTheirDefinitions() {
        for text in Self.samples() + ["WCAG 2.4.7", "see wCaG", "wwcag", "wcaxwcag", "â€™", "Ã©", "a  b", "a b", " a", "a "] {
            let bytes = Array(text.utf8)
            let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            let wcag = lower.indices.contains { lower[$0...].starts(with: Array("wcag".utf8)) }
            XCTAssertEqual(WCAGLinks.containsWCAG(text), wcag, "\(Array(text.unicodeScalars))")
            let mojibake = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC3 && [0xA2, 0x83, 0x82, 0xB0].contains($1) }
            XCTAssertEqual(TextCleaner.needsMojibakeRepair(text), mojibake, "\(Array(text.unicodeScalars))")
        }
    }

    /// The front matter is composed with the basic resolver; its coarser duplicate-key check must
    /// not refuse what the default resolver accepts, nor accept what it refuses.
    func testFrontMatterComposeKeepsYamsDuplicateKeyDecisions() throws {
        let accepted = "\"1\": quoted\n1: plain\ntitle: x\n"
        XCTAssertNoThrow(try Yams.compose(yaml: accepted))
        XCTAssertEqual(try FrontMatter.compose(accepted), try Yams.compose(yaml: accepted))
        let refused = "title: a\ntitle: b\n"
        XCTAssertThrowsError(try Yams.compose(yaml: refused))
        XCTAssertThrowsError(try FrontMatter.compose(refused)) { error in
            guard case YamlError.duplicatedKeysInMapping = error else { return XCTFail("\(error)") }
        }
        let nested = "keyboard:\n  tab: |\n    Focus moves\n  tab: again\n"
        XCTAssertThrowsError(try FrontMatter.compose(nested))
    }

    /// The same strings and line marks come out of both resolvers on a real front matter.
    func testFrontMatterParseUnchangedByResolver() throws {
        let yaml = "layout: entry\ntitle:  \"Button 12\"\ncategories: controls\nkeyboard:\n  tab: |\n    Focus moves\n  yes: true\n  1.5: 3\n"
        let parsed = try FrontMatter.parse(yaml)
        XCTAssertEqual(parsed.title, "Button 12")
        XCTAssertEqual(parsed.criteria.map(\.label), ["Tab", "Yes", "1.5"])
        XCTAssertEqual(parsed.criteria.map(\.expectation), ["Focus moves\n", "true", "3"])
    }
}

extension SystemRandomNumberGenerator {
    /// A deterministic generator (SplitMix64), so that a failing sample can be found again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
