import A11yKB
@testable import KBModel
@testable import KBRead
@testable import KBNormalize
import Foundation
import TestSupport
import XCTest

/// Issue 34's fidelity classes from the held-out audit, each on a small document written for the
/// test and, where the corpus has the case, on the real file (read at test time; the corpus's
/// sentences are never copied here).
final class FidelityRoundFourTests: XCTestCase {
    // MARK: an announcement example followed by a note that is not in parentheses

    /// `“Example” Then do this`: the quote is the announcement and what follows it its note; a
    /// sentence about a quoted word (`"Selected" is read...`) stays an explanation.
    func testAnnouncementFollowedByAPlainNoteIsTheAnnouncement() {
        let parsed = QuotedAnnouncement.parse("“Hour, Double tap to choose” Then move to the dial. Pick a value")
        XCTAssertEqual(parsed?.text, "Hour, Double tap to choose")
        XCTAssertEqual(parsed?.context, "Then move to the dial. Pick a value")
        XCTAssertEqual(QuotedAnnouncement.parse("\"Done, button\"  Closes the sheet")?.context, "Closes the sheet")
        // Explanations go on in lower case (the quote is the subject of the sentence).
        XCTAssertNil(QuotedAnnouncement.parse("\"Selected\" is read after the label on every platform"))
        XCTAssertNil(QuotedAnnouncement.parse("“Page 2 of 5” should follow each swipe"))
        // The notes already understood stay as they were.
        XCTAssertEqual(QuotedAnnouncement.parse("\"Label, button\" (disabled state)")?.context, "disabled state")
        XCTAssertEqual(QuotedAnnouncement.parse("\"Label, button\" – common pattern")?.context, "common pattern")
    }

