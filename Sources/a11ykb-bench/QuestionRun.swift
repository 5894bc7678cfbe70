import A11yKB
import Foundation

/// The bench's library suite: questions asked one at a time in one process, each once (no answer
/// is cached anywhere: a question asked for the first time), through the answer every skin gives
/// (`findComponents`). Held: as the long-running readers ask them, from the ranking index held for
/// the file's version, built before the first question and timed apart; else by SQL alone, as
/// the CLI asks them.
struct QuestionRun {
    let path: String
    let questions: [String]
    let held: Bool

    func run() throws -> String {
        let kb = try KnowledgeBase.open(existing: path)
        var build = 0.0
        if held {
            let start = DispatchTime.now().uptimeNanoseconds
            try kb.holdRankingIndex(dataVersion: "bench")
            build = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        var samples: [Double] = []
        for question in questions where !question.isEmpty {
            let start = DispatchTime.now().uptimeNanoseconds
            if held {
                _ = try kb.answering(dataVersion: "bench") { try kb.findComponents(question, timeout: 0) }
            } else {
                _ = try kb.findComponents(question, timeout: 0)
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        samples.sort()
        func percentile(_ p: Double) -> Double { samples.isEmpty ? 0 : samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        let size = kb.heldRankingIndexSize
        // "sql" too when an index was asked for and the file is too large to hold one.
        return String(format: "{\"questions\": %d, \"path\": \"\(size != nil ? "held" : "sql")\", \"p50_ms\": %.3f, \"p90_ms\": %.3f, \"p99_ms\": %.3f, \"index_build_ms\": %.1f, \"index_bytes\": %d, \"index_texts\": %d}",
                      samples.count, percentile(0.5), percentile(0.9), percentile(0.99), build,
                      size?.bytes ?? 0, size?.texts ?? 0)
    }
}
