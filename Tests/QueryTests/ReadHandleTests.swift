import A11yKB
import KBStore
import Foundation
import GRDB
import TestSupport
import XCTest

/// The one read handle (issue 51): what it refuses to read, each in one message and without
/// touching the file; reads stopped at their limit or when withdrawn, on its own connections;
/// the file's version; and no write through it.
final class ReadHandleTests: XCTestCase {
    let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"

    func refusal(_ path: String) -> StoreError? {
        do {
            _ = try ReadHandle(path: path)
            return nil
        } catch {
            return error as? StoreError
        }
    }

    /// A seeded knowledge base, closed, changed by `change` through a connection of its own.
    func seeded(_ change: String) throws -> String {
        let path = try Fixtures.closedSeededKnowledgeBase(self)
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: change) }
        try queue.close()
        return path
    }

    func testWhatIsNoKnowledgeBaseItCanReadIsOneMessageEachAndLeftAsItWas() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let missing = folder.appendingPathComponent("missing.sqlite").path
        XCTAssertEqual(refusal(missing), .noKnowledgeBase(missing))
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "nothing is created")
        for path in [folder.path, "/dev/null"] {
            guard case .notAFile? = refusal(path) else { return XCTFail("\(path): \(String(describing: refusal(path)))") }
        }

        let empty = folder.appendingPathComponent("empty.sqlite").path
        let garbage = folder.appendingPathComponent("garbage.sqlite").path
        let foreign = folder.appendingPathComponent("foreign.sqlite").path
        let noTables = folder.appendingPathComponent("no-tables.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        try Data(String(repeating: "garbage ", count: 100).utf8).write(to: URL(fileURLWithPath: garbage))
        for (path, sql) in [(foreign, "CREATE TABLE t(x)"), (noTables, "PRAGMA user_version = 1")] {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: sql) }
            try queue.close()
        }
        let newer = try seeded("INSERT INTO grdb_migrations VALUES ('9999-from-the-future')")
        let older = try seeded("DELETE FROM grdb_migrations WHERE identifier = (SELECT max(identifier) FROM grdb_migrations)")
        let expected: [(String, StoreError)] = [
            (empty, .noKnowledgeBase(empty)), (garbage, .notADatabase(garbage)), (foreign, .notAKnowledgeBase(foreign)),
            (noTables, .notAKnowledgeBase(noTables)), (newer, .newerSchema(newer, ["9999-from-the-future"])), (older, .olderSchema(older)),
        ]
        for (path, error) in expected {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(refusal(path), error, path)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(path) is left as it was")
        }
    }

    func interrupted(_ error: Error) -> Bool { (error as? DatabaseError)?.resultCode == .SQLITE_INTERRUPT }

    func testAReadStopsAtItsLimitOrWhenWithdrawnAndTheNextReadsOn() throws {
        let handle = try ReadHandle(path: try Fixtures.closedSeededKnowledgeBase(self), readers: 2)
        let endless = self.endless
        XCTAssertThrowsError(try handle.read(within: 0.2) { kb in try kb.read { try Int.fetchOne($0, sql: endless) } }) {
            XCTAssertTrue(interrupted($0), "\($0)")
        }
        let cancellation = Cancellation()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { cancellation.cancel() }
        XCTAssertThrowsError(try Cancellation.$current.withValue(cancellation) {
            try handle.read { kb in try kb.read { try Int.fetchOne($0, sql: endless) } }
        }) { XCTAssertTrue(interrupted($0), "\($0)") }
        // A question's own limit within the handle's: the earlier one stops it, in the question's words.
        XCTAssertThrowsError(try handle.read(within: 60) { kb in try kb.sql(endless, timeout: 0.2) }) {
            XCTAssertEqual($0 as? QueryError, .timedOut(seconds: 0.2))
        }
        let counted = try handle.read { kb in try kb.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM components") } }
        XCTAssertEqual(counted, 4, "the connections read on")
    }

    func testACancelledTaskHasItsReadInterrupted() async throws {
        let handle = try ReadHandle(path: try Fixtures.closedSeededKnowledgeBase(self))
        let endless = self.endless
        let task = Task { try await handle.read { kb in try kb.read { try Int.fetchOne($0, sql: endless) } } }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled task's read is interrupted")
        } catch {
            XCTAssertTrue(interrupted(error), "\(error)")
        }
        let counted = try await handle.read { kb in try kb.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM components") } }
        XCTAssertEqual(counted, 4, "the connection reads on")
    }

    func testItNeverWritesAndItsVersionFollowsTheFile() throws {
        let path = try Fixtures.closedSeededKnowledgeBase(self)
        let handle = try ReadHandle(path: path)
        let version = try XCTUnwrap(handle.version)
        XCTAssertEqual(handle.version, version, "the same while the file is")
        XCTAssertThrowsError(try handle.read { kb in try kb.savePlan("p", checklist: try kb.checklist(["expandable-region"])) }) {
            guard case .readOnly? = $0 as? StoreError else { return XCTFail("\($0)") }
        }
        let writer = try KnowledgeBase.open(existing: path)
        _ = try writer.savePlan("p", checklist: try writer.checklist(["expandable-region"]))
        XCTAssertNotEqual(handle.version, version, "a write is another version")
        XCTAssertEqual(try handle.read { try $0.plans().count }, 1, "and is read")
    }
}
