import Foundation
import XCTest

/// What the fault tests of a hostile user and a busy team need: the executable run under a shell
/// (redirections, closed descriptors, pipes), small file systems, special files.
extension Fixtures {
    /// Runs `script` under /bin/sh with `$0` the built executable and `$1`... the arguments, in the
    /// clean environment: `exec "$0" stats --db "$1" > /dev/full`.
    public static func shell(_ script: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> Run {
        try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path] + arguments,
                       environment: cleanEnvironment.merging(environment) { _, new in new })
    }

    /// A tmpfs of `size` (`1m`) mounted on a fresh folder and unmounted when the test ends, or a
    /// skip that says why this machine cannot mount one (mounting needs root).
    public static func tmpfs(_ test: XCTestCase, size: String) throws -> URL {
        #if os(Linux)
        let folder = try temporaryFolder(test).appendingPathComponent("tmpfs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "mount -t tmpfs -o size=\(size) tmpfs \"$0\"", folder.path],
                                   environment: nil)
        guard mount.status == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines))): needs root; full-disk and read-only-media cases skipped")
        }
        // Teardown blocks run last-registered first: unmounted before the folder is removed.
        test.addTeardownBlock {
            _ = try? runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "umount \"$0\"", folder.path], environment: nil)
        }
        return folder
        #else
        throw XCTSkip("tmpfs mounts are a Linux test: full-disk and read-only-media cases skipped")
        #endif
    }

    /// Remounts a `tmpfs` folder read-only: read-only media.
    public static func remountReadOnly(_ folder: URL) throws {
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "mount -o remount,ro \"$0\"", folder.path], environment: nil)
        guard run.status == 0 else { throw XCTSkip("cannot remount \(folder.path) read-only: \(run.stderr)") }
    }

    /// Bytes free on the file system holding `path`.
    public static func freeBytes(_ path: String) -> Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return -1 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// A file's permission bits.
    public static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    /// Whether `path` is (itself, not followed) a symbolic link.
    public static func isSymbolicLink(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    /// The type of what `path` names, symbolic links followed.
    public static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Copies a folder (a checkout) to a fresh place.
    public static func copy(_ folder: URL, _ test: XCTestCase, as name: String) throws -> URL {
        let target = try temporaryFolder(test).appendingPathComponent(name)
        try FileManager.default.copyItem(at: folder, to: target)
        return target
    }
}

extension Fixtures {
    /// Another process holding the knowledge base's write lock (an import in the middle of its
    /// transaction) for `seconds`: python3's sqlite3 with `BEGIN IMMEDIATE`. Returns once the lock
    /// is held; the process commits and ends by itself.
    public static func holdWriteLock(_ db: String, seconds: Double) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN IMMEDIATE')
            print('locked', flush=True)
            time.sleep(float(sys.argv[2]))
            c.execute('COMMIT')
            """, db, String(seconds)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let line = out.fileHandleForReading.availableData
        guard String(decoding: line, as: UTF8.self).hasPrefix("locked") else {
            throw XCTSkip("python3 could not take the lock of \(db): lock-wait cases skipped")
        }
        return process
    }
}
