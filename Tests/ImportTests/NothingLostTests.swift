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
}
