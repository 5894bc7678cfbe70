import A11yKB
import KBRender
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49, the parts left: a quoted phrase that leaves nothing matching, "did you mean" in the
/// pages' own words, and a word of one family's platforms asked about the other family, on
/// today's checkout. Each failed before the change (said in each test).
extension AnswersRoundFourTests {
    // MARK: - A quoted phrase

    /// Before: nothing ("did you mean: line, purpos, width, lines?"). A phrase the pages hold, but
    /// not beside every other word, is searched as its words, and the reading says so.
    func testAQuotedPhraseThatLeavesNothingIsSearchedAsItsWords() throws {
        let result = try search("2.4.4 Link Purpose with several \"Learn more\" links")
        XCTAssertEqual(result.reading.phrasesAsWords, ["Learn more"])
        XCTAssertTrue(result.reading.plain)
        XCTAssertTrue(order(result).prefix(3).contains("web/link"), "\(order(result))")
        XCTAssertTrue(ComponentSearchRendering.reading(result).contains {
            $0.hasPrefix("searched \"Learn more\" as its words") }, "\(ComponentSearchRendering.reading(result))")
        // A phrase that matches with the rest is searched as a phrase, as typed.
        let held = try search("\"Learn more\" link")
        XCTAssertFalse(held.components.isEmpty)
        XCTAssertEqual(held.reading.phrasesAsWords, [])
        XCTAssertFalse(held.reading.plain)
    }

    /// Before: a stem the index holds (`purpos`) was suggested, and words the pages hold (`link`)
    /// were "corrected" because the query as a whole matched nothing.
    func testASuggestionIsAWordThePagesHoldAsWritten() throws {
        let result = try search("purposs NOT link")
        XCTAssertTrue(result.components.isEmpty)
        XCTAssertEqual(result.suggestions.first, "purpose", "\(result.suggestions)")
        let kb = try CorpusImports.checkout("magentaA11y-2026").0
        let unheld = try kb.searchComponents("\"zzqq xxyy\" purpos", options: SearchOptions(limit: 5))
        XCTAssertFalse(unheld.suggestions.contains("purpos"), "\(unheld.suggestions)")
        for suggestion in unheld.suggestions + result.suggestions {
            XCTAssertFalse(try kb.searchComponents(suggestion, options: SearchOptions(limit: 1)).components.isEmpty, suggestion)
        }
    }

    // MARK: - A word of one family asked about the other

    /// Before: `website` was no platform word and `contentDescription` raised Android (captcha
    /// first); `Android Spinner in HTML` ranked the web progress indicator (a web spinner) first;
    /// `segmented control on the web` the video player.
    func testAWordOfOneFamilyAskedAboutTheOtherFindsThatFamilysPage() throws {
        let description = try search("contentDescription on a website")
        XCTAssertEqual(description.reading.platforms, [.web])
        XCTAssertEqual(order(description).first, "web/informative-image", "\(order(description))")
        XCTAssertEqual(description.reading.searchedAs, [0])
        XCTAssertTrue(description.reading.terms[0].equivalents.allSatisfy { $0.platform == nil || $0.platform == .web })

        let spinner = try search("Android Spinner in HTML")
        XCTAssertEqual(spinner.reading.platforms, [.web])
        XCTAssertEqual(order(spinner).first, "web/select-dropdown", "\(order(spinner))")
        // No word of the web's for it in the vocabulary: searched as its concept, a dropdown.
        XCTAssertEqual(spinner.reading.terms[0].equivalents.map(\.term), ["dropdown"])

        let segmented = try search("segmented control on the web")
        XCTAssertEqual(order(segmented).first, "web/tabs", "\(order(segmented))")
        XCTAssertTrue(ComponentSearchRendering.reading(segmented).contains("searched segmented control as web pages say it: tablist"),
                      "\(ComponentSearchRendering.reading(segmented))")
    }

    /// The same words asked about their own family are searched as typed: nothing is translated.
    func testAWordAskedAboutItsOwnFamilyIsSearchedAsTyped() throws {
        let spinner = try search("Android Spinner")
        XCTAssertEqual(spinner.reading.searchedAs, [])
        XCTAssertEqual(order(spinner).first.map { $0.hasPrefix("native/") }, true, "\(order(spinner))")
        let segmented = try search("segmented control iOS")
        XCTAssertEqual(segmented.reading.searchedAs, [])
        XCTAssertEqual(order(segmented).first, "native/segmented-control", "\(order(segmented))")
    }

    /// A component's name in one family's code (an HTML element, a UIKit class) asked about the
    /// other family finds that family's counterpart, and a framework names its platform as the
    /// platform's own name would. Before: the web's select first for each question about an app
    /// (`SwiftUI` and `Jetpack Compose` left the web alone preferred), and the web's switch not in
    /// the first three for `UISwitch on a website` (the native switch first).
    func testAComponentsNameInOneFamilysCodeAskedAboutTheOtherFindsItsCounterpart() throws {
        for question in ["HTML select element in SwiftUI", "what replaces an HTML select on Android", "select element in Jetpack Compose"] {
            let result = try search(question)
            XCTAssertEqual(order(result).first, "native/dropdown", "\(question): \(order(result))")
            XCTAssertEqual(Set(result.reading.platforms.map(\.family)), [.native], question)
        }
        let uiSwitch = try search("UISwitch on a website")
        XCTAssertEqual(order(uiSwitch).first, "web/toggle-switch", "\(order(uiSwitch))")
        XCTAssertEqual(uiSwitch.reading.platforms, [.web])
        // Asked about its own family, the name is that family's component.
        XCTAssertEqual(order(try search("HTML select element")).first, "web/select-dropdown")
    }

    // MARK: - A platform's class name

    /// UIKit's `UISwitch` is the toggle switch (vocabulary/aliases.tsv, platform-api), though the
    /// checkbox's and radio button's pages name it too. Before: the radio button first, the switch
    /// second (issue 49's ninth round).
    func testUIKitsSwitchClassNamesTheToggleSwitch() throws {
        let result = try search("UISwitch state not announced")
        XCTAssertEqual(order(result).first, "native/toggle-switch", "\(order(result))")
    }

    // MARK: - A quoted announcement read again as its words

    /// A quoted phrase no page says beside the other words is read again as its words; what it
    /// quotes is still what the screen reader says, word for word from its first word (`in`,
    /// otherwise a question's leading stop word): the page announcing it comes first. Before:
    /// the carousel (whose criteria name the role) first, the pagination control second.
    func testAQuotedAnnouncementKeepsItsFirstWord() throws {
        let swipe = try search("TalkBack reads \"in horizontal pager\" when I swipe")
        XCTAssertEqual(swipe.reading.phrasesAsWords, ["in horizontal pager"])
        XCTAssertEqual(order(swipe).first, "native/pagination-control", "\(order(swipe))")
        let announce = try search("does TalkBack announce \"In horizontal pager\"")
        XCTAssertEqual(order(announce).first, "native/pagination-control", "\(order(announce))")
    }
}
