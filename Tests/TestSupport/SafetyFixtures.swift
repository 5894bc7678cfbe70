// Test helpers exist in debug builds only: `swift build -c release` builds every target, and
// this one imports XCTest and A11yKB for testing, which release builds (static stdlib) lack.
#if DEBUG
import A11yKB
@testable import KBQuery
import Foundation
import GRDB
import XCTest

/// What the bad-input, fault and `sql` safety tests share: knowledge-base files on disk, closed, and
/// ways to tell that one did not change.
extension Fixtures {
    /// A knowledge base file holding the seed, every connection closed (so its WAL is folded into
    /// the main file and removed): the state a user's file is in between two commands.
    public static func closedSeededKnowledgeBase(_ test: XCTestCase) throws -> String {
        let kb = try seededKnowledgeBase(test)
        try kb.close()
        XCTAssertFalse(walHasContent(kb.path), "closing folds the WAL into the main file")
        return kb.path
    }

    public static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The size of a file, 0 when there is none.
    public static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Whether `path-wal` holds frames a reader would see.
    public static func walHasContent(_ path: String) -> Bool {
        fileSize(path + "-wal") > 0
    }

    /// Every table's schema and rows, sorted, read through a read-only connection: two files with
    /// equal dumps answer every query alike.
    public static func dump(_ path: String) throws -> [String] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in
            var lines: [String] = []
            let tables = try Row.fetchAll(db, sql: """
                SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name
                """)
            for table in tables {
                let name: String = table["name"]
                lines.append("schema \(name): \(table["sql"] as String? ?? "")")
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\"").map { "\(name): \($0.description)" }
                lines += rows.sorted()
            }
            lines += try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master WHERE type != 'table' ORDER BY name")
            return lines
        }
    }

    /// A folder of `count` generated criteria documents in a checkout's layout (so that each is its
    /// own component): half Jekyll-era, half today's markdown, copies of the seed.
    public static func generatedCheckout(_ test: XCTestCase, count: Int) throws -> URL {
        let root = try temporaryFolder(test).appendingPathComponent("checkout")
        let jekyll = root.appendingPathComponent("_checklist-native")
        let today = root.appendingPathComponent("public/content/documentation/native/controls")
        try FileManager.default.createDirectory(at: jekyll, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: today, withIntermediateDirectories: true)
        let jekyllText = try Data(contentsOf: seedFolder.appendingPathComponent("expandable-region.md"))
        let todayText = try Data(contentsOf: seedFolder.appendingPathComponent("reorder-data-row.md"))
        for i in 0..<count {
            if i.isMultiple(of: 2) {
                try jekyllText.write(to: jekyll.appendingPathComponent("generated-\(i).md"))
            } else {
                try todayText.write(to: today.appendingPathComponent("generated-\(i).md"))
            }
        }
        return root
    }
}
#endif
