import A11yKB
import KBModel
@testable import KBSearch
import TestSupport
import XCTest

/// Issue 49's eleventh round: which family a question is about, when its words say it less
/// plainly than a platform's name; never from a page named. The questions are in the spirit of
/// the outsiders' sets, not theirs. Each failed before (said in each test).
extension AnswersRoundFourTests {
    // MARK: - A screen reader's platform

    /// VoiceOver reads Mac web pages too, so a word only the web uses decides the family.
    /// Before: the native search, text input and button first (VoiceOver read as iOS).
    func testAWordOnlyTheWebUsesDecidesOverAScreenReadersPlatform() throws {
        let hint = try search("VoiceOver skips the aria-describedby hint")
        XCTAssertEqual(hint.reading.platforms, [.web])
        XCTAssertEqual(order(hint).first, "web/help-hint-error", "\(order(hint))")
        // A word of the screen reader's own platform keeps it (`dimmed`: VoiceOver's word).
        let dimmed = try search("VoiceOver says dimmed on a disabled button")
        XCTAssertEqual(dimmed.reading.platforms, [.ios])
    }

    // MARK: - One family's page name asked about the other

    /// A page's name in one family, asked about the other, finds the page that is the same thing
    /// there (vocabulary/aliases.tsv, source page-heading). Before: the images guide and the
    /// decorative image first (`informative image`), the native-apps guide and the segmented
    /// control (`iframe`), the native calendar (`calendar` on the web page whose keys page).
    func testAPageNameOfOneFamilyFindsItsCounterpartInTheOther() throws {
        let image = try search("informative image in an iOS app")
        XCTAssertEqual(order(image).first, "native/graphics-visual-elements", "\(order(image))")
        let frame = try search("iframe in an Android app")
        XCTAssertEqual(order(frame).first, "native/webview", "\(order(frame))")
        let calendar = try search("keyboard page down in a calendar")
        XCTAssertEqual(order(calendar).first, "web/date-picker", "\(order(calendar))")
        // Asked where the name is the family's own, its own page stays first, not crossed to the
        // pages sharing another name with the counterpart (the figure, complex graphics).
        let own = try search("informative image on a web page")
        XCTAssertEqual(order(own).first, "web/informative-image", "\(order(own))")
        XCTAssertFalse(order(own).prefix(3).contains("web/figure"), "\(order(own))")
    }

    // MARK: - Where the question is

    /// `in the app` places the question in an app, as `on a web page` places it on the web; a
    /// web framework's app is web pages. Before: the web's text input first (`a text field shows
    /// an error in the app`); `React` was read as `reach` and the native focus page came first.
    func testTheAppAQuestionIsAskedInSaysItsFamily() throws {
        let app = try search("error on a text field in the app")
        XCTAssertEqual(Set(app.reading.platforms.map(\.family)), [.native])
        XCTAssertEqual(order(app).first, "native/field-errors", "\(order(app))")
        // Still a word of content: the native-apps guide is named by it.
        XCTAssertTrue(app.reading.terms.contains { $0.text == "app" }, "\(app.reading.terms.map(\.text))")

        let react = try search("where does focus go when the route changes in a React app")
        XCTAssertEqual(react.reading.platforms, [.web])
        XCTAssertEqual(order(react).first, "web/single-page-application", "\(order(react))")
        XCTAssertTrue(react.reading.stopWords.contains("app"), "\(react.reading.stopWords)")
        let native = try search("React Native button label")
        XCTAssertEqual(Set(native.reading.platforms.map(\.family)), [.native])
        XCTAssertEqual(order(native).first, "native/button", "\(order(native))")
    }

    // MARK: - A keyboard's words

    /// With no platform named, a keyboard's words lean toward the web's component, whose page
    /// specifies its keys; an app's page of the same control comes next. Before: the native radio
    /// button and modal first, on equal evidence.
    func testAKeyboardsWordsLeanTowardTheWebsComponent() throws {
        let radio = try search("which radio button do the arrow keys select")
        XCTAssertEqual(Array(order(radio).prefix(2)), ["web/radio-button", "native/radio-button"], "\(order(radio))")
        let dialog = try search("escape key closes the dialog")
        XCTAssertEqual(order(dialog).first, "web/modal-dialog", "\(order(dialog))")
        XCTAssertTrue(order(dialog).prefix(3).contains("native/modal"), "\(order(dialog))")
        // A platform named decides: no lean.
        let app = try search("escape key closes the dialog in the Android app")
        XCTAssertEqual(order(app).first, "native/modal", "\(order(app))")
    }

    // MARK: - A word as a sentence writes it

    /// A platform's class written capitalised (`Spinner`, Android's dropdown) is that class only
    /// as typed so; in a sentence, `spinner` is the loading spinner. Before: the dropdown first.
    /// And a word is read without the marks a sentence puts after it: before, `data,` was a term
    /// (its comma in the matched words) and `Spinner?` found no class.
    func testAWordIsReadAsTheSentenceWritesIt() throws {
        let loading = try search("does TalkBack focus the spinner in our Android app")
        XCTAssertEqual(order(loading).first, "native/loading-spinner", "\(order(loading))")
        let marked = try search("Android Spinner? data, please")
        XCTAssertEqual(order(marked).first, "native/dropdown", "\(order(marked))")
        XCTAssertFalse(marked.reading.terms.contains { $0.text.hasSuffix(",") || $0.text.hasSuffix("?") }, "\(marked.reading.terms.map(\.text))")
    }

