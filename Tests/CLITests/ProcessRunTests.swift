import Foundation
import TestSupport
import XCTest

/// The runs the suite waits on (`Fixtures.runProcess`) start their program with posix_spawn: the
/// status, both streams whole and apart, a signal's number, and no descriptor of this process
/// but the standard ones handed to the child.
final class ProcessRunTests: XCTestCase {
    let shell = URL(fileURLWithPath: "/bin/sh")

    func testStatusAndBothStreams() throws {
        let run = try Fixtures.runProcess(shell, ["-c", "echo out; echo err >&2; exit 3"], environment: nil)
        XCTAssertEqual(run.status, 3)
        XCTAssertEqual(run.stdout, "out\n")
        XCTAssertEqual(run.stderr, "err\n")
        // More than a pipe holds on each stream at once: neither waits on the other.
        let big = try Fixtures.runProcess(shell, ["-c", "head -c 300000 /dev/zero | tr '\\0' o; head -c 300000 /dev/zero | tr '\\0' e >&2"],
                                          environment: nil)
        XCTAssertEqual(big.status, 0)
        XCTAssertEqual(big.stdout.utf8.count, 300_000)
        XCTAssertEqual(big.stderr.utf8.count, 300_000)
    }

    func testEnvironmentAndSignal() throws {
        let run = try Fixtures.runProcess(shell, ["-c", "echo \"$A11YKB_SPAWN\"; env | wc -l"], environment: ["A11YKB_SPAWN": "x y", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(run.stdout.split(separator: "\n").first, "x y")
        XCTAssertLessThanOrEqual(Int(run.stdout.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 99, 4,
                                 "only the environment given (and what sh sets itself)")
        XCTAssertEqual(try Fixtures.runProcess(shell, ["-c", "kill -TERM $$"], environment: nil).status, SIGTERM)
        XCTAssertThrowsError(try Fixtures.runProcess(URL(fileURLWithPath: "/nonexistent/program"), [], environment: nil))
    }

    func testTheChildHoldsOnlyTheStandardDescriptors() throws {
        // Descriptors of this process that are not close-on-exec, as Foundation's own pipes are not.
        let held = (0..<3).map { _ in Pipe() }
        let run = try Fixtures.runProcess(shell, ["-c", "ls /proc/$$/fd"], environment: nil)
        XCTAssertEqual(run.status, 0, run.stderr)
        let open = Set(run.stdout.split(separator: "\n").compactMap { Int($0) })
        XCTAssertTrue(open.isSubset(of: [0, 1, 2, 255]), "the shell's descriptors: \(open.sorted())")  // bash keeps 255
        withExtendedLifetime(held) {}
    }

    /// As a `Process` starts it: no signal blocked and no standard one ignored, from whatever
    /// thread it is started (a dispatch worker blocks nearly all, `fffffffe3bfbea27` here, and
    /// `Fixtures.runEach` starts from those). Read by the child itself, not a shell, which resets
    /// its own mask. Above 31, the C library's real-time signals are its own, as under `Process`.
    func testTheChildStartsWithDefaultSignals() throws {
        let lock = NSLock()
        nonisolated(unsafe) var outputs: [String] = []
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let run = try? Fixtures.runProcess(URL(fileURLWithPath: "/bin/grep"), ["-E", "^Sig(Blk|Ign)", "/proc/self/status"], environment: nil)
            lock.lock()
            outputs.append(run?.stdout ?? "did not run")
            lock.unlock()
        }
        outputs.append(try Fixtures.runProcess(URL(fileURLWithPath: "/bin/grep"), ["-E", "^Sig(Blk|Ign)", "/proc/self/status"], environment: nil).stdout)
        XCTAssertEqual(outputs.count, 3)
        for output in outputs {
            let masks = Dictionary(uniqueKeysWithValues: output.split(separator: "\n").compactMap { line -> (String, UInt64)? in
                let parts = line.split(separator: "\t")
                guard parts.count == 2, let value = UInt64(parts[1], radix: 16) else { return nil }
                return (String(parts[0]), value)
            })
            XCTAssertEqual(masks["SigBlk:"], 0, output)
            XCTAssertEqual(masks["SigIgn:"].map { $0 & 0x7FFF_FFFF }, 0, output)
        }
    }
}
