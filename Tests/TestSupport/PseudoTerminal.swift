import Foundation
import XCTest

/// Runs a command line as a person at a terminal would: under util-linux `script`, which gives it
/// a pseudo-terminal for stdin, stdout and stderr. What `script` prints is what the terminal
/// showed (stdout and stderr together, lines ending in CR LF, turned back into LF here). Redirect
/// inside the command line (`... > out.txt`) to take one of them off the terminal.
extension Fixtures {
    public static func runInTerminal(_ commandLine: String, environment: [String: String] = [:]) throws -> Run {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw XCTSkip("/usr/bin/script (util-linux) not found: the tests that need a terminal are skipped")
        }
        let env = cleanEnvironment.merging(["TERM": "xterm"]) { _, new in new }.merging(environment) { _, new in new }
        let run = try runProcess(script, ["-qec", commandLine, "/dev/null"], environment: env)
        return Run(status: run.status, stdout: run.stdout.replacingOccurrences(of: "\r\n", with: "\n"), stderr: run.stderr)
    }

    /// The built executable with `arguments`, as one shell command line.
    public static func commandLine(_ arguments: [String]) -> String {
        ([executable.path] + arguments).map(shellQuoted).joined(separator: " ")
    }

    public static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
