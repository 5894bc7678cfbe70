import A11yKB
@testable import KBModel
@testable import KBNormalize
@testable import KBStore
@testable import KBImport
@testable import KBSearch
import KBResources
import Foundation
import GRDB
import TestSupport
import XCTest

/// The success criteria a criterion tests, inferred from vocabulary/tested-sc.tsv at import, and
/// measured against the citations the MagentaA11y pages do write.
final class TestedSCInferenceTests: XCTestCase {
    func testBuiltInTableIsWellFormedAndNamesOnlyWCAG22Criteria() throws {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("vocabulary/tested-sc.tsv"), encoding: .utf8)
        let (rules, problems) = TestedSCInference.parse(text)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(rules.count, TestedSCInference.builtIn.count, "the built-in table is the repository's file")
        XCTAssertGreaterThan(rules.count, 20)
        XCTAssertTrue(rules.allSatisfy { !$0.reason.isEmpty })
        // Malformed rows are named, not taken.
        XCTAssertEqual(TestedSCInference.parse("""
            criterion\t2.1\t*\t*\t*\t*\t*\twhy
            feature\t2.1.1\t*\t*\t*\t*\t*\twhy
            criterion\t2.1.1\t*\t*\t*\t(\t*\twhy
            criterion\t2.1.1\t*\t*\t*\t*\twhy
            component\tnothing\t*\t*\tlink\t*\t*\twhy
            component\t2.4.4\t*\t*\tlink\tname\t*\twhy
            criterion\tnothing\t*\t*\t*\tn/a\t*\twhy
            """).problems.count, 6, "a wrong number, scope, expression or column count; a component row that tests nothing or reads words")
        // Every number is a success criterion of W3C's WCAG 2.2, read here on its own.
        let wcag = try Fixtures.corpus("wcag").appendingPathComponent("wcag.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: wcag)) as! [String: Any]
        var numbers: Set<String> = []
        for principle in json["principles"] as! [[String: Any]] {
            for guideline in principle["guidelines"] as! [[String: Any]] {
                for sc in guideline["successcriteria"] as! [[String: Any]] { numbers.insert(sc["num"] as! String) }
            }
        }
        XCTAssertGreaterThan(numbers.count, 80)
        XCTAssertEqual(Set(rules.compactMap(\.sc)).subtracting(numbers), [])
        XCTAssertTrue(rules.contains { $0.sc == nil }, "rows that mark criteria as testing nothing")
    }

    /// The words a pattern's matches must hold, which let most texts pass without the expression.
    func testRequiredWordsNeverTurnAwayAMatch() throws {
        XCTAssertEqual(WordPattern.requiredWords("reduced? motion").map { $0.map { String(decoding: $0, as: UTF8.self) } }, [" motion"])
        XCTAssertEqual(WordPattern.requiredWords("focus\\b[^.]*\\bvisib|visib\\w*\\b[^.]*\\bfocus")?.count, 2)
        XCTAssertEqual(WordPattern.requiredWords("\\bhints?\\b|instructions").map { $0.map { String(decoding: $0, as: UTF8.self) } }, ["hint", "instructions"])
        XCTAssertNil(WordPattern.requiredWords("(focus|visible) moves|x"), "an alternative without a word of its own")
        XCTAssertNil(WordPattern.requiredWords("[a-z]+ng"), "a run too short to tell")
        // Over every criterion of the corpus, the pattern with its words and the bare expression agree.
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let texts = try Fixtures.strings(kb, "SELECT coalesce(label || ': ', '') || expectation FROM criteria")
            + (try Fixtures.strings(kb, "SELECT slug || ' ' || title FROM components"))
        var matched = 0
        for rule in TestedSCInference.builtIn {
            for words in [rule.words, rule.unless, rule.component].compactMap({ $0 }) {
            for text in texts {
                let bare = words.expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                XCTAssertEqual(words.matches(text), bare, "\(words.source) on \(text)")
                if bare { matched += 1 }
            }
            }
        }
        XCTAssertGreaterThan(matched, 100)
    }

