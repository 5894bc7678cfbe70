import A11yKB
@testable import KBImport
import Foundation
import TestSupport
import XCTest

/// docs/a11ykb.1 is generated from the command definitions (scripts/gen-manual, swift-argument-
/// parser's generate-manual plugin) and must be regenerated whenever they change.
final class ManualTests: XCTestCase {
    static let page = Fixtures.repoRoot.appendingPathComponent("docs/a11ykb.1")

    func dumpHelp() throws -> String {
        let run = try Fixtures.run(["--experimental-dump-help"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    /// The page records the SHA-256 of the definitions it was made from; today's must match.
    func testManPageIsGeneratedFromTodaysCommandDefinitions() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let marker = ".\\\" a11ykb-dump-help-sha256: "
        let recorded = try XCTUnwrap(page.split(separator: "\n").last { $0.hasPrefix(marker) }, "no hash line in docs/a11ykb.1")
        XCTAssertEqual(String(recorded.dropFirst(marker.count)), SHA256.hex(Data(try dumpHelp().utf8)),
                       "docs/a11ykb.1 is older than the command definitions: run scripts/gen-manual")
    }

    /// As man shows it (groff -mandoc, which loads mdoc at .Dd, resetting what came before): headed "General Commands Manual" with a11ykb's name and version at the foot,
    /// not groff's "BSD General Commands Manual".
    func testManPageIsHeadedAsA11ykbsOwn() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/nroff") else { throw XCTSkip("nroff is missing (apt-get install groff-base): skipped") }
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/nroff"), ["-mandoc", Self.page.path], environment: nil)
        let lines = run.stdout.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " "),
                       "A11YKB(1) General Commands Manual A11YKB(1)")
        XCTAssertTrue(lines.last?.hasPrefix("a11ykb \(KnowledgeBase.version)") ?? false, String(lines.last ?? ""))
    }

    /// And it was rendered from them: every subcommand and every option is on the page.
    func testManPageNamesEverySubcommandAndOption() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let dump = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try dumpHelp().utf8)) as? [String: Any])
        let root = try XCTUnwrap(dump["command"] as? [String: Any])
        let subcommands = try XCTUnwrap(root["subcommands"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(subcommands.count, 9)
        for command in subcommands {
            let name = try XCTUnwrap(command["commandName"] as? String)
            if command["shouldDisplay"] as? Bool == false { continue }
            XCTAssertTrue(page.contains(".It Em \(name)"), "subcommand \(name)")
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                for option in argument["names"] as? [[String: Any]] ?? [] where option["kind"] as? String == "long" {
                    let long = try XCTUnwrap(option["name"] as? String)
                    // `.It Fl -db Ar path`, or after its short name: `.It Fl o , -output Ar file`.
                    XCTAssertTrue(page.contains("Fl -\(long)") || page.contains(" , -\(long)"), "\(name) --\(long)")
                }
            }
        }
    }

    /// Before: the plugin's "exits 0 on success, and >0 if an error occurs", no ENVIRONMENT, FILES
    /// or SEE ALSO. scripts/gen-manual ends the page with docs/a11ykb.1.tail, which says them.
    func testManPageGivesExitStatusesEnvironmentFilesAndSeeAlso() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let tail = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/a11ykb.1.tail"), encoding: .utf8)
        XCTAssertTrue(page.contains("\n" + tail + ".\\\" a11ykb-dump-help-sha256: "), "the page ends with docs/a11ykb.1.tail: run scripts/gen-manual")
        XCTAssertFalse(page.contains(".Ex -std"), "the plugin's generic exit status is replaced")
        XCTAssertEqual(page.components(separatedBy: ".Sh \"EXIT STATUS\"").count, 2, "one EXIT STATUS section")
        for status in ["0", "1", "2"] { XCTAssertTrue(tail.contains("\n.It \(status)\n"), "status \(status)") }
        let environment = try XCTUnwrap(tail.components(separatedBy: ".Sh ENVIRONMENT").last?.components(separatedBy: ".Sh FILES").first)
        for variable in ["A11YKB_DB", "A11YKB_PAGER", "PAGER", "NO_COLOR", "XDG_DATA_HOME"] {
            XCTAssertTrue(environment.contains(".It Ev \(variable)") || environment.contains(", \(variable)\n"), variable)
        }
        for section in [".Sh ENVIRONMENT", ".Sh FILES", ".Sh \"SEE ALSO\""] { XCTAssertTrue(tail.contains(section), section) }
        // man renders it, sections and all, where man-db is installed.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { throw XCTSkip("man is not installed: the rendering is not checked") }
        let shown = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/man"), ["-l", Self.page.path],
                                            environment: ["PATH": "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let headings = shown.stdout.split(separator: "\n").map(String.init).filter { $0.first?.isUppercase == true && $0 == $0.uppercased() }
        for heading in ["EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"] { XCTAssertTrue(headings.contains(heading), "\(heading) in \(headings)") }
    }
}
