#if DEBUG
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with `posix_spawn`, its output read from two pipes, for the runs a
/// test waits on (`Fixtures.runProcess`, nearly every process the suite starts).
///
/// Not Foundation's `Process` on Linux: before it spawns, `Process.run` reads `/proc/self/fd` and
/// copies each entry's name as 256 bytes, which runs past glibc's buffer when an entry sits at its
/// end and the next page is unmapped (swift-corelibs-foundation pull request 5472, not in this
/// toolchain). The whole test process crashed in `memcpy` that way in one suite run of four here.
/// The child keeps this process's standard input, as a `Process` does, and no other descriptor
/// (glibc's `closefrom` action closes the rest, and the pipes are close-on-exec besides), and it
/// starts with every signal at its default and none blocked.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// Exit status, or the signal's number for a child a signal ended (as `Process.terminationStatus`).
    static func run(_ program: String, _ arguments: [String], environment: [String: String]?) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let out = try pipe(), err = try pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, out.write, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write, 2)
        if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        // Every signal at its default and none blocked, as a `Process` starts a child: a dispatch
        // worker thread (`Fixtures.runEach` starts from those) blocks nearly every signal, and a
        // child inherits its starter's mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid = pid_t()
        let spawned = envp.map { posix_spawn(&pid, program, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        close(out.write)
        close(err.write)
        let outHandle = FileHandle(fileDescriptor: out.read, closeOnDealloc: true)
        let errHandle = FileHandle(fileDescriptor: err.read, closeOnDealloc: true)
        guard spawned == 0 else { throw Failure(call: "posix_spawn \(program)", code: spawned) }

        // Both pipes at once: stderr on a thread of its own, stdout on this one. Reading one to its
        // end before the other deadlocks as soon as the child fills the other pipe (64 KB on
        // Linux) while it still holds the first open.
        let errDrain = Drain(errHandle)
        let outData = outHandle.readDataToEndOfFile()
        let errData = errDrain.wait()

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(call: "waitpid", code: errno) }
        }
        let signal = status & 0x7F
        return (signal == 0 ? (status >> 8) & 0xFF : signal, outData, errData)
    }

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw Failure(call: "pipe", code: errno) }
        // Close-on-exec, so that no other child holds them open (where `closefrom` is missing, a
        // child spawned by another thread between the two calls could still take one).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module
    /// does not declare; nil where the C library lacks it.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
}
#endif
