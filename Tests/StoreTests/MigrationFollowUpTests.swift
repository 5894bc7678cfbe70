@testable import KBStore
@testable import KBSearch
import XCTest

/// Follow-ups are a registry by migration name: every name registered is a migration's, and a
/// name no migration has (a migration renamed, its follow-up left behind) is refused before a
/// file is touched, never skipped in silence as an `if name == ...` was.
final class MigrationFollowUpTests: XCTestCase {
    func testEveryRegisteredFollowUpNamesAMigration() throws {
        let registry = try Schema.registry(SearchIndex.followUps)
        XCTAssertEqual(Set(registry.keys), ["0007_component_search", "0011_standards", "0014_component_evidence", "0017_tests_nothing"])
        XCTAssertTrue(Set(registry.keys).isSubset(of: Set(Schema.names)))
    }

    func testAFollowUpOfNoMigrationIsRefusedBeforeAnythingRuns() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("followup-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try KnowledgeBase(path: path, followUps: ["0007_component_serach": { _ in }])) { error in
            XCTAssertTrue("\(error)".contains("a follow-up names no migration: 0007_component_serach"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no file made")
    }
}