    func testCriteriaSayWhatTheyTestAndTheComponentTheRest() {
        let criteria = [
            CriterionFact(platform: .web, kind: .keyboard, label: "Tab", expectation: "Focus visibly moves to the switch", line: 3),
            CriterionFact(platform: .web, kind: .screenreader, label: "Name", expectation: "Its purpose is clear", line: 4),
            CriterionFact(platform: nil, kind: .settings, label: "Text resize", expectation: "Text scales up", line: 5),
            CriterionFact(platform: .web, kind: .gesture, label: "Swipe", expectation: "Focus moves to the element", line: 6),
        ]
        let links = TestedSCInference.infer(ComponentInfo(slug: "informative-image", title: "Informative image", family: .web),
                                            criteria: criteria).links
        func scs(_ criterion: Int?) -> [String] { links.filter { $0.criterion == criterion }.map(\.sc) }
        XCTAssertEqual(scs(0), ["2.1.1", "2.4.7"])
        XCTAssertEqual(scs(1), ["4.1.2"])
        XCTAssertEqual(scs(2), ["1.4.4"])
        XCTAssertEqual(scs(3), ["4.1.2"], "a screen reader's swipe reaches the element: it is exposed to assistive technology")
        XCTAssertTrue(scs(nil).contains("1.1.1"), "an image component needs a text alternative whatever its criteria say")
        XCTAssertEqual(links.first { $0.criterion == 1 }?.platform, .web)
        XCTAssertNil(links.first { $0.criterion == nil }?.platform)
        // The component is linked only to what no criterion of it gave.
        let keyboardOnly = TestedSCInference.infer(ComponentInfo(slug: "search", title: "Search", family: .web),
                                                   criteria: [criteria[0]]).links
        XCTAssertFalse(keyboardOnly.contains { $0.criterion == nil && $0.sc == "2.1.1" })
        XCTAssertEqual(Set(keyboardOnly.filter { $0.criterion == nil }.map(\.sc)).count,
                       keyboardOnly.filter { $0.criterion == nil }.count, "each success criterion once")
    }

    func testImportStoresInferredLinksBesideCitations() throws {
        let (kb, _) = try CorpusImports.checkout("magentaA11y-2026")
        let columns = try kb.reader.read { try $0.columns(in: "v_tested_sc").map(\.name) }
        XCTAssertEqual(columns, ["component", "family", "platform", "criterion_id", "sc", "link", "reason"])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_tested_sc WHERE link = 'cited'"),
                       try Fixtures.int(kb, "SELECT count(*) FROM component_wcag"))
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_tested_sc WHERE link = 'cited' AND (reason IS NOT NULL OR criterion_id IS NOT NULL)"), 0)
        let inferred = try Fixtures.int(kb, "SELECT count(*) FROM inferred_wcag")
        XCTAssertGreaterThan(inferred, 500)
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM v_tested_sc WHERE link = 'inferred' AND reason IS NOT NULL"), inferred)
        // A criterion's link is of that criterion's component, platform and line.
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM inferred_wcag i JOIN criteria cr ON cr.id = i.criterion_id
            WHERE cr.component_id = i.component_id AND cr.platform_id IS i.platform_id AND cr.line = i.line AND cr.source_id = i.source_id
            """), try Fixtures.int(kb, "SELECT count(*) FROM inferred_wcag WHERE criterion_id IS NOT NULL"))
        // The button's Tab criterion, as its page writes it: a keyboard criterion whose focus is seen.
        XCTAssertEqual(try Fixtures.strings(kb, """
            SELECT t.sc FROM v_tested_sc t JOIN criteria cr ON cr.id = t.criterion_id
            WHERE t.component = 'button' AND t.family = 'web' AND cr.label = 'Tab' ORDER BY t.sc
            """), ["2.1.1", "2.4.7"])
        XCTAssertEqual(try Fixtures.int(kb, """
            SELECT count(*) FROM v_tested_sc t WHERE t.family = 'native' AND t.platform IS NOT NULL
            """), 0, "native criteria are written for every platform: their links too")
    }

    /// A criterion removed from its page takes its inferred links along; a page imported again
    /// does not double them.
    func testLinksFollowTheirCriteria() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let page = folder.appendingPathComponent("switch.md")
        let text = """
            # Switch

            ## Condensed

            1. Test keyboard only, then screen reader + keyboard actions
               - Tab: Focus visibly moves to the switch
               - Spacebar: Toggles the switch

