import Foundation
import TestSupport
import XCTest

/// The one helper that runs the binary (and every other program the tests need) reads stdout and
/// stderr at the same time: a child that fills the stderr pipe before it closes stdout finishes.
final class ProcessRunnerTests: XCTestCase {
    func testStderrBeyondThePipeBufferDoesNotBlockStdout() throws {
        // 300 000 bytes on stderr, far more than a pipe holds (64 KB on Linux, 16-64 KB on
        // macOS), then one line on stdout: a runner that reads stdout to its end first waits for
        // a child that waits for it.
        let script = "head -c 300000 /dev/zero | tr '\\0' x >&2; echo ok"
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(run.status, 0, String(run.stderr.suffix(200)))
        XCTAssertEqual(run.stdout, "ok\n")
        XCTAssertEqual(run.stderr.utf8.count, 300_000)
        XCTAssertTrue(run.stderr == String(repeating: "x", count: 300_000), "stderr arrives whole")
    }
}
