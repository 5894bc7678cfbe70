import A11yKB
import KBModel
@testable import KBStore
@testable import KBImport
import Foundation
import TestSupport
import XCTest

/// Platforms and frameworks are closed sets (`Platform`, `Framework`): a fact's platform is never
/// written as NULL, which the schema reads as "every platform".
final class ClosedVocabularyTests: XCTestCase {
    func testAPlatformTheTableLacksFailsTheImportInsteadOfBecomingEveryPlatform() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        try kb.writer().write { try $0.execute(sql: "DELETE FROM frameworks WHERE platform_id IN (SELECT id FROM platforms WHERE slug = 'android'); DELETE FROM platforms WHERE slug = 'android'") }
        let document = SourceDocument(path: "table-row-button.md", bytes: Data(try Fixtures.seed("table-row-button.md").utf8),
                                      hints: SourceHints(looseFileName: "table-row-button.md"))
        XCTAssertThrowsError(try Importer(kb).importDocuments([document])) { error in
            XCTAssertTrue("\(error)".contains("\"android\""), "\(error)")
        }
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM guidance"), 0, "nothing written, least of all as every platform")
    }

    func testEveryPlatformAndFrameworkHasItsRow() throws {
        let kb = try Fixtures.emptyKnowledgeBase(self)
        XCTAssertEqual(Set(try Fixtures.strings(kb, "SELECT slug FROM platforms")), Set(Platform.allCases.map(\.rawValue)))
        XCTAssertEqual(Set(try Fixtures.strings(kb, "SELECT slug FROM frameworks")), Set(Framework.allCases.map(\.rawValue)))
    }
}