            """
        try text.write(to: page, atomically: true, encoding: .utf8)
        _ = try Importer(kb).importPaths([page.path])
        let first = try Fixtures.strings(kb, "SELECT sc || ' ' || line FROM inferred_wcag ORDER BY line, sc")
        XCTAssertEqual(first, ["2.1.1 6", "2.4.7 6", "2.1.1 7"])
        try text.replacingOccurrences(of: "   - Tab: Focus visibly moves to the switch\n", with: "")
            .write(to: page, atomically: true, encoding: .utf8)
        _ = try Importer(kb).importPaths([page.path])
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT sc || ' ' || line FROM inferred_wcag ORDER BY line, sc"), ["2.1.1 6"])
    }

    /// A knowledge base of schema 0010 holds criteria but no inferred links: migrating it infers
    /// them, and marks the criteria that test nothing, from its stored facts, as an import of the
    /// same files does.
    func testAnOlderKnowledgeBaseGetsItsLinksWhenMigrated() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let page = folder.appendingPathComponent("switch.md")
        try "# Switch\n\n## Condensed\n\n1. Test keyboard only\n   - Tab: Focus visibly moves to the switch\n\n3. Listen to screenreader output\n   - Name: Its purpose is clear\n   - Group: n/a\n"
            .write(to: page, atomically: true, encoding: .utf8)
        let fresh = try Fixtures.emptyKnowledgeBase(self)
        _ = try Importer(fresh).importPaths([page.path])
        let query = """
            SELECT coalesce(cr.label, '-') || ' ' || coalesce(t.sc, t.link) || ' ' || coalesce(cr.line, 0)
            FROM v_tested_sc t LEFT JOIN criteria cr ON cr.id = t.criterion_id WHERE t.link <> 'cited' ORDER BY 1
            """
        let imported = try Fixtures.strings(fresh, query)
        XCTAssertEqual(imported, ["Group nothing 10", "Name 4.1.2 9", "Tab 2.1.1 6", "Tab 2.4.7 6"])
        // The same rows, written as schema 0010 held them: no inferred link.
        let old = folder.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: old)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in EmbeddedResources.migrations where migration.name <= "0010_source_roots" {
                try db.execute(sql: String(decoding: migration.sql, as: UTF8.self))
                try SearchIndex.followUp(migration.name, db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.name])
            }
            try db.execute(sql: """
                INSERT INTO sources (id, path, format, sha256, bytes, imported_at) VALUES (1, 'switch.md', 'magenta-v2', 'a', 1, 't');
                INSERT INTO components (id, slug, title, family, source_id) VALUES (1, 'switch', 'Switch', 'native', 1);
                INSERT INTO criteria (component_id, kind, label, expectation, position, source_id, line) VALUES
                    (1, 'keyboard', 'Tab', 'Focus visibly moves to the switch', 0, 1, 6),
                    (1, 'screenreader', 'Name', 'Its purpose is clear', 1, 1, 9),
                    (1, 'screenreader', 'Group', 'n/a', 2, 1, 10);
                """)
        }
        try queue.close()
        let migrated = try KnowledgeBase(path: old)
        XCTAssertEqual(try Fixtures.strings(migrated, query), imported)
        XCTAssertEqual(try Fixtures.strings(migrated, "SELECT DISTINCT source_id FROM inferred_wcag"), ["1"])
        XCTAssertEqual(try Fixtures.strings(migrated, "SELECT source_id || ' ' || line || ' ' || component_id FROM tests_nothing"), ["1 10 1"])
    }

    /// A knowledge base of schema 0016 holds links an older table made: migrating it to 0017 makes
    /// them again with the table built in, and marks the criteria that test nothing.
    func testLinksOfAnOlderTableAreMadeAgainWhenMigrated() throws {
        let path = try Fixtures.temporaryFolder(self).appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in EmbeddedResources.migrations where migration.name <= "0016_tested_sc" {
                try db.execute(sql: String(decoding: migration.sql, as: UTF8.self))
                try SearchIndex.followUp(migration.name, db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.name])
            }
            // As 0.16.0's table left them: `Group: n/a` linked to 1.3.1 by its label alone, the
            // swipe row without a link.
            try db.execute(sql: """
                INSERT INTO sources (id, path, format, sha256, bytes, imported_at) VALUES (1, 'switch.md', 'magenta-v2', 'a', 1, 't');
                INSERT INTO components (id, slug, title, family, source_id) VALUES (1, 'switch', 'Switch', 'native', 1);
                INSERT INTO criteria (id, component_id, kind, label, expectation, position, source_id, line) VALUES
                    (1, 1, 'gesture', 'Swipe', 'Focus reaches it, which expresses its state', 0, 1, 6),
                    (2, 1, 'screenreader', 'Group', 'n/a', 1, 1, 9);
                INSERT INTO inferred_wcag (component_id, criterion_id, sc, reason, source_id, line) VALUES (1, 2, '1.3.1', 'old', 1, 9);
                """)
        }
        try queue.close()
        let migrated = try KnowledgeBase(path: path)
        XCTAssertEqual(try Fixtures.strings(migrated, """
            SELECT criterion_id || ' ' || coalesce(sc, '-') || ' ' || link FROM v_tested_sc WHERE criterion_id IS NOT NULL ORDER BY 1
            """), ["1 4.1.2 inferred", "2 - nothing"])
        XCTAssertEqual(try Fixtures.int(migrated, "SELECT count(*) FROM inferred_wcag WHERE reason = 'old'"), 0)
    }

    /// The inference measured against the citations: for each component whose page cites success
    /// criteria, the ones inferred for it (by any criterion or as a whole) against the ones cited,
    /// micro-averaged. Prints each component's figures, the totals of the criterion rows alone and
    /// of the whole table, and what each row the table leaves out (its `# scope ...` comments)
    /// would have changed.
    func testInferenceAgainstTheCorpusCitations() throws {
        let table = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("vocabulary/tested-sc.tsv"), encoding: .utf8)
        let rules = TestedSCInference.parse(table).rules
        var components: [(name: String, info: ComponentInfo, criteria: [CriterionFact], cited: Set<String>)] = []
        var report: [String] = []
        for checkout in ["magentaA11y-2026", "magentaA11y-2024"] {
            let (kb, _) = try CorpusImports.checkout(checkout)
            // The component pages' citations: a testing guide's "Related WCAG" list (issue 50) names
            // what the guide teaches as a whole, which its checks' wording does not carry.
            let cited = try sets(kb, "SELECT family || '/' || component, sc FROM v_tested_sc WHERE link = 'cited' AND family != 'how-to-test'")
            let stored = try sets(kb, "SELECT family || '/' || component, sc FROM v_tested_sc WHERE link = 'inferred'")
            report.append("\(checkout): \(cited.count) of \(try Fixtures.int(kb, "SELECT count(*) FROM components")) components cite success criteria")
            for (name, citedSet) in cited.sorted(by: { $0.key < $1.key }) {
                let (info, criteria) = try facts(kb, name)
                // What the import stored is what the table gives for the stored facts.
                XCTAssertEqual(Set(TestedSCInference.infer(info, criteria: criteria, rules: rules).links.map(\.sc)), stored[name] ?? [], name)
                components.append((name, info, criteria, citedSet))
            }
        }
        func measure(_ rules: [TestedSCRule], detail: Bool = false) -> (precision: Double, recall: Double, text: String) {
            var hits = 0, inferred = 0, cited = 0
            for component in components {
                let found = Set(TestedSCInference.infer(component.info, criteria: component.criteria, rules: rules).links.map(\.sc))
                let right = found.intersection(component.cited)
                hits += right.count
                inferred += found.count
                cited += component.cited.count
                let missed = component.cited.subtracting(found).sorted()
                if detail {
                    report.append("  \(component.name): \(right.count) of \(found.count) inferred are cited, \(right.count) of \(component.cited.count) cited are inferred"
                                  + (missed.isEmpty ? "" : "; missed \(missed.joined(separator: " "))"))
                }
            }
            let precision = Double(hits) / Double(max(inferred, 1)), recall = Double(hits) / Double(max(cited, 1))
            return (precision, recall, String(format: "precision %.2f (%d/%d), recall %.2f (%d/%d)", precision, hits, inferred, recall, hits, cited))
        }
        let whole = measure(rules, detail: true)
        report.append("criterion rows alone: " + measure(rules.filter { $0.scope == .criterion }).text)
        report.append("whole table, over \(components.count) components: " + whole.text)
        for line in table.components(separatedBy: "\n") where line.hasPrefix("# criterion\t") || line.hasPrefix("# component\t") {
            let row = String(line.dropFirst(2))
            guard let left = TestedSCInference.parse(row).rules.first else { XCTFail("unreadable left-out row: \(row)"); continue }
            report.append("left out \(row.split(separator: "\t").prefix(5).joined(separator: " ")): with it " + measure(rules + [left]).text)
        }
        print(report.joined(separator: "\n"))
        XCTAssertGreaterThan(components.count, 10)
        // Pages cite few of the criteria they test, so precision against citations is a floor of
        // the true one; recall is what the table must keep.
        XCTAssertGreaterThanOrEqual(whole.recall, 0.8)
        XCTAssertGreaterThanOrEqual(whole.precision, 0.5)
    }

    /// A stored component as the normalizer gave it to the inference.
    private func facts(_ kb: KnowledgeBase, _ name: String) throws -> (ComponentInfo, [CriterionFact]) {
        let parts = name.split(separator: "/").map(String.init)
        let component = try XCTUnwrap(try Fixtures.rows(kb, "SELECT id, slug, title, category FROM components WHERE family = ? AND slug = ?",
                                                        [parts[0], parts[1]]).first)
        let info = ComponentInfo(slug: component["slug"], title: component["title"], family: Family(rawValue: parts[0])!,
                                 category: component["category"])
        let criteria = try Fixtures.rows(kb, """
            SELECT p.slug AS platform, cr.kind, cr.label, cr.expectation, cr.line FROM criteria cr
            LEFT JOIN platforms p ON p.id = cr.platform_id WHERE cr.component_id = ? ORDER BY cr.position
            """, [component["id"] as Int64]).map { row in
            CriterionFact(platform: (row["platform"] as String?).flatMap(Platform.init(rawValue:)), kind: row["kind"],
                          label: row["label"], expectation: row["expectation"], line: row["line"])
        }
        return (info, criteria)
    }

    private func sets(_ kb: KnowledgeBase, _ sql: String) throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for row in try Fixtures.rows(kb, sql) { result[row[0] as String, default: []].insert(row[1]) }
        return result
    }
}
