import A11yKB
import Foundation
import TestSupport
import XCTest

/// Issue 34: a question its asker withdraws (MCP's `notifications/cancelled`) stops, through the
/// same checks as the time limit: explain, read-only SQL and search alike.
final class CancellationTests: XCTestCase {
    func withdrawn<T>(_ body: () throws -> T) -> Error? {
        let cancellation = Cancellation()
        cancellation.cancel()
        do {
            _ = try Cancellation.$current.withValue(cancellation) { try body() }
            return nil
        } catch {
            return error
        }
    }

    func testAWithdrawnQuestionStopsWithItsOwnError() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let run = Data(##"{"violations": [{"id": "button-name", "tags": ["wcag412"], "nodes": [{"html": "<button></button>", "target": ["#b"]}]}]}"##.utf8)
        XCTAssertNoThrow(try kb.explainAxeResults(run), "answered when nobody withdrew it")
        XCTAssertEqual(withdrawn { try kb.explainAxeResults(run) } as? QueryError, .cancelled)
        XCTAssertEqual(withdrawn { try kb.sql("SELECT 1", timeout: 5) } as? QueryError, .cancelled)
        XCTAssertEqual(withdrawn { try kb.search("dimmed", timeout: 5) } as? QueryError, .cancelled)
    }

    /// A statement running when the question is withdrawn is interrupted, not left to finish.
    func testARunningStatementIsInterrupted() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let cancellation = Cancellation()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { cancellation.cancel() }
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        XCTAssertThrowsError(try Cancellation.$current.withValue(cancellation) { try kb.sql(endless, timeout: 60) }) {
            XCTAssertEqual($0 as? QueryError, .cancelled)
        }
    }
}
