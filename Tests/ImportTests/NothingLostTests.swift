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
}
