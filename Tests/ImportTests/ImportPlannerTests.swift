@testable import KBImport
@testable import KBModel
@testable import KBStore
import XCTest

/// The import's decisions, on a `StoredState` built by hand: no database is opened here.
final class ImportPlannerTests: XCTestCase {
    let checkout = "/checkouts/magenta"

    func source(_ id: Int64, _ path: String, _ format: SourceFormat, sha: String = "old") -> StoredState.Source {
        StoredState.Source(id: id, location: SourceLocation(root: checkout, path: path), format: format, sha256: sha)
    }

    func document(_ path: String, _ format: SourceFormat, slug: String = "switch", family: Family = .native,
                  sha: String = "new") -> WritableDocument {
        let entry = NormalizedEntry(component: ComponentInfo(slug: slug, title: slug.capitalized, family: family))
        return WritableDocument(path: checkout + "/" + path, root: checkout, sha256: sha, byteCount: 10, format: format,
                                content: .components([entry]))
    }

    func caption(_ path: String, slug: String = "switch", sha: String = "cues") -> WritableDocument {
        WritableDocument(path: checkout + "/" + path, root: checkout, sha256: sha, byteCount: 10, format: .webVTT,
                         content: .transcript(slug: slug, family: .native, [AnnouncementFact(text: "Switch, on", origin: .transcript, line: 3)]))
    }

    /// A Jekyll source holds `switch`.
    var jekyllHoldsSwitch: StoredState {
        StoredState(sources: [source(1, "_checklist-native/switch.md", .jekyll)],
                    components: [StoredState.Component(id: 7, key: StoredState.ComponentKey(.native, "switch"), sourceID: 1)])
    }

    /// A file that held a component and now holds rules (replaced by an ACT rule file) gives the
    /// component up; its rules replace what it gave before; W3C's criteria fill the catalogue.
    func testAStandardsFileReplacesItsRulesAndGivesUpComponents() {
        var planner = ImportPlanner(jekyllHoldsSwitch)
        let rule = RuleEntry(kind: .act, slug: "97a4e1", line: 1)
        let document = WritableDocument(path: checkout + "/_checklist-native/switch.md", root: checkout, sha256: "rules", byteCount: 10,
                                        format: .actRule, content: .standards(rules: [rule], criteria: []))
        let plan = planner.plan(document)
        XCTAssertTrue(plan.operations.contains(.removeComponent(id: 7)), "\(plan.operations)")
        XCTAssertTrue(plan.operations.contains(.replaceRules(sourceID: 1, [rule])))
        XCTAssertFalse(plan.operations.contains { if case .upsertCatalogue = $0 { true } else { false } })
        XCTAssertTrue(plan.outcomes.contains(.standards(path: document.path, rules: 1, criteria: 0, format: .actRule)))

        let criterion = WCAGCriterionInfo(sc: "4.1.2", w3cID: "name-role-value", title: "Name, Role, Value", level: "A", guideline: "4.1",
                                          guidelineTitle: "Compatible", principle: "4", principleTitle: "Robust", version: "2.0",
                                          status: "active", position: 0)
        let wcag = planner.plan(WritableDocument(path: "/w3c/wcag.json", root: "/w3c", sha256: "w", byteCount: 10, format: .wcagJSON,
                                                 content: .standards(rules: [], criteria: [criterion])))
        XCTAssertTrue(wcag.operations.contains(.upsertCatalogue(sourceID: 2, [criterion])))
        XCTAssertTrue(wcag.operations.contains(.replaceRules(sourceID: 2, [])))
    }

    func testTodaysMarkdownWinsOverJekyll() {
        var planner = ImportPlanner(jekyllHoldsSwitch)
        let plan = planner.plan(document("public/content/documentation/native/controls/switch.md", .magentaV2))
        XCTAssertTrue(plan.operations.contains(.supersede(sourceID: 1, winnerID: 2)), "\(plan.operations)")
        XCTAssertTrue(plan.operations.contains { if case .takeOverComponent(7, _, 2, 1) = $0 { true } else { false } })
        XCTAssertEqual(plan.outcomes.first { if case .superseded = $0 { true } else { false } },
                       .superseded(component: "switch", winner: checkout + "/public/content/documentation/native/controls/switch.md",
                                   superseded: checkout + "/_checklist-native/switch.md"))
        XCTAssertEqual(planner.stored.components[StoredState.ComponentKey(.native, "switch")]?.sourceID, 2)
    }

