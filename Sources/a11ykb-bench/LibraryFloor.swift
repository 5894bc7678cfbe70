import A11yKB
import A11yKBMCP
import A11yKBServer
import Foundation
import Hummingbird
import HummingbirdCore

/// The load run's floor (the bench's `serve` suite): the requests of a load run answered by the
/// same library calls the routes make, from the server's pool, with no HTTP in between. What the
/// server adds to this is its own cost. The bench's, not the shipped server's.
struct LibraryFloor: Sendable {
    let env: TeamServer.Environment
    let requests: [String]

    init(env: TeamServer.Environment, requests: [String]) {
        self.env = env
        self.requests = requests
    }

    /// One request's answer, by the route's own function, its address read as the route reads it
    /// (a `+` in the query is a space: read otherwise, the floor once searched other words).
    func answer(_ line: String) async throws -> Int {
        if line.hasPrefix("MCP ") {
            let body = Data(line.dropFirst(4).utf8)
            return try await env.pool.answer { try ToolCall.resultJSON(body, $0, table: .remote).utf8.count }
        }
        let uri = URI(String(line.dropFirst(4)))
        if uri.path == "/api/search" {
            guard let (text, options) = try SearchParameters(uri).question else { return 0 }
            return try await env.pool.answer { try API.search($0, text, options).count }
        }
        if uri.path.hasPrefix("/api/components/") {
            let parts = uri.path.split(separator: "/")
            guard parts.count == 4, let family = Family(rawValue: String(parts[2])) else { return 0 }
            guard let slug = parts[3].removingPercentEncoding else { return 0 }
            return try await env.pool.answer { try API.component($0, slug, family).utf8.count }
        }
        return 0
    }

    /// `clients` tasks sending requests in turn for `seconds`: requests per second and latency.
    func run(clients: Int, seconds: Double) async throws -> String {
        let end = Date().addingTimeInterval(seconds)
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var samples: [Double] = []
                    var i = client
                    while Date() < end {
                        let start = DispatchTime.now().uptimeNanoseconds
                        _ = try await answer(requests[i % requests.count])
                        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                        i += clients
                    }
                    return samples
                }
            }
            var all: [Double] = []
            for try await samples in group { all += samples }
            return all.sorted()
        }
        func percentile(_ p: Double) -> Double { latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        return String(format: "{\"requests\": %d, \"rps\": %.1f, \"p50_ms\": %.2f, \"p99_ms\": %.2f}",
                      latencies.count, Double(latencies.count) / seconds, percentile(0.5), percentile(0.99))
    }
}
