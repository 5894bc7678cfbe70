import A11yKB
import A11yKBMCP
import Foundation

/// The load run's floor (scripts/bench-serve): the requests of a load run answered by the same
/// library calls the routes make, from the server's pool, with no HTTP in between. What the
/// server adds to this is its own cost.
public struct LibraryFloor: Sendable {
    let env: TeamServer.Environment
    let requests: [String]

    public init(env: TeamServer.Environment, requests: [String]) {
        self.env = env
        self.requests = requests
    }

    /// One request's answer, as its route makes it.
    func answer(_ line: String) async throws -> Int {
        if line.hasPrefix("MCP ") {
            let body = Data(line.dropFirst(4).utf8)
            return try await env.pool.answer { try ToolCall.resultJSON(body, $0, table: .remote).utf8.count }
        }
        let path = String(line.dropFirst(4))
        let components = URLComponents(string: path)
        let route = components?.path ?? path
        if route == "/api/search" {
            let q = components?.queryItems?.first { $0.name == "q" }?.value ?? ""
            return try await env.pool.answer {
                try $0.searchComponents(q, options: SearchOptions(limit: SearchOptions.defaultComponentLimit), timeout: 0)
                    .tabular.rendered(.json).utf8.count
            }
        }
        if route.hasPrefix("/api/components/") {
            let parts = route.split(separator: "/")
            let family = Family(rawValue: String(parts[2]))
            let slug = String(parts[3]).removingPercentEncoding ?? String(parts[3])
            return try await env.pool.answer { AcceptanceCriteria.document(try $0.component(slug, family: family), .json).utf8.count }
        }
        return 0
    }

    /// `clients` tasks sending requests in turn for `seconds`: requests per second and latency.
    public func run(clients: Int, seconds: Double) async throws -> String {
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
