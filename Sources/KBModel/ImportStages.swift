import Dispatch
import Foundation

/// Where an import's time goes, stage by stage: an observer the caller passes in
/// `ImportOptions.stages` and reads when the import returns (the command line prints it when
/// `A11YKB_IMPORT_STAGES` is set, for `scripts/bench`). Without one the importer holds no
/// `ImportStages` at all, and a stage costs one nil check.
///
/// Preparation (reading, hashing, parsing, normalizing) runs on every core while the writer writes,
/// so its stages are thread time summed over the workers and the writer, which reads pages of the
/// next batch too once it has written its own; `wait-prepare` is the writer's own time spent
/// waiting for the pages the workers were still reading. `plan` is the writer thread's time reading what is stored and deciding
/// what each document changes; the writer's other stages are its wall time, one per table, then the
/// search index rebuild, the commit and the WAL checkpoint. `total` is the import's wall time.
public final class ImportStages: @unchecked Sendable {
    public enum Stage: String, CaseIterable, Sendable {
        case read, hash, parse, normalize
        case waitPrepare = "wait-prepare"
        case plan
        case sources, components, criteria, guidance, announcements, gaps
        case codeExamples = "code_examples", gherkinSteps = "gherkin_steps", wcag = "component_wcag", notices
        case fts, commit, checkpoint, total
    }

    /// Seconds one stage took.
    public struct Timing: Sendable, Equatable {
        public var stage: String
        public var seconds: Double
    }

    private var nanoseconds = [UInt64](repeating: 0, count: Stage.allCases.count)
    private let lock = NSLock()

    public init() {}

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
    public var timings: [Timing] {
        Stage.allCases.map { Timing(stage: $0.rawValue, seconds: seconds($0)) }
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
