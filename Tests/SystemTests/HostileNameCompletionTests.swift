import A11yKB
import Foundation
import GRDB
import TestSupport
import XCTest

/// A checkout's file and folder names reach the shell through completion: bash hands candidates to
/// `compgen -W`, which expands `$(…)` and backticks. Names that would run a command are imported as
/// slugs (inert text), and completion offers nothing that is not a slug, whatever the file holds.
/// Each shell runs its own generated script, as on Tab: bash called as bash calls it, zsh and fish
/// at a pseudo-terminal (util-linux `script`) where Tab is typed.
final class HostileNameCompletionTests: XCTestCase {
    /// Each would leave a `pwned-…` file in `$HOME` if a shell ran it.
    static let hostileFiles = [
        "native/controls/$(cd;touch pwned-dollar).md",
        "native/controls/back`cd;touch pwned-tick`.md",
        "native/controls/semi;cd;touch pwned-semi.md",
        "native/controls/new\nline$(cd;touch pwned-newline).md",
        "native/$(cd;touch pwned-category)/plain.md",
        "native/cat`cd;touch pwned-cattick`/other.md",
    ]
    static let slugs = ["back-cd-touch-pwned-tick", "cd-touch-pwned-dollar", "new-line-cd-touch-pwned-newline",
                        "other", "plain", "semi-cd-touch-pwned-semi"]
    static let categories = ["cat-cd-touch-pwned-cattick", "cd-touch-pwned-category", "controls"]

    struct Place {
        var folder: URL, home: URL, db: String
    }

