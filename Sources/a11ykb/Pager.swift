import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Long output on a terminal goes through a pager, as git does: `$A11YKB_PAGER`, else `$PAGER`,
/// else `less -FRX` (quit when it fits on one screen, keep colours, leave the text on the screen).
/// Never when stdout is not a terminal, with TERM=dumb, with `--no-pager`, or when the pager is
/// set to "" or `cat`. Like git, `LESS=FRX` and `LV=-c` are set for the pager when unset, so a
/// plain `PAGER=less` behaves too.
///
/// The pager is started before the command runs and stdout is pointed at its input; when
/// a11ykb exits (normally, through `exit`, or on SIGINT/SIGTERM/SIGHUP) stdout is closed and
/// a11ykb waits for the pager, so the shell's prompt comes back only when the pager is done.
enum Pager {
    static let defaultCommand = "less -FRX"

    /// The pager command for `environment`, or nil for none.
    static func command(_ environment: [String: String]) -> String? {
        let chosen = (environment["A11YKB_PAGER"] ?? environment["PAGER"] ?? defaultCommand).trimmingCharacters(in: .whitespaces)
        if chosen.isEmpty || chosen == "cat" { return nil }
        // The default is used only where it exists; a pager the user set is run as they wrote it.
        if chosen == defaultCommand && findInPath("less", environment["PATH"]) == nil { return nil }
        return chosen
    }

    static func findInPath(_ program: String, _ path: String?) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts the pager when stdout is a terminal and one is wanted. (The environment is read
    /// only on a terminal: copying it is most of what this costs a command whose output is piped.)
    static func start(environment readEnvironment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment) {
        guard isatty(STDOUT_FILENO) != 0 else { return }
        let environment = readEnvironment()
        guard environment["TERM"] != "dumb", let command = command(environment) else { return }
        // Colour and width are decided by the terminal, before stdout becomes the pager's pipe.
        _ = Terminal.useColor
        _ = Terminal.width
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = pagerEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        close(fds[0])
        guard status == 0 else {
            close(fds[1])
            return
        }
        dup2(fds[1], STDOUT_FILENO)
        close(fds[1])
        pagerPID = pid
        atexit {
            fflush(nil)  // what stdio still holds (ArgumentParser prints through it) goes to the pager first
            Pager.finish()
        }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { received in
                Pager.finish()
                _ = Glibc.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Closes stdout (the pager sees the end of its input) and waits for the pager to quit. Only
    /// async-signal-safe calls: it also runs in the signal handlers.
    static func finish() {
        let pid = pagerPID
        guard pid > 0 else { return }
        pagerPID = 0
        close(STDOUT_FILENO)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// The running pager's process id, 0 when there is none (read by the signal handlers).
nonisolated(unsafe) private var pagerPID: pid_t = 0
