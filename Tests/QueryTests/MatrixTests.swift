@testable import A11yKB
import Foundation
import TestSupport
import XCTest

/// `export matrix`: one row per component, platform × aspect columns, cells as text, counts or markers.
final class MatrixTests: XCTestCase {
    func testColumnsArePlatformTimesAspectsAndCriteriaKinds() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let matrix = Matrix.build(try QueryFixtures.allFacts(kb))
        XCTAssertEqual(matrix.rows.map(\.component.slug), ["expandable-region", "reorder-data-row", "table", "table-row-button"])
        let names = matrix.columns.map(\.name)
        XCTAssertEqual(Array(matrix.header.prefix(4)), ["component", "family", "category", "title"])
        XCTAssertEqual(names.filter { $0.hasPrefix("ios:") }, [
            "ios:name", "ios:role", "ios:group", "ios:state", "ios:focus", "ios:custom-action", "ios:general",
            "ios:keyboard", "ios:gesture", "ios:screenreader", "ios:settings", "ios:announcements",
        ])
        XCTAssertEqual(names.filter { $0.hasPrefix("android:") }.count, 12)
        // Guidance for every platform has general:* columns; criteria never do (they are in each platform's).
        XCTAssertTrue(names.contains("general:general"))
        XCTAssertTrue(names.contains("general:role"))
        XCTAssertFalse(names.contains { $0.hasPrefix("general:") && RowKey.standardKinds.contains(String($0.dropFirst(8))) })
        XCTAssertFalse(names.contains { $0.hasPrefix("web:") })
    }

    func testCountAndPresenceCells() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let matrix = Matrix.build(try QueryFixtures.allFacts(kb))
        func cell(_ mode: Matrix.CellMode, _ component: String, _ column: String) -> String {
            let records = matrix.records(mode)
            let row = records.first { $0[0] == component }!
            return row[matrix.header.firstIndex(of: column)!]
        }
        XCTAssertEqual(cell(.presence, "expandable-region", "ios:state"), "gap")
        XCTAssertEqual(cell(.count, "expandable-region", "ios:state"), "0")
        XCTAssertEqual(cell(.presence, "expandable-region", "ios:focus"), "yes")
        XCTAssertEqual(cell(.count, "expandable-region", "ios:keyboard"), "3")
        XCTAssertEqual(cell(.count, "expandable-region", "android:keyboard"), "3")
        XCTAssertEqual(cell(.presence, "table", "ios:keyboard"), "empty")
        XCTAssertEqual(cell(.count, "reorder-data-row", "android:announcements"), "3")
        XCTAssertEqual(cell(.text, "table", "ios:keyboard"), "")
        XCTAssertEqual(cell(.count, "table-row-button", "general:role"), "3")
    }

    func testPlatformsAndSpreadNarrowTheColumns() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let matrix = Matrix.build(try QueryFixtures.allFacts(kb), platforms: ["android"], general: .spread)
        XCTAssertTrue(matrix.columns.allSatisfy { $0.platform == "android" })
        let records = matrix.records(.text)
        let row = records.first { $0[0] == "table-row-button" }!
        let focus = row[matrix.header.firstIndex(of: "android:focus")!]
        XCTAssertTrue(focus.hasPrefix("- Only manage focus when needed."), focus)
        XCTAssertTrue(focus.contains("- android:focusable=true"))
    }

    /// The byte writer the export uses says exactly what the records say, in every cell mode.
    func testCSVBytesEqualTheRecords() throws {
        var knowledgeBases = [try Fixtures.seededKnowledgeBase(self)]
        if let corpus = try? Fixtures.corpus("magentaA11y-2026") {
            let kb = try Fixtures.emptyKnowledgeBase(self)
            _ = try Importer(kb).importPaths([corpus.path])
            knowledgeBases.append(kb)
        }
        for kb in knowledgeBases {
            let matrix = Matrix.build(try QueryFixtures.allFacts(kb))
            for mode in Matrix.CellMode.allCases {
                XCTAssertEqual(String(decoding: matrix.csv(mode), as: UTF8.self),
                               CSV.document(header: matrix.header, rows: matrix.records(mode)), "\(mode)")
            }
            XCTAssertEqual(Array(matrix.csv(.text, byteOrderMark: true).prefix(3)), [0xEF, 0xBB, 0xBF])
        }
    }
}