    func testJekyllImportedLaterStillLoses() {
        var stored = StoredState(sources: [source(1, "public/content/documentation/native/controls/switch.md", .magentaV2)],
                                 components: [StoredState.Component(id: 7, key: StoredState.ComponentKey(.native, "switch"), sourceID: 1)])
        stored.lastComponentID = 7
        var planner = ImportPlanner(stored)
        let plan = planner.plan(document("_checklist-native/switch.md", .jekyll))
        XCTAssertTrue(plan.operations.contains(.supersede(sourceID: 2, winnerID: 1)), "\(plan.operations)")
        XCTAssertFalse(plan.operations.contains { if case .insertFacts = $0 { true } else { false } }, "the loser's facts are not written")
        XCTAssertEqual(planner.stored.components[StoredState.ComponentKey(.native, "switch")]?.sourceID, 1)
        XCTAssertEqual(planner.stored.sources[2]?.supersededBy, 1)
    }

    func testOnATieTheNewcomerWins() {
        XCTAssertFalse(ImportPlanner.keeps(owner: .magentaV2, over: .contentJSON))
        XCTAssertFalse(ImportPlanner.keeps(owner: .jekyll, over: .jekyll))
        XCTAssertTrue(ImportPlanner.keeps(owner: .jekyll, over: .renderedText))
        XCTAssertFalse(ImportPlanner.keeps(owner: .renderedText, over: .magentaV2))
    }

    func testTheSameFileImportedAgainReplacesItsOwnFacts() {
        var planner = ImportPlanner(jekyllHoldsSwitch)
        let plan = planner.plan(document("_checklist-native/switch.md", .jekyll))
        XCTAssertEqual(plan.operations.first, .upsertSource(id: 1, location: SourceLocation(root: checkout, path: "_checklist-native/switch.md"),
                                                            format: .jekyll, sha256: "new", bytes: 10, isNew: false))
        XCTAssertTrue(plan.operations.contains { if case .takeOverComponent(7, _, 1, 1) = $0 { true } else { false } })
        XCTAssertFalse(plan.operations.contains { if case .supersede = $0 { true } else { false } })
        XCTAssertEqual(plan.outcomes.first, .replaced(path: checkout + "/_checklist-native/switch.md", component: "switch", format: .jekyll))
    }

    func testAComponentASourceNoLongerDescribesIsRemovedAndItsCaptionsForgotten() {
        var stored = jekyllHoldsSwitch
        stored.add(source(2, "public/content/assets/media/video/native/switch/a.vtt", .webVTT, sha: "cues"))
        stored.captions[7] = [2]
        var planner = ImportPlanner(stored)
        let plan = planner.plan(document("_checklist-native/switch.md", .jekyll, slug: "toggle"))
        XCTAssertEqual(Array(plan.operations.suffix(2)), [.forget(sourceIDs: [2]), .removeComponent(id: 7)])
        XCTAssertTrue(plan.outcomes.contains(.removed(path: checkout + "/_checklist-native/switch.md", component: "switch", format: .jekyll)))
        XCTAssertEqual(planner.stored.sources[2]?.sha256, "", "the caption is read again next time")
    }

    func testTheSameCaptionFromAnotherCopyReplacesTheOne() {
        var stored = jekyllHoldsSwitch
        stored.add(StoredState.Source(id: 2, location: SourceLocation(root: "/elsewhere", path: "media/video/native/switch/a.vtt"),
                                      format: .webVTT, sha256: "other bytes"))
        stored.captions[7] = [2]
        var planner = ImportPlanner(stored)
        let plan = planner.plan(caption("public/content/assets/media/video/native/switch/a.vtt"))
        XCTAssertTrue(plan.operations.contains(.removeCaptions(sourceID: 2, componentID: 7)))
        XCTAssertTrue(plan.operations.contains(.supersede(sourceID: 2, winnerID: 3)))
        XCTAssertTrue(plan.operations.contains { if case .appendCaptions(7, 3, _) = $0 { true } else { false } })
        XCTAssertEqual(planner.stored.captions[7], [3])
    }

