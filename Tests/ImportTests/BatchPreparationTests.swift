import Foundation
@testable import KBImport
import XCTest

/// A batch read by background workers and by the writer that joins them comes back whole, in the
/// batch's order, and as a single reader would have read it, however many workers there are.
final class BatchPreparationTests: XCTestCase {
    func inputs() -> [ImportInput] {
        // The seed pages, each several times under its own path, and one that is not a page.
        var inputs: [ImportInput] = []
        for round in 0..<8 {
            for document in DefaultKnowledgeBase.seedDocuments {
                var copy = document
                copy.file.path += ".\(round)"
                inputs.append(.memory(copy))
            }
        }
        inputs.insert(.memory(SourceDocument(path: "notes.md", bytes: Data("just a line\n".utf8))), at: 5)
        return inputs
    }

    func summary(_ documents: [PreparedDocument]) -> [String] {
        documents.map { document in
            switch document.outcome {
            case .write(let writable): "\(document.path) write \(writable.sha256)"
            case .unchanged: "\(document.path) unchanged"
            case .skipped(let reason): "\(document.path) skipped \(reason)"
            case .failed(let error): "\(document.path) failed \(error)"
            }
        }
    }

    func testEveryWorkerCountGivesTheSingleReadersBatch() {
        let inputs = inputs()
        let range = 2..<inputs.count - 1
        // One page known as it is (unchanged), one known otherwise (read again).
        let known = [inputs[3].file.path: SHA256.hex(try! inputs[3].bytes(limit: 1 << 20)), inputs[4].file.path: "stale"]
        let alone = summary(PreparedDocument.prepare(inputs, range, known: known, limit: 1 << 20, workers: 1))
        XCTAssertEqual(alone.count, range.count)
        XCTAssertTrue(alone.contains { $0.hasPrefix("notes.md ") }, "\(alone)")
        XCTAssertEqual(alone[1], "\(inputs[3].file.path) unchanged")
        for workers in [0, 1, 3, 8] {
            let preparation = BatchPreparation(inputs: inputs, range: range, known: known, limit: 1 << 20, stages: nil, counter: nil)
            preparation.start(workers: workers)
            var waited = false
            let documents = preparation.finish { _ in waited = true }
            XCTAssertEqual(summary(documents), alone, "\(workers) workers")
            XCTAssertTrue(waited)
        }
    }
}