    // MARK: - An equivalent asked for

    /// `the Android equivalent of web tabs`: the platform the equivalent is asked for is the one
    /// asked about, the other says where the thing is from, and `equivalent` is the framing.
    /// Before: the web's tabs first (both families asked about), the native button next (every
    /// native page says `equivalent`).
    func testThePlatformAnEquivalentIsAskedForIsTheOneAskedAbout() throws {
        let tabs = try search("the Android equivalent of web tabs")
        XCTAssertEqual(tabs.reading.platforms, [.android])
        XCTAssertTrue(tabs.reading.stopWords.contains("equivalent"), "\(tabs.reading.stopWords)")
        XCTAssertEqual(order(tabs).first, "native/segmented-control", "\(order(tabs))")
        // The web page's name of a thing names the app's page that covers it (vocabulary/aliases.tsv):
        let textarea = try search("textarea counterpart in Jetpack Compose")
        XCTAssertEqual(order(textarea).first, "native/text-input", "\(order(textarea))")
    }

    /// A word a title says as typed names that page before a component only an alias names by it
    /// (`textarea`: the web's multi-line input, whose title says it, then the app's text input).
    /// Before the alias was added the app's text input was not named at all; with it and without
    /// this rule, the app's text input came first (its title shorter).
    func testATitleSayingAWordComesBeforeAnAliasOfIt() throws {
        let textarea = try search("textarea")
        XCTAssertEqual(Array(order(textarea).prefix(2)), ["web/textarea-multiline-input", "native/text-input"], "\(order(textarea))")
        // Asked in an app, the alias's page is the answer: no title there says it.
        let select = try search("HTML select equivalent in an iOS app")
        XCTAssertEqual(order(select).first, "native/dropdown", "\(order(select))")
    }

    // MARK: - An element written as a tag

    /// An element written as a tag (`<details>`) names the web component it is, read through
    /// vocabulary/element-components.tsv as `explain` reads an axe-core node; asked about an app,
    /// its counterpart there. A tag named by one letter is searched by the component's name (`s`
    /// is half of every `it's`), and `tag` beside it is the user's framing, not the chip. Before:
    /// the not-sure guide first for `<details> element`, the chip first for `<s> tag`, and the
    /// native strike-through not in the first ten in an iOS app.
    func testAnElementWrittenAsATagNamesItsComponent() throws {
        let details = try search("<details> element")
        XCTAssertEqual(order(details).first, "web/expander-accordion", "\(order(details))")
        let struck = try search("<s> tag")
        XCTAssertEqual(order(struck).first, "web/strikethrough-content", "\(order(struck))")
        XCTAssertTrue(struck.reading.stopWords.contains("tag"), "\(struck.reading.stopWords)")
        let app = try search("<s> tag in an iOS app")
        XCTAssertEqual(order(app).first, "native/strike-through", "\(order(app))")
        // Markup names the web where no platform is asked, as `HTML` would: the web's link.
        let anchor = try search("<a>")
        XCTAssertEqual(order(anchor).first, "web/link", "\(order(anchor))")
        XCTAssertEqual(anchor.reading.platforms, [.web])
        let link = try search("<a> in Jetpack Compose")
        XCTAssertEqual(order(link).first, "native/link", "\(order(link))")
        // What the table says of a bare tag: its own row, else the first of its tag.
        XCTAssertEqual(QueryReading.tagComponent("<img>"), "informative-image")
        XCTAssertEqual(QueryReading.tagComponent("</a>"), "link")
        XCTAssertNil(QueryReading.tagComponent("<b>"))
        XCTAssertNil(QueryReading.tagComponent("a<b"))
    }

    // MARK: - A name made of the parts of a component's names

    /// Two words that are the first word of one alias of a component and the last of another
    /// (`busy wheel`: `busy indicator` and `spinning wheel`), which no page says as a phrase,
    /// name that component. A phrase the pages say (`alt text`) is their own words, read as
    /// before. Before: the native-apps guide first, the loading spinner not in the first three.
    func testANameMadeOfThePartsOfAComponentsNamesNamesIt() throws {
        let wheel = try search("busy wheel in an Android app")
        XCTAssertEqual(order(wheel).first, "native/loading-spinner", "\(order(wheel))")
        let said = try search("what does VoiceOver say for the busy wheel")
        XCTAssertEqual(order(said).first, "native/loading-spinner", "\(order(said))")
        XCTAssertEqual(ComponentAlias.composed("busy-wheel")?.map(\.slug).contains("loading-spinner"), true)
        XCTAssertNil(ComponentAlias.composed("busy-chart"))
        let alt = try search("alt text for an informative image in an Android app")
        XCTAssertTrue(alt.reading.terms.map(\.text).contains("alt text") || alt.reading.terms.map(\.text).contains("alt"), "\(alt.reading.terms.map(\.text))")
        XCTAssertNotEqual(order(alt).first, "how-to-test/images", "\(order(alt))")
    }
}
