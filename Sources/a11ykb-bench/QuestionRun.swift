import A11yKB
import A11yKBServer
import Foundation
import HummingbirdCore

/// The bench's library suite: questions asked one at a time in one process, each once (no answer
/// is cached anywhere: a question asked for the first time), through the answer every skin gives
/// (`findComponents`). Held: as the long-running readers ask them, from the ranking index held for
/// the file's version, built before the first question and timed apart; else by SQL alone, as
/// the CLI asks them. As the API: each the request the load run's floor makes of it (`/api/search`
/// through the route's own function, its JSON written), from the index held: what a profile of
/// the floor's questions counts, one request at a time.
struct QuestionRun {
    enum Path { case held, sql, api }

    let path: String
    let questions: [String]
    let through: Path

    func run() throws -> String {
        let kb = try KnowledgeBase.open(existing: path)
        var build = 0.0
        if through != .sql {
            let start = DispatchTime.now().uptimeNanoseconds
            try kb.holdRankingIndex(dataVersion: "bench")
            build = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        var samples: [Double] = []
        var bytes = 0
        // The addresses the load run sends (`q=` the question, every byte but a letter or digit
        // escaped), made before: the load run's file holds them made.
        let addresses = questions.map { "/api/search?q=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        for (question, address) in zip(questions, addresses) where !question.isEmpty {
            let start = DispatchTime.now().uptimeNanoseconds
            switch through {
            case .held: _ = try kb.answering(dataVersion: "bench") { try kb.findComponents(question, timeout: 0) }
            case .sql: _ = try kb.findComponents(question, timeout: 0)
            case .api:
                // The address read as the route reads it.
                guard let (text, options) = try SearchParameters(URI(address)).question else { continue }
                bytes += try kb.answering(dataVersion: "bench") { try API.search(kb, text, options).count }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        samples.sort()
        func percentile(_ p: Double) -> Double { samples.isEmpty ? 0 : samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        let size = kb.heldRankingIndexSize
        // "sql" too when an index was asked for and the file is too large to hold one.
        return String(format: "{\"questions\": %d, \"path\": \"\(size != nil ? "held" : "sql")\", \"p50_ms\": %.3f, \"p90_ms\": %.3f, \"p99_ms\": %.3f, \"index_build_ms\": %.1f, \"index_bytes\": %d, \"index_texts\": %d, \"json_bytes\": %d}",
                      samples.count, percentile(0.5), percentile(0.9), percentile(0.99), build,
                      size?.bytes ?? 0, size?.texts ?? 0, bytes)
    }
}
