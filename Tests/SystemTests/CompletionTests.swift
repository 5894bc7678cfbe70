import Foundation
import TestSupport
import XCTest

/// Shell completion completes what the knowledge base holds. The bash script is run as bash runs
/// it on Tab: sourced, then its completion function called with the words typed so far.
final class CompletionTests: XCTestCase {
    /// What bash offers after `line` (a trailing space: a new, empty word).
    func complete(_ line: String, environment: [String: String] = [:]) throws -> [String] {
        let script = """
            source <("$A11YKB" --generate-completion-script bash)
            line="$1"
            read -ra COMP_WORDS <<< "$line"
            [[ "$line" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="$line"; COMP_POINT=${#line}
            COMPREPLY=()
            _a11ykb a11ykb "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bin = Fixtures.executable.deletingLastPathComponent().path
        let env = ["PATH": bin + ":/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "A11YKB": "a11ykb"]
            .merging(environment) { _, new in new }
        let run = try Fixtures.runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", line], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    func testBashCompletesSlugsCategoriesPlatformsAndFrameworksFromTheKnowledgeBase() throws {
        let db = try Fixtures.closedSeededKnowledgeBase(self)
        XCTAssertEqual(try complete("a11ykb show --db \(db) table"), ["table", "table-row-button"])
        XCTAssertEqual(try complete("a11ykb show table --db \(db) exp"), ["expandable"], "the second of several components")
        XCTAssertEqual(try complete("a11ykb compare --db=\(db) reo"), ["reorder-data-row"])
        XCTAssertEqual(try complete("a11ykb show --db \(db) --category "), ["controls"])
        XCTAssertEqual(try complete("a11ykb list --db \(db) --category c"), ["controls"])
        XCTAssertEqual(try complete("a11ykb search --db \(db) --framework "), ["uikit", "swiftui", "android-views", "jetpack-compose"])
        XCTAssertEqual(try complete("a11ykb search --db \(db) --component table-"), ["table-row-button"])
        XCTAssertEqual(try complete("a11ykb compare --db \(db) --platforms "), ["ios", "android", "web"])
        XCTAssertEqual(try complete("a11ykb gaps --db \(db) --component ex"), ["expandable"])
        // Without --db: the default knowledge base ($A11YKB_DB here).
        XCTAssertEqual(try complete("a11ykb show reorder", environment: ["A11YKB_DB": db]), ["reorder-data-row"])
    }

    func testCompletionNeverCreatesAKnowledgeBase() throws {
        let missing = try Fixtures.temporaryFolder(self).appendingPathComponent("none.sqlite").path
        XCTAssertEqual(try complete("a11ykb show --db \(missing) ta"), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        let data = try Fixtures.temporaryFolder(self)
        XCTAssertEqual(try complete("a11ykb show ta", environment: ["XDG_DATA_HOME": data.path]), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data.path), [], "the default one is not seeded by a Tab")
    }

    /// zsh and fish get the same callbacks (tried by hand in both shells: see the README).
    func testZshAndFishScriptsCallBackForTheKnowledgeBasesNames() throws {
        for shell in ["zsh", "fish"] {
            let run = try Fixtures.run(["--generate-completion-script", shell])
            XCTAssertEqual(run.status, 0, run.stderr)
            for hook in ["---completion show -- positional@0", "---completion show -- --category", "---completion search -- --framework",
                         "---completion compare -- --platforms", "---completion gaps -- --component"] {
                XCTAssertTrue(run.stdout.contains(hook), "\(shell): \(hook)")
            }
        }
    }
}
