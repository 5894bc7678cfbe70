import A11yKB
@testable import KBModel
import Foundation
import TestSupport
import XCTest

/// `A11YKB_IMPORT_STAGES`: the instrumentation scripts/bench reads, off unless asked for.
final class ImportStagesTests: XCTestCase {
    func testStagesArePrintedOnlyWhenAskedFor() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("seed")
        let folder = try Fixtures.temporaryFolder(self)
        let quiet = try Fixtures.run(["import", "--db", folder.appendingPathComponent("a.sqlite").path, seed.path])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "", "no stage lines unless A11YKB_IMPORT_STAGES is set")

        let run = try Fixtures.run(["import", "--db", folder.appendingPathComponent("b.sqlite").path, seed.path],
                                   environment: ["A11YKB_IMPORT_STAGES": "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        var seconds: [String: Double] = [:]
        for line in run.stderr.split(separator: "\n") {
            let parts = line.split(separator: " ")
            XCTAssertEqual(Array(parts.prefix(3)), ["a11ykb:", "import", "stage"], String(line))
            seconds[String(parts[3])] = Double(parts[4])
        }
        XCTAssertEqual(Set(seconds.keys), Set(ImportStages.Stage.allCases.map(\.rawValue)))
        let total = try XCTUnwrap(seconds["total"])
        XCTAssertGreaterThan(total, 0)
        XCTAssertGreaterThan(try XCTUnwrap(seconds["parse"]), 0, "the seed documents were parsed")
        XCTAssertGreaterThan(try XCTUnwrap(seconds["guidance"]), 0, "guidance rows were written")
        // The writer's stages happen one after another on one thread: together within the total.
        let writer = ImportStages.Stage.allCases.filter { ![.read, .hash, .parse, .normalize, .total].contains($0) }
        XCTAssertLessThanOrEqual(writer.map { seconds[$0.rawValue]! }.reduce(0, +), total * 1.01 + 0.001)
    }
}
