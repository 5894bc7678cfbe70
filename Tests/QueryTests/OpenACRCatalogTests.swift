import KBConformance
import XCTest

/// A catalog asked for by id is read from its own lines of the built-in file; it is the catalog
/// the whole file's reading gives, for each of the nine, and the ids are the file's, in order.
final class OpenACRCatalogTests: XCTestCase {
    func testOneCatalogReadAloneIsTheWholeFilesReading() throws {
        let all = OpenACRCatalog.builtIn
        XCTAssertEqual(all.count, 9)
        XCTAssertEqual(OpenACRCatalog.builtInIDs, all.map(\.id))
        for catalog in all {
            let alone = try XCTUnwrap(OpenACRCatalog.named(catalog.id), catalog.id)
            XCTAssertEqual(alone, catalog, catalog.id)
            XCTAssertFalse(alone.chapters.isEmpty, catalog.id)
        }
        XCTAssertNil(OpenACRCatalog.named("2.5-edition-wcag-2.2"))
        XCTAssertNil(OpenACRCatalog.named(""))
        let handles = try XCTUnwrap(OpenACRCatalog.named(OpenACRCatalog.defaultID)?.chapter("functional_performance_criteria")).criteria
        XCTAssertEqual(handles.first?.id, "302.1")
    }
}
