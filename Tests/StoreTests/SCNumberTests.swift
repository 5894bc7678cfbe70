import KBModel
import XCTest

/// A success criterion's number is three parts of one to three ASCII digits, nothing else.
final class SCNumberTests: XCTestCase {
    func testOnlyThreeASCIINumbersMakeOne() {
        XCTAssertEqual(SCNumber("4.1.2"), SCNumber(4, 1, 2))
        XCTAssertEqual(SCNumber("1.4.10")?.description, "1.4.10")
        XCTAssertEqual(SCNumber("10.100.999"), SCNumber(10, 100, 999))
        XCTAssertEqual(SCNumber("1.4.3"[...]), SCNumber(1, 4, 3), "a substring reads alike")
        for text in ["", "4", "4.1", "4.1.", ".1.2", "4..2", "4.1.2.", "4.1.2.1", " 4.1.2", "4.1.2 ", "4.1.2a",
                     "1000.1.1", "1.1.1000", "٤.١.٢", "4.1.２", "+4.1.2", "-4.1.2", "4,1,2"] {
            XCTAssertNil(SCNumber(text), text)
        }
        XCTAssertLessThan(SCNumber("1.4.3")!, SCNumber("1.4.10")!, "compared as numbers")
    }
}
