import A11yKB
@testable import KBImport
@testable import KBQuery
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// The built executable: compare, show, export, list and gaps as a user runs them.
final class CLIOutputTests: XCTestCase {
    /// Done when: `compare expandable --format csv` parses with any CSV reader into aspect rows
    /// with ios and android columns, and the iOS state cell shows the placeholders of
    /// seed/expandable-region.md as gaps.
    func testCompareCSVHasAspectRowsPlatformColumnsAndTheGaps() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("compare.csv")
        let run = try QueryFixtures.run(["compare", "expandable", "--format", "csv", "--output", file.path], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = try QueryFixtures.pythonCSV(file.path)
        let header = try XCTUnwrap(records.first)
        XCTAssertEqual(header.first, "aspect")
        let ios = try XCTUnwrap(header.firstIndex(of: "ios")), android = try XCTUnwrap(header.firstIndex(of: "android"))
        XCTAssertTrue(records.allSatisfy { $0.count == header.count })
        let rows = Dictionary(uniqueKeysWithValues: records.dropFirst().map { ($0[0], $0) })
        for aspect in ["name", "role", "group", "state", "focus", "custom-action", "general", "keyboard", "gesture", "screenreader", "settings", "announcements"] {
            XCTAssertNotNil(rows[aspect], aspect)
        }
        let state = try XCTUnwrap(rows["state"])
        for line in [119, 120, 126, 127] {
            XCTAssertTrue(state[ios].contains("⚠ gap: placeholder") && state[ios].contains("(line \(line))"), state[ios])
        }
        XCTAssertTrue(state[ios].contains("⚠ gap: placeholder \"For collapsed: Set...\" (line 119)"))
        XCTAssertEqual(state[ios].components(separatedBy: "⚠ gap:").count - 1, 4)
        XCTAssertTrue(state[android].contains("⚠ gap: placeholder \"Expanded:\" (line 242)"))
        XCTAssertTrue(try XCTUnwrap(rows["name"])[ios].contains("UIKit:\n  - You can programmatically set the visible label"))
    }

