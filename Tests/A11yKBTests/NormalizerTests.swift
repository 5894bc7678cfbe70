import A11yKB
import XCTest

/// Readers and normalizer as pure functions, seed by seed: no database.
final class NormalizerTests: XCTestCase {
    func normalized(_ name: String) throws -> NormalizedEntry {
        let text = try Fixtures.seed(name)
        return try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(fallbackSlug: "table"))
    }

    func testFormatsAreDetectedByContent() throws {
        XCTAssertEqual(DocumentReader.detect(try Fixtures.seed("reorder-data-row.jekyll.md")), .jekyll)
        XCTAssertEqual(DocumentReader.detect(try Fixtures.seed("reorder-data-row.md")), .magentaV2)
        XCTAssertEqual(DocumentReader.detect(try Fixtures.seed("table.txt")), .renderedText)
        XCTAssertEqual(DocumentReader.detect("WEBVTT\n\n00:00.000 --> 00:01.000\nHi."), .webVTT)
        XCTAssertEqual(DocumentReader.detect("  {\"web\": []}"), .contentJSON)
    }

    func testSeed000JekyllWithCommentsAndMojibake() throws {
        let entry = try normalized("reorder-data-row.jekyll.md")
        XCTAssertEqual(entry.component.slug, "reorder-data-row")
        // The older source has one keyboard criterion more (spacebar) than seed 004.
        XCTAssertEqual(entry.criteria.count, 9)
        XCTAssertEqual(entry.criteria.first?.label, "Tab, arrow keys or Ctl+tab")
        XCTAssertEqual(entry.criteria.first?.line, 8)
        XCTAssertTrue(entry.guidance.contains { $0.text.contains("child accessibility element’s properties") && $0.framework == "swiftui" && $0.aspect == "group" })
        XCTAssertEqual(entry.announcements.map(\.platform), ["ios", "ios", "ios"])
        // `### Groupings` is the group aspect; Role's empty UIKit and SwiftUI bullets are gaps.
        XCTAssertEqual(entry.gaps.filter { $0.aspect == "role" && $0.problem == "placeholder" }.map(\.framework),
                       ["uikit", "uikit", "swiftui", "swiftui"])
    }

    func testSeed004ConditionsTitleFamilyCategoryFromItsLink() throws {
        let entry = try normalized("reorder-data-row.md")
        XCTAssertEqual(entry.component.slug, "reorder-data-row")
        XCTAssertEqual(entry.component.title, "Reorder data row")
        XCTAssertEqual(entry.component.family, "native")
        XCTAssertEqual(entry.component.category, "controls")
        XCTAssertEqual(entry.gherkin.first?.text, "GIVEN THAT I am on a screen with a reorder data row")
        XCTAssertEqual(entry.gherkin.filter { $0.depth == 0 }.map(\.text), [
            "GIVEN THAT I am on a screen with a reorder data row",
            "Scenario: Test keyboard actions", "Scenario: Test mobile screen reader gestures",
            "Scenario: Test screen reader output on all devices", "Scenario: Test device OS settings for text resize",
        ])
        let custom = entry.guidance.filter { $0.aspect == "custom-action" }
        XCTAssertEqual(Set(custom.compactMap(\.framework)), ["android-views", "jetpack-compose"])
        XCTAssertTrue(custom.allSatisfy { $0.platform == "android" })
    }

    func testSeed003RenderedTextTakesItsSlugFromTheFileName() throws {
        let entry = try normalized("table.txt")
        XCTAssertEqual(entry.component.slug, "table")
        XCTAssertEqual(entry.component.title, "Table")
        XCTAssertEqual(entry.criteria, [])
        XCTAssertEqual(Set(entry.guidance.compactMap(\.platform)), ["ios", "android"])
        XCTAssertEqual(entry.guidance.filter { $0.platform == "ios" && $0.aspect == "general" && $0.framework == nil }.count, 12)
    }

    func testAnnouncementParsing() {
        XCTAssertEqual(Announcement.parse("\"Label, dimmed, button\" (disabled state)")?.context, "disabled state")
        XCTAssertEqual(Announcement.parse("“Label, button”")?.text, "Label, button")
        XCTAssertEqual(Announcement.parse("Close button \"Close, button\"")?.context, "Close button")
        XCTAssertNil(Announcement.parse("\"button\" in announcements below comes from the accessibility services"))
        XCTAssertNil(Announcement.parse("Options for announcements below depend on implementation."))
    }

    func testPlaceholders() {
        for text in ["", "-", "For collapsed: Set...", "For expanded...", "Expanded:", "TBD"] {
            XCTAssertNotNil(Placeholder.problem(text, hasChildren: false), text)
        }
        for text in ["To do this in Interface Builder, set the label", "N/A", "Example: To customize the focus events"] {
            XCTAssertNil(Placeholder.problem(text, hasChildren: false), text)
        }
        XCTAssertNil(Placeholder.problem("Options:", hasChildren: true))
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
    }

    func testTranscriptCuesJoinIntoUtterances() throws {
        let transcript = try TranscriptReader.read("WEBVTT\r\n\r\nid-1\r\n00:00:01.640 --> 00:00:03.000\r\nDon't remind me button,\r\n\r\n00:03.100 --> 00:07.360\r\nuse my location button.\r\n",
                                                   fileName: "button_IosVoiceOver-en-US.vtt")
        XCTAssertEqual(transcript.platform, "ios")
        XCTAssertEqual(transcript.screenReader, "VoiceOver")
        XCTAssertEqual(transcript.utterances, [TranscriptReader.Utterance(text: "Don't remind me button, use my location button.", startMs: 1640, endMs: 7360, line: 4)])
        XCTAssertEqual(TranscriptReader.speaker("x-AndroidTalkback-en-US.vtt").platform, "android")
        XCTAssertEqual(TranscriptReader.speaker("checkboxVoiceOver-en-US.vtt").platform, "ios")
        XCTAssertEqual(TranscriptReader.speaker("b_WindowsNvdaChrome-en-US.vtt").screenReader, "NVDA")
        XCTAssertEqual(TranscriptReader.speaker("b_MacOsVoiceOverSafari-en-US.vtt").platform, "web")
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
