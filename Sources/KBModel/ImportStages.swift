import Dispatch
import Foundation

/// Where an import's time goes, stage by stage: measured when the environment variable
/// `A11YKB_IMPORT_STAGES` is set (to anything but `0`), handed back in `ImportSummary.stages` and
/// printed to stderr by `a11ykb import`, for `scripts/bench`.
/// Off, it costs one nil check per stage: the importer holds no `ImportStages` at all.
///
/// Preparation (reading, hashing, parsing, normalizing) runs on every core while the writer writes,
/// so its stages are thread time summed over the workers; `wait-prepare` is the writer's own time
/// spent waiting for a batch. The writer's stages are its wall time, one per table, then the search
/// index rebuild, the commit and the WAL checkpoint. `total` is the import's wall time.
package final class ImportStages: @unchecked Sendable {
    package enum Stage: String, CaseIterable {
        case read, hash, parse, normalize
        case waitPrepare = "wait-prepare"
        case sources, components, criteria, guidance, announcements, gaps
        case codeExamples = "code_examples", gherkinSteps = "gherkin_steps", wcag = "component_wcag", notices
        case fts, commit, checkpoint, total
    }

    private var nanoseconds = [UInt64](repeating: 0, count: Stage.allCases.count)
    private let lock = NSLock()

    /// One when `A11YKB_IMPORT_STAGES` asks for it, else nil.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ImportStages? {
        guard let value = environment["A11YKB_IMPORT_STAGES"], !value.isEmpty, value != "0" else { return nil }
        return ImportStages()
    }

    package static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    package func add(_ stage: Stage, since start: UInt64) {
        let elapsed = ImportStages.now() &- start
        lock.lock()
        nanoseconds[Stage.allCases.firstIndex(of: stage)!] &+= elapsed
        lock.unlock()
    }

    func seconds(_ stage: Stage) -> Double {
        lock.lock()
        defer { lock.unlock() }
        return Double(nanoseconds[Stage.allCases.firstIndex(of: stage)!]) / 1e9
    }

    /// Every stage's seconds, in pipeline order.
    package var timings: [ImportSummary.StageTiming] {
        Stage.allCases.map { ImportSummary.StageTiming(stage: $0.rawValue, seconds: seconds($0)) }
    }
}

extension Optional where Wrapped == ImportStages {
    /// Runs `body`, adding its wall time to `stage` when stages are measured.
    @inline(__always)
    package func measure<T>(_ stage: ImportStages.Stage, _ body: () throws -> T) rethrows -> T {
        guard let stages = self else { return try body() }
        let start = ImportStages.now()
        defer { stages.add(stage, since: start) }
        return try body()
    }
}
