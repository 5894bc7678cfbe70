import A11yKB
import KBStore
import GRDB
@testable import KBModel
@testable import KBSearch
@testable import KBQuery
import TestSupport
import XCTest

/// A platform's family is read only from a platform: a word that is none (a typo, `windows`) was
/// once read as native in silence, so a library caller filtering announcements or coverage by it
/// got native components' answers. Now the questions take a `Platform`, a word is read into one
/// where a skin reads it (and refused when it is none), and a knowledge base's own platform slugs
/// are read into one where they are read (and refused when they are none).
final class PlatformFamilyTests: XCTestCase {
    func testOnlyAPlatformHasAFamily() throws {
        XCTAssertEqual(Platform.ios.family, .native)
        XCTAssertEqual(Platform.android.family, .native)
        XCTAssertEqual(Platform.web.family, .web)
        XCTAssertEqual(Family.native.platforms, [.ios, .android])
        XCTAssertEqual(Family.howToTest.platforms, Platform.allCases)
        XCTAssertThrowsError(try Platform(typed: "windows")) { error in
            XCTAssertEqual("\(error)", "unknown platform \"windows\"; known: ios, android, web")
        }
        XCTAssertEqual(try Platform(typed: "Android TalkBack"), .android)
    }

    /// A knowledge base written by hand or by another program may name a platform, framework or
    /// family a11ykb does not know: every question that reads it refuses it, naming the value,
    /// never reading it as another (or as every platform).
    func testAStoredValueThatIsNoneIsRefusedWhereItIsRead() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.writer().write { try $0.execute(sql: "UPDATE platforms SET slug = 'windows' WHERE slug = 'ios'") }
        let refused = UnknownStoredValue(kind: .platform, column: "platform", value: "windows")
        XCTAssertThrowsError(try kb.component("reorder-data-row")) { XCTAssertEqual($0 as? UnknownStoredValue, refused) }
        XCTAssertThrowsError(try kb.gaps()) { XCTAssertEqual($0 as? UnknownStoredValue, refused) }
        XCTAssertThrowsError(try kb.search("dimmed", options: SearchOptions(limit: 0))) { XCTAssertEqual($0 as? UnknownStoredValue, refused) }
        XCTAssertThrowsError(try kb.stats()) { error in
            XCTAssertEqual(error as? UnknownStoredValue, UnknownStoredValue(kind: .platform, column: "slug", value: "windows"))
            XCTAssertTrue("\(error)".contains("\"windows\" as a platform"), "\(error)")
        }
        try kb.writer().write { try $0.execute(sql: "UPDATE platforms SET slug = 'ios' WHERE slug = 'windows'") }
        XCTAssertNoThrow(try kb.component("reorder-data-row"))

        // A success criterion's number is read back as it was written, or refused.
        try kb.writer().write { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "INSERT INTO wcag_criteria (sc, title) VALUES ('04.1.2', 'Name, Role, Value')")
        }
        XCTAssertThrowsError(try kb.wcag()) { error in
            XCTAssertEqual(error as? UnknownStoredValue, UnknownStoredValue(kind: .successCriterion, column: "sc", value: "04.1.2"))
        }
    }
}
