import Foundation
import TestSupport
import XCTest

/// Every example a user is shown runs (issue 33): the "Examples:" of the top-level help and of
/// every command's help (which the man page is generated from, `scripts/gen-manual`), and every
/// `a11ykb` line of the README's code blocks. They run as written, through /bin/sh, in the world
/// they assume: a knowledge base of the whole corpus (MagentaA11y of both eras, the ACT rules,
/// axe-core's rules, WCAG), `~/src/magentaA11y` and the other checkouts the README names, and the
/// files earlier steps of a workflow make (a saved plan, an axe run, an OpenACR report). A pipe
/// to a program a test machine lacks (`pbcopy`, `jq`, `datasette`) is left off. An example must
/// end with status 0 or 1 (nothing found, nothing changed); one the README shows failing (the
/// error line under it, on the knowledge base that section describes) must end with a status of
/// the contract (0, 1 or 2), not a crash. Before issue 33, `a11ykb show
/// button checkbox --format condensed` (top-level help) failed on every knowledge base.
final class ExamplesTests: XCTestCase {
    struct Example {
        var origin: String
        var command: String
        /// The README shows it failing (an `a11ykb:` line under it).
        var shownFailing = false
    }

    func help(_ arguments: [String]) throws -> String {
        try Fixtures.run(arguments + ["--help"]).stdout
    }

