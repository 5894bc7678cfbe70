import A11yKB
@testable import KBQuery
import TestSupport
import XCTest

/// `SQLConsole`, the library behind `a11ykb sql`, stops a runaway query at its row limit. The
/// command's own refusals are in CLITests' SQLSafetyTests.
final class SQLConsoleTests: XCTestCase {
    func testRunawayRowsStopAtTheRowLimit() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        let rows = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n"
        XCTAssertThrowsError(try SQLConsole.run(path: db, sql: rows, deadline: .none, maxBytes: 0)) { error in
            XCTAssertEqual("\(error)", "query stopped after \(SQLConsole.maxRows) rows; add a LIMIT or an aggregate")
        }
    }
}
