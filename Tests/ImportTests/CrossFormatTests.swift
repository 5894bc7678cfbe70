import A11yKB
@testable import KBRead
@testable import KBStore
@testable import KBImport
import Foundation
import GRDB
import TestSupport
import XCTest

/// The same component read from today's markdown and from the site's content.json yields the
/// same facts. The content.json is written here from the corpus's own markdown, the way the site's
/// build lays it out: a field per section (`generalNotes`, `condensed`, `gherkin`, `videos`,
/// `iosDeveloperNotes`, `androidDeveloperNotes`), every other section, its `##` heading with it,
/// into `developerNotes`.
final class CrossFormatTests: XCTestCase {
    static let fields = ["General Notes": "generalNotes", "Condensed": "condensed", "Gherkin": "gherkin", "Videos": "videos",
                         "iOS Developer Notes": "iosDeveloperNotes", "Android Developer Notes": "androidDeveloperNotes"]

    /// A document's fields, or nil when it has text before its first `##` section (no field holds it).
    static func fields(_ document: CorpusDocuments.Document) -> [String: String]? {
        var fields: [String: [String]] = [:]
        var current: String?
        var fence = false, comment = false
        for line in document.lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !comment, trimmed.hasPrefix("```") { fence.toggle() }
            if !fence, trimmed.contains("<!--") { comment = !trimmed.contains("-->") }
            else if comment, trimmed.contains("-->") { comment = false }
            if !fence, !comment, line.hasPrefix("## ") {
                let name = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                current = Self.fields[name] ?? "developerNotes"
                if current == "developerNotes" { fields[current!, default: []].append(line) }
                continue
            }
            guard let field = current else {
                if !trimmed.isEmpty { return nil }
                continue
            }
            fields[field, default: []].append(line)
        }
        return fields.mapValues { $0.joined(separator: "\n") }
    }

    /// What a component's rows say, lines aside (a JSON string is one line), in a stable order.
    func facts(_ kb: KnowledgeBase, _ family: String, _ slug: String) throws -> [String] {
        let queries = [
            "criteria": "SELECT x.kind, x.label, x.expectation, x.group_title FROM criteria x",
            "guidance": """
                SELECT p.slug, f.slug, x.aspect, x.text, parent.text FROM guidance x LEFT JOIN platforms p ON p.id = x.platform_id
                LEFT JOIN frameworks f ON f.id = x.framework_id LEFT JOIN guidance parent ON parent.id = x.parent_id
                """,
            "announcements": "SELECT p.slug, x.text, x.context FROM announcements x LEFT JOIN platforms p ON p.id = x.platform_id",
            "code": """
                SELECT p.slug, f.slug, x.aspect, x.language, x.code, x.quality FROM code_examples x
                LEFT JOIN platforms p ON p.id = x.platform_id LEFT JOIN frameworks f ON f.id = x.framework_id
                """,
            "gaps": "SELECT x.aspect, x.problem, x.excerpt FROM gaps x",
            "gherkin": "SELECT x.scenario, x.depth, x.text FROM gherkin_steps x",
            "wcag": "SELECT x.sc FROM component_wcag x",
        ]
        var out: [String] = []
        for (table, query) in queries.sorted(by: { $0.key < $1.key }) {
            let rows = try Fixtures.rows(kb, query + " JOIN components c ON c.id = x.component_id WHERE c.family = ? AND c.slug = ?"
                                         + (table == "announcements" ? " AND x.origin = 'example'" : ""), [family, slug])
            out += rows.map { row in table + ": " + (0..<row.count).map { "\(row[$0] as DatabaseValue)" }.joined(separator: " | ") }.sorted()
        }
        return out
    }

    func testMarkdownAndContentJSONOfTheSameEntryGiveTheSameFacts() throws {
        var families: [String: [String: [[String: Any]]]] = [:]
        var entries: [(family: String, slug: String)] = []
        for family in ["native", "web"] {
            for document in try CorpusDocuments.entries(family) {
                guard let fields = Self.fields(document) else { continue }
                var child: [String: Any] = ["label": document.slug, "name": document.slug, "type": "file"]
                for field in Set(Self.fields.values).union(["developerNotes"]) { child[field] = fields[field] ?? NSNull() }
                let category = document.url.deletingLastPathComponent().lastPathComponent
                families[family, default: [:]][category, default: []].append(child)
                entries.append((family, document.slug))
            }
        }
        XCTAssertEqual(entries.count, 93, "every entry of today's checkout has the shape")
        let json: [String: Any] = families.mapValues { categories in
            categories.sorted { $0.key < $1.key }.map { ["label": $0.key, "name": $0.key, "children": $0.value] as [String: Any] }
        }
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("content.json")
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: file)

        let fromJSON = try Fixtures.emptyKnowledgeBase(self)
        let summary = try Importer(fromJSON).importPaths([file.path])
        XCTAssertEqual(summary.errors, [])
        XCTAssertEqual(summary.added.count, 93)
        XCTAssertEqual(summary.unaccountedLines, 0)
        let (fromMarkdown, _) = try CorpusImports.checkout("magentaA11y-2026")
        for (family, slug) in entries {
            let markdown = try facts(fromMarkdown, family, slug), content = try facts(fromJSON, family, slug)
            XCTAssertFalse(markdown.isEmpty, "\(family)/\(slug)")
            XCTAssertEqual(Set(content).subtracting(markdown).sorted(), [], "\(family)/\(slug): only from content.json")
            XCTAssertEqual(Set(markdown).subtracting(content).sorted(), [], "\(family)/\(slug): only from markdown")
            XCTAssertEqual(markdown.count, content.count, "\(family)/\(slug)")
        }
    }
}
