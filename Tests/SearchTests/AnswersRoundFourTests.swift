import A11yKB
@testable import KBModel
@testable import KBSearch
import Foundation
import TestSupport
import XCTest

/// Issue 49 ("answers round four"), on today's checkout (native, web and the testing guides): one
/// question of each class the issue names, answered with the page it is about first, by general
/// readings and weights (no rule names a page or a question). Each failed before the change.
final class AnswersRoundFourTests: XCTestCase {
    func search(_ query: String, limit: Int = 5) throws -> ComponentSearchResult {
        try CorpusImports.checkout("magentaA11y-2026").0.searchComponents(query, options: SearchOptions(limit: limit))
    }

    func order(_ result: ComponentSearchResult) -> [String] {
        result.components.map { "\($0.family.rawValue)/\($0.component)" }
    }

    // MARK: - An attribute written as code

    /// `attr="value"` is one word, as `attr=value` is, and is read as the attribute and its value.
    func testAnAttributeAndItsQuotedValueAreOneWord() throws {
        XCTAssertEqual(try SearchQuery("aria-hidden=\"true\" icon").root, .all([.word("aria-hidden=true", prefix: false), .word("icon", prefix: false)]))
        XCTAssertEqual(try SearchQuery("aria-hidden=true").root, .word("aria-hidden=true", prefix: false))
        // A quote after anything else is still a phrase.
        XCTAssertEqual(try SearchQuery("hidden \"true\"").root, .all([.word("hidden", prefix: false), .phrase("true", prefix: false)]))
        XCTAssertTrue(QueryReading.attributeAndValue("aria-hidden=true")! == ("aria-hidden", "true"))
        XCTAssertTrue(QueryReading.attributeAndValue("android:enabled='false'")! == ("android:enabled", "false"))
        for none in ["=", "a==b", "=x", "x=", "plain"] { XCTAssertNil(QueryReading.attributeAndValue(none), none) }
    }

    /// Before: `accessibilityElementsHidden="yes"` found nothing ("did you mean: yet?") and
    /// `aria-hidden="true"` ranked the horizontal rule first.
    func testAnAttributeWrittenAsCodeFindsThePageAboutWhatItDoes() throws {
        let web = try search("aria-hidden=\"true\"")
        XCTAssertTrue(web.reading.plain)
        XCTAssertEqual(web.reading.terms.map(\.text), ["aria-hidden", "true"])
        XCTAssertEqual(order(web).first, "web/decorative-image", "\(order(web))")
        XCTAssertEqual(order(try search("aria-hidden=true")), order(web), "quoted or not, the same question")
        // The value is a word of its own even when it is a stop word elsewhere.
        let native = try search("accessibilityElementsHidden=\"yes\"")
        XCTAssertEqual(native.reading.terms.map(\.text), ["accessibilityElementsHidden", "yes"])
        XCTAssertEqual(order(native).first, "native/image-decorative", "\(order(native))")
        // The fact listing searches the attribute and its value as the pages write them.
        let facts = try CorpusImports.checkout("magentaA11y-2026").0.search("aria-hidden=\"true\"", options: SearchOptions(limit: 5))
        XCTAssertFalse(facts.hits.isEmpty)
    }

    // MARK: - A platform or screen-reader word keeps the platform-neutral guides

    /// A platform word raises its family and the testing guides (which hold for every platform);
    /// a screen reader's name raises the pages that speak of it; `virtual cursor`, a term of the
    /// vocabulary, is not respelt. Before: web/form, carousel and stepper first, the guide not in
    /// the first six, and `virtual` searched as `visual`.
    func testAScreenReaderWordKeepsTheScreenReaderGuideFirst() throws {
        let jaws = try search("jaws virtual cursor vs forms mode")
        XCTAssertEqual(jaws.reading.corrections, [])
        XCTAssertEqual(order(jaws).first, "how-to-test/web-screen-readers", "\(order(jaws))")
    }

    // MARK: - Task words and word sense

    /// `test`, `testing`, `app` and `using` are what a question in this knowledge base is about.
    /// Before: web/list first, the native-apps guide second.
    func testTaskWordsAreContentWords() throws {
        let talkback = try search("testing an android app with talkback")
        XCTAssertEqual(talkback.reading.stopWords, ["an", "with"])
        XCTAssertEqual(order(talkback).first, "how-to-test/native-apps", "\(order(talkback))")
    }

    /// `switch device` is a term of the vocabulary (switch access), read before the alias `switch`
    /// (the toggle). Before: the toggle switch first.
    func testASwitchDeviceIsSwitchAccessNotTheToggle() throws {
        let switchDevice = try search("android app testing with a switch device")
        XCTAssertTrue(switchDevice.reading.terms.map(\.text).contains("switch device"), "\(switchDevice.reading.terms.map(\.text))")
        XCTAssertEqual(order(switchDevice).first, "how-to-test/native-apps", "\(order(switchDevice))")
        XCTAssertFalse(order(switchDevice).prefix(3).contains("native/toggle-switch"))
    }

    // MARK: - Words the pages do not use

    /// `rotating banner` is the vocabulary's name for the carousel (vocabulary/aliases.tsv), read
    /// before the alias `banner` (the header landmark). Before: header-landmark and search first.
    func testWordsThePagesDoNotUseReachThePageByTheVocabulary() throws {
        let banner = try search("auto rotating banner")
        XCTAssertTrue(["web/carousel-slideshow", "native/carousel"].contains(order(banner).first ?? ""), "\(order(banner))")
    }

    // MARK: - A criterion named

    /// The pages named for a criterion (a word of its handle in their title) come before those
    /// that only cite it. Before: select-dropdown and radio-button above help-hint-error and
    /// field-errors.
    func testACriterionNamedRanksItsOwnTopicPagesAboveThoseCitingIt() throws {
        let errors = order(try search("3.3.1 error identification"))
        XCTAssertEqual(Set(errors.prefix(2)), ["web/help-hint-error", "native/field-errors"], "\(errors)")
        // A number alone reads the handle's words, and ranks alike.
        XCTAssertTrue(["web/help-hint-error", "native/field-errors"].contains(order(try search("3.3.1")).first ?? ""))
    }
}
