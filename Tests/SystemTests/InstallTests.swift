import A11yKB
import Foundation
import TestSupport
import XCTest

/// scripts/install, run on the executables this test run built (`--from`: a release build takes
/// minutes of every core, so the tests never start one), into a DESTDIR: what `scripts/install`
/// puts in place after its release build, and what `--uninstall` takes away.
final class InstallTests: XCTestCase {
    func install(_ arguments: [String], destdir: URL, prefix: String = "/usr") throws -> Fixtures.Run {
        let env = ["PATH": "/usr/bin:/bin", "HOME": destdir.path, "DESTDIR": destdir.path, "PREFIX": prefix]
        return try Fixtures.runProcess(Fixtures.repoRoot.appendingPathComponent("scripts/install"), arguments, environment: env)
    }

    func testInstallPutsStrippedBinariesManPageAndCompletionsInPlaceAndUninstallRemovesThem() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strip"), FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf") else {
            throw XCTSkip("binutils (strip, readelf) is not installed: scripts/install cannot be checked")
        }
        let built = Fixtures.executable.deletingLastPathComponent()
        let stage = try Fixtures.temporaryFolder(self)
        let run = try install(["--from", built.path], destdir: stage)
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = stage.appendingPathComponent("usr")
        let files = ["bin/a11ykb", "bin/a11ykb-mcp", "bin/a11ykb-serve", "share/man/man1/a11ykb.1", "share/bash-completion/completions/a11ykb",
                     "share/zsh/site-functions/_a11ykb", "share/fish/vendor_completions.d/a11ykb.fish",
                     "share/doc/a11ykb/LICENSE", "share/doc/a11ykb/NOTICE", "share/doc/a11ykb/CHANGELOG.md", "share/doc/a11ykb/README.md",
                     "share/doc/a11ykb/search.sql"]
        for file in files {
            XCTAssertTrue(run.stdout.contains("installed \(root.path)/\(file)\n"), file)
            let size = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(file).path)[.size] as? Int ?? 0
            XCTAssertGreaterThan(size, 0, file)
        }
        for program in ["a11ykb", "a11ykb-mcp", "a11ykb-serve"] {
            let installed = root.appendingPathComponent("bin/\(program)")
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed.path), program)
            let sections = try Fixtures.runProcess(URL(fileURLWithPath: "/usr/bin/readelf"), ["-S", "-W", installed.path], environment: nil)
            XCTAssertFalse(sections.stdout.contains(".symtab"), "\(program) is stripped")
            XCTAssertFalse(sections.stdout.contains(".debug_info"), "\(program) is stripped")
            let original = try FileManager.default.attributesOfItem(atPath: built.appendingPathComponent(program).path)[.size] as? Int ?? 0
            let stripped = try FileManager.default.attributesOfItem(atPath: installed.path)[.size] as? Int ?? 0
            XCTAssertLessThan(stripped, original, program)
        }
        // The installed a11ykb runs and says the one version; its server is beside it.
        let version = try Fixtures.runProcess(root.appendingPathComponent("bin/a11ykb"), ["--version"], environment: ["HOME": stage.path])
        XCTAssertEqual(version.stdout, "a11ykb \(KnowledgeBase.version) (schema \(KnowledgeBase.schemaVersion))\n")
        XCTAssertEqual(try Fixtures.runProcess(root.appendingPathComponent("bin/a11ykb-mcp"), ["--help"], environment: [:]).status, 0)
        XCTAssertEqual(try Fixtures.runProcess(root.appendingPathComponent("bin/a11ykb-serve"), ["--help"], environment: [:]).status, 0)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("share/man/man1/a11ykb.1")),
                       try Data(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/a11ykb.1")))
        let bash = try String(contentsOf: root.appendingPathComponent("share/bash-completion/completions/a11ykb"), encoding: .utf8)
        XCTAssertTrue(bash.contains("complete ") && bash.contains("announcements"), "bash completion of every command")
        let zsh = try String(contentsOf: root.appendingPathComponent("share/zsh/site-functions/_a11ykb"), encoding: .utf8)
        XCTAssertTrue(zsh.hasPrefix("#compdef a11ykb"), String(zsh.prefix(40)))
        let fish = try String(contentsOf: root.appendingPathComponent("share/fish/vendor_completions.d/a11ykb.fish"), encoding: .utf8)
        XCTAssertTrue(fish.contains("complete -c 'a11ykb'") && fish.contains("'announcements'"), "fish completion of every command")

        // Installing again replaces in place; uninstalling takes every file away.
        XCTAssertEqual(try install(["--from", built.path], destdir: stage).status, 0)
        let removed = try install(["--uninstall"], destdir: stage)
        XCTAssertEqual(removed.status, 0, removed.stderr)
        for file in files {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), file)
        }
        let left = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        XCTAssertEqual(left, [], "nothing stays behind, not even the empty folders the install made")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.path), "PREFIX itself is left")
    }

    /// Into a prefix the shell does not search, the install says how to make PATH and MANPATH find it.
    func testAPrefixOffPATHIsSaid() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strip") else { throw XCTSkip("binutils (strip) is not installed") }
        let prefix = try Fixtures.temporaryFolder(self).appendingPathComponent("tools").path
        let env = ["PATH": "/usr/bin:/bin", "HOME": prefix, "PREFIX": prefix]
        let run = try Fixtures.runProcess(Fixtures.repoRoot.appendingPathComponent("scripts/install"),
                                          ["--from", Fixtures.executable.deletingLastPathComponent().path], environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("note: \(prefix)/bin is not on your PATH; add it: export PATH=\"\(prefix)/bin:$PATH\""), run.stdout)
    }

    /// Issue 34's install faults: a relative DESTDIR and --from are the caller's (they were taken
    /// from the repository); `--uninstall | head -1` removes everything (set -e died on the closed
    /// pipe after the first line); --uninstall removes what the install's manifest lists, and what
    /// an interrupted install left half-copied, and nothing else.
    func testRelativePathsAClosedPipeAndTheManifest() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strip") else { throw XCTSkip("binutils (strip) is not installed") }
        let work = try Fixtures.temporaryFolder(self)
        let built = Fixtures.executable.deletingLastPathComponent()
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("built").path, withDestinationPath: built.path)
        func sh(_ command: String) throws -> Fixtures.Run {
            try Fixtures.runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", "cd '\(work.path)' && " + command],
                                    environment: ["PATH": "/usr/bin:/bin", "HOME": work.path, "PREFIX": "/usr"])
        }
        let script = Fixtures.repoRoot.appendingPathComponent("scripts/install").path
        let installed = try sh("DESTDIR=stage '\(script)' --from built")
        XCTAssertEqual(installed.status, 0, installed.stderr)
        let root = work.appendingPathComponent("stage/usr")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("bin/a11ykb").path), "staged in the caller's folder")
        let manifest = try String(contentsOf: root.appendingPathComponent("share/doc/a11ykb/MANIFEST"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("/bin/a11ykb-serve\n"), manifest)

        // Not the install's: a file it never listed, and a half-copied binary it left.
        let mine = root.appendingPathComponent("bin/my-tool")
        try Data("#!/bin/sh\n".utf8).write(to: mine)
        try Data("partial".utf8).write(to: root.appendingPathComponent("bin/.a11ykb.new"))
        let removed = try sh("DESTDIR=stage '\(script)' --uninstall | head -1")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(removed.stdout.split(separator: "\n").count, 1)
        for line in manifest.split(separator: "\n") {
            XCTAssertFalse(FileManager.default.fileExists(atPath: String(line)), "\(line) removed though the reader stopped")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("bin/.a11ykb.new").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine.path), "a file the install did not put there stays")
    }

    func testInstallRefusesARelativePrefixAndAnUnknownArgument() throws {
        let stage = try Fixtures.temporaryFolder(self)
        let relative = try install(["--from", "."], destdir: stage, prefix: "usr/local")
        XCTAssertEqual(relative.status, 2)
        XCTAssertEqual(relative.stderr, "scripts/install: PREFIX must be an absolute path, not usr/local\n")
        let unknown = try install(["--frm"], destdir: stage)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stage.path), [], "nothing installed")
    }
}

extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
