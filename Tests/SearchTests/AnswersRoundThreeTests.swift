import A11yKB
@testable import KBModel
@testable import KBSearch
import Foundation
import TestSupport
import XCTest

/// Issue 33 ("answers round three"), on today's checkout (native, web and the testing guides):
/// the words people really type around the pages' own words, and one component by any name.
final class AnswersRoundThreeTests: XCTestCase {
    nonisolated(unsafe) static var shared: (folder: URL, kb: KnowledgeBase)?

    /// One knowledge base of the corpus for the class (imported once).
    func corpus() throws -> KnowledgeBase {
        if let shared = Self.shared { return shared.kb }
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-round3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        _ = try kb.importFiles([corpus.path])
        Self.shared = (folder, kb)
        return kb
    }

    override class func tearDown() {
        if let folder = shared?.folder { try? FileManager.default.removeItem(at: folder) }
        shared = nil
        super.tearDown()
    }

    func search(_ query: String, limit: Int = 10, platform: String? = nil) throws -> ComponentSearchResult {
        try corpus().searchComponents(query, options: SearchOptions(platform: platform, limit: limit))
    }

    func order(_ result: ComponentSearchResult) -> [String] {
        result.components.map { "\($0.family.rawValue)/\($0.component)" }
    }

    // MARK: - Misspelt words

    /// A word no component holds with one spelling the index holds clearly nearest is searched as
    /// that spelling, and the reading says so. Before: "pasword" found nothing, "breadcrums" was
    /// not found and the breadcrumbs page was not in the first ten.
    func testAMisspeltWordIsSearchedAsTheWordMeant() throws {
        let password = try search("pasword show hide button", limit: 3)
        XCTAssertEqual(order(password).first, "web/password-input")
        XCTAssertEqual(password.reading.corrections, [SearchReading.Correction(typed: "pasword", searched: "password")])
        XCTAssertEqual(order(try search("breadcrums current page", limit: 3)).first, "web/breadcrumbs")
        // Two in one question, both corrected.
        let two = try search("paginaton curent page", limit: 3)
        XCTAssertEqual(two.reading.corrections.map(\.typed), ["paginaton", "curent"])
        XCTAssertEqual(two.reading.corrections.map(\.searched), ["pagination", "current"])
        XCTAssertTrue(["web/pagination-nav", "native/pagination-control"].contains(order(two).first ?? ""), "\(order(two))")
        // A word the index holds in another form, or a word of the vocabulary, is the user's own.
        XCTAssertEqual(try search("materials chip").reading.corrections, [])
        XCTAssertEqual(try search("flick gesture").reading.corrections, [])
    }

    func testTypingSlipsCostLessThanOtherEdits() {
        XCTAssertEqual(Spelling.slips(Array("pasword"), Array("password")), 0.5, "a doubled letter typed once")
        XCTAssertEqual(Spelling.slips(Array("buttton"), Array("button")), 0.5, "a letter typed twice")
        XCTAssertEqual(Spelling.slips(Array("svroll"), Array("scroll")), 0.5, "a neighbouring key")
        XCTAssertEqual(Spelling.slips(Array("smroll"), Array("scroll")), 1, "a key far away")
        XCTAssertEqual(Spelling.slips(Array("carousle"), Array("carousel")), 1, "two letters swapped")
        XCTAssertTrue(Spelling.neighbours("a", "q") && Spelling.neighbours("s", "w") && !Spelling.neighbours("a", "p"))
    }

    // MARK: - A word taken for a platform when it is not one

    /// "header" is an iOS trait name, but web pages say it more than native ones: a question about
    /// a sticky header is not an iOS question. Before: iOS facts first and the sticky element missed
    /// the first ten.
    func testAPlainWordThatIsAlsoOnePlatformsTermDoesNotChooseThePlatform() throws {
        let sticky = try search("sticky header covers the focused element", limit: 3)
        XCTAssertEqual(sticky.reading.platforms, [])
        XCTAssertEqual(order(sticky).first, "web/sticky-element")
        // A word only one platform's pages use keeps raising it.
        XCTAssertEqual(try search("dimmed").reading.platforms, ["ios"])
        XCTAssertEqual(try search("isHeader").reading.platforms, ["ios"])
    }

    /// "web" in "web page" (a phrase native pages say: a link that leaves the app) and "compose"
    /// the verb do not choose a platform; "Jetpack Compose" and "web" alone still do.
    func testAPlatformWordInsideAPhraseMeaningSomethingElseIsAWord() throws {
        let link = try search("link that opens a web page outside the app", limit: 3)
        XCTAssertEqual(link.reading.platforms, [], "web page is a phrase of the native pages")
        XCTAssertEqual(order(link).first, "native/link")
        XCTAssertEqual(try search("compose a message in a multiline text area").reading.platforms, [])
        XCTAssertEqual(try search("jetpack compose slider").reading.frameworks, ["jetpack-compose"])
        XCTAssertEqual(try search("slider in Compose").reading.platforms, ["android"], "capitalised mid-sentence")
        XCTAssertEqual(try search("web radio button").reading.platforms, ["web"])
        XCTAssertEqual(try search("checkbox on android").reading.platforms, ["android"])
    }
}
