import A11yKB
@testable import KBModel
@testable import KBSearch
@testable import KBQuery
import TestSupport
import XCTest

/// A platform's family is read only from a platform: a word that is none (a typo, `windows`) was
/// read as native in silence, so a library caller filtering announcements or coverage by it got
/// native components' answers. Now it is no family, and a question naming it is refused.
final class PlatformFamilyTests: XCTestCase {
    func testOnlyAPlatformHasAFamily() throws {
        XCTAssertEqual(Family(platform: "ios"), .native)
        XCTAssertEqual(Family(platform: "android"), .native)
        XCTAssertEqual(Family(platform: "web"), .web)
        XCTAssertNil(Family(platform: "windows"))
        XCTAssertThrowsError(try Family.of(platform: "windows")) { error in
            XCTAssertEqual("\(error)", "no platform \"windows\"; one of: ios, android, web")
        }
    }

    func testAQuestionByAPlatformThatIsNoneIsRefusedNotReadAsNative() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.read { db in
            XCTAssertThrowsError(try SpokenAnnouncement.list(db, componentID: nil, family: nil, platform: "windows", origin: nil))
            XCTAssertThrowsError(try Coverage.build(db, Coverage.Selection(platform: "windows")))
        }
    }
}