    func testCaptionsOfNoComponentAreSkippedAndTheirSourceDropped() {
        var planner = ImportPlanner(jekyllHoldsSwitch)
        let plan = planner.plan(caption("public/content/assets/media/video/native/radio/a.vtt", slug: "radio"))
        XCTAssertEqual(plan.operations.last, .removeSource(id: 2))
        XCTAssertTrue(plan.outcomes.contains { if case .skipped(_, let reason) = $0 { reason.contains("\"radio\"") } else { false } })
        XCTAssertNil(planner.stored.sourceIDs[checkout + "/public/content/assets/media/video/native/radio/a.vtt"])
    }

    func testAGoneSourceTakesItsComponentsAndReleasesWhatItSuperseded() {
        var stored = jekyllHoldsSwitch
        stored.add(StoredState.Source(id: 3, location: SourceLocation(root: checkout, path: "switch.txt"), format: .renderedText,
                                      sha256: "text", supersededBy: 1))
        var planner = ImportPlanner(stored)
        let plan = planner.remove([checkout + "/_checklist-native/switch.md", checkout + "/not-stored.md"])
        XCTAssertEqual(plan.operations, [.removeComponent(id: 7), .forget(sourceIDs: [3]), .removeSource(id: 1)])
        XCTAssertEqual(plan.outcomes, [.removed(path: checkout + "/_checklist-native/switch.md", component: "switch", format: .jekyll)])
        XCTAssertNil(planner.stored.sources[3]?.supersededBy)
    }

    func testTheSummaryIsMadeOfThePlan() {
        var planner = ImportPlanner(StoredState())
        var summary = ImportSummary()
        summary.record(planner.plan(document("public/content/documentation/native/controls/switch.md", .magentaV2)))
        XCTAssertEqual(summary.added, [ImportSummary.Item(path: checkout + "/public/content/documentation/native/controls/switch.md",
                                                          component: "switch", format: .magentaV2)])
        XCTAssertTrue(summary.superseded.isEmpty && summary.removed.isEmpty)
    }

    /// Two sources of one format describing one slug from different category folders are two
    /// documents (two checkouts laid out differently): the newcomer is kept under its folder's slug,
    /// and said so; nothing is superseded. The same folder is the same document, superseded as ever.
    func testOneSlugFromAnotherFolderIsAnotherDocument() {
        var stored = StoredState(sources: [source(1, "public/content/documentation/how-to-test/components/keyboard-focus.md", .magentaV2)],
                                 components: [StoredState.Component(id: 7, key: StoredState.ComponentKey(.howToTest, "keyboard-focus"),
                                                                    sourceID: 1, category: "components")])
        stored.lastComponentID = 7
        var planner = ImportPlanner(stored)
        var other = document("public/content/documentation/how-to-test/page-level/keyboard-focus.md", .magentaV2, slug: "keyboard-focus",
                             family: .howToTest)
        other.root = "/checkouts/other"
        other.path = "/checkouts/other/public/content/documentation/how-to-test/page-level/keyboard-focus.md"
        if case .components(var entries) = other.content { entries[0].component.category = "page-level"; other.content = .components(entries) }
        let plan = planner.plan(other)
        XCTAssertFalse(plan.operations.contains { if case .supersede = $0 { true } else { false } }, "\(plan.operations)")
        XCTAssertTrue(plan.operations.contains { if case let .insertComponent(8, info, 2) = $0 { info.slug == "page-level-keyboard-focus" } else { false } },
                      "\(plan.operations)")
        XCTAssertTrue(plan.outcomes.contains { if case let .notice(_, _, message) = $0 { message.contains("page-level-keyboard-focus") } else { false } })
        XCTAssertEqual(planner.stored.components[StoredState.ComponentKey(.howToTest, "keyboard-focus")]?.sourceID, 1)

        // A copy of the first checkout elsewhere: the same folder, the same document.
        var copy = document("public/content/documentation/how-to-test/components/keyboard-focus.md", .magentaV2, slug: "keyboard-focus",
                            family: .howToTest)
        copy.root = "/checkouts/copy"
        copy.path = "/checkouts/copy/public/content/documentation/how-to-test/components/keyboard-focus.md"
        if case .components(var entries) = copy.content { entries[0].component.category = "components"; copy.content = .components(entries) }
        let again = planner.plan(copy)
        XCTAssertTrue(again.operations.contains(.supersede(sourceID: 1, winnerID: 3)), "\(again.operations)")
    }
}
