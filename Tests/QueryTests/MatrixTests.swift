import A11yKB
@testable import KBModel
@testable import KBImport
@testable import KBQuery
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// `export matrix`: one row per component, platform × aspect columns, cells as text, counts or markers.
final class MatrixTests: XCTestCase {
    func testColumnsArePlatformTimesAspectsAndCriteriaKinds() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let matrix = try kb.matrix(Matrix.Options(aspects: .all))
        XCTAssertEqual(matrix.rows.map(\.component.slug), ["expandable", "reorder-data-row", "table", "table-row-button"])
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
        XCTAssertFalse(names.contains { $0.hasPrefix("general:") && RowKey.standardKinds.contains(CriterionKind(rawValue: String($0.dropFirst(8)))) })
        XCTAssertFalse(names.contains { $0.hasPrefix("web:") })
    }

    func testCountAndPresenceCells() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let matrix = try kb.matrix()
        func cell(_ mode: Matrix.CellMode, _ component: String, _ column: String) -> String {
            let records = matrix.records(mode)
            let row = records.first { $0[0] == component }!
            return row[matrix.header.firstIndex(of: column)!]
        }
        XCTAssertEqual(cell(.presence, "expandable", "ios:state"), "gap")
        XCTAssertEqual(cell(.count, "expandable", "ios:state"), "0")
        XCTAssertEqual(cell(.presence, "expandable", "ios:focus"), "yes")
        XCTAssertEqual(cell(.count, "expandable", "ios:keyboard"), "3")
        XCTAssertEqual(cell(.count, "expandable", "android:keyboard"), "3")
        XCTAssertEqual(cell(.presence, "table", "ios:keyboard"), "empty")
        XCTAssertEqual(cell(.count, "reorder-data-row", "android:announcements"), "3")
        XCTAssertEqual(cell(.text, "table", "ios:keyboard"), "")
        XCTAssertEqual(cell(.count, "table-row-button", "general:role"), "3")
    }

    func testPlatformsAndSpreadNarrowTheColumns() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let matrix = try kb.matrix(Matrix.Options(platforms: [.android], general: .spread))
        XCTAssertTrue(matrix.columns.allSatisfy { $0.platform == .android })
        let records = matrix.records(.text)
        let row = records.first { $0[0] == "table-row-button" }!
        let focus = row[matrix.header.firstIndex(of: "android:focus")!]
        XCTAssertTrue(focus.hasPrefix("- Only manage focus when needed."), focus)
        XCTAssertTrue(focus.contains("- android:focusable=true"))
    }

    /// The byte writer the export uses says exactly what the records say, in every cell mode.
    func testCSVBytesEqualTheRecords() throws {
        for kb in try QueryFixtures.seedAndCorpusKnowledgeBases(self) {
            for aspects in MatrixAspects.allCases {
                let matrix = try kb.matrix(Matrix.Options(aspects: aspects))
                for mode in Matrix.CellMode.allCases {
                    XCTAssertEqual(String(decoding: matrix.csv(mode), as: UTF8.self),
                                   CSV.document(header: matrix.header, rows: matrix.records(mode)), "\(mode)")
                }
                XCTAssertEqual(Array(matrix.csv(.text, byteOrderMark: true).prefix(3)), [0xEF, 0xBB, 0xBF])
            }
        }
    }

    /// The readable matrix (the default): per platform the vocabulary's aspects and criteria
    /// kinds, the announcements, and one `other` column that holds exactly the facts the full
    /// matrix spreads over a column per unknown heading; no fact is lost or counted twice.
    func testReadableMatrixPutsUnknownHeadingsInOneOtherColumnPerPlatform() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let kb = try Fixtures.importedKnowledgeBase([corpus], self)
        let readable = try kb.matrix()
        let full = try kb.matrix(Matrix.Options(aspects: .all))
        let known = Set(RowKey.standardAspects.map(\.rawValue) + CriterionKind.known.map(\.rawValue) + ["announcements", "other"])
        XCTAssertTrue(readable.columns.allSatisfy { known.contains($0.row.key) }, "\(readable.columns.map(\.name))")
        XCTAssertLessThan(readable.header.count, full.header.count / 2, "a width people can read")
        let unknownHeadings = full.columns.filter { $0.row.key != "announcements" && RowKey.isUnknown(Aspect(rawValue: $0.row.key)) }
        XCTAssertFalse(unknownHeadings.isEmpty, "today's corpus has headings the vocabulary does not know")
        XCTAssertEqual(readable.rows.map(\.component.slug), full.rows.map(\.component.slug))
        func total(_ m: Matrix) -> Int { m.rows.flatMap(\.cells).map(\.factCount).reduce(0, +) }
        XCTAssertEqual(total(readable), total(full), "every fact of the full matrix is in the readable one, once")
        for platform in Set(full.columns.map(\.platform)) {
            let other = try XCTUnwrap(readable.columns.firstIndex { $0.platform == platform && $0.row == .other }, platform?.rawValue ?? "general")
            let unknown = full.columns.indices.filter { full.columns[$0].platform == platform && unknownHeadings.contains(full.columns[$0]) }
            for (r, row) in full.rows.enumerated() {
                let expected = unknown.map { row.cells[$0].factCount }.reduce(0, +)
                XCTAssertEqual(readable.rows[r].cells[other].factCount, expected,
                               "\(row.component.slug) \(platform?.rawValue ?? "general"):other")
            }
        }
        // The cells of known rows are the same in both.
        for (c, column) in readable.columns.enumerated() where column.row != .other {
            let f = try XCTUnwrap(full.columns.firstIndex(of: column), column.name)
            for r in full.rows.indices { XCTAssertEqual(readable.rows[r].cells[c], full.rows[r].cells[f], column.name) }
        }
    }

    /// The full width has a column for every platform and aspect a note is written under.
    func testAllAspectsGiveAColumnPerHeading() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let kb = try Fixtures.importedKnowledgeBase([corpus], self)
        let names = Set(try kb.matrix(Matrix.Options(aspects: .all)).columns.map(\.name))
        let written = try kb.reader.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT platform || ':' || aspect FROM v_guidance WHERE platform IS NOT NULL AND aspect <> 'announcements'")
        }
        XCTAssertFalse(written.isEmpty)
        XCTAssertEqual(Set(written).subtracting(names), [])
    }

    /// Streamed in chunks, the matrix is the same rows under the same columns, and the writers
    /// write the same bytes as for the whole matrix in one go (JSON: as `json(_:)` renders it).
    func testChunksMakeTheSameMatrixAndTheSameBytes() throws {
        for kb in try QueryFixtures.seedAndCorpusKnowledgeBases(self) {
            let whole = try kb.matrix()
            var chunks: [Matrix] = []
            try kb.reader.read { db in try Matrix.stream(db, Matrix.Options(), chunkSize: 3) { chunks.append($0) } }
            XCTAssertEqual(chunks.count, (whole.rows.count + 2) / 3)
            XCTAssertTrue(chunks.allSatisfy { $0.columns == whole.columns && $0.rows.count <= 3 })
            XCTAssertEqual(chunks.flatMap(\.rows).map(\.component), whole.rows.map(\.component))
            XCTAssertEqual(chunks.flatMap(\.rows).map(\.cells), whole.rows.map(\.cells))
            for mode in Matrix.CellMode.allCases {
                for format in [DocumentFormat.csv, .json] {
                    var writer = try Matrix.writer(format, options: DocumentOptions(cells: mode))
                    var out: [UInt8] = []
                    for chunk in chunks { writer.append(chunk, to: &out) }
                    writer.finish(to: &out)
                    let expected: String
                    if format == .json { expected = whole.json(mode).rendered() + "\n" } else {
                        expected = CSV.document(header: whole.header, rows: whole.records(mode))
                    }
                    XCTAssertEqual(String(decoding: out, as: UTF8.self), expected, "\(format)")
                }
            }
        }
    }

    func testAnEmptyKnowledgeBaseGivesTheHeaderOnly() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        let matrix = try kb.matrix()
        XCTAssertEqual(matrix.rows.count, 0)
        XCTAssertEqual(String(decoding: matrix.csv(.text), as: UTF8.self), CSV.record(matrix.header))
        XCTAssertEqual(try matrix.rendered(.json), "[]\n")
    }
}