    static func subcommands(_ help: String) -> [String] {
        var names: [String] = [], inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inside = true; continue }
            if inside && line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            // A command's name at two spaces; its wrapped abstract is indented further.
            if inside, line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true, let first = line.split(separator: " ").first {
                names.append(String(first))
            }
        }
        return names
    }

    /// The lines after "Examples:"; one the help wrapped at its width is marked so, to fail.
    static func examples(_ help: String, origin: String) -> [Example] {
        var found: [Example] = [], inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let lead = line.prefix { $0 == " " }.count
            if trimmed.hasSuffix("Examples:") { inside = true; continue }
            guard inside else { continue }
            if trimmed.hasPrefix("a11ykb ") {
                found.append(Example(origin: origin, command: trimmed))
            } else if !trimmed.isEmpty, !found.isEmpty, lead == 0 {
                // Wrapped at the help's width: a user copying the line gets half a command.
                found[found.count - 1].command += " <wrapped: " + trimmed + ">"
                inside = false
            } else {
                inside = false
            }
        }
        return found
    }

    static func readmeExamples(_ text: String) -> [Example] {
        var found: [Example] = [], inBlock = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard inBlock else { continue }
            var command = line.trimmingCharacters(in: .whitespaces)
            let prompted = command.hasPrefix("$ ")
            if prompted { command = String(command.dropFirst(2)) }
            guard command.hasPrefix("a11ykb ") else { continue }
            let failing = prompted && index + 1 < lines.count && lines[index + 1].hasPrefix("a11ykb: ")
            found.append(Example(origin: "README.md:\(index + 1)", command: command, shownFailing: failing))
        }
        return found
    }

    /// The command as the shell runs it here: its comment, and a pipe or chain into a program the
    /// test machine need not have, left off.
    static func runnable(_ command: String) -> String {
        var command = command
        if let comment = command.range(of: #"\s+#\s.*$"#, options: .regularExpression) { command.removeSubrange(comment) }
        for tail in [#"\s*\|\s*(pbcopy|jq)\b.*$"#, #"\s*&&\s*datasette\b.*$"#] {
            if let range = command.range(of: tail, options: .regularExpression) { command.removeSubrange(range) }
        }
        return command
    }

    /// A server runs until it is stopped: its example runs when it says where it serves and then
    /// stops cleanly (status 0) on SIGTERM.
    static func serves(_ command: String) -> Bool { command.hasPrefix("a11ykb serve") && !command.contains("--help") }

    /// Starts the command in the background (exec: the signal reaches the server, not a shell),
    /// waits up to 20 s for its first line on stderr, stops it, and exits with its status; a
    /// server that never said where it serves is status 3.
    // The log of the example before is removed first: the background job truncates it only once
    // it runs, and until then the wait below read the earlier server's address and stopped this
    // one before it had started (status 143, once under load).
    static let serveAndStop = """
        cd "$0" || exit 3
        rm -f serve.log
        eval "exec $1" < /dev/null 2> serve.log &
        pid=$!
        i=0
        until grep -q "http://" serve.log 2> /dev/null; do
            if ! kill -0 "$pid" 2> /dev/null; then wait "$pid"; status=$?; cat serve.log >&2; exit "$status"; fi
            i=$((i + 1)); [ "$i" -gt 200 ] && { kill -KILL "$pid"; cat serve.log >&2; exit 3; }
            sleep 0.1
        done
        kill -TERM "$pid"
        wait "$pid"
        """

    func testEveryExampleInTheHelpAndTheREADMERuns() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026").deletingLastPathComponent()
        for name in ["magentaA11y-2024", "act-rules", "axe-core", "wcag", "openacr"] { _ = try Fixtures.corpus(name) }
        var examples = Self.examples(try help([]), origin: "a11ykb --help")
        for command in Self.subcommands(try help([])) {
            let text = try help([command])
            examples += Self.examples(text, origin: "a11ykb \(command) --help")
            for sub in Self.subcommands(text) {
                examples += Self.examples(try help([command, sub]), origin: "a11ykb \(command) \(sub) --help")
            }
        }
        XCTAssertTrue(examples.contains { $0.command.hasPrefix("a11ykb show ") && $0.origin == "a11ykb --help" })
        examples += Self.readmeExamples(try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("README.md"), encoding: .utf8))
        XCTAssertGreaterThan(examples.count, 100)

        // The world the examples assume.
        let world = try Fixtures.temporaryFolder(self)
        let home = world.appendingPathComponent("home"), work = world.appendingPathComponent("work")
        let bin = Fixtures.executable.deletingLastPathComponent().path
        let environment = ["HOME": home.path, "A11YKB_DB": world.appendingPathComponent("kb.sqlite").path, "PAGER": "cat",
                           "NO_COLOR": "1", "PATH": bin + ":/usr/bin:/bin"]
        let setup = """
            set -e
            C="$1"
            mkdir -p "$HOME/src" "$HOME/.zfunc" "$HOME/.config/fish/completions" "$HOME/criteria" work/notes
            ln -s "$C/magentaA11y-2026" "$HOME/src/magentaA11y"
            ln -s "$C/act-rules" "$HOME/src/act-rules.github.io"
            ln -s "$C/axe-core" "$HOME/src/axe-core"
            a11ykb import -q "$C/magentaA11y-2024"
            a11ykb import -q "$C/magentaA11y-2026" "$C/act-rules/_rules" "$C/axe-core/lib/rules" "$C/wcag/wcag.json"
            cp "$A11YKB_DB" "$HOME/criteria/kb.sqlite"
            cd work
            cp "$A11YKB_DB" team.sqlite
            ln -s "$C/magentaA11y-2026/public" public
            cp "$C/magentaA11y-2026/public/content/documentation/native/controls/toggle-switch.md" toggle.md
            cp "$C/magentaA11y-2026/public/content/documentation/web/component/button.md" notes/button.md
            cp "$C/magentaA11y-2026/public/content/documentation/web/component/link.md" copied.txt
            cp "$2" axe-results.json
            cp "$2" axe.json
            cp "$C/evidence/lighthouse/lighthouse-sample-flow-result.json" lighthouse-flow.json
            cp "$C/evidence/pa11y/pa11y-ci-gitlab-about.gitlab.com-with-errors.json" pa11y-ci.json
            cp "$C/evidence/sarif/sarif-axe-4.10.2-basic-document-title.sarif" results.sarif
            cp "$C/evidence/earl/earl-act-axe-core.json" export.json
            cp "$C/evidence/wcag-em/wcag-em-v2.0-evaluation-report-wcag21.json" wcag-em.json
            cp "$C/evidence/trusted-tester/tt-5.1.3-ICT-Review-Test-Results-Template.xlsm" tt-results.xlsm
            cp "$C/evidence/trusted-tester/scrt-SuccessCriteriaTT5.1.3-template.json" scrt-results.json
            a11ykb import -q "$C/magentaA11y-2024" --db kb-2024.sqlite
            a11ykb import -q "$C/magentaA11y-2026" --db kb-2026.sqlite
            a11ykb plan save web-r12 web/button web/checkbox > /dev/null
            a11ykb plan save release-12 native/button native/toggle-switch --platform ios > /dev/null
            a11ykb plan show release-12 --format csv -o release-12.csv
            a11ykb plan show web-r12 --format csv -o results.csv
            mkdir -p "$HOME/.config/a11ykb" && echo example-token > "$HOME/.config/a11ykb/token"
            for name in base acr acr-r11 vendor-acr todo; do cp "$C/openacr/examples/valid.yaml" "$name.yaml"; done
            """
        let axe = Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/axe/faults-results.json").path
        let prepared = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"$0\" && sh -c \"$1\" setup \"$2\" \"$3\"",
                                                                                 world.path, setup, corpus.path, axe],
                                               environment: environment)
        XCTAssertEqual(prepared.status, 0, prepared.stderr)

        for example in examples {
            let command = Self.runnable(example.command)
            let script = Self.serves(command) ? Self.serveAndStop : "cd \"$0\" && eval \"$1\" < /dev/null"
            let run = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, work.path, command],
                                              environment: environment)
            if example.shownFailing {
                XCTAssertTrue([0, 1, 2].contains(run.status), "\(example.origin): \(command): status \(run.status)\n\(run.stderr)")
            } else {
                XCTAssertTrue([0, 1].contains(run.status), "\(example.origin): \(command): status \(run.status)\n\(run.stderr)")
            }
        }
    }
}
