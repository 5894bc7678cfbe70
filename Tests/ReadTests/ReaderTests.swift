import A11yKB
@testable import KBRead
@testable import KBImport
import TestSupport
import XCTest

/// The readers as pure functions, no database: format detection, WCAG links, transcripts, front matter.
final class ReaderTests: XCTestCase {
    func testFormatsAreDetectedByContent() throws {
        XCTAssertEqual(DocumentReader.detect(try Fixtures.seed("reorder-data-row.jekyll.md")), .jekyll)
        XCTAssertEqual(DocumentReader.detect(try Fixtures.seed("reorder-data-row.md")), .magentaV2)
        XCTAssertEqual(DocumentReader.detect(try Fixtures.seed("table.txt")), .renderedText)
        XCTAssertEqual(DocumentReader.detect("WEBVTT\n\n00:00.000 --> 00:01.000\nHi."), .webVTT)
        XCTAssertEqual(DocumentReader.detect("  {\"web\": []}"), .contentJSON)
    }

    func testWCAGLinks() {
        let found = WCAGLinks.parse("- [WCAG 4.1.2 Name, Role, Value (Level A)](https://w3.org/x) and WCAG 2.1 1.3.1 Info and Relationships; WCAG 2.4.7 Focus Visible (AA)", line: 9)
        XCTAssertEqual(found.map(\.sc), ["4.1.2", "1.3.1", "2.4.7"])
        XCTAssertEqual(found[0].title, "Name, Role, Value")
        XCTAssertEqual(found[0].level, "A")
        XCTAssertEqual(found[0].url, "https://w3.org/x")
        XCTAssertEqual(found[1].title, "Info and Relationships")
        XCTAssertNil(found[1].level)
        XCTAssertEqual(found[2].level, "AA")
        XCTAssertEqual(WCAGLinks.parse("WCAG 2.1 compliance", line: 1), [])
        // Only a number a success criterion's is, written as one: every question reads it back typed.
        XCTAssertEqual(WCAGLinks.parse("WCAG ٤.١.٢ Name, Role, Value", line: 1), [])
        XCTAssertEqual(WCAGLinks.parse("WCAG 01.4.3 Contrast (Minimum)", line: 1).map(\.sc), ["1.4.3"])
    }

    func testTranscriptCuesJoinIntoUtterances() throws {
        let transcript = try TranscriptReader.read("WEBVTT\r\n\r\nid-1\r\n00:00:01.640 --> 00:00:03.000\r\nDon't remind me button,\r\n\r\n00:03.100 --> 00:07.360\r\nuse my location button.\r\n",
                                                   fileName: "button_IosVoiceOver-en-US.vtt")
        XCTAssertEqual(transcript.platform, .ios)
        XCTAssertEqual(transcript.screenReader, "VoiceOver")
        XCTAssertEqual(transcript.utterances, [TranscriptReader.Utterance(text: "Don't remind me button, use my location button.", startMs: 1640, endMs: 7360, line: 4,
                                                                             spans: [4...5, 7...8])])
        // Every line is accounted for: header, blank lines, the cue identifier, timings and text.
        XCTAssertEqual(transcript.ledger.roles(of: 3), [.structure("cue identifier")])
        XCTAssertEqual(transcript.ledger.unaccounted(lineCount: 2).count, 0)
        XCTAssertEqual(TranscriptReader.speaker("x-AndroidTalkback-en-US.vtt").platform, .android)
        XCTAssertEqual(TranscriptReader.speaker("checkboxVoiceOver-en-US.vtt").platform, .ios)
        XCTAssertEqual(TranscriptReader.speaker("b_WindowsNvdaChrome-en-US.vtt").screenReader, "NVDA")
        XCTAssertEqual(TranscriptReader.speaker("b_MacOsVoiceOverSafari-en-US.vtt").platform, .web)
    }

    func testFrontMatterRepairsAndRefusals() throws {
        let repaired = try FrontMatter.parse("title: \"T\"\nkeyboard:\n  tab: |\n    Moves\nspacebar: |\n    Activates\nscreenreader: \t\n  name: |\n    Clear\n")
        XCTAssertEqual(repaired.criteria.map { "\($0.kind)/\($0.label ?? "")@\($0.line)" },
                       ["keyboard/Tab@4", "keyboard/Spacebar@6", "screenreader/Name@9"])
        XCTAssertEqual(repaired.notices.map(\.line), [6])
        // Tabs as indentation are not YAML; they are read as spaces, and said so.
        let tabbed = try FrontMatter.parse("keyboard:\n\ttab: |\n\t\tMoves\n")
        XCTAssertEqual(tabbed.criteria.map(\.expectation), ["Moves\n"])
        XCTAssertEqual(tabbed.notices.map(\.kind), [.repaired])
        XCTAssertThrowsError(try FrontMatter.parse("- a\n- b\n")) { error in
            XCTAssertTrue("\(error)".contains("list, not a map"), "\(error)")
        }
        XCTAssertThrowsError(try MarkdownReader.read("---\ntitle: x\nno end\n")) { error in
            XCTAssertEqual((error as? ReadError)?.line, 1)
        }
    }
}

/// content.json's parser keeps the line of every key and value, which Foundation's does not.
final class LinedJSONTests: XCTestCase {
    func testKeysAndValuesKeepTheirLinesAndEscapesAreDecoded() throws {
        let (value, punctuation) = try LinedJSON.parse("{\n  \"web\": [\n    {\"name\": \"a\\nb \\u00e9\\ud83d\\ude00 \\\"q\\\"\"},\n    null\n  ],\n  \"n\": 1.5e3\n}\n")
        XCTAssertEqual(value.members.map { "\($0.key)@\($0.line)" }, ["web@2", "n@6"])
        let items = try XCTUnwrap(value["web"]).elements
        XCTAssertEqual(items.map(\.line), [3, 4])
        XCTAssertEqual(items[0].value["name"]?.string, "a\nb é😀 \"q\"")
        XCTAssertEqual(value["n"], .number("1.5e3"))
        XCTAssertEqual(punctuation, [1, 5, 7])
    }

    func testBadJSONIsAReadErrorWithItsLine() {
        XCTAssertThrowsError(try LinedJSON.parse("{\n  \"web\": [\n    {\"name\" \"a\"}\n  ]\n}")) { error in
            XCTAssertEqual((error as? ReadError)?.line, 3)
            XCTAssertEqual((error as? ReadError)?.message, "content.json is not valid JSON: expected ':'")
        }
        XCTAssertThrowsError(try LinedJSON.parse("{\"a\": \"unfinished"))
        XCTAssertThrowsError(try LinedJSON.parse(String(repeating: "[", count: 300)))
    }
}