    func hostileCheckout() throws -> Place {
        let folder = try Fixtures.temporaryFolder(self)
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let entry = try Data(contentsOf: Fixtures.repoRoot.appendingPathComponent("Tests/fixtures/web-checkout/public/content/documentation/web/component/toggle-button.md"))
        for name in Self.hostileFiles {
            let file = folder.appendingPathComponent("co/public/content/documentation/" + name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try entry.write(to: file)
        }
        let db = folder.appendingPathComponent("kb.sqlite").path
        let run = try Fixtures.run(["import", "--quiet", "--db", db, folder.appendingPathComponent("co").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return Place(folder: folder, home: home, db: db)
    }

    func testHostileFileNamesAreImportedAsSlugs() throws {
        let place = try hostileCheckout()
        let kb = try KnowledgeBase(path: place.db)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT slug FROM components ORDER BY slug"), Self.slugs)
        XCTAssertEqual(try Fixtures.strings(kb, "SELECT DISTINCT category FROM components ORDER BY category"), Self.categories)
    }

    func testEveryShellCompletesHostileNamesAsInertText() throws {
        let place = try hostileCheckout()
        // A knowledge base written before slugs were checked, or edited by hand, still offers nothing to run.
        let edited = place.folder.appendingPathComponent("edited.sqlite").path
        try FileManager.default.copyItem(atPath: place.db, toPath: edited)
        try DatabaseQueue(path: edited).write { db in
            try db.execute(sql: "UPDATE components SET slug = '$(cd;touch pwned-edited)' WHERE slug = 'plain'")
            try db.execute(sql: "UPDATE components SET category = '`cd;touch pwned-edited-category`' WHERE slug = 'other'")
        }
        var ran = 0
        for shell in ["bash", "zsh", "fish"] {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") || FileManager.default.isExecutableFile(atPath: "/bin/\(shell)") else {
                print("SKIPPED: \(shell) is not installed (apt-get install \(shell)); its completion script is not run")
                continue
            }
            ran += 1
            XCTAssertEqual(try complete(shell, "a11ykb show --db \(place.db) ", place), Self.slugs, shell)
            XCTAssertEqual(try complete(shell, "a11ykb show --db \(place.db) --category ", place), Self.categories, shell)
            XCTAssertEqual(try complete(shell, "a11ykb show --db \(edited) ", place), Self.slugs.filter { $0 != "plain" }, "\(shell), edited")
            XCTAssertEqual(try complete(shell, "a11ykb list --db \(edited) --category ", place),
                           Self.categories.filter { $0 != "cat-cd-touch-pwned-cattick" }, "\(shell), edited")
            let pwned = try FileManager.default.contentsOfDirectory(atPath: place.home.path).filter { $0.hasPrefix("pwned") }
            XCTAssertEqual(pwned, [], "\(shell) ran a command hidden in a name")
        }
        if ran < 3 { print("SKIPPED: \(3 - ran) of bash, zsh and fish missing; the others were run") }
    }

    /// What `shell` offers after `line` (ending in a space: a new, empty word), sorted.
    func complete(_ shell: String, _ line: String, _ place: Place) throws -> [String] {
        let work = try Fixtures.temporaryFolder(self)
        let script = work.appendingPathComponent("script")
        let generated = try Fixtures.run(["--generate-completion-script", shell])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        let bin = Fixtures.executable.deletingLastPathComponent().path
        var env = ["PATH": bin + ":/usr/bin:/bin", "HOME": place.home.path, "TERM": "dumb", "NO_COLOR": "1"]
        let offered = work.appendingPathComponent("offered"), ready = work.appendingPathComponent("ready"),
            done = work.appendingPathComponent("done")
        let q = Fixtures.shellQuoted
        switch shell {
        case "bash":
            let bash = """
                source \(q(script.path))
                line="$1"
                read -ra COMP_WORDS <<< "$line"
                [[ "$line" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMP_LINE="$line"; COMP_POINT=${#line}
                COMPREPLY=()
                _a11ykb a11ykb "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}" > \(q(offered.path))
                """
            let run = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", bash, "bash", line], environment: env)
            XCTAssertEqual(run.status, 0, run.stderr)
        case "zsh":
            // Every match the completion system is handed, as it is handed (compadd's -A).
            let rc = """
                fpath=(\(q(work.path)) $fpath); autoload -U compinit; compinit -u -D; bindkey '^I' complete-word
                source \(q(script.path))
                compadd() { local -a hits; builtin compadd -A hits "$@"; print -rl -- "${hits[@]}" >> \(q(offered.path)); builtin compadd "$@" }
                functions -c __a11ykb_custom_complete __a11ykb_offered
                __a11ykb_custom_complete() { __a11ykb_offered "$@"; : > \(q(done.path)) }
                PROMPT='> '
                : > \(q(ready.path))
                """
            try rc.write(to: work.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
            env["ZDOTDIR"] = work.path
            try typeAtTerminal("zsh -i", line, env: env, ready: ready, done: done)
        default:
            let rc = """
                source \(q(script.path))
                functions -c __a11ykb_custom_completion __a11ykb_offered
                function __a11ykb_custom_completion
                    __a11ykb_offered $argv | tee -a \(q(offered.path))
                    touch \(q(done.path))
                end
                touch \(q(ready.path))
                """
            let initFile = work.appendingPathComponent("init.fish")
            try rc.write(to: initFile, atomically: true, encoding: .utf8)
            try typeAtTerminal("fish --no-config --private -C \(q("source " + initFile.path))", line, env: env, ready: ready, done: done)
        }
        let text = (try? String(contentsOf: offered, encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init)).sorted()
    }

    /// Starts `command` at a pseudo-terminal, waits for its start-up file to write `ready`, types
    /// `line` and Tab, waits for the completion to write `done`, then leaves.
    func typeAtTerminal(_ command: String, _ line: String, env: [String: String], ready: URL, done: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = env
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            input.fileHandleForWriting.write(Data("\u{3}".utf8))
            input.fileHandleForWriting.write(Data("exit\r".utf8))
            try? input.fileHandleForWriting.close()
            let end = Date().addingTimeInterval(10)
            while process.isRunning && Date() < end { usleep(20_000) }
            if process.isRunning { process.terminate() }
        }
        XCTAssertTrue(Self.await(ready), "\(command) did not start")
        input.fileHandleForWriting.write(Data((line + "\t").utf8))
        XCTAssertTrue(Self.await(done), "\(command): Tab completed nothing")
    }

    static func await(_ file: URL, seconds: Double = 60) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if FileManager.default.fileExists(atPath: file.path) { return true }
            usleep(50_000)
        }
        return false
    }
}
