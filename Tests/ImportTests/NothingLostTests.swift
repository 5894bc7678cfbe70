import A11yKB
@testable import KBStore
@testable import KBImport
@testable import KBResources
@testable import KBSearch
import Foundation
import GRDB
import TestSupport
import XCTest

/// Issue 34, "Nothing lost": what today's readers make of a file reaches a knowledge base imported
/// by yesterday's, and nothing the import says it kept is missing.
final class NothingLostTests: XCTestCase {
    /// Migration 0020 forgets the hash of every document and caption file (their readers changed),
    /// so the next import reads them again; the standards' files read as before and keep theirs.
    func testMigration0020ForgetsEveryDocumentAndCaption() throws {
        let path = try Fixtures.temporaryFolder(self).appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in EmbeddedResources.migrations where migration.name < "0020" {
                try db.execute(sql: String(decoding: migration.sql, as: UTF8.self))
                try SearchIndex.followUp(migration.name, db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.name])
            }
            try db.execute(sql: """
                INSERT INTO sources (id, path, format, sha256, bytes, imported_at) VALUES
                    (1, 'a.md', 'magenta-v2', 'a', 1, 't'), (2, 'b.md', 'jekyll', 'b', 1, 't'),
                    (3, 'c.txt', 'rendered-text', 'c', 1, 't'), (4, 'content.json', 'content-json', 'd', 1, 't'),
                    (5, 'x_IosVoiceOver-en-US.vtt', 'webvtt', 'e', 1, 't'), (6, 'rule.md', 'act-rule', 'f', 1, 't'),
                    (7, 'wcag.json', 'wcag-json', 'g', 1, 't');
                """)
        }
        try queue.close()
        let kb = try KnowledgeBase(path: path)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT format || '=' || sha256 FROM sources ORDER BY id"),
                       ["magenta-v2=", "jekyll=", "rendered-text=", "content-json=", "webvtt=", "act-rule=f", "wcag-json=g"])
    }

    /// The guide of "Scenario / What to do" accordions (`<h3>` inside `<div>`s): every line of text
    /// inside an accordion's body is a fact (the paragraphs, the list items; 24 and more), none is
    /// set aside as a demo, and no line is unaccounted for.
    func testGuideAccordionsAreReadAsProse() throws {
        let file = try Fixtures.corpus("magentaA11y-2026")
            .appendingPathComponent("public/content/documentation/how-to-test/test-type/not-sure-if-it-is-an-issue.md")
        let trace = try XCTUnwrap(try KnowledgeBase.trace([file.path]).first)
        XCTAssertEqual(trace.components, ["how-to-test/not-sure-if-it-is-an-issue"])
        XCTAssertEqual(trace.count(.unaccounted), 0)
        // The lines of text in the accordions' bodies, found without the importer's readers: a
        // line between `accordion__body` and its `</div>` with words outside tags, not a heading.
        var inBody = false, fence = false
        var textLines: [Int] = []
        for line in trace.lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if trimmed.contains("accordion__body") { inBody = true; continue }
            guard inBody else { continue }
            if trimmed.hasPrefix("```") { fence.toggle(); continue }
            if fence { continue }
            if trimmed == "</div>" { inBody = false; continue }
            let words = trimmed.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespaces)
            if !words.isEmpty, !trimmed.hasPrefix("<h") { textLines.append(line.number) }
        }
        XCTAssertGreaterThanOrEqual(textLines.count, 24)
        for number in textLines {
            let line = trace.lines[number - 1]
            XCTAssertEqual(line.disposition, .fact, "line \(number): \(line.details)")
            XCTAssertEqual(line.table, "guidance", "line \(number)")
        }
        XCTAssertEqual(trace.lines.filter { $0.details.contains { $0.contains("demo") } }.map(\.number), [])
        // The paragraphs stand under the numbered step they are written in.
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM v_guidance WHERE family = 'how-to-test' AND component = 'not-sure-if-it-is-an-issue'
            AND line IN (\(textLines.map(String.init).joined(separator: ",")))
            """), textLines.count)
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT DISTINCT aspect FROM v_guidance WHERE family = 'how-to-test' AND component = 'not-sure-if-it-is-an-issue'
            AND line IN (\(textLines.map(String.init).joined(separator: ","))) AND aspect LIKE 'example%'
            """), [], "an accordion's heading is no step of its own")
    }

    /// Every how-to-test guide and web entry of the 2026 checkout: the lines that hold a form
    /// control are set aside as a live demo, and the trace names it; each checklist item's block
    /// says it was read as prose; a checklist item's note (`<p><strong>Note:</strong>`) is guidance.
    func testDemosAreSetAsideAndProseKeptInEveryGuide() throws {
        let folder = try Fixtures.corpus("magentaA11y-2026").appendingPathComponent("public/content/documentation")
        let traces = try KnowledgeBase.trace([folder.appendingPathComponent("how-to-test").path,
                                              folder.appendingPathComponent("web/component/breadcrumbs.md").path])
        var controls = 0, items = 0, notes = 0
        for trace in traces {
            XCTAssertEqual(trace.count(.unaccounted), 0, trace.path)
            for line in trace.lines {
                let trimmed = line.text.trimmingCharacters(in: .whitespaces)
                if ["<input", "<select", "<textarea", "<nav"].contains(where: trimmed.hasPrefix), line.table != "code_examples" {
                    // In a checklist item's demo, in a page's own demo, or in an `<example>`.
                    XCTAssertEqual(line.disposition, .skipped, "\(trace.path):\(line.number)")
                    XCTAssertTrue(line.details.contains { $0.hasPrefix("live demo in HTML (<") || $0 == "live HTML demo of the code example" },
                                  "\(trace.path):\(line.number): \(line.details)")
                    controls += 1
                }
                if trimmed.hasPrefix("<div class=\"how-to-test-checklist-item\"") {
                    XCTAssertTrue(line.details.contains { $0.hasPrefix("HTML block read as prose") }, "\(trace.path):\(line.number): \(line.details)")
                    items += 1
                }
                if trimmed.hasPrefix("<p><strong>Note:</strong>") {
                    XCTAssertEqual(line.table, "guidance", "\(trace.path):\(line.number): \(line.details)")
                    notes += 1
                }
            }
        }
        XCTAssertGreaterThan(controls, 20)
        XCTAssertGreaterThan(items, 20)
        XCTAssertGreaterThan(notes, 10)
    }

    // MARK: one file name in two folders

    /// A checkout whose how-to-test guides live in category folders, `pages` being (folder, name,
    /// words) of each; a guide's words make its one note.
    func guides(_ pages: [(String, String, String)], in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("magenta")
        for (category, name, words) in pages {
            let dir = root.appendingPathComponent("public/content/documentation/how-to-test/\(category)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try "## General Notes\n\n\(words)\n".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Two guides of one file name in two folders, with different words, are two components: the
    /// folder qualifies the slug of both (`components-keyboard-focus`, `page-level-keyboard-focus`),
    /// neither supersedes the other; a guide whose name is its folder's alone keeps its slug.
    func testTwoGuidesOfOneNameInTwoFoldersAreBothKept() throws {
        let root = try guides([("components", "keyboard-&-focus.md", "Tab through each control of the widget."),
                               ("page-level", "keyboard-&-focus.md", "Tab through the whole page in order."),
                               ("components", "color-contrast.md", "Measure the text against its background.")],
                              in: try Fixtures.temporaryFolder(self))
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([root.path])
        XCTAssertTrue(summary.errors.isEmpty, "\(summary.errors)")
        XCTAssertEqual(summary.superseded.count, 0, "\(summary.superseded)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug || ' ' || category FROM components WHERE family = 'how-to-test' ORDER BY slug"),
                       ["color-contrast components", "components-keyboard-focus components", "page-level-keyboard-focus page-level"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT component || ': ' || text FROM v_guidance ORDER BY component"), [
            "color-contrast: Measure the text against its background.",
            "components-keyboard-focus: Tab through each control of the widget.",
            "page-level-keyboard-focus: Tab through the whole page in order.",
        ])
        // Imported again: unchanged, still two.
        let again = try Importer(kb).importPaths([root.path])
        XCTAssertEqual(again.superseded.count, 0)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM components WHERE family = 'how-to-test'"), 3)
    }

    /// A clash that appears later (a second folder gains a guide of an existing guide's name)
    /// renames the existing guide: the rename is kept (`component_renames`), so a saved plan and
    /// `show` that name the old slug find it under the new one. A guide without a clash keeps its
    /// slug throughout.
    func testAClashThatAppearsRenamesAndPlansFollow() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let root = try guides([("test-type", "keyboard-&-focus.md", "Tab through each control of the widget."),
                               ("test-type", "color-contrast.md", "Measure the text against its background.")], in: folder)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(kb).importPaths([root.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components ORDER BY slug"), ["color-contrast", "keyboard-focus"])
        try kb.savePlan("release", checklist: try kb.checklist(["how-to-test/keyboard-focus", "how-to-test/color-contrast"]))

        _ = try guides([("page-level", "keyboard-&-focus.md", "Tab through the whole page in order.")], in: folder)
        let summary = try Importer(kb).importPaths([root.path])
        XCTAssertEqual(summary.superseded.count, 0, "\(summary.superseded)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components ORDER BY slug"),
                       ["color-contrast", "page-level-keyboard-focus", "test-type-keyboard-focus"])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT family || '/' || slug || ' -> ' || now_slug FROM component_renames"),
                       ["how-to-test/keyboard-focus -> test-type-keyboard-focus"])
        XCTAssertEqual(try kb.component("how-to-test/keyboard-focus").component.slug, "test-type-keyboard-focus")
        let (_, checklist) = try kb.plan("release")
        XCTAssertEqual(checklist.missing, [])
        XCTAssertEqual(checklist.sections.map(\.component.slug), ["test-type-keyboard-focus", "color-contrast"])
    }

    /// content.json's categories are its folders: one name in two categories of a family is two
    /// pages, each under its category's slug, as in a checkout (one mechanism, `Slug.qualified`).
    func testOneNameInTwoContentJSONCategoriesIsTwoPages() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("content.json")
        try """
            {"web": [
              {"name": "component", "children": [{"name": "menu", "label": "Menu", "generalNotes": "Arrow keys move through the items."}]},
              {"name": "page-level", "children": [{"name": "menu", "label": "Menu", "generalNotes": "The site menu is a navigation landmark."},
                                                  {"name": "footer", "label": "Footer", "generalNotes": "One footer per page."}]}
            ]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(kb).importPaths([file.path])
        XCTAssertTrue(summary.errors.isEmpty, "\(summary.errors)")
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug || ': ' || (SELECT text FROM guidance g WHERE g.component_id = c.id) FROM components c ORDER BY slug"), [
            "component-menu: Arrow keys move through the items.",
            "footer: One footer per page.",
            "page-level-menu: The site menu is a navigation landmark.",
        ])
    }
}
