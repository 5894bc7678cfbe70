import A11yKB
@testable import KBStore
import Foundation
import TestSupport
import XCTest

/// `a11ykb sql` reads and only reads: every way to write, attach, load or reconfigure is refused
/// with one line and exit status 2, and the file keeps its bytes.
final class SQLSafetyTests: XCTestCase {
    func testWritesAndTricksAreRefusedAndTheFileIsUntouched() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.bytes(db)
        let attached = folder.appendingPathComponent("attached.sqlite").path
        let vacuumed = folder.appendingPathComponent("copy.sqlite").path
        let cases: [(sql: String, message: String)] = [
            ("DELETE FROM components", "DELETE is refused: SQL here is read-only"),
            ("UPDATE components SET title = 'x'", "UPDATE is refused: SQL here is read-only"),
            ("INSERT INTO platforms (slug, name) VALUES ('tv', 'TV')", "INSERT is refused: SQL here is read-only"),
            ("REPLACE INTO platforms (id, slug, name) VALUES (1, 'tv', 'TV')", "REPLACE is refused: SQL here is read-only"),
            ("DROP TABLE criteria", "DROP is refused: SQL here is read-only"),
            ("CREATE TABLE mine (x)", "CREATE is refused: SQL here is read-only"),
            ("CREATE TEMP TABLE mine (x)", "CREATE is refused: SQL here is read-only"),
            ("ALTER TABLE components ADD COLUMN x", "ALTER is refused: SQL here is read-only"),
            ("ATTACH '\(attached)' AS other", "ATTACH is refused: SQL here reads this knowledge base only"),
            ("DETACH main", "DETACH is refused: SQL here reads this knowledge base only"),
            ("SELECT load_extension('/tmp/evil.so')", "load_extension is refused: SQL here loads no extensions"),
            ("PRAGMA user_version = 5", "PRAGMA user_version is refused: only PRAGMAs that read are allowed"),
            ("PRAGMA main.user_version=5", "PRAGMA user_version is refused: only PRAGMAs that read are allowed"),
            ("PRAGMA user_version(5)", "PRAGMA user_version is refused: only PRAGMAs that read are allowed"),
            ("PRAGMA journal_mode=DELETE", "PRAGMA journal_mode is refused: only PRAGMAs that read are allowed"),
            ("PRAGMA journal_mode(DELETE)", "PRAGMA journal_mode is refused: only PRAGMAs that read are allowed"),
            ("PRAGMA query_only = 0", "PRAGMA query_only is refused: only PRAGMAs that read are allowed"),
            ("PRAGMA writable_schema = 1", "PRAGMA writable_schema is refused: only PRAGMAs that read are allowed"),
            ("VACUUM", "VACUUM is refused: SQL here is read-only"),
            ("VACUUM INTO '\(vacuumed)'", "VACUUM is refused: SQL here is read-only"),
            ("REINDEX", "REINDEX is refused: SQL here is read-only"),
            ("ANALYZE", "ANALYZE is refused: SQL here is read-only"),
            ("BEGIN IMMEDIATE", "BEGIN is refused: SQL here is read-only"),
            ("SELECT 1; DELETE FROM components", "DELETE is refused: SQL here is read-only"),
            ("SELECT count(*) FROM components;DROP TABLE components;", "DROP is refused: SQL here is read-only"),
            ("/* harmless */ DELETE FROM components", "DELETE is refused: SQL here is read-only"),
            ("-- just a comment\nDELETE FROM components", "DELETE is refused: SQL here is read-only"),
            ("/* a */ -- b\n  /* c */ ATTACH '\(attached)' AS other", "ATTACH is refused: SQL here reads this knowledge base only"),
            ("WITH doomed AS (SELECT id FROM components) DELETE FROM components WHERE id IN doomed", "WITH is refused: SQL here is read-only"),
        ]
        for (sql, message) in cases {
            // `--`: a statement may start with a `--` comment, which would otherwise read as an option.
            let run = try Fixtures.run(["sql", "--db", db, "--", sql])
            XCTAssertEqual(run.status, 2, sql)
            XCTAssertTrue(run.stderr.hasPrefix("a11ykb: " + message), "\(sql): \(run.stderr)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "\(sql): one line")
            XCTAssertEqual(run.stdout, "", "\(sql): nothing runs when any statement is refused")
            XCTAssertEqual(try Fixtures.bytes(db), before, "\(sql) left the file's bytes alone")
            XCTAssertFalse(Fixtures.walHasContent(db), sql)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: attached), "ATTACH created no file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: vacuumed), "VACUUM INTO created no file")
        XCTAssertEqual(try Fixtures.int(try KnowledgeBase(path: db), "SELECT count(*) FROM components"), 4)
    }

    func testReadingPragmasAndPragmaFunctionsAreAllowed() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.bytes(db)
        for sql in ["PRAGMA user_version", "PRAGMA journal_mode", "PRAGMA table_info(components)", "PRAGMA quick_check(1)",
                    "SELECT name FROM pragma_table_info('criteria')", "PRAGMA main.page_count"] {
            let run = try Fixtures.run(["sql", "--db", db, "--format", "csv", sql])
            XCTAssertEqual(run.status, 0, "\(sql): \(run.stderr)")
            XCTAssertFalse(run.stdout.isEmpty, sql)
        }
        XCTAssertEqual(try Fixtures.run(["sql", "--db", db, "--format", "csv", "PRAGMA journal_mode"]).stdout, "journal_mode\r\nwal\r\n")
        XCTAssertEqual(try Fixtures.bytes(db), before)
    }

    func testSQLErrorsAreOneLine() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let run = try Fixtures.run(["sql", "--db", db, "SELECT *\nFROM\nno_such_table"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "a11ykb: SQL error: no such table: no_such_table\n")
        let empty = try Fixtures.run(["sql", "--db", db, "  -- nothing\n"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "a11ykb: no SQL statement to run\n")
    }

    static let runaway = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"

    func testRunawayQueryStopsAtTheTimeLimit() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let before = try Fixtures.bytes(db)
        let run = try Fixtures.run(["sql", "--db", db, "--timeout", "1", Self.runaway])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "a11ykb: query stopped after the 1 s time limit; raise it with --timeout SECONDS (0: no limit)\n")
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(try Fixtures.bytes(db), before)
    }

    func testTimeoutOptionChangesTheLimit() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        // A million steps: far longer than 50 ms (a few tenths of a second), far shorter than ten minutes.
        let finite = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000) SELECT count(*) FROM n"
        let stopped = try Fixtures.run(["sql", "--db", db, "--timeout", "0.05", "--format", "csv", finite])
        XCTAssertEqual(stopped.status, 2)
        XCTAssertEqual(stopped.stderr, "a11ykb: query stopped after the 0.05 s time limit; raise it with --timeout SECONDS (0: no limit)\n")
        let finished = try Fixtures.run(["sql", "--db", db, "--timeout", "600", "--format", "csv", finite])
        XCTAssertEqual(finished.status, 0, finished.stderr)
        XCTAssertEqual(finished.stdout, "count(*)\r\n1000000\r\n")
    }
}
