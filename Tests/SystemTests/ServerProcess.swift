import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest

/// `a11ykb serve` started for real on a free port: what a browser, the Python MCP SDK, a signal
/// or an import meet. Its stderr (the address it listens on, then the access log) is kept.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var errorText = ""
    private var announced = false

    var log: String { lock.withLock { errorText } }

    init(db: String, arguments: [String] = []) throws {
        process.executableURL = Fixtures.executable
        process.arguments = ["serve", "--db", db, "--port", "0"] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let started = DispatchSemaphore(value: 0)
        let box = self
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            let first = box.lock.withLock { () -> Bool in
                if data.isEmpty { handle.readabilityHandler = nil } else { box.errorText += String(decoding: data, as: UTF8.self) }
                guard !box.announced, data.isEmpty || box.errorText.contains("http://") else { return false }
                box.announced = true
                return true
            }
            if first { started.signal() }
        }
        try process.run()
        _ = started.wait(timeout: .now() + 20)
        guard let range = log.range(of: #"http://[^ /]+"#, options: .regularExpression) else {
            process.terminate()
            throw XCTSkip("a11ykb serve did not start: \(log)")
        }
        baseURL = String(log[range])
    }

    private(set) var baseURL = ""

    /// GET `path`: the status and the body.
    func get(_ path: String, headers: [String: String] = [:]) throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = 20
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String) = (0, "")
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data.map { String(decoding: $0, as: UTF8.self) } ?? "")
            done.signal()
        }.resume()
        done.wait()
        return result
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitForExit()
    }

    deinit { if process.isRunning { process.terminate() } }
}
