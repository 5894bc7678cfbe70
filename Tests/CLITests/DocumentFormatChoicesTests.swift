import A11yKB
import Foundation
import TestSupport
import XCTest

/// Every `--format` the command line takes is its document's formats (`Document.formats`) or a
/// list's (`TabularFormat`), as the definitions say them (`--experimental-dump-help`, which help,
/// the man page and completion are made from): a format added to a document cannot be missing
/// from the option, nor an option offer one the document does not write.
final class DocumentFormatChoicesTests: XCTestCase {
    /// The command's words (`acr build`) and the values and help of its `--format`.
    func formatOptions() throws -> [String: (values: [String], abstract: String, defaultValue: String?)] {
        let run = try Fixtures.run(["--experimental-dump-help"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let dump = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        var found: [String: (values: [String], abstract: String, defaultValue: String?)] = [:]
        func walk(_ command: [String: Any], _ path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                guard names.contains("format") else { continue }
                found[path.joined(separator: " ")] = (argument["allValues"] as? [String] ?? [], argument["abstract"] as? String ?? "",
                                                      argument["defaultValue"] as? String)
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? "?"])
            }
        }
        walk(try XCTUnwrap(dump["command"] as? [String: Any]), [])
        return found
    }

    func testEachDocumentCommandOffersItsDocumentsFormats() throws {
        let documents: [String: (names: [String], list: String)] = [
            "show": (AcceptanceCriteriaDocument.formatNames, AcceptanceCriteriaDocument.formatList),
            "checklist": (ChecklistDocument.formatNames, ChecklistDocument.formatList),
            "plan show": (ChecklistDocument.formatNames, ChecklistDocument.formatList),
            "compare": (Comparison.formatNames, Comparison.formatList),
            "report": (TestReportDocument.formatNames, TestReportDocument.formatList),
            "diff": (ChecklistDiff.formatNames, ChecklistDiff.formatList),
            "import": (ImportSummaryDocument.formatNames, ImportSummaryDocument.formatList),
            "acr build": (OpenACRReport.formatNames, OpenACRReport.formatList),
            "acr render": (OpenACRReport.formatNames, OpenACRReport.formatList),
            "acr check": (ConformanceCheckResult.formatNames, ConformanceCheckResult.formatList),
            "acr diff": (OpenACRDiff.formatNames, OpenACRDiff.formatList),
            "evidence": (EvidenceSummary.formatNames, EvidenceSummary.formatList),
        ]
        let options = try formatOptions()
        for (command, document) in documents {
            let option = try XCTUnwrap(options[command], "a11ykb \(command) has --format")
            XCTAssertEqual(option.values, document.names, "a11ykb \(command) --format")
            XCTAssertTrue(option.abstract.contains(document.list), "a11ykb \(command)'s help lists its formats: \(option.abstract)")
            if let value = option.defaultValue { XCTAssertTrue(document.names.contains(value), "\(command)'s default \(value)") }
        }
        // Every other --format is a list's.
        for (command, option) in options where documents[command] == nil {
            XCTAssertEqual(option.values, TabularFormat.allCases.map(\.rawValue), "a11ykb \(command) --format is a list's")
        }
    }

    /// `export matrix` takes the list formats' option: it writes those of them the matrix is written in.
    func testExportMatrixWritesTheMatrixsFormatsOnly() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        try kb.close()
        for format in TabularFormat.allCases {
            let run = try Fixtures.run(["export", "matrix", "--format", format.rawValue, "--db", kb.path])
            if Matrix.supports(DocumentFormat(format)) {
                XCTAssertEqual(run.status, 0, "\(format): \(run.stderr)")
            } else {
                XCTAssertEqual(run.status, 2, format.rawValue)
                XCTAssertTrue(run.stderr.contains("export matrix writes \(Matrix.formatList), not \(format.rawValue)"), run.stderr)
            }
        }
    }
}
