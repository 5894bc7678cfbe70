// Test helpers exist in debug builds only: `swift build -c release` builds every target, and
// this one imports XCTest and A11yKB for testing, which release builds (static stdlib) lack.
#if DEBUG
import Foundation
import XCTest

/// Every process the tests start goes through here: the built `a11ykb`, run to its end or started
/// in the background, and the few other programs (python3, /bin/sh) some tests need.
extension Fixtures {
    /// The built `a11ykb` executable, beside the test bundle.
    public static var executable: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("a11ykb")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("a11ykb")
    }

    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The clean environment the executable runs in: no colour, a home of its own.
    static var cleanEnvironment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "NO_COLOR": "1"]
    }

    /// Runs the executable with `arguments` and `environment` added to a clean one.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let env = cleanEnvironment.merging(environment) { _, new in new }
        return try runProcess(executable, arguments, environment: env)
    }

    /// Runs the executable once for each argument list, two at a time (the machine's cores are
    /// otherwise idle while a test waits for its child), the results in the lists' order. Only
    /// for runs that cannot affect each other: reads, refusals, help.
    public static func runEach(_ argumentLists: [[String]], environment: [String: String] = [:]) throws -> [Run] {
        final class Results: @unchecked Sendable {
            var runs: [Result<Run, Error>?]
            var taken = 0
            let lock = NSLock()
            init(_ count: Int) { runs = Array(repeating: nil, count: count) }
        }
        let results = Results(argumentLists.count)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                results.lock.lock()
                let index = results.taken
                results.taken += 1
                results.lock.unlock()
                guard index < argumentLists.count else { return }
                let outcome = Result { try Fixtures.run(argumentLists[index], environment: environment) }
                results.lock.lock()
                results.runs[index] = outcome
                results.lock.unlock()
            }
        }
        return try results.runs.map { try $0!.get() }
    }

    /// Runs a program to its end; `environment` nil keeps this process's. Through `Spawn`, not
    /// Foundation's `Process`, whose start can crash the test process on Linux (`Spawn` says why).
    public static func runProcess(_ program: URL, _ arguments: [String], environment: [String: String]?) throws -> Run {
        let run = try Spawn.run(program.path, arguments, environment: environment)
        return Run(status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
                   stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// Starts the built executable without waiting for it.
    public static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = cleanEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (polling) until `condition` holds or `process` ends; true when the condition held
    /// while the process was still running.
    public static func waitWhileRunning(_ process: Process, until condition: () -> Bool) -> Bool {
        while process.isRunning {
            if condition() { return process.isRunning }
            usleep(2_000)
        }
        return false
    }
}

/// Reads a file handle to its end on a thread of its own; `wait` returns what it read.
final class Drain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    /// What the handle held, once it reached its end. The semaphore orders the thread's write of
    /// `data` before this read.
    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Every test waits for a process's end through this. Foundation's `waitUntilExit` on Linux runs
/// its run loop in 50 ms steps until the end is seen: 40 ms lost a process, some 17 s of the suite's
/// wall time over its four hundred runs. `isRunning` turns false as soon as the child is reaped.
extension Process {
    public func waitForExit() {
        while isRunning { usleep(500) }
    }
}
#endif