    func testUnknownComponentIsOneLineWithTheClosestSlugsAndStatus2() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        for command in [["compare", "expandible-region"], ["show", "expandible-region"], ["gaps", "--component", "expandible-region"]] {
            let run = try QueryFixtures.run(command, db: kb)
            XCTAssertEqual(run.status, 2, command.joined(separator: " "))
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr, "a11ykb: no component \"expandible-region\"; closest: expandable\n")
        }
    }

    func testTextTableFitsTheWidthAndHasNoColourWhenPiped() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let run = try QueryFixtures.run(["compare", "expandable"], db: kb, environment: ["COLUMNS": "72", "NO_COLOR": ""])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
        let lines = run.stdout.split(separator: "\n").dropFirst(1)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 72 }, lines.filter { $0.count > 72 }.joined(separator: "\n"))
        XCTAssertTrue(run.stdout.contains("⚠ gap:"), run.stdout)
        XCTAssertTrue(run.stdout.contains("no guidance"), run.stdout)
        let narrow = try QueryFixtures.run(["compare", "expandable", "--width", "50", "--aspect", "state"], db: kb)
        XCTAssertTrue(narrow.stdout.components(separatedBy: "\n").dropFirst(1).allSatisfy { $0.count <= 50 }, narrow.stdout)
    }

    func testMarkdownAndJSONComparisons() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let markdown = try QueryFixtures.run(["compare", "table-row-button", "--format", "markdown"], db: kb)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        let table = markdown.stdout.split(separator: "\n").filter { $0.hasPrefix("|") }
        XCTAssertEqual(table.first, "| aspect | General (all platforms) | iOS | Android |")
        XCTAssertEqual(table.count, 2 + 12, "one line per aspect row")
        XCTAssertTrue(table.allSatisfy { $0.hasSuffix(" |") })

        let json = try QueryFixtures.run(["compare", "--aspect", "state", "--format", "json", "--general", "spread"], db: kb)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["columns"] as? [String], ["ios", "android"])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["component"] as? String }, ["expandable", "reorder-data-row", "table", "table-row-button"])
        let ios = try XCTUnwrap((rows[0]["cells"] as? [String: Any])?["ios"] as? [String: Any])
        XCTAssertEqual(ios["gaps"] as? Int, 4)
        XCTAssertEqual(ios["facts"] as? Int, 0)
    }

    func testCompareRefusesWhatItCannotDo() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let bare = try QueryFixtures.run(["compare"], db: kb)
        XCTAssertNotEqual(bare.status, 0)
        XCTAssertTrue(bare.stderr.contains("--aspect"), bare.stderr)
        let aspect = try QueryFixtures.run(["compare", "expandable", "--aspect", "colour"], db: kb)
        XCTAssertEqual(aspect.status, 2)
        XCTAssertTrue(aspect.stderr.hasPrefix("a11ykb: unknown aspect \"colour\"; known: name, role"), aspect.stderr)
        let platform = try QueryFixtures.run(["compare", "expandable", "--platforms", "ios,windows"], db: kb)
        XCTAssertEqual(platform.status, 2)
        XCTAssertTrue(platform.stderr.contains("unknown platform \"windows\""), platform.stderr)
    }

    func testShowFormatsComeFromTheLibrary() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let facts = try QueryFixtures.facts(kb, "reorder-data-row")
        XCTAssertEqual(try QueryFixtures.run(["show", "reorder-data-row", "--format", "gherkin"], db: kb).stdout, AcceptanceCriteria.gherkin(facts))
        XCTAssertEqual(try QueryFixtures.run(["show", "Reorder data row", "--format", "condensed"], db: kb).stdout, AcceptanceCriteria.condensed(facts))
        XCTAssertEqual(try QueryFixtures.run(["show", "reorder-data-row"], db: kb).stdout, AcceptanceCriteria.markdown(facts))
        let json = try QueryFixtures.run(["show", "reorder-data-row", "--format", "json"], db: kb).stdout
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    func testExportTablesListsAndGaps() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let criteria = try QueryFixtures.run(["export", "v_criteria", "--format", "json"], db: kb)
        // As many as the view holds (derived, not pinned: the seed's count changes with its documents).
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(criteria.stdout.utf8)) as? [Any])?.count,
                       try Fixtures.int(kb, "SELECT count(*) FROM v_criteria"))
        let unknown = try QueryFixtures.run(["export", "grdb_migrations"], db: kb)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no table or view \"grdb_migrations\""), unknown.stderr)

        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("gaps.csv")
        let gaps = try QueryFixtures.run(["gaps", "--component", "expandable", "--platform", "ios", "--format", "csv", "--output", file.path], db: kb)
        XCTAssertEqual(gaps.status, 0, gaps.stderr)
        let records = try QueryFixtures.pythonCSV(file.path)
        XCTAssertEqual(records.first, Gap.columns.map(\.name))
        XCTAssertEqual(records.dropFirst().map { $0[8] }, ["102", "103", "119", "120", "126", "127", "162"])
        XCTAssertTrue(records.dropFirst().allSatisfy { $0[7] == "expandable-region.md" }, "the path below the seed folder")

        let table = try QueryFixtures.run(["gaps"], db: kb)
        XCTAssertTrue(table.stdout.hasSuffix("16 gaps\n"), table.stdout)

        let list = try QueryFixtures.run(["list", "components", "--format", "json"], db: kb)
        let components = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(components.map { $0["component"] as? String }, ["expandable", "reorder-data-row", "table", "table-row-button"])
        XCTAssertEqual(components.map { $0["criteria"] as? Int }, [10, 8, 0, 10])
        XCTAssertEqual(components.map { $0["gaps"] as? Int }, [13, 3, 0, 0])
        let frameworks = try QueryFixtures.run(["list", "frameworks", "--format", "csv"], db: kb)
        XCTAssertTrue(frameworks.stdout.hasPrefix("framework,name,platform,components,guidance,code_examples,gaps\r\nuikit,UIKit,ios,3,"), frameworks.stdout)
    }

    func testOutputIntoAMissingFolderFailsAndLeavesNothing() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let run = try QueryFixtures.run(["export", "matrix", "--output", folder.path + "/missing/matrix.csv"], db: kb)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("a11ykb: cannot write "), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// A streamed `--output` appears whole or not at all: a compare refused for an unknown row
    /// leaves neither the file nor a temporary one, and an existing file is left as it was.
    func testStreamedOutputThatFailsLeavesNothing() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let folder = try Fixtures.temporaryFolder(self)
        let file = folder.appendingPathComponent("state.csv")
        try Data("before\n".utf8).write(to: file)
        let run = try QueryFixtures.run(["compare", "--aspect", "no-such-aspect", "--format", "csv", "--output", file.path], db: kb)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown aspect \"no-such-aspect\""), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["state.csv"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "before\n")
        let ok = try QueryFixtures.run(["compare", "--aspect", "state", "--format", "csv", "--output", file.path], db: kb)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), ComparisonRendering.csv(try kb.compareAcross(aspects: ["state"])))
    }

    /// `--aspects`: the readable default and the full width, as the library builds them.
    func testExportMatrixAspects() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        for aspects in MatrixAspects.allCases {
            let run = try QueryFixtures.run(["export", "matrix", "--aspects", aspects.rawValue], db: kb)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stdout, String(decoding: try kb.matrix(Matrix.Options(aspects: aspects)).csv(.text), as: UTF8.self))
        }
        let json = try QueryFixtures.run(["export", "matrix", "--format", "json", "--cells", "count"], db: kb)
        XCTAssertEqual(json.stdout, try kb.matrix().json(.count).rendered() + "\n")
        let bad = try QueryFixtures.run(["export", "matrix", "--aspects", "some"], db: kb)
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--aspects"), bad.stderr)
    }

    func testEveryNewCommandsHelpTeachesWithExamples() throws {
        for command in ["compare", "show", "export", "list", "gaps"] {
            let run = try Fixtures.run([command, "--help"])
            XCTAssertEqual(run.status, 0, command)
            XCTAssertTrue(run.stdout.contains("Examples:"), command)
            XCTAssertTrue(run.stdout.contains("a11ykb \(command) "), command)
        }
        let compare = try Fixtures.run(["compare", "--help"]).stdout
        XCTAssertTrue(compare.contains("general"), "the help says where general guidance goes")
    }

    /// Done when: `export matrix --format csv` round-trips through Python's csv module with one row
    /// per component and cells that hold commas, quotes and newlines intact.
    func testExportMatrixRoundTripsThroughPythonsCSVModule() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("matrix.csv")
        let run = try QueryFixtures.run(["export", "matrix", "--format", "csv", "--output", file.path, "--bom"], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "", "with --output nothing goes to stdout")
        let bytes = try Data(contentsOf: file)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "--bom")
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("\r\n"))

        let records = try QueryFixtures.pythonCSV(file.path)
        let matrix = try kb.matrix()
        XCTAssertEqual(records.first, matrix.header)
        XCTAssertEqual(records.count, 1 + 4, "one row per component")
        // --bom is CSV for a spreadsheet: a cell that would be a formula (a `- ` list) has a `'` first.
        let asText = matrix.records(.text).map { $0.map { cell in cell.first.map { "=+-@\t\r".contains($0) } == true ? "'" + cell : cell } }
        XCTAssertEqual(Array(records.dropFirst()), asText)
        let cells = records.dropFirst().flatMap { $0 }
        XCTAssertTrue(cells.contains { $0.contains(",") && $0.contains("\"") && $0.contains("\n") },
                      "some cell holds a comma, a quote and a newline at once")
        let announcements = try XCTUnwrap(records.first { $0[0] == "reorder-data-row" }?[matrix.header.firstIndex(of: "ios:announcements")!])
        XCTAssertEqual(announcements.split(separator: "\n").first,
                       "'- \"Remove, English US, button\" (Option to delete row - Delete button appears and announces as \"Delete, button\")")
    }

    /// Over the real corpus: the matrix has a row per component and Python reads it back intact.
    func testCorpusMatrixRoundTrips() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let kb = try Fixtures.importedKnowledgeBase([corpus], self)
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("matrix.csv")
        let run = try QueryFixtures.run(["export", "matrix", "--output", file.path], db: kb)
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = try QueryFixtures.pythonCSV(file.path)
        let matrix = try kb.matrix()
        XCTAssertEqual(records.count, 1 + (try Fixtures.int(kb, "SELECT count(*) FROM components")))
        XCTAssertEqual(Array(records.dropFirst()), matrix.records(.text))
    }
}
