import Dispatch
import Foundation
import KBModel

/// A batch of pages being read while the writer writes the batch before it. Background workers
/// take its documents one at a time from a shared count, and the writer, once its own batch is
/// written, takes them too instead of waiting: reading pages costs more CPU than SQLite's inserts
/// (docs/performance.md), so a writer that only waited left a core idle for that difference.
/// The documents come back in the batch's order whoever read them.
final class BatchPreparation: @unchecked Sendable {
    private let inputs: [ImportInput]
    private let range: Range<Int>
    private let known: [String: String]
    private let limit: Int
    private let stages: ImportStages?
    private let counter: ProgressCounter?
    private let lock = NSLock()
    private let workers = DispatchGroup()
    private var slots: [PreparedDocument?]
    private var taken = 0

    init(inputs: [ImportInput], range: Range<Int>, known: [String: String], limit: Int, stages: ImportStages?,
         counter: ProgressCounter?) {
        self.inputs = inputs
        self.range = range
        self.known = known
        self.limit = limit
        self.stages = stages
        self.counter = counter
        slots = [PreparedDocument?](repeating: nil, count: range.count)
    }

    /// Starts `count` background workers on the batch.
    func start(workers count: Int) {
        for _ in 0..<max(0, count) {
            DispatchQueue.global().async(group: workers) { self.work() }
        }
    }

    /// Joins the workers until no document is left to take, then waits for the ones they still
    /// read; `waited` is told how long that last wait took.
    func finish(waited: (UInt64) -> Void) -> [PreparedDocument] {
        work()
        let start = ImportStages.now()
        workers.wait()
        waited(start)
        return lock.withLock { slots.compactMap { $0 } }
    }

    private func work() {
        while let offset = take() {
            let input = inputs[range.lowerBound + offset]
            let document = PreparedDocument.prepare(input, knownSHA: known[input.file.path], limit: limit, stages: stages)
            counter?.fileRead(input.file.path)
            lock.withLock { slots[offset] = document }
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard taken < range.count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }
}