    /// Through the normalizer: the bullet is an announcement with its note, not guidance.
    func testAnnouncementWithAPlainNoteIsNotGuidance() throws {
        let text = "# Picker\n\n## iOS Developer Notes\n\n### Announcement examples\n\n- “Hour, Double tap to choose” Then move to the dial\n"
        let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(fallbackSlug: "picker"))
        XCTAssertEqual(entry.announcements.map(\.text), ["Hour, Double tap to choose"])
        XCTAssertEqual(entry.announcements.map(\.context), ["Then move to the dial"])
        XCTAssertEqual(entry.guidance.filter { $0.line == 7 }.count, 0)
    }

    /// The real bullets (native time picker and date-time picker, both eras): every bullet of an
    /// announcement section that opens with a quote and goes on with a capital letter is an
    /// announcement whose text is the quote, none of them guidance.
    func testAnnouncementsWithPlainNotesInTheCorpus() throws {
        var checked = 0
        for (root, files) in [("magentaA11y-2026/public/content/documentation/native/controls", ["time-picker.md", "date-time-picker.md"]),
                              ("magentaA11y-2024/_checklist-native", ["time-picker.md", "date-time-picker.md"])] {
            for name in files {
                let url = try Fixtures.corpus(root).appendingPathComponent(name)
                let text = try String(contentsOf: url, encoding: .utf8)
                let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: "picker", family: .native))
                let lines = text.components(separatedBy: "\n")
                for (index, line) in lines.enumerated() {
                    let bullet = line.trimmingCharacters(in: .whitespaces)
                    guard bullet.hasPrefix("- “"), let close = bullet.dropFirst(3).firstIndex(where: { $0 == "”" || $0 == "\"" }) else { continue }
                    let after = bullet[bullet.index(after: close)...].trimmingCharacters(in: .whitespaces)
                    guard let first = after.first, first.isUppercase else { continue }
                    let quoted = String(bullet[bullet.index(bullet.startIndex, offsetBy: 3)..<close])
                    let number = index + 1
                    let found = entry.announcements.filter { $0.line == number }
                    XCTAssertEqual(found.map(\.text), [quoted], "\(url.lastPathComponent):\(number)")
                    XCTAssertFalse(found.first?.context?.isEmpty ?? true, "\(url.lastPathComponent):\(number) keeps its note")
                    XCTAssertEqual(entry.guidance.filter { $0.line == number }.count, 0, "\(url.lastPathComponent):\(number) is no guidance")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 30)
    }

    // MARK: `_(…)_` emphasis around a parenthesised note

    func testEmphasisAroundAParenthesisedNoteLosesItsUnderscores() {
        XCTAssertEqual(TextCleaner.clean("“Label, button” _(while selected)_"), "“Label, button” (while selected)")
        XCTAssertEqual(TextCleaner.clean("_[a link](https://example.com)_ and _(x)_."), "a link and (x).")
        // Identifiers keep theirs: `focused(_:)` outside code, a name with an underscore.
        XCTAssertEqual(TextCleaner.clean("use focused(_:) and my_(var)"), "use focused(_:) and my_(var)")
        XCTAssertEqual(QuotedAnnouncement.parse(TextCleaner.clean("“Label, button” _(while selected)_"))?.context, "while selected")
    }

    // MARK: `### Code examples` under a web `## Developer Notes`

    /// `## Developer Notes` heads the notes; a code section below it stands beside the aspects
    /// (its own aspect, `code-examples`, since issue 50), while text right under it is general
    /// guidance.
    func testCodeSectionUnderDeveloperNotesHasNoAspect() throws {
        let text = "# Footnote\n\n## Developer Notes\n\nA note.\n\n### Code examples\n\n```html\n<p>x</p>\n```\n\n### Focus\n\n```html\n<p>y</p>\n```\n"
        let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: "footnote", family: .web))
        XCTAssertEqual(entry.codeExamples.map(\.aspect), [.codeExamples, .focus])
        XCTAssertEqual(entry.guidance.map(\.aspect), [.general])
        // An aspect heading over a code section still gives it its aspect.
        let nested = "# Box\n\n## iOS Developer Notes\n\n### General Notes\n\n- A note.\n\n#### Code example\n\n```swift\nlet x = 1\n```\n"
        let native = try Normalizer.normalize(try DocumentReader.read(nested), hints: SourceHints(slug: "box", family: .native))
        XCTAssertEqual(native.codeExamples.map(\.aspect), [.general])
    }

    /// The real pages: footnote's and list's code examples under `## Developer Notes` have none.
    func testCodeExamplesUnderWebDeveloperNotesInTheCorpus() throws {
        let folder = try Fixtures.corpus("magentaA11y-2026/public/content/documentation/web/component")
        for name in ["footnote", "list"] {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).md"), encoding: .utf8)
            let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: name, family: .web))
            XCTAssertFalse(entry.codeExamples.isEmpty, name)
            XCTAssertEqual(entry.codeExamples.filter { $0.aspect == .general }.map(\.line), [], name)
        }
    }

    // MARK: code at column 0 with indented lines

    /// A fence at the margin keeps every line as written; a fence indented under a list item
    /// loses only that indentation (CommonMark's rule), never more.
    func testCodeKeepsItsIndentation() throws {
        let text = "# Nav\n\n## Code examples\n\n```html\n   <nav>\n      <ul></ul>\n   </nav>\n```\n\n- **UIKit**\n    ```swift\n      let a = 1\n    let b = 2\n    ```\n"
        let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: "nav", family: .web))
        XCTAssertEqual(entry.codeExamples.map(\.code), ["   <nav>\n      <ul></ul>\n   </nav>", "  let a = 1\nlet b = 2"])
    }

    /// The real pages whose fence is at the margin and whose code is indented: the stored code is
    /// the file's lines between the fences, byte for byte.
    func testCodeAtTheMarginIsVerbatimInTheCorpus() throws {
        let folder = try Fixtures.corpus("magentaA11y-2026/public/content/documentation")
        var checked = 0
        for (path, fenceLine) in [("web/component/pagination-nav.md", 64), ("web/component/modal-dialog.md", 119),
                                  ("web/component/star-rating.md", 149), ("web/page-level/skip-link.md", 67),
                                  ("native/controls/link.md", 289)] {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            XCTAssertTrue(lines[fenceLine - 1].hasPrefix("```"), "\(path):\(fenceLine) is a fence at the margin")
            let close = try XCTUnwrap(lines[fenceLine...].firstIndex { $0.hasPrefix("```") })
            let expected = lines[fenceLine..<close].joined(separator: "\n")
            let family: Family = path.hasPrefix("web") ? .web : .native
            let entry = try Normalizer.normalize(try DocumentReader.read(text), hints: SourceHints(slug: "x", family: family))
            XCTAssertEqual(entry.codeExamples.first { $0.line == fenceLine }?.code, expected, path)
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    // MARK: caption cues sharing an id prefix

    /// `ID-0`, `ID-1`: the parts of one caption. A part ending in what looks like a sentence end
    /// (an address cut at its dot, a price at its decimal point) does not end the utterance.
    func testCuesOfOneCaptionAreOneUtterance() throws {
        let vtt = """
            WEBVTT

            7f3a-0
            00:00:01.000 --> 00:00:02.000
            Address field user@example.

            7f3a-1
            00:00:02.000 --> 00:00:03.000
            org Edit text.

            9c1b-0
            00:00:04.000 --> 00:00:05.000
            Price 4.

            9c1b-1
            00:00:05.000 --> 00:00:06.000
            99 dollars.

            e2d4-0
            00:00:07.000 --> 00:00:08.000
            Submit button.
            """
        let transcript = try TranscriptReader.read(vtt, fileName: "form_IosVoiceOver-en-US.vtt")
        XCTAssertEqual(transcript.utterances.map(\.text), ["Address field user@example. org Edit text.", "Price 4. 99 dollars.", "Submit button."])
        XCTAssertEqual(transcript.utterances.map(\.spans), [[4...5, 8...9], [12...13, 16...17], [20...21]])
        // Without ids (or ids of different captions), a sentence end ends the utterance, as before.
        let plain = try TranscriptReader.read("WEBVTT\n\n00:01.000 --> 00:02.000\nOne.\n\n00:02.000 --> 00:03.000\nTwo.\n",
                                              fileName: "x_IosVoiceOver-en-US.vtt")
        XCTAssertEqual(plain.utterances.map(\.text), ["One.", "Two."])
    }

    /// Every caption file of the corpus: no utterance ends between two cues of one caption (ids
    /// `PREFIX-0`, `PREFIX-1`...).
    func testNoCorpusUtteranceEndsInsideACaption() throws {
        let folder = try Fixtures.corpus("magentaA11y-2026/public/content/assets/media/video")
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "vtt" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThan(files.count, 100)
        var joined = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = MarkdownOutline.splitLines(text).map(String.init)
            // The cue timing lines (1-based) and the caption each belongs to.
            var captionOfCue: [Int: String] = [:]
            for (index, line) in lines.enumerated() where line.contains("-->") && index > 0 {
                let id = lines[index - 1].trimmingCharacters(in: .whitespaces)
                if let dash = id.lastIndex(of: "-"), !id[id.index(after: dash)...].isEmpty,
                   id[id.index(after: dash)...].allSatisfy(\.isNumber) {
                    captionOfCue[index + 1] = String(id[..<dash])
                }
            }
            let transcript = try TranscriptReader.read(text, fileName: url.lastPathComponent)
            let firsts = transcript.utterances.flatMap { $0.spans.map(\.lowerBound) }.sorted()
            for utterance in transcript.utterances.dropFirst() {
                let start = utterance.spans[0].lowerBound
                guard let caption = captionOfCue[start], let previous = firsts.last(where: { $0 < start }) else { continue }
                XCTAssertNotEqual(captionOfCue[previous], caption, "\(url.lastPathComponent): an utterance starts inside caption \(caption) at line \(start)")
            }
            joined += transcript.utterances.filter { $0.spans.count > 1 }.count
        }
        XCTAssertGreaterThan(joined, 0)
    }

    // MARK: HTML that holds prose

    /// A guide's accordion and checklist item, written in HTML: headings, paragraphs and lists are
    /// read as prose under the step they stand in; the Pass/Fail table of controls is a live demo,
    /// set aside and said so; every line is accounted for.
    func testHTMLThatHoldsProseIsReadAsProse() throws {
        let text = """
            ## Developer Notes

            1. ## Check it

                <div class="panel">
                <h2><button data-fn="toggle">Example: a switch</button></h2>
                <div class="body">
                <h3>Scenario</h3>
                A switch ignores the arrow keys.

                <h3>What to do</h3>
                Look it up first:
                <ul>
                <li>the <a href="/x">component page</a></li>
                <li>the design system</li>
                </ul>
                </div>
                </div>

            2. ## Next step

                <div class="item">
                <h3>✓ Ensure it has a label</h3>
                <p><strong>Note:</strong> a placeholder is no label</p>
                <table><tr><th>Pass</th><th>Fail</th></tr>
                <tr><td><input id="a"><label for="a">Name</label></td><td><input></td></tr></table>
                <img src="shot.png" alt="a screenshot">
                </div>
            """
        let entry = try DocumentReader.read(text)
        let normalized = try Normalizer.normalize(entry, hints: SourceHints(slug: "guide", family: .howToTest))
        XCTAssertEqual(normalized.guidance.map { "\($0.aspect): \($0.text)" }, [
            "check-it: A switch ignores the arrow keys.",
            "check-it: Look it up first:",
            "check-it: the component page",
            "check-it: the design system",
            "next-step: Note: a placeholder is no label",
        ])
        XCTAssertEqual(normalized.guidance.map(\.parent), [nil, nil, 1, 1, nil])
        XCTAssertEqual(normalized.criteria.map { "\($0.kind): \($0.expectation)" }, ["checklist: Ensure it has a label"])
        XCTAssertEqual(normalized.ledger.unaccounted(lineCount: 28), [])
        XCTAssertEqual(normalized.ledger.roles(of: 5), [.structure("HTML block read as prose"), .skipped("HTML tags around the prose (no text)")])
        XCTAssertEqual(normalized.ledger.roles(of: 22).first, .structure("HTML block read as prose, its live demo set aside"))
        XCTAssertEqual(normalized.ledger.roles(of: 25), [.skipped("live demo in HTML (<input>), not text of the page")])
        XCTAssertEqual(normalized.ledger.roles(of: 26), [.skipped("live demo in HTML (<input>), not text of the page")])
        XCTAssertEqual(normalized.ledger.roles(of: 27), [.skipped("image on the page (a screenshot or illustration; no text of the page)")])
        // A block that is only a demo says so on its first line.
        let demo = try DocumentReader.read("## Code examples\n\n<nav aria-label=\"Breadcrumb\">\n<ol><li><a href=\"/\">Home</a></li></ol>\n</nav>\n")
        XCTAssertEqual(demo.notes, [])
        XCTAssertEqual(demo.ledger.roles(of: 3), [.skipped("HTML block: a live demo"), .skipped("live demo in HTML (<nav>), not text of the page")])
    }
}
